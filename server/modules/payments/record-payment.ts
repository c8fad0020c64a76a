/**
 * Recording a captured payment, exactly once, whoever gets there first (the donor's browser, the
 * webhook, the reconciliation job): the payment row is locked and a completed one is left alone; the
 * donation's external_ref (the capture id) is unique too. A gift finds its donor (the pledge's, or by
 * e-mail / phone) or makes one, records the donation (method paypal), and queues the receipt e-mail in
 * the same transaction, with the campaign's legal notices. A gift through a pledge link records the
 * address, employer and occupation the donor paid with on the pledge's donor (their contributor
 * information for this contribution), with the audit row of a donor edit. A package purchase starts
 * or extends the package.
 * Money has moved by then: a capture is recorded even if the payment had been marked failed.
 */
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../domain/money';
import { noticeLines, type GivingNotices } from '../../../domain/payments/giving-notices';
import { isoDay } from '../../../domain/dates';
import type { Tx } from '../../db/executor';
import { applyPackage } from '../campaign/package-service';
import { findCampaignById } from '../campaign/repository';
import { auditBook } from '../book/book-audit';
import { keepDonationMatches } from '../book/donation-matches';
import { insertDonor, lockDonor, updateDonor, type DonorRecord } from '../donors/donor-repository';
import { donorSnapshot } from '../donors/donor-view';
import { insertDonation } from '../donations/repository';
import { donationSnapshot } from '../donations/view';
import { displayDate } from '../follow-up/reminder-message';
import { findGivingPage } from './gateway-repository';
import { existingDonor } from './gift-check';
import { campaignNotices } from './giving-notices';
import { contributorChanges, donorDetailsOf, newDonorValues } from './online-donor';
import { lockDonorEmail, lockPayment, nextReceiptNumber, updatePayment, type PaymentRecord } from './payment-repository';

export interface CapturedMoney {
  captureId: string;
  amountCents: number;
}

async function donorFor(tx: Tx, payment: PaymentRecord, now: Date): Promise<DonorRecord> {
  const details = donorDetailsOf(payment.donorDetails);
  await lockDonorEmail(tx, payment.campaignId, details.email);
  const found = await existingDonor(tx, payment.campaignId, details, payment.donorId);
  if (found) {
    const donor = (await lockDonor(tx, payment.campaignId, found.id)) ?? found;
    // Only the holder of the pledge's signed link speaks for its donor; an e-mail typed on the public page does not.
    return payment.pledgeId && payment.donorId === donor.id ? recordContributorChanges(tx, payment, donor, now) : donor;
  }
  const donor = await insertDonor(tx, { ...newDonorValues(details), campaignId: payment.campaignId, createdBy: null, createdAt: now, updatedAt: now });
  await auditBook(tx, { campaignId: payment.campaignId, actorId: null, action: 'donor.created', entity: 'donor', entityId: donor.id, before: null, after: { name: donor.name, source: 'online' } }, now);
  return donor;
}

/** The address, employer and occupation the pledge's donor paid with, on the donor (audited as a donor edit). */
async function recordContributorChanges(tx: Tx, payment: PaymentRecord, donor: DonorRecord, now: Date): Promise<DonorRecord> {
  const changes = contributorChanges(donor, donorDetailsOf(payment.donorDetails));
  if (!changes) return donor;
  const after = await updateDonor(tx, payment.campaignId, donor.id, changes, now);
  if (!after) return donor;
  await auditBook(
    tx,
    { campaignId: payment.campaignId, actorId: null, action: 'donor.updated', entity: 'donor', entityId: donor.id, before: donorSnapshot(donor), after: donorSnapshot(after), extra: { source: 'online', payment_id: payment.id } },
    now,
  );
  return after;
}

