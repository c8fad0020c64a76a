import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { donorBookVersions } from '../../db/schema';

/** SQL for the campaign's donor-book version (0 before its first write), to select beside a count. */
export function versionSql(campaignId: string) {
  return sql<number>`coalesce((select v.version from ${donorBookVersions} v where v.campaign_id = ${campaignId}), 0)`.mapWith(Number);
}

export async function findBookVersion(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ version: donorBookVersions.version }).from(donorBookVersions).where(eq(donorBookVersions.campaignId, campaignId)).limit(1);
  return row?.version ?? 0;
}
