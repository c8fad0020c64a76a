import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { passwordHistory } from '../../db/schema';

export async function insertPasswordHistory(db: Executor, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.insert(passwordHistory).values({ userId, passwordHash, createdAt: now });
}

/** The newest `limit` password hashes of a user (the first is the current password). */
export async function recentPasswordHashes(db: Executor, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ hash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt))
    .limit(limit);
  return rows.map((row) => row.hash);
}
