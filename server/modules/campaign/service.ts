import type { Db } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { findCampaignBySlug } from './repository';

/** What the public donation page at /{slug} needs, and nothing more. */
export interface PublicCampaign {
  campaign_id: string;
  campaign_name: string;
  slug: string;
  committee_name: string | null;
  office_sought: string | null;
  district: string | null;
  party: string | null;
  election_cycle: string | null;
  compliance_rule_set: string;
}

/** The campaign behind a public donation page; only active campaigns are visible. */
export async function getPublicCampaignBySlug(db: Db, slug: string): Promise<PublicCampaign> {
  const campaign = await findCampaignBySlug(db, slug.toLowerCase());
  if (!campaign || campaign.status !== 'active') throw new AppError(404, 'NOT_FOUND', 'Campaign not found');
  return {
    campaign_id: campaign.id,
    campaign_name: campaign.campaignName,
    slug: campaign.slug,
    committee_name: campaign.committeeName,
    office_sought: campaign.officeSought,
    district: campaign.district,
    party: campaign.party,
    election_cycle: campaign.electionCycle,
    compliance_rule_set: campaign.complianceRuleSet,
  };
}
