/**
 * What a row must pass beyond its schema, the same rules as manual entry: the compliance engine
 * (prohibited sources, international donors, the limit, the cash cap) through
 * assertContributionAllowed, the election cycle, duplicates, and for payments the donor it names and
 * how its amount is shared between the donor's open pledges (oldest first) and a new gift.
 * Validation runs these over the whole file with an in-memory book; the import runs them again per
 * batch under the donors' locks, on what the database holds then.
 */
import { importFields } from '../../../domain/imports/fields';
import type { DonorImportValues, PaymentImportValues } from '../../../domain/imports/rows';
import { formatCents } from '../../../domain/money';
import { inCycle, type BookCampaign } from '../book/book-campaign';
import { assertContributionAllowed } from '../book/contribution-check';
import { AppError } from '../../plugins/errors';
import type { ContactDonor, ImportedDonation, OpenPledge } from './import-write-repository';
import { nameZipKey } from './import-write-repository';

const LABELS = new Map([...importFields('donor'), ...importFields('payment')].map((f) => [f.name, f.label] as const));

/** A reason that starts with the field it is about (issue 33.11): "Donor email: …". */
const on = (field: string, text: string) => `${LABELS.get(field) ?? field}: ${text}`;

export const REASONS = {
  duplicateEmail: on('donor_email', 'a donor of this campaign already has this e-mail'),
  duplicatePhone: on('donor_phone', 'a donor of this campaign already has this phone'),
  duplicateNameZip: on('name', 'a donor of this campaign already has this name and ZIP code'),
  /** A donor row whose donor was added by someone else while the file was imported. */
  duplicateAtWrite: on('donor_email', 'a donor with this e-mail or phone was added before this row could be imported'),
  outsideCommitment: on('commitment_date', "outside the campaign's election cycle"),
  outsidePayment: on('paying_date', "outside the campaign's election cycle"),
  donorNotFound: on('donor_email', 'no donor of this campaign has this e-mail, phone, or name and ZIP code'),
  donorAmbiguous: on('name', "several donors have this name and ZIP code: add the donor's e-mail or phone"),
  donorGone: on('name', 'the donor was deleted or merged before the row could be imported'),
} as const;

/** The reason of a duplicate donor row, naming the contact that matched (a donorKeys key). */
export function duplicateReason(key: string | undefined): string {
  if (key?.startsWith('e:')) return REASONS.duplicateEmail;
  if (key?.startsWith('p:')) return REASONS.duplicatePhone;
  return REASONS.duplicateNameZip;
}

/**
 * The engine's refusal of a row as a reason naming its field: the contributor type or country for a
 * prohibited source or an international donor, the payment method for the cash cap, and for the
 * limit the commitment (donor rows) or the payment (payment rows), with the room left. Rethrows
 * anything that is not a refusal.
 */
function refusal(error: unknown, row: 'donor' | 'payment'): string {
  if (!(error instanceof AppError) || error.status !== 422) throw error;
  switch (error.code) {
    case 'COMMITMENT_EXCEEDS_LIMIT': {
      const room = typeof error.details?.remaining_cents === 'number' ? ` (room left this cycle: ${formatCents(error.details.remaining_cents)})` : '';
      return row === 'donor'
        ? on('commitment_amount', `this pledge would take the donor over the donation limit${room}`)
        : on('paid_amount', `this payment would take the donor over the donation limit${room}`);
    }
    case 'INTERNATIONAL_DONOR_INDIVIDUAL_ONLY':
    case 'PROHIBITED_SOURCE':
      return on('contributor_type', error.message);
    case 'CASH_EXCEEDS_LIMIT':
      return on('payment_method', error.message);
    default:
      return error.message;
  }
}

export interface CheckOptions {
  confirmOutsideCycle: boolean;
}

/** A new donor's row: its compliance (with its commitment as the whole aggregate) and cycle; null when it passes. */
export function donorRowProblem(campaign: BookCampaign, values: DonorImportValues, options: CheckOptions): string | null {
  const d = values.donor;
  const rules = { contributorType: d.contributor_type, eligibility: d.eligibility, country: d.country, state: d.state, city: d.city, zip: d.zip, district: d.district, doingBusiness: false };
  if (values.pledge && !options.confirmOutsideCycle && !inCycle(campaign.cycle, values.pledge.commitment_date)) return REASONS.outsideCommitment;
  const counts = values.pledge && inCycle(campaign.cycle, values.pledge.commitment_date) ? values.pledge.commitment_amount_cents : 0;
  try {
    assertContributionAllowed(campaign, rules, 0, counts);
    return null;
  } catch (error) {
    return refusal(error, 'donor');
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
  if (!dated && !options.confirmOutsideCycle) return { ok: false, reason: REASONS.outsidePayment };
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
    return { ok: false, reason: refusal(error, 'payment') };
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
      intermediary: values.intermediary ?? null,
    })),
  };
}
