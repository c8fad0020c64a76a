import { and, eq } from 'drizzle-orm';
import type { Executor } from './executor';
import { requestKeys } from './schema';

export type RequestKeyRecord = typeof requestKeys.$inferSelect;

export async function findRequestKey(db: Executor, campaignId: string, operation: string, key: string): Promise<RequestKeyRecord | null> {
  const [row] = await db
    .select()
    .from(requestKeys)
    .where(and(eq(requestKeys.campaignId, campaignId), eq(requestKeys.operation, operation), eq(requestKeys.key, key)))
    .limit(1);
  return row ?? null;
}

/** Records the key for `entityId`; false when the key was taken meanwhile (another write with it committed first). */
export async function insertRequestKey(db: Executor, values: { campaignId: string; operation: string; key: string; requestHash: string; entityId: string }): Promise<boolean> {
  const rows = await db.insert(requestKeys).values(values).onConflictDoNothing().returning({ key: requestKeys.key });
  return rows.length > 0;
}
