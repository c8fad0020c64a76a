import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor';
import { signinThrottles } from '../../db/schema';

export type ThrottleRow = typeof signinThrottles.$inferSelect;
export type ThrottleState = Pick<ThrottleRow, 'failures' | 'lockouts' | 'lockedUntil' | 'lastFailureAt'>;

export async function findThrottle(db: Executor, key: string): Promise<ThrottleRow | null> {
  const [row] = await db.select().from(signinThrottles).where(eq(signinThrottles.key, key)).limit(1);
  return row ?? null;
}

/**
 * The row of `key` (created empty when missing), row-locked until the transaction ends: one upsert
 * whose RETURNING always has the row, even when another request deleted it a moment before (the
 * insert then wins; an insert-then-select could find nothing).
 */
export async function lockThrottle(tx: Tx, key: string, now: Date): Promise<ThrottleRow> {
  const [row] = await tx
    .insert(signinThrottles)
    .values({ key, lastFailureAt: now })
    .onConflictDoUpdate({ target: signinThrottles.key, set: { key: sql`excluded.key` } })
    .returning();
  return row;
}

export async function saveThrottle(tx: Tx, key: string, state: ThrottleState): Promise<void> {
  await tx.update(signinThrottles).set(state).where(eq(signinThrottles.key, key));
}

export async function deleteThrottle(db: Executor, key: string): Promise<void> {
  await db.delete(signinThrottles).where(eq(signinThrottles.key, key));
}

/** Rows whose last failure is older than `before` and that hold no lock at `now`. */
export async function purgeThrottles(db: Executor, before: Date, now: Date): Promise<number> {
  const rows = await db
    .delete(signinThrottles)
    .where(and(lt(signinThrottles.lastFailureAt, before), or(isNull(signinThrottles.lockedUntil), lt(signinThrottles.lockedUntil, now))))
    .returning({ key: signinThrottles.key });
  return rows.length;
}
