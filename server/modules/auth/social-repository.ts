import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { oauthStates, userIdentities } from '../../db/schema';

export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function insertOAuthState(db: Executor, values: Omit<typeof oauthStates.$inferInsert, 'id' | 'consumedAt'>): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/** Spends a state: null when unknown, expired or already spent. */
export async function consumeOAuthState(db: Executor, stateHash: string, now: Date): Promise<OAuthStateRow | null> {
  const [row] = await db
    .update(oauthStates)
    .set({ consumedAt: now })
    .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.consumedAt), gt(oauthStates.expiresAt, now)))
    .returning();
  return row ?? null;
}

export async function findIdentity(db: Executor, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function insertIdentity(db: Executor, values: { userId: string; provider: string; subject: string; email: string | null; createdAt: Date }): Promise<void> {
  await db.insert(userIdentities).values(values);
}
