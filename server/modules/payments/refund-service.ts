/**
 * Refunds through PayPal, reflected in the books exactly once: a refund is a donation_refunds row keyed
 * by PayPal's refund id (unique), written by whoever learns of it first: the answer of the refund call
 * (staff pressed Refund) or the PAYMENT.CAPTURE.REFUNDED / REVERSED webhook (also refunds made in
 * PayPal's own dashboard). The donation's refunded total, the donor's figures and the campaign totals
 * follow from the row (triggers of migrations 0012 and 0016).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DonationRow } from '../../../domain/donor-book/donations-contract';
import type { RefundOnlineBody } from '../../../domain/payments/api-contract';
import { isoDay } from '../../../domain/dates';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { AppError, fail } from '../../plugins/errors';
import { assertKeyUnused, keepKey, onceForKey, type RequestKey } from '../../plugins/request-key';
import { auditBook } from '../book/book-audit';
import { keepDonationMatches } from '../book/donation-matches';
import { lockDonor } from '../donors/donor-repository';
import { findDonation, insertProviderRefund, lockDonation, refundsOfDonations } from '../donations/repository';
import { onlineFactsOfDonations } from '../donations/online-facts-repository';
import { donationSnapshot, toDonationRow } from '../donations/view';
import { accountOf } from './capture-service';
import { providerFailure } from './giving-service';
import { PaypalError, type PaypalRefund } from './paypal-client';
import { completeRefundByProviderId, findRefund, findUnansweredRefund, insertRefund, openRefundCents, updateRefund, type RefundRecord } from './refund-repository';
import { findPaymentOfDonation, lockPayment, updatePayment, type PaymentRecord } from './payment-repository';

export interface ProviderRefund {
  refundId: string;
  amountCents: number;
  reason: string;
  actorId: string | null;
}

/**
 * Books a COMPLETED provider refund of `payment` once: 'booked' by this call, 'known' (booked before,
 * or nothing left to book), or 'not-yet' (the payment's capture is not recorded yet: try again later).
 */
export async function applyProviderRefund(app: FastifyInstance, paymentId: string, refund: ProviderRefund): Promise<'booked' | 'known' | 'not-yet'> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) return 'not-yet';
    if (payment.status !== 'completed') return payment.status === 'declined' || payment.status === 'cancelled' || payment.status === 'expired' ? 'known' : 'not-yet';
    const left = payment.amountCents - payment.refundedCents;
    const amount = Math.min(refund.amountCents, left);
    if (amount <= 0) return 'known';
    if (payment.kind === 'donation' && payment.donationId) {
      const found = await findDonation(tx, payment.campaignId, payment.donationId);
      if (!found) return 'known';
      await lockDonor(tx, payment.campaignId, found.donation.donorId);
      const donation = await lockDonation(tx, payment.campaignId, payment.donationId);
      if (!donation) return 'known';
      const booked = await insertProviderRefund(tx, {
        campaignId: payment.campaignId,
        donationId: donation.id,
        amountCents: Math.min(amount, donation.paidAmountCents - donation.refundedCents),
        refundDate: isoDay(now),
        reason: refund.reason,
        createdBy: refund.actorId,
        createdAt: now,
        externalRef: `paypal:${refund.refundId}`,
      });
      if (!booked) return 'known';
      await auditBook(
        tx,
        { campaignId: payment.campaignId, actorId: refund.actorId, action: 'donation.refunded', entity: 'donation', entityId: donation.id, before: donationSnapshot(donation), after: { refund_id: refund.refundId, amount_cents: booked.amountCents, via: 'paypal' } },
        now,
      );
      await keepDonationMatches(tx, payment.campaignId);
    }
    await updatePayment(tx, payment.id, { refundedCents: payment.refundedCents + amount }, now);
    await completeRefundByProviderId(tx, refund.refundId, now);
    return 'booked';
  });
}

/** 422 REFUND_FAILED with PayPal's reason in its message. */
function refundFailed(reason: string): AppError {
  return new AppError(422, 'REFUND_FAILED', ERROR_MESSAGES.REFUND_FAILED.replace('{{reason}}', reason), { reason });
}

/** What PayPal says of a refund that did not complete, in words for staff. */
function failureReason(refund: PaypalRefund): string {
  const reason = refund.status_details?.reason;
  return reason ? `${refund.status}: ${reason}` : refund.status;
}

export type OnlineRefundAnswer = DonationRow & { online_refund: { id: string; status: 'completed' | 'pending'; amount_cents: number } };

/**
 * The refund row to ask PayPal for, under the payment's lock: a new one (its own invoice id and
 * PayPal-Request-Id), or the one of this amount whose answer never came (a retried press asks the
 * same refund again). With an Idempotency-Key the key names the row, so a retry of an answered
 * press replays it instead of refunding twice.
 */
