import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor';
import { refreshTokens, sessions, users } from '../../db/schema';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

export async function insertRefreshToken(db: Executor, sessionId: string, tokenHash: string, now: Date): Promise<void> {
  await db.insert(refreshTokens).values({ sessionId, tokenHash, createdAt: now });
}

/** A refresh token with its session and user, row-locked until the transaction ends. */
export async function findRefreshTokenForUpdate(tx: Tx, tokenHash: string) {
  const [row] = await tx
    .select({ token: refreshTokens, session: sessions, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update', { of: refreshTokens });
  return row ?? null;
}

/** A refresh token row by its hash (no lock, no joins). */
export async function findRefreshToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: refreshTokens.id, sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** False when the token was already used (reuse). */
export async function markRefreshTokenUsed(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length > 0;
}

export async function revokeSession(db: Executor, sessionId: string, now: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, except `keepSessionId` when given. Returns how many. */
export async function revokeUserSessions(db: Executor, userId: string, now: Date, reason: string, keepSessionId?: string): Promise<number> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return rows.length;
}

/** What the auth preHandler needs about a session: one primary-key lookup with a join. */
export interface SessionAuthRow {
  userId: string;
  revokedAt: Date | null;
  expiresAt: Date;
  status: string;
  isPlatformAdmin: boolean;
}

export async function findSessionAuth(db: Executor, sessionId: string): Promise<SessionAuthRow | null> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      status: users.status,
      isPlatformAdmin: users.isPlatformAdmin,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row ?? null;
}
