/**
 * Each donation's part of its donor's match, kept in `donation_matches` so the donation report can
 * show, sort and total it in SQL (and PostgreSQL can write it into the CSV itself). The compliance
 * engine decides it (matchByContribution over the donor's donations of the cycle, in date order: the
 * parts add up to the donor's matchable amount on the donor page, the dashboard and the match report).
 *
 * The rows are rewritten whole when the book version or the campaign's match terms (rule set,
 * participation, office, district, cycle) differ from what they were computed for: on the first
 * donation report (page or file) after a write. Single flight per campaign in this instance; writers
 * of several instances are serialised by an advisory lock, and an older computation never replaces a
 * newer one.
 */
import type { FastifyInstance } from 'fastify';
import { matchByContribution } from '../../../domain/compliance/engine';
import type { PaymentMethod } from '../../../domain/donor-book/enums';
import type { BookCampaign } from '../donors/book-campaign';
import { complianceDonorOf } from '../donors/donor-figures';
import {
  donorCycleDonations,
  findDonationMatchState,
  lockDonationMatches,
  replaceDonationMatches,
  type DonationMatchRow,
  type DonationMatchState,
  type DonorCycleDonations,
} from './donation-match-repository';

/** What the matches depend on besides the book (whose version is kept beside them). */
export function matchTermsOf(campaign: BookCampaign): string {
  return JSON.stringify({ compliance: campaign.compliance, cycle: campaign.cycle });
}

/** Every donation's part of its donor's match (donors and their donations in date order). */
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
      rows.push({ donationId: donor.donationIds[i]!, matchableCents: part.matchable_cents, publicFundsCents: part.public_funds_cents, reason: part.reason }),
    );
  }
  return rows;
}

const isCurrent = (state: DonationMatchState | null, version: number, terms: string): boolean =>
  state !== null && state.terms === terms && state.bookVersion >= version;

const known = new WeakMap<FastifyInstance, Map<string, DonationMatchState>>();
const inFlight = new WeakMap<FastifyInstance, Map<string, Promise<void>>>();

function perApp<T>(store: WeakMap<FastifyInstance, Map<string, T>>, app: FastifyInstance): Map<string, T> {
  let map = store.get(app);
  if (!map) store.set(app, (map = new Map()));
  return map;
}

async function refresh(app: FastifyInstance, campaign: BookCampaign, terms: string): Promise<DonationMatchState> {
  const stored = await findDonationMatchState(app.db, campaign.id);
  if (isCurrent(stored, campaign.version, terms)) return stored!;
  const { rows: donors, version } = await donorCycleDonations(app.db, campaign.id, campaign.cycle);
  const rows = donationMatchRows(campaign, donors);
  const state: DonationMatchState = { bookVersion: version, terms };
  return app.db.transaction(async (tx) => {
    await lockDonationMatches(tx, campaign.id);
    const now = await findDonationMatchState(tx, campaign.id);
    if (isCurrent(now, version, terms)) return now!;
    await replaceDonationMatches(tx, campaign.id, state, rows);
    return state;
  });
}

/** Makes `donation_matches` current for the campaign as loaded (its book version and terms). */
export async function freshDonationMatches(app: FastifyInstance, campaign: BookCampaign): Promise<void> {
  const terms = matchTermsOf(campaign);
  const knownStates = perApp(known, app);
  if (isCurrent(knownStates.get(campaign.id) ?? null, campaign.version, terms)) return;
  const flights = perApp(inFlight, app);
  const running = flights.get(campaign.id);
  if (running) {
    await running;
    if (isCurrent(knownStates.get(campaign.id) ?? null, campaign.version, terms)) return;
  }
  const flight = refresh(app, campaign, terms).then((state) => {
    knownStates.set(campaign.id, state);
  });
  flights.set(campaign.id, flight);
  try {
    await flight;
  } finally {
    if (flights.get(campaign.id) === flight) flights.delete(campaign.id);
  }
}
