/**
 * Each donation's part of its donor's match, kept in `donation_matches` so the donation report can
 * show, sort and total it in SQL (PostgreSQL writes it into the CSV itself), and each donor's sum of
 * them in `donor_matches`: the dashboard's matchable amount and public funds are the sums of those
 * rows. The compliance engine decides (matchByContribution over the donor's donations of the cycle,
 * in date order): the parts add up to the donor's matchable amount on the donor page and in the match
 * report.
 *
 * Kept by the writers: the triggers of migrations 0022/0028 mark the donors a write touches, and the
 * writing transaction computes exactly its own marks again before it commits (keepDonationMatches,
 * with the donor's row already locked by the write), so a committed write is in the stored parts and
 * a read is one statement that never waits on a writer and never fails because of one. Marks left
 * behind (a write that does not keep them, the match terms changed: rule set, participation, office,
 * district, cycle) are computed by the next read (refresh): alone under an advisory lock that the
 * keeping writers share, so it waits for them and they for it; nothing is retried, nothing is lost.
 */
import type { FastifyInstance } from 'fastify';
import { matchByContribution } from '../../../domain/compliance/engine';
import type { PaymentMethod } from '../../../domain/donor-book/enums';
import type { Tx } from '../../db/executor';
import { loadBookCampaign, type BookCampaign } from './book-campaign';
import { complianceDonorOf } from '../donors/donor-figures';
import {
  donorCycleDonations,
  findMatchStatus,
  findMatchSums,
  lockDonationMatches,
  startKeeping,
  writeDonationMatches,
  type DonationMatchRow,
  type DonorCycleDonations,
  type MatchSums,
  type MatchTotals,
} from './donation-match-repository';

/** What the matches depend on besides the book. */
export function matchTermsOf(campaign: BookCampaign): string {
  return JSON.stringify({ compliance: campaign.compliance, cycle: campaign.cycle && { start: campaign.cycle.start, end: campaign.cycle.end } });
}

/** Every donation's part of its donor's match (each donor's donations in date order). */
export function donationMatchRows(campaign: BookCampaign, donors: readonly DonorCycleDonations[]): DonationMatchRow[] {
  const rows: DonationMatchRow[] = [];
  for (const donor of donors) {
    const contributions = donor.amounts.map((amount, i) => ({
      amount_cents: amount,
      refunded_cents: donor.refunded[i]!,
      payment_method: donor.methods[i] as PaymentMethod,
    }));
    const { parts } = matchByContribution(campaign.compliance, complianceDonorOf(donor), contributions);
    parts.forEach((part, i) =>
      rows.push({
        donorId: donor.donorId,
        donationId: donor.donationIds[i]!,
        matchableCents: part.matchable_cents,
        publicFundsCents: part.public_funds_cents,
        reason: part.reason,
      }),
    );
  }
  return rows;
}

/** With more donors marked than this, a refresh computes everything again in one pass. */
const WHOLE_MARKS = 10_000;
/** The mark migration 0022 made for a statement that wrote many donations: compute everything. */
const WHOLE_CAMPAIGN = '00000000-0000-0000-0000-000000000000';

/**
 * Computes again the donors this transaction marked (its writes of donations or of donors' matching
 * attributes), inside it: call it last in every transaction that writes them (the donors' rows are
 * locked by the write, so no other writer changes their gifts meanwhile). Does nothing without marks;
 * leaves them to the next read when the stored parts are for other match terms (never computed, or
 * the campaign's settings changed: the read computes everything).
 */
export async function keepDonationMatches(tx: Tx, campaignId: string): Promise<void> {
  const { marks, terms: storedTerms } = await startKeeping(tx, campaignId);
  if (marks.length === 0 || storedTerms === null || marks.some((m) => m.donorId === WHOLE_CAMPAIGN)) return;
  const campaign = await loadBookCampaign(tx, campaignId);
  if (matchTermsOf(campaign) !== storedTerms) return;
  const donorIds = marks.map((m) => m.donorId);
  const rows = donationMatchRows(campaign, await donorCycleDonations(tx, campaignId, campaign.cycle, donorIds));
  await writeDonationMatches(tx, campaignId, { terms: null, donorIds, rows, marks });
}

/**
 * Computes the marks left behind (or everything, when the terms differ), alone: waits for the writers
 * keeping their own parts to commit, and they wait for it. The campaign is read again inside (a cached
 * one may be older than the settings).
 */
async function refresh(app: FastifyInstance, campaignId: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    await lockDonationMatches(tx, campaignId);
    const campaign = await loadBookCampaign(tx, campaignId);
    const terms = matchTermsOf(campaign);
    const { state, dirty } = await findMatchStatus(tx, campaignId);
    const whole = !state || state.terms !== terms || dirty.length > WHOLE_MARKS || dirty.some((d) => d.donorId === WHOLE_CAMPAIGN);
    if (!whole && dirty.length === 0) return;
    const donorIds = whole ? null : dirty.map((d) => d.donorId);
    const rows = donationMatchRows(campaign, await donorCycleDonations(tx, campaignId, campaign.cycle, donorIds));
    await writeDonationMatches(tx, campaignId, { terms, donorIds, rows, marks: dirty });
  });
}

const inFlight = new WeakMap<FastifyInstance, Map<string, Promise<void>>>();

/** One refresh of a campaign at a time in this instance; a caller arriving meanwhile waits for it. */
function refreshOnce(app: FastifyInstance, campaignId: string): Promise<void> {
  let flights = inFlight.get(app);
  if (!flights) inFlight.set(app, (flights = new Map()));
  const running = flights.get(campaignId);
  if (running) return running;
  const flight = refresh(app, campaignId).finally(() => {
    if (flights.get(campaignId) === flight) flights.delete(campaignId);
  });
  flights.set(campaignId, flight);
  return flight;
}

/** Whether the stored sums answer for the campaign as loaded: computed for its terms, nothing left marked. */
export function matchSumsCurrent(campaign: BookCampaign, sums: MatchSums): boolean {
  return sums.terms === matchTermsOf(campaign) && !sums.marked;
}

/**
 * Makes `donation_matches` current for the campaign and answers the campaign's totals (the matchable
 * amount and public funds of its donations in the cycle): the sums of the donors' stored parts, read
 * in one statement. Only when something was left behind (marks, other terms) is a refresh run first.
 */
export async function freshDonationMatches(app: FastifyInstance, campaign: BookCampaign): Promise<MatchTotals> {
  const first = await findMatchSums(app.db, campaign.id);
  if (matchSumsCurrent(campaign, first)) return { matchableCents: first.matchableCents, publicFundsCents: first.publicFundsCents };
  await refreshOnce(app, campaign.id);
  const after = await findMatchSums(app.db, campaign.id);
  return { matchableCents: after.matchableCents, publicFundsCents: after.publicFundsCents };
}
