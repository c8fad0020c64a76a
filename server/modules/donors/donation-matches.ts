/**
 * Each donation's part of its donor's match, kept in `donation_matches` so the donation report can
 * show, sort and total it in SQL (PostgreSQL writes it into the CSV itself), and the campaign's
 * matchable amount and public funds kept beside it for the dashboard. The compliance engine decides
 * (matchByContribution over the donor's donations of the cycle, in date order): the parts add up to
 * the donor's matchable amount on the donor page and in the match report.
 *
 * Kept incrementally: the triggers of migration 0022 mark the donors a write touches; the next read
 * computes those donors again (a few milliseconds after one write). Everything is computed again when
 * the campaign's match terms (rule set, participation, office, district, cycle) differ from the
 * stored ones, when many donors are marked, or when one statement wrote many donations (an import
 * batch marks its campaign as a whole). Single flight per campaign in this
 * instance; writers of several instances are serialised by an advisory lock and clear exactly the
 * marks they read, so a mark made meanwhile is never lost.
 */
import type { FastifyInstance } from 'fastify';
import { matchByContribution } from '../../../domain/compliance/engine';
import type { PaymentMethod } from '../../../domain/donor-book/enums';
import type { BookCampaign } from './book-campaign';
import { complianceDonorOf } from './donor-figures';
import {
  donorCycleDonations,
  findMatchStatus,
  lockDonationMatches,
  writeDonationMatches,
  type DonationMatchRow,
  type DonorCycleDonations,
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

interface Known extends MatchTotals {
  version: number;
  terms: string;
}

const known = new WeakMap<FastifyInstance, Map<string, Known>>();
const inFlight = new WeakMap<FastifyInstance, Map<string, Promise<Known>>>();

function perApp<T>(store: WeakMap<FastifyInstance, Map<string, T>>, app: FastifyInstance): Map<string, T> {
  let map = store.get(app);
  if (!map) store.set(app, (map = new Map()));
  return map;
}

/** With more donors marked than this, everything is computed again in one pass. */
const WHOLE_MARKS = 10_000;
/** The mark of a statement that wrote many donations (migration 0022): compute everything. */
const WHOLE_CAMPAIGN = '00000000-0000-0000-0000-000000000000';

async function refresh(app: FastifyInstance, campaign: BookCampaign, terms: string, attempt = 1): Promise<Known> {
  const { state, dirty, version } = await findMatchStatus(app.db, campaign.id);
  if (state && state.terms === terms && dirty.length === 0) return { ...state, version, terms };
  const whole = !state || state.terms !== terms || dirty.length > WHOLE_MARKS || dirty.some((d) => d.donorId === WHOLE_CAMPAIGN);
  const donorIds = whole ? null : dirty.map((d) => d.donorId);
  // Read after the marks: the rows computed are at least as new as every mark cleared below.
  const rows = donationMatchRows(campaign, await donorCycleDonations(app.db, campaign.id, campaign.cycle, donorIds));
  const written = await app.db.transaction(async (tx) => {
    await lockDonationMatches(tx, campaign.id);
    // Another writer (an instance, a request) since the status was read: start again from its result.
    const now = await findMatchStatus(tx, campaign.id);
    const marks = new Map(now.dirty.map((m) => [m.donorId, m.seq]));
    if (now.state?.computedAt !== state?.computedAt || !dirty.every((m) => marks.get(m.donorId) === m.seq)) return null;
    return writeDonationMatches(tx, campaign.id, { terms, donorIds, rows, marks: dirty });
  });
  if (!written) {
    if (attempt >= 5) throw new Error('donation matches: too many concurrent writers');
    return refresh(app, campaign, terms, attempt + 1);
  }
  return { ...written, version, terms };
}

/**
 * Makes `donation_matches` current for the campaign as loaded and answers the campaign's totals
 * (the matchable amount and public funds of its donations in the cycle).
 */
export async function freshDonationMatches(app: FastifyInstance, campaign: BookCampaign): Promise<MatchTotals> {
  const terms = matchTermsOf(campaign);
  const knownStates = perApp(known, app);
  const current = (k: Known | undefined): k is Known => k !== undefined && k.terms === terms && k.version >= campaign.version;
  const seen = knownStates.get(campaign.id);
  if (current(seen)) return seen;
  const flights = perApp(inFlight, app);
  const running = flights.get(campaign.id);
  if (running) {
    const answer = await running;
    if (current(answer)) return answer;
  }
  const flight = refresh(app, campaign, terms);
  flights.set(campaign.id, flight);
  try {
    const answer = await flight;
    const before = knownStates.get(campaign.id);
    if (!before || before.version <= answer.version) knownStates.set(campaign.id, answer);
    return answer;
  } finally {
    if (flights.get(campaign.id) === flight) flights.delete(campaign.id);
  }
}
