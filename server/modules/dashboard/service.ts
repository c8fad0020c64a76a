/**
 * The dashboard figures (SPEC §7 total-stats, monthly-stats, cycle-stats).
 *
 * - total-stats: the whole book. Raised = donations net of refunds; pledged = commitments not
 *   written off; outstanding = what remains of those pledges; spent = expenses; cash on hand =
 *   raised − spent. Matchable and public funds are the sum over donors of the compliance engine's
 *   match over the donor's donations in the campaign's election cycle (all time without one): the
 *   matching programs match per election, as the donor list and the match report do. Each write keeps
 *   its donors' parts in its own transaction (book/donation-matches.ts), so total-stats is one
 *   statement over stored figures that never waits on a writer and is not cached.
 * - monthly-stats: the last `months` calendar months (UTC) by the app clock, oldest first, months
 *   without activity included. Raised counts a refund in its own month (domain/reports/figure-names.ts
 *   REFUND_RULE, as the reports do): a donation whole in its month, its refund in the refund's.
 * - cycle-stats: the election cycle's dates and what happened inside them; raised (in all, per payment
 *   method, per contributor type) counts refunds on their own date like the months. donors_at_limit
 *   reads the donors' stored cycle figures (paid net of refunds, outstanding pledges:
 *   kept by the database triggers, the same figures the donor list shows): donors_at_limit counts the
 *   donors with something given or promised whose aggregate (paid + outstanding, the engine's
 *   aggregateCents) reaches their limit (engine's limitFor).
 * Everything else read from donations, pledges and donors is cached per app instance against the
 * campaign's donor-book version (list-cache/list-cache.ts: any write of donors, pledges, donations, tags
 * or notes, whoever makes it, makes the next request compute again), its compliance settings and its
 * cycle; each figure's statement reads the version beside the figure. Expenses are read every time.
 * Each figure is one statement (100k donations: one pass each).
 */
import type { FastifyInstance } from 'fastify';
import { limitFor } from '../../../domain/compliance/engine';
import type { ComplianceCampaign } from '../../../domain/compliance/types';
import type { CycleStatsData, MonthlyStat, MonthlyStatsData, TotalStats } from '../../../domain/donor-book/dashboard-contract';
import { CONTRIBUTOR_TYPES, PAYMENT_METHODS } from '../../../domain/donor-book/enums';
import type { CampaignContext } from '../../plugins/access';
import type { BookCampaign } from '../book/book-campaign';
import { readBookCampaign } from '../book/book-reads';
import { complianceDonorOf } from '../donors/donor-figures';
import { freshDonationMatches, matchSumsCurrent } from '../book/donation-matches';
import { cachedListFigure } from '../list-cache/list-cache';
import {
  donorCycleFigures,
  monthlyBookSums,
  monthlySpent,
  raisedInRange,
  spentCents,
  totalFigures,
  type DateRange,
  type DonorCycleFigures,
  type MonthlyRow,
} from './repository';

/** Donors whose aggregate is above 0 and at or over their limit (a donor without a limit is never at it). */
export function countDonorsAtLimit(campaign: ComplianceCampaign, donors: readonly DonorCycleFigures[]): number {
  let count = 0;
  for (const donor of donors) {
    const aggregate = donor.paidCents + donor.outstandingCents;
    if (aggregate <= 0) continue;
    const { limit_cents } = limitFor(campaign, complianceDonorOf(donor));
    if (limit_cents !== null && aggregate >= limit_cents) count += 1;
  }
  return count;
}

function cycleRange(cycle: { start: string; end: string } | null): DateRange | null {
  return cycle ? { start: cycle.start, end: cycle.end } : null;
}

/**
 * A figure of the book, cached against the campaign's donor-book version. `compute` answers the value
 * and the version its statement read (null when it read no row: the version loaded with the campaign,
 * which is never newer, is used).
 */
function cached<T>(app: FastifyInstance, campaign: BookCampaign, name: string, compute: () => Promise<{ value: T; version: number | null }>): Promise<T> {
  // Everything a figure depends on besides the book itself (which the version covers).
  const key = `dashboard.${name}|${campaign.id}|${JSON.stringify(campaign.compliance)}|${JSON.stringify(campaign.cycle)}`;
  return cachedListFigure(app, key, campaign.version, async () => {
    const { value, version } = await compute();
    return { value, version: version ?? campaign.version };
  });
}

