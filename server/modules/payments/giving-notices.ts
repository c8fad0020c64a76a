/**
 * A campaign's legal notices as its giving page, its pledge links and its receipts show them: each
 * stored one (giving settings), or its default from the campaign's name, committee and the rule
 * table's figures (domain/payments/giving-notices.ts).
 */
import { cashCapCents, limitFor } from '../../../domain/compliance/engine';
import { defaultNotices, effectiveNotices, type GivingNotices } from '../../../domain/payments/giving-notices';
import type { Executor } from '../../db/executor';
import { loadBookCampaign, type BookCampaign } from '../book/book-campaign';
import { complianceDonorOf } from '../donors/donor-figures';
import type { GivingPageRecord } from './gateway-repository';
import { newDonorRules } from './online-donor';

export interface NoticeCampaign {
  id: string;
  campaignName: string;
  committeeName: string | null;
}

export interface CampaignNotices {
  notices: GivingNotices;
  defaults: GivingNotices;
}

/** The notices of `campaign`, given its giving-page row (null: none saved yet) and its book when loaded already. */
export async function campaignNotices(db: Executor, campaign: NoticeCampaign, page: GivingPageRecord | null, loaded?: BookCampaign): Promise<CampaignNotices> {
  const book = loaded ?? (await loadBookCampaign(db, campaign.id));
  const defaults = defaultNotices({
    campaign_name: campaign.campaignName,
    committee_name: campaign.committeeName,
    rule_set: book.compliance.rule_set,
    limit_cents: limitFor(book.compliance, complianceDonorOf(newDonorRules(null))).limit_cents,
    cash_cap_cents: cashCapCents(book.compliance),
  });
  const stored = page ? { paid_for_by: page.paidForBy, tax_notice: page.taxNotice, privacy_url: page.privacyUrl, rules_notice: page.rulesNotice } : null;
  return { notices: effectiveNotices(stored, defaults), defaults };
}
