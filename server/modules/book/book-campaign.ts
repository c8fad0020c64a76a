/**
 * The campaign as the donor book sees it: its compliance rules (for the engine in
 * domain/compliance/engine.ts) and its election cycle, whose dates bound every aggregate (a campaign
 * without a cycle counts everything).
 */
import type { ComplianceRuleSet, ParticipantStatus } from '../../../domain/campaign';
import type { ComplianceCampaign } from '../../../domain/compliance/types';
import type { CycleInfo } from '../../../domain/donor-book/donors-contract';
import type { Executor } from '../../db/executor';
import { campaignNotFound } from '../../plugins/access';
import { findBookCampaign } from './book-campaign-repository';

export interface CycleRange {
  value: string;
  start: string;
  end: string;
}

export interface BookCampaign {
  id: string;
  slug: string;
  campaignName: string;
  compliance: ComplianceCampaign;
  cycle: CycleRange | null;
  /** The donor-book version when loaded (list-cache.ts). */
  version: number;
  /** A stamp of the campaign's settings (its figures depend on them). */
  settingsStamp: string;
}

export async function loadBookCampaign(db: Executor, campaignId: string): Promise<BookCampaign> {
  const row = await findBookCampaign(db, campaignId);
  if (!row) throw campaignNotFound();
  return {
    id: row.id,
    slug: row.slug,
    campaignName: row.campaignName,
    compliance: {
      rule_set: row.complianceRuleSet as ComplianceRuleSet,
      participant_status: (row.participantStatus as ParticipantStatus | null) ?? null,
      office_sought: row.officeSought,
      custom_limit_individual_cents: row.customLimitIndividualCents,
      custom_limit_organization_cents: row.customLimitOrganizationCents,
      district: row.district,
    },
    cycle: row.cycleValue && row.cycleStart && row.cycleEnd ? { value: row.cycleValue, start: row.cycleStart, end: row.cycleEnd } : null,
    version: row.version ?? 0,
    settingsStamp: row.updatedAt.toISOString(),
  };
}

/** The cycle as the API answers it (DonorDetail, DonorListData). */
export function cycleInfoOf(campaign: BookCampaign): CycleInfo | null {
  return campaign.cycle ? { value: campaign.cycle.value, start_date: campaign.cycle.start, end_date: campaign.cycle.end } : null;
}

/** Whether a 'YYYY-MM-DD' date falls in the cycle (always, without one). */
export function inCycle(cycle: CycleRange | null, date: string): boolean {
  return !cycle || (date >= cycle.start && date <= cycle.end);
}