async function refundToAsk(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: RefundOnlineBody, payment: PaymentRecord, key: RequestKey | null): Promise<RefundRecord> {
  return app.db.transaction(async (tx) => {
    await lockPayment(tx, payment.id);
    await assertKeyUnused(tx, ctx.id, key);
    const found = await findDonation(tx, ctx.id, body.donation_id.toLowerCase());
    if (!found) throw fail(404, 'DONATION_NOT_FOUND');
    const open = await openRefundCents(tx, ctx.id, payment.id);
    const refundable = found.donation.paidAmountCents - found.donation.refundedCents;
    if (refundable <= 0) throw fail(409, 'DONATION_ALREADY_REFUNDED');
    const amount = body.amount_cents ?? refundable - open;
    const unanswered = await findUnansweredRefund(tx, ctx.id, payment.id, amount);
    if (!unanswered && (amount <= 0 || amount > refundable - open)) throw fail(422, 'REFUND_EXCEEDS_PAID', { refundable_cents: Math.max(0, refundable - open) });
    const row = unanswered ?? (await insertRefund(tx, { id: randomUUID(), campaignId: ctx.id, paymentId: payment.id, amountCents: amount, reason: body.reason.trim(), createdBy: auth.id }, app.clock.now()));
    await keepKey(tx, ctx.id, key, row.id);
    return row;
  });
}

/** Asks PayPal for the refund `row` names (same PayPal-Request-Id on every try) and books what it answers. */
async function askPaypal(app: FastifyInstance, auth: AuthUser, body: RefundOnlineBody, payment: PaymentRecord, row: RefundRecord): Promise<{ id: string; status: 'completed' | 'pending' }> {
  const account = await accountOf(app, payment);
  let refund: PaypalRefund;
  try {
    refund = await account.client.refundCapture(payment.captureId!, { requestId: row.requestId, amountCents: row.amountCents, invoiceId: row.invoiceId, note: body.reason });
  } catch (error) {
    if (error instanceof PaypalError && error.status === 422) {
      const reason = error.issue ?? error.name;
      await updateRefund(app.db, row.id, { status: 'failed', failureReason: reason }, app.clock.now());
      throw refundFailed(reason);
    }
    providerFailure(error); // the row stays 'requested': a retry asks PayPal the same refund
  }
  if (refund.status === 'COMPLETED') {
    await updateRefund(app.db, row.id, { status: 'completed', providerRefundId: refund.id }, app.clock.now());
    await applyProviderRefund(app, payment.id, { refundId: refund.id, amountCents: row.amountCents, reason: body.reason.trim(), actorId: auth.id });
    return { id: refund.id, status: 'completed' };
  }
  if (refund.status === 'PENDING') {
    await updateRefund(app.db, row.id, { status: 'pending', providerRefundId: refund.id }, app.clock.now());
    return { id: refund.id, status: 'pending' };
  }
  const reason = failureReason(refund);
  await updateRefund(app.db, row.id, { status: 'failed', providerRefundId: refund.id, failureReason: reason }, app.clock.now());
  throw refundFailed(reason);
}

/**
 * POST /payment/refund: refunds (part of) an online donation through PayPal. Each refund is a
 * payment_refunds row with its own invoice id and PayPal-Request-Id (a retried press whose answer
 * never came asks the same refund again). Booked only when PayPal answers COMPLETED; PENDING is kept
 * pending (booked by PAYMENT.CAPTURE.REFUNDED once complete); FAILED / CANCELLED / a 422 book nothing
 * and say why (REFUND_FAILED). With an Idempotency-Key (plugins/request-key.ts) a retry answers the
 * first press's refund as it stands (asking PayPal again, with the same request id, only while that
 * refund has no answer yet); the same key with another body is 422 IDEMPOTENCY_KEY_REUSED.
 */
export async function refundOnline(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: RefundOnlineBody, key: RequestKey | null = null): Promise<OnlineRefundAnswer> {
  const donationId = body.donation_id.toLowerCase();
  const payment: PaymentRecord | null = await findPaymentOfDonation(app.db, ctx.id, donationId);
  if (!(await findDonation(app.db, ctx.id, donationId))) throw fail(404, 'DONATION_NOT_FOUND');
  if (!payment || payment.status !== 'completed' || !payment.captureId) throw fail(422, 'REFUND_NOT_ONLINE');
  const row = await onceForKey(
    key,
    () => refundToAsk(app, ctx, auth, body, payment, key),
    async (refundId) => (await findRefund(app.db, ctx.id, refundId))!,
  );
  let answered: { id: string; status: 'completed' | 'pending' };
  if (row.status === 'requested') answered = await askPaypal(app, auth, body, payment, row);
  else if (row.status === 'failed') throw refundFailed(row.failureReason ?? 'FAILED');
  else answered = { id: row.providerRefundId!, status: row.status === 'completed' ? 'completed' : 'pending' };
  const after = (await findDonation(app.db, ctx.id, donationId))!;
  const [refunds, online] = await Promise.all([refundsOfDonations(app.db, ctx.id, [donationId]), onlineFactsOfDonations(app.db, ctx.id, [donationId])]);
  return { ...toDonationRow(after.donation, after.donorName, refunds.get(donationId) ?? [], online.get(donationId)), online_refund: { ...answered, amount_cents: row.amountCents } };
}
