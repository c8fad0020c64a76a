/**
 * The compliance check of an online gift, the same rules as a gift typed by staff: the donor is the
 * pledge's donor (a pledge link) or the campaign's donor with this e-mail or phone, or a new individual.
 * What counts against the limit: the donor's aggregate for the cycle, plus online gifts of the same
 * e-mail whose capture is under way. A payment towards a pledge may not exceed what remains on it, and
 * adds to the aggregate only what goes beyond the pledge's open amount (none).
 * Called once before the order is made and again, under the donor's (and the pledge's) lock, just
 * before the capture: a pledge paid in the meantime (another tab, a check recorded by staff) is not
 * captured again.
 */
import type { DonorDetailsBody } from '../../../domain/payments/api-contract';
import { storedPhone } from '../../../domain/phone';
import type { Executor } from '../../db/executor';
import { fail } from '../../plugins/errors';
import { loadBookCampaign, inCycle } from '../book/book-campaign';
import { assertContributionAllowed } from '../book/contribution-check';
import { findDonor, findDuplicateDonor, type DonorRecord } from '../donors/donor-repository';
import { findPledge, pledgeInFlightCents } from '../pledges/pledge-repository';
import { donorAggregateCents } from '../donations/repository';
import { countryOf, newDonorRules } from './online-donor';
import { capturingCents } from './payment-repository';

const NO_PAYMENT = '00000000-0000-0000-0000-000000000000';

export interface GiftInput {
  amountCents: number;
  details: DonorDetailsBody;
  pledgeId: string | null;
  /** The payment being checked (left out of the captures under way). */
  paymentId: string | null;
  /** The gift's date ('YYYY-MM-DD'): today. */
  today: string;
}

/** The campaign's donor this gift belongs to, if there is one. */
export async function existingDonor(db: Executor, campaignId: string, details: DonorDetailsBody, pledgeDonorId: string | null): Promise<DonorRecord | null> {
  if (pledgeDonorId) return findDonor(db, campaignId, pledgeDonorId);
  const match = await findDuplicateDonor(db, campaignId, { email: details.email.trim().toLowerCase(), phone: storedPhone(details.phone, countryOf(details)) });
  return match ? findDonor(db, campaignId, match.id) : null;
}

export async function checkOnlineGift(db: Executor, campaignId: string, input: GiftInput): Promise<void> {
  const book = await loadBookCampaign(db, campaignId);
  let increase = inCycle(book.cycle, input.today) ? input.amountCents : 0;
  let pledgeDonorId: string | null = null;
  if (input.pledgeId) {
    const found = await findPledge(db, campaignId, input.pledgeId);
    if (!found || found.pledge.writtenOffAt) throw fail(400, 'PAYMENT_LINK_INVALID');
    // What remains: less what is paid, and less other online payments towards it whose money is on its way.
    const inFlight = await pledgeInFlightCents(db, campaignId, input.pledgeId, input.paymentId ?? null);
    const remaining = Math.max(0, found.pledge.commitmentAmountCents - found.pledge.paidCents - inFlight);
    if (remaining === 0) throw fail(422, 'PLEDGE_ALREADY_PAID');
    if (input.amountCents > remaining) throw fail(422, 'DONATION_EXCEEDS_PLEDGE', { remaining_cents: remaining });
    pledgeDonorId = found.pledge.donorId;
    if (inCycle(book.cycle, found.pledge.commitmentDate)) increase -= Math.min(input.amountCents, remaining);
  }
  const donor = await existingDonor(db, campaignId, input.details, pledgeDonorId);
  const pending = await capturingCents(db, campaignId, input.details.email, input.paymentId ?? NO_PAYMENT);
  const aggregate = (donor ? await donorAggregateCents(db, donor.id, book.cycle, null) : 0) + pending;
  assertContributionAllowed(book, donor ?? newDonorRules(input.details), aggregate, increase);
}
