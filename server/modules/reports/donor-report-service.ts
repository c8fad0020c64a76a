/**
 * The data of the reports about donors: limits (each donor's aggregate against their limit), history
 * (every pledge, donation, refund and write-off) and match (matchable amount and public funds).
 */
import type { FastifyInstance } from 'fastify';
import { limitFor } from '../../../domain/compliance/engine';
import type { DonorHistoryListData, DonorLimitListData, DonorMatchListData, DonorMatchRow } from '../../../domain/donor-book/donor-reports-contract';
import { CONTRIBUTOR_TYPES, ELIGIBILITIES, type ContributorType, type Eligibility, type PaymentMethod } from '../../../domain/donor-book/enums';
import { parseSort } from '../../../domain/validation/fields';
import type { CampaignContext } from '../../plugins/access';
import type { BookCampaign } from '../book/book-campaign';
import { readBookCampaign, readBookVersion } from '../book/book-reads';
import { freshDonationMatches } from '../book/donation-matches';
import { cachedListFigure, filterKey } from '../list-cache/list-cache';
import { listDonorHistory, listDonorLimits, matchDonors, type DonorHistoryFilter, type DonorLimitFilter, type HistoryKind, type LimitCell } from './donor-report-repository';

/**
 * The engine's limit for every (contributor type, eligibility, doing business) of the campaign. A limit
 * depends on nothing else of the donor (limitFor reads only these three), so SQL can filter and sort by it.
 */
/** The limit of a donor known only by contributor type, recorded eligibility and doing-business flag (no address, not abroad). */
export function limitForType(campaign: BookCampaign, contributorType: string, eligibility: string, doingBusiness = false) {
  const donor = {
    contributor_type: contributorType as ContributorType,
    eligibility: eligibility as Eligibility,
    is_international: false,
    state: null,
    city: null,
    zip: null,
    district: null,
    doing_business: doingBusiness,
  };
  return limitFor(campaign.compliance, donor);
}

export function limitCells(campaign: BookCampaign): LimitCell[] {
  return [false, true].flatMap((doingBusiness) =>
    CONTRIBUTOR_TYPES.flatMap((contributorType) =>
      ELIGIBILITIES.map((eligibility) => ({ contributorType, eligibility, doingBusiness, limitCents: limitForType(campaign, contributorType, eligibility, doingBusiness).limit_cents })),
    ),
  );
}

/** The limit report's warnings: the donor's eligibility against the campaign's class, an undetermined class. */
const LIMIT_REPORT_WARNINGS = new Set(['ELIGIBILITY_MISMATCH', 'CAMPAIGN_CLASS_UNDETERMINED']);

export function limitReportWarnings(campaign: BookCampaign, contributorType: string, eligibility: string, doingBusiness = false) {
  return limitForType(campaign, contributorType, eligibility, doingBusiness).warnings.filter((w) => LIMIT_REPORT_WARNINGS.has(w.code));
}

export async function listDonorLimitReport(app: FastifyInstance, ctx: CampaignContext, filter: DonorLimitFilter): Promise<DonorLimitListData> {
  const campaign = await readBookCampaign(app, ctx.id);
  const cells = limitCells(campaign);
  // The limits are part of the key: a new limit in the campaign settings counts again.
  const key = filterKey('donor_limits', ctx.id, { ...filter, limits: cells.map((c) => c.limitCents) });
  const { rows, total } = await listDonorLimits(app.db, ctx.id, cells, filter, (compute) => cachedListFigure(app, key, campaign.version, compute));
  return {
    donor_limit_list: rows.map((r) => ({
      donor_id: r.donorId,
      name: r.name,
      contributor_type: r.contributorType as ContributorType,
      eligibility: r.eligibility as Eligibility,
      aggregate_cents: r.aggregateCents,
      limit_cents: r.limitCents,
      remaining_limit_cents: r.limitCents === null ? null : Math.max(0, r.limitCents - r.aggregateCents),
      over_limit: r.limitCents !== null && r.aggregateCents > r.limitCents,
      warnings: limitReportWarnings(campaign, r.contributorType, r.eligibility),
    })),
    total,
    page: filter.page,
    limit: filter.limit,
  };
}

export async function listDonorHistoryReport(app: FastifyInstance, ctx: CampaignContext, filter: DonorHistoryFilter): Promise<DonorHistoryListData> {
  const version = await readBookVersion(app, ctx.id);
  const { rows, total } = await listDonorHistory(app.db, ctx.id, filter, (compute) => cachedListFigure(app, filterKey('donor_history', ctx.id, filter), version, compute));
  return {
    donor_history_list: rows.map((r) => ({
      event_id: r.event_id,
      kind: r.kind as HistoryKind,
      date: r.date,
      donor_id: r.donor_id,
      donor_name: r.donor_name,
      amount_cents: Number(r.amount_cents),
      payment_method: (r.payment_method as PaymentMethod | null) ?? null,
      reference: r.reference,
    })),
    total,
    page: filter.page,
    limit: filter.limit,
  };
}

export interface DonorMatchFilter {
  page: number;
  limit: number;
  sort: string;
  search?: string;
  contributor_type?: ContributorType;
}

/** Every donor who gave in the cycle, matched by the engine; sorted and paged after (the match is per donation). */
export async function listDonorMatchReport(app: FastifyInstance, ctx: CampaignContext, filter: DonorMatchFilter): Promise<DonorMatchListData> {
  const campaign = await readBookCampaign(app, ctx.id);
  await freshDonationMatches(app, campaign);
  const records = await matchDonors(app.db, ctx.id, campaign.cycle, filter);
  const rows: DonorMatchRow[] = records.map((r) => {
    // The sums of the donor's stored parts (kept by each write: donation-matches.ts).
    const match = r.gifts.reduce((sum, [, , , m, f]) => ({ matchable_cents: sum.matchable_cents + m, public_funds_cents: sum.public_funds_cents + f }), { matchable_cents: 0, public_funds_cents: 0 });
    return {
      donor_id: r.id,
      name: r.name,
      contributor_type: r.contributorType as ContributorType,
      eligibility: r.eligibility as Eligibility,
      city: r.city,
      state: r.state,
      paid_cents: r.paidCents,
      matchable_cents: match.matchable_cents,
      public_funds_cents: match.public_funds_cents,
    };
  });
  const totals = rows.reduce((sum, r) => ({ matchable_cents: sum.matchable_cents + r.matchable_cents, public_funds_cents: sum.public_funds_cents + r.public_funds_cents }), {
    matchable_cents: 0,
    public_funds_cents: 0,
  });
  const { field, descending } = parseSort(filter.sort);
  const sign = descending ? -1 : 1;
  // Rows come by name: the sort is stable, so equal figures stay in name order.
  if (field !== 'name') rows.sort((a, b) => sign * ((a[field as keyof DonorMatchRow] as number) - (b[field as keyof DonorMatchRow] as number)));
  else if (descending) rows.reverse();
  const start = (filter.page - 1) * filter.limit;
  return { donor_match_list: rows.slice(start, start + filter.limit), total: rows.length, page: filter.page, limit: filter.limit, totals };
}