function receiptEmail(input: { to: string; donorName: string; campaignName: string; amountCents: number; receipt: string; day: string; testMode: boolean; slugUrl: string; notices: GivingNotices | null }) {
  const lines = [
    `Dear ${input.donorName},`,
    '',
    `Thank you for your contribution of ${formatCents(input.amountCents)} to ${input.campaignName}.`,
    '',
    `Receipt number: ${input.receipt}`,
    `Date: ${displayDate(input.day)}`,
    `Amount: ${formatCents(input.amountCents)}`,
    'Paid with: PayPal',
    ...(input.testMode ? ['', 'Test payments: no money moves. This gift was made on a test gateway.'] : []),
    '',
    'Please keep this receipt for your records.',
    input.slugUrl,
    '',
    input.campaignName,
    ...(input.notices ? ['', ...noticeLines(input.notices)] : []),
  ];
  return { channel: 'email' as const, recipient: input.to, subject: `${input.campaignName}: receipt ${input.receipt}`, body: lines.join('\n'), purpose: 'donation_receipt' };
}

async function recordGift(app: FastifyInstance, tx: Tx, payment: PaymentRecord, money: CapturedMoney, now: Date): Promise<PaymentRecord> {
  const campaign = await findCampaignById(tx, payment.campaignId);
  const donor = await donorFor(tx, payment, now);
  const receipt = await nextReceiptNumber(tx);
  const day = isoDay(now);
  const donation = await insertDonation(tx, {
    campaignId: payment.campaignId,
    donorId: donor.id,
    pledgeId: payment.pledgeId,
    payingDate: day,
    paidAmountCents: money.amountCents,
    paymentMethod: 'paypal',
    referenceNumber: money.captureId,
    checkNumber: null,
    recipient: null,
    memo: `Online gift, receipt ${receipt}`,
    source: 'online',
    externalRef: `paypal:${money.captureId}`,
    createdBy: null,
    createdAt: now,
    updatedAt: now,
  });
  await auditBook(tx, { campaignId: payment.campaignId, actorId: null, action: 'donation.created', entity: 'donation', entityId: donation.id, before: null, after: { ...donationSnapshot(donation), payment_id: payment.id } }, now);
  await keepDonationMatches(tx, payment.campaignId);
  const details = donorDetailsOf(payment.donorDetails);
  const notices = campaign ? (await campaignNotices(tx, campaign, await findGivingPage(tx, campaign.id))).notices : null;
  await app.outbox.queue(
    tx,
    receiptEmail({
      to: details.email,
      donorName: donor.name,
      campaignName: campaign?.campaignName ?? '',
      amountCents: money.amountCents,
      receipt,
      day,
      testMode: payment.mode === 'local',
      slugUrl: campaign ? `${app.config.publicUrl}/${campaign.slug}` : app.config.publicUrl,
      notices,
    }),
  );
  return updatePayment(
    tx,
    payment.id,
    { status: 'completed', captureId: money.captureId, donorId: donor.id, donationId: donation.id, receiptNumber: receipt, completedAt: now, failureCode: null },
    now,
  );
}

async function recordPackage(tx: Tx, payment: PaymentRecord, money: CapturedMoney, now: Date): Promise<PaymentRecord> {
  const receipt = await nextReceiptNumber(tx);
  await applyPackage(tx, payment.campaignId, payment.packageYears ?? 1, {
    source: 'purchase',
    amountCents: money.amountCents,
    actorId: payment.createdBy,
    now,
    paymentId: payment.id,
    details: { payment_id: payment.id, receipt_number: receipt },
  });
  return updatePayment(tx, payment.id, { status: 'completed', captureId: money.captureId, receiptNumber: receipt, completedAt: now, failureCode: null }, now);
}

/** Records the capture of `paymentId` unless it is recorded already; answers the payment as it stands. */
export async function recordCapture(app: FastifyInstance, paymentId: string, money: CapturedMoney): Promise<PaymentRecord | null> {
  const now = app.clock.now();
  const recorded = await app.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment || payment.status === 'completed') return { payment, fresh: false };
    if (money.amountCents !== payment.amountCents) app.log.error({ paymentId, expected: payment.amountCents, captured: money.amountCents }, 'captured amount differs from the order');
    const done = payment.kind === 'package' ? await recordPackage(tx, payment, money, now) : await recordGift(app, tx, payment, money, now);
    return { payment: done, fresh: true };
  });
  if (recorded.fresh) app.log.info({ paymentId, captureId: money.captureId, campaignId: recorded.payment?.campaignId }, 'online payment recorded');
  return recorded.payment;
}