export async function totalStats(app: FastifyInstance, ctx: CampaignContext): Promise<TotalStats> {
  const campaign = await readBookCampaign(app, ctx.id);
  // One statement; matching is per election: the donations in the cycle, as the donor list and the
  // match report count them, summed from the donors' parts each write keeps (book/donation-matches.ts).
  const { totals, spentCents: spent, match: stored } = await totalFigures(app.db, campaign.id);
  const match = matchSumsCurrent(campaign, stored) ? stored : await freshDonationMatches(app, campaign);
  return {
    total_raised_cents: totals.raisedCents,
    total_pledged_cents: totals.pledgedCents,
    outstanding_cents: totals.outstandingCents,
    total_spent_cents: spent,
    cash_on_hand_cents: totals.raisedCents - spent,
    donor_count: totals.donorCount,
    donation_count: totals.donationCount,
    matchable_cents: match.matchableCents,
    public_funds_cents: match.publicFundsCents,
  };
}

/** 'YYYY-MM' of the month `offset` months after the month of `year`/`month0` (0-based month). */
function monthKey(year: number, month0: number, offset: number): string {
  const date = new Date(Date.UTC(year, month0 + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The `months` calendar months ending with the month of `now` (UTC), oldest first. */
export function lastMonths(now: Date, months: number): string[] {
  const year = now.getUTCFullYear();
  const month0 = now.getUTCMonth();
  return Array.from({ length: months }, (_, i) => monthKey(year, month0, i - (months - 1)));
}

export async function monthlyStats(app: FastifyInstance, ctx: CampaignContext, months: number): Promise<MonthlyStatsData> {
  const campaign = await readBookCampaign(app, ctx.id);
  const now = app.clock.now();
  const keys = lastMonths(now, months);
  const from = `${keys[0]}-01`;
  const toExclusive = `${monthKey(now.getUTCFullYear(), now.getUTCMonth(), 1)}-01`;
  const [bookRows, spentRows] = await Promise.all([
    cached<MonthlyRow[]>(app, campaign, `months|${from}|${toExclusive}`, async () => {
      const { rows, version } = await monthlyBookSums(app.db, campaign.id, from, toExclusive);
      return { value: rows, version };
    }),
    monthlySpent(app.db, campaign.id, from, toExclusive),
  ]);
  const byMonth = new Map<string, MonthlyStat>(keys.map((month) => [month, { month, raised_cents: 0, pledged_cents: 0, spent_cents: 0 }]));
  for (const row of [...bookRows, ...spentRows]) {
    const stat = byMonth.get(row.month);
    if (stat) stat[`${row.kind}_cents`] += row.cents;
  }
  return { monthly_stats: keys.map((key) => byMonth.get(key)!) };
}

export async function cycleStats(app: FastifyInstance, ctx: CampaignContext): Promise<CycleStatsData> {
  const campaign = await readBookCampaign(app, ctx.id);
  const range = cycleRange(campaign.cycle);
  // Raised in the cycle counts refunds on their own date (the reports' rule); donors at their limit
  // read the donors' stored aggregates, net of every refund whatever its date (a refunded excess no
  // longer counts against the limit).
  const [raisedRows, spent, donorsAtLimit] = await Promise.all([
    cached(app, campaign, 'raised', async () => {
      const { rows, version } = await raisedInRange(app.db, campaign.id, range);
      return { value: rows, version };
    }),
    spentCents(app.db, campaign.id, range),
    cached(app, campaign, 'donors', async () => {
      const { rows, version } = await donorCycleFigures(app.db, campaign.id);
      return { value: countDonorsAtLimit(campaign.compliance, rows), version };
    }),
  ]);
  const byType = new Map(raisedRows.filter((row) => row.kind === 'type').map((row) => [row.key, row]));
  const byMethod = new Map(raisedRows.filter((row) => row.kind === 'method').map((row) => [row.key, row.raisedCents]));
  return {
    election_cycle: campaign.cycle?.value ?? null,
    start_date: campaign.cycle?.start ?? null,
    end_date: campaign.cycle?.end ?? null,
    raised_cents: [...byMethod.values()].reduce((sum, cents) => sum + cents, 0),
    spent_cents: spent,
    donors_at_limit: donorsAtLimit,
    // Every contributor type and payment method, in the order of the enumerations (zeros included).
    by_contributor_type: CONTRIBUTOR_TYPES.map((type) => ({
      contributor_type: type,
      raised_cents: byType.get(type)?.raisedCents ?? 0,
      donor_count: byType.get(type)?.donorCount ?? 0,
    })),
    by_payment_method: PAYMENT_METHODS.map((method) => ({ payment_method: method, raised_cents: byMethod.get(method) ?? 0 })),
  };
}
