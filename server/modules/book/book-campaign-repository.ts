import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaigns, donorBookVersions, electionCycles, officeElectionCycles } from '../../db/schema';

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

export interface CycleRecord {
  value: string;
  start: string;
  end: string;
}

const cycleColumns = { value: electionCycles.value, start: electionCycles.startDate, end: electionCycles.endDate };

/**
 * The cycle a date falls in: the office's own cycles first (earliest end first), then any cycle;
 * null when no cycle of the reference data covers the date.
 */
export async function findCycleContaining(db: Executor, officeSought: string | null, date: string): Promise<CycleRecord | null> {
  const covers = and(lte(electionCycles.startDate, date), gte(electionCycles.endDate, date));
  if (officeSought) {
    const [own] = await db
      .select(cycleColumns)
      .from(electionCycles)
      .innerJoin(officeElectionCycles, eq(officeElectionCycles.electionCycle, electionCycles.value))
      .where(and(eq(officeElectionCycles.officeSought, officeSought), covers))
      .orderBy(asc(electionCycles.endDate))
      .limit(1);
    if (own) return own;
  }
  const [any] = await db.select(cycleColumns).from(electionCycles).where(covers).orderBy(desc(electionCycles.endDate)).limit(1);
  return any ?? null;
}
