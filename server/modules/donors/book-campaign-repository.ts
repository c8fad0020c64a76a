import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaigns, donorBookVersions, electionCycles } from '../../db/schema';

export interface BookCampaignRecord {
  id: string;
  slug: string;
  campaignName: string;
  complianceRuleSet: string;
  participantStatus: string | null;
  officeSought: string | null;
  district: string | null;
  customLimitIndividualCents: number | null;
  customLimitOrganizationCents: number | null;
  cycleValue: string | null;
  cycleStart: string | null;
  cycleEnd: string | null;
  /** The donor-book version (list-cache.ts); null before the campaign's first write. */
  version: number | null;
  /** Changes with any edit of the campaign (rules, limits, cycle). */
  updatedAt: Date;
}

/** The campaign fields the donor book needs (rules, cycle dates, public link, version) in one query. */
export async function findBookCampaign(db: Executor, campaignId: string): Promise<BookCampaignRecord | null> {
  const [row] = await db
    .select({
      id: campaigns.id,
      slug: campaigns.slug,
      campaignName: campaigns.campaignName,
      complianceRuleSet: campaigns.complianceRuleSet,
      participantStatus: campaigns.participantStatus,
      officeSought: campaigns.officeSought,
      district: campaigns.district,
      customLimitIndividualCents: campaigns.customLimitIndividualCents,
      customLimitOrganizationCents: campaigns.customLimitOrganizationCents,
      cycleValue: electionCycles.value,
      cycleStart: electionCycles.startDate,
      cycleEnd: electionCycles.endDate,
      version: donorBookVersions.version,
      updatedAt: campaigns.updatedAt,
    })
    .from(campaigns)
    .leftJoin(electionCycles, eq(electionCycles.value, campaigns.electionCycle))
    .leftJoin(donorBookVersions, eq(donorBookVersions.campaignId, campaigns.id))
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  return row ?? null;
}
