import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor';
import { verificationCodes } from '../../db/schema';

export type CodeRow = typeof verificationCodes.$inferSelect;
export type NewCode = Omit<typeof verificationCodes.$inferInsert, 'id' | 'attempts' | 'consumedAt'>;

/** Serialises code issuing for one address until the transaction ends. */
export async function lockTarget(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Codes issued to an address since `since`, newest first (all purposes). */
export async function listCodesSince(db: Executor, channel: 'email' | 'sms', destination: string, since: Date): Promise<Pick<CodeRow, 'purpose' | 'createdAt'>[]> {
  return db
    .select({ purpose: verificationCodes.purpose, createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.destination, destination), gte(verificationCodes.createdAt, since)))
    .orderBy(desc(verificationCodes.createdAt));
}

export async function insertCode(db: Executor, values: NewCode): Promise<CodeRow> {
  const [row] = await db.insert(verificationCodes).values(values).returning();
  return row;
}

/** The newest code for (purpose, address): the only one that counts. */
export async function findLatestCode(db: Executor, purpose: string, channel: 'email' | 'sms', destination: string): Promise<CodeRow | null> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.channel, channel), eq(verificationCodes.destination, destination)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Takes one attempt if fewer than `max` were taken; null when the code is used up. */
export async function takeAttempt(db: Executor, id: string, max: number): Promise<number | null> {
  const [row] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, max)))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts ?? null;
}

/** Marks a code used; false when it already was (single use, also under races). */
export async function consumeCode(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}
