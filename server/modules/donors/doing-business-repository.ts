/** SQL of the doing-business mark: the campaign's donors by name (for an extract's review), and marking donors. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { anyOf } from '../../db/any-of';
import { donors } from '../../db/schema';

export interface NamedDonor {
  id: string;
  name: string;
  address: string | null;
  zip: string | null;
  doingBusiness: boolean;
}

/** The campaign's donors whose name, lowercased with runs of spaces as one, is one of `nameKeys`. */
export async function donorsByNameKeys(db: Executor, campaignId: string, nameKeys: string[]): Promise<NamedDonor[]> {
  if (nameKeys.length === 0) return [];
  return db
    .select({ id: donors.id, name: donors.name, address: donors.address, zip: donors.zip, doingBusiness: donors.doingBusiness })
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), sql`lower(regexp_replace(btrim(${donors.name}), '\\s+', ' ', 'g')) = any(${sql.param(nameKeys)}::text[])`));
}

/** Marks these donors of the campaign as doing business (the match-mark trigger of migration 0036 sees the change). */
export async function markDoingBusiness(tx: Executor, campaignId: string, donorIds: string[], now: Date): Promise<void> {
  if (donorIds.length === 0) return;
  await tx
    .update(donors)
    .set({ doingBusiness: true, updatedAt: now })
    .where(and(eq(donors.campaignId, campaignId), anyOf(donors.id, donorIds, 'uuid')));
}
