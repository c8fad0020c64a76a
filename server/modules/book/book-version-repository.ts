import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { donorBookChanges, donorBookVersions } from '../../db/schema';

/** SQL for the campaign's donor-book version (0 before its first write), to select beside a count. */
export function versionSql(campaignId: string) {
  return sql<number>`coalesce((select v.version from ${donorBookVersions} v where v.campaign_id = ${campaignId}), 0)`.mapWith(Number);
}

export async function findBookVersion(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ version: donorBookVersions.version }).from(donorBookVersions).where(eq(donorBookVersions.campaignId, campaignId)).limit(1);
  return row?.version ?? 0;
}

/**
 * A logged change of the book (migrations 0023, 0024): the donors one version's statement wrote,
 * their gifts, pledges or refunds ('figures'), tags or notes ('tags'), or their own rows ('donor':
 * their fields, or their figures written straight).
 */
export interface BookChange {
  version: number;
  kind: 'figures' | 'tags' | 'donor';
  donorIds: string[];
}

/** The logged changes of versions (after, upTo], in order; a version missing here changed anything. */
export async function findBookChanges(db: Executor, campaignId: string, after: number, upTo: number): Promise<BookChange[]> {
  const rows = await db
    .select({ version: donorBookChanges.version, kind: donorBookChanges.kind, donorIds: donorBookChanges.donorIds })
    .from(donorBookChanges)
    .where(and(eq(donorBookChanges.campaignId, campaignId), gt(donorBookChanges.version, after), lte(donorBookChanges.version, upTo)))
    .orderBy(donorBookChanges.version);
  return rows.map((row) => ({ version: row.version, kind: row.kind as BookChange['kind'], donorIds: row.donorIds }));
}
