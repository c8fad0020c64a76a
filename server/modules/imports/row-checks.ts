/**
 * What a row must pass beyond its schema, the same rules as manual entry: the compliance engine
 * (prohibited sources, international donors, the limit, the cash cap) through
 * assertContributionAllowed, the election cycle, duplicates, and for payments the donor it names and
 * how its amount is shared between the donor's open pledges (oldest first) and a new gift.
 * Validation runs these over the whole file with an in-memory book; the import runs them again per
 * batch under the donors' locks, on what the database holds then.
 */
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import type { DonorImportValues, PaymentImportValues } from '../../../domain/imports/rows';
import { inCycle, type BookCampaign } from '../donors/book-campaign';
import { assertContributionAllowed } from '../donors/contribution-check';
import { AppError } from '../../plugins/errors';
import type { ContactDonor, ImportedDonation, OpenPledge } from './import-write-repository';
import { nameZipKey } from './import-write-repository';

export const REASONS = {
  duplicate: ERROR_MESSAGES.DONOR_ALREADY_EXISTS,
  outsideCycle: ERROR_MESSAGES.OUTSIDE_ELECTION_CYCLE,
  donorNotFound: 'No donor of this campaign has this e-mail, phone, or name and ZIP',
  donorAmbiguous: "Several donors have this name and ZIP: add the donor's e-mail or phone",
  donorGone: 'The donor was deleted or merged before the row could be imported',
} as const;

/** The message of a refusal of the engine (the catalogue text), or rethrows anything else. */
function refusal(error: unknown): string {
  if (error instanceof AppError && error.status === 422) return error.message;
  throw error;
}

export interface CheckOptions {
  confirmOutsideCycle: boolean;
}

/** A new donor's row: its compliance (with its commitment as the whole aggregate) and cycle; null when it passes. */
export function donorRowProblem(campaign: BookCampaign, values: DonorImportValues, options: CheckOptions): string | null {
  const d = values.donor;
  const rules = { contributorType: d.contributor_type, eligibility: d.eligibility, country: d.country, state: d.state, city: d.city, zip: d.zip, district: d.district };
  if (values.pledge && !options.confirmOutsideCycle && !inCycle(campaign.cycle, values.pledge.commitment_date)) return REASONS.outsideCycle;
  const counts = values.pledge && inCycle(campaign.cycle, values.pledge.commitment_date) ? values.pledge.commitment_amount_cents : 0;
  try {
    assertContributionAllowed(campaign, rules, 0, counts);
    return null;
  } catch (error) {
    return refusal(error);
  }
}

/** The keys a donor is recognised by: e-mail, phone, and name|zip when it has neither. */
export function donorKeys(d: { donor_email: string | null; donor_phone: string | null; name: string; zip: string | null }): string[] {
  const keys: string[] = [];
  if (d.donor_email) keys.push(`e:${d.donor_email}`);
  if (d.donor_phone) keys.push(`p:${d.donor_phone}`);
  if (keys.length === 0) keys.push(`n:${nameZipKey(d.name, d.zip)}`);
  return keys;
}

/** The same keys of a stored donor (name|zip always: a contactless row may match it). */
export function storedDonorKeys(d: ContactDonor): string[] {
  const keys = [`n:${nameZipKey(d.name, d.zip)}`];
  if (d.donorEmail) keys.push(`e:${d.donorEmail}`);
  if (d.donorPhone) keys.push(`p:${d.donorPhone}`);
  return keys;
}

// ── payments ─────────────────────────────────────────────────────────────────────────────────

/** What a payment plan reads and changes of one donor. */
export interface DonorBook {
  donor: ContactDonor;
  /** What counts against the limit this cycle (net paid + outstanding pledges). */
  aggregate: number;
  /** Cash this cycle, net of refunds. */
  cash: number;
  /** Open pledges oldest first, with what remains on each. */
  pledges: OpenPledge[];
}

/** Finds a payment's donor: by e-mail, else phone, else name and ZIP when one donor alone has them. */
export function resolvePaymentDonor(
  values: PaymentImportValues,
  index: { byEmail: Map<string, ContactDonor>; byPhone: Map<string, ContactDonor>; byNameZip: Map<string, ContactDonor[]> },
): { donor: ContactDonor } | { reason: string } {
  const byEmail = values.donor_email ? index.byEmail.get(values.donor_email) : undefined;
  if (byEmail) return { donor: byEmail };
  const byPhone = values.donor_phone ? index.byPhone.get(values.donor_phone) : undefined;
  if (byPhone) return { donor: byPhone };
  if (values.name) {
    const named = index.byNameZip.get(nameZipKey(values.name, values.zip)) ?? [];
    if (named.length === 1) return { donor: named[0]! };
    if (named.length > 1) return { reason: REASONS.donorAmbiguous };
  }
  return { reason: REASONS.donorNotFound };
}

export type PaymentPlan = { ok: true; donations: ImportedDonation[] } | { ok: false; reason: string };

/**
 * Shares a payment between the donor's open pledges (oldest first) and a gift for the rest, checks
 * it as manual entry would (what it adds to the cycle's aggregate against the limit, the cash cap on
 * the whole payment, the cycle), and on success updates `book` as the write will.
 */
export function planPayment(campaign: BookCampaign, book: DonorBook, rowNumber: number, values: PaymentImportValues, options: CheckOptions): PaymentPlan {
  const date = values.paying_date;
  const dated = inCycle(campaign.cycle, date);
  if (!dated && !options.confirmOutsideCycle) return { ok: false, reason: REASONS.outsideCycle };
  let rest = values.paid_amount_cents;
  let increase = 0;
  const parts: { pledge: OpenPledge | null; amount: number }[] = [];
  for (const pledge of book.pledges) {
    if (rest <= 0) break;
    if (pledge.remainingCents <= 0) continue;
    const amount = Math.min(rest, pledge.remainingCents);
    parts.push({ pledge, amount });
    increase += (dated ? amount : 0) - (inCycle(campaign.cycle, pledge.commitmentDate) ? amount : 0);
    rest -= amount;
  }
  if (rest > 0) {
    parts.push({ pledge: null, amount: rest });
    increase += dated ? rest : 0;
  }
  const cash = values.payment_method === 'cash' && dated ? { cash_aggregate_cents: book.cash, cash_amount_cents: values.paid_amount_cents } : undefined;
  try {
    assertContributionAllowed(campaign, book.donor, book.aggregate, increase, cash);
  } catch (error) {
    return { ok: false, reason: refusal(error) };
  }
  book.aggregate += increase;
  if (cash) book.cash += values.paid_amount_cents;
  for (const part of parts) if (part.pledge) part.pledge.remainingCents -= part.amount;
  return {
    ok: true,
    donations: parts.map((part, index) => ({
      rowNumber,
      part: index + 1,
      donorId: book.donor.id,
      pledgeId: part.pledge?.id ?? null,
      payingDate: date,
      amountCents: part.amount,
      paymentMethod: values.payment_method,
      checkNumber: values.payment_method === 'check' ? values.check_number : null,
      referenceNumber: values.reference_number,
      recipient: values.recipient,
      memo: values.memo,
    })),
  };
}
