/**
 * Completing an approved payment: claim it (re-check the gift under the donor's lock; nothing is
 * captured when the limit would now be passed), capture it at PayPal (PayPal-Request-Id per payment:
 * two tries capture once), record it (record-payment.ts). The donor's browser (/payment-success), the
 * CHECKOUT.ORDER.APPROVED webhook and the reconciliation job all come through here.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentStatusView } from '../../../domain/payments/api-contract';
import { isoDay } from '../../../domain/validation/donors';
import { AppError, fail } from '../../plugins/errors';
import { findCampaignById } from '../campaign/repository';
import { checkOnlineGift } from './gift-check';
import { donorDetailsOf } from './online-donor';
import { findGateway } from './gateway-repository';
import { gatewayAccount, platformAccount, type PaypalAccount } from './paypal-gateway';
import { PaypalError, PaypalUnavailable, capturesOf, valueToCents, type PaypalOrder } from './paypal-client';
import { findPayment, lockDonorEmail, lockPayment, transitionPayment, updatePayment, type PaymentPatch, type PaymentRecord } from './payment-repository';
import { recordCapture } from './record-payment';

const FINAL = new Set(['completed', 'declined', 'cancelled', 'expired']);

/** The account a payment was made through. */
export async function accountOf(app: FastifyInstance, payment: PaymentRecord): Promise<PaypalAccount> {
  if (payment.kind === 'package') {
    const account = platformAccount(app);
    if (!account) throw fail(409, 'GATEWAY_NOT_CONFIGURED');
    return account;
  }
  const gateway = await findGateway(app.db, payment.campaignId);
  if (!gateway) throw fail(409, 'GATEWAY_NOT_CONFIGURED');
  return gatewayAccount(app, gateway);
}

/** The completed capture of an order, if any. */
export function completedCapture(order: PaypalOrder): { captureId: string; amountCents: number } | null {
  const capture = capturesOf(order).find((c) => c.status === 'COMPLETED' || c.status === 'PARTIALLY_REFUNDED' || c.status === 'REFUNDED');
  return capture ? { captureId: capture.id, amountCents: valueToCents(capture.amount.value) } : null;
}

/**
 * Claims the payment for capture: created/approved → capturing, after the gift's check under the
 * donor's lock. A refused check ends the payment failed (with the catalogue code) and throws it.
 */
async function claim(app: FastifyInstance, paymentId: string): Promise<PaymentRecord> {
  const now = app.clock.now();
  let refusal: AppError | null = null;
  const payment = await app.db.transaction(async (tx) => {
    const row = await lockPayment(tx, paymentId);
    if (!row) throw fail(404, 'PAYMENT_NOT_FOUND');
    if (row.status !== 'created' && row.status !== 'approved') return row;
    if (row.kind === 'donation') {
      const details = donorDetailsOf(row.donorDetails);
      await lockDonorEmail(tx, row.campaignId, details.email);
      try {
        await checkOnlineGift(tx, row.campaignId, { amountCents: row.amountCents, details, pledgeId: row.pledgeId, paymentId: row.id, today: isoDay(now) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refusal = error;
        return updatePayment(tx, row.id, { status: 'failed', failureCode: error.code }, now);
      }
    }
    return updatePayment(tx, row.id, { status: 'capturing' }, now);
  });
  if (refusal) throw refusal;
  return payment;
}

/** Ends a capture that took no money: capturing → `patch.status`; answers the payment as it stands. */
async function endCapture(app: FastifyInstance, paymentId: string, patch: PaymentPatch): Promise<PaymentRecord> {
  return (await transitionPayment(app.db, paymentId, ['capturing'], patch, app.clock.now())) ?? (await findPayment(app.db, paymentId))!;
}

/** Captures a claimed payment at PayPal and records it; answers the payment as it ends. */
export async function completePayment(app: FastifyInstance, paymentId: string): Promise<PaymentRecord> {
  const claimed = await claim(app, paymentId);
  if (FINAL.has(claimed.status) || claimed.status === 'failed' || !claimed.orderId) return claimed;
  const account = await accountOf(app, claimed);
  let order: PaypalOrder;
  try {
    order = await account.client.captureOrder(claimed.orderId, `capture-${claimed.id}`);
  } catch (error) {
    if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
      order = await account.client.getOrder(claimed.orderId);
    } else if (error instanceof PaypalError && (error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'PAYER_ACTION_REQUIRED' || error.issue === 'TRANSACTION_REFUSED')) {
      return endCapture(app, claimed.id, { status: 'declined', failureCode: 'PAYMENT_DECLINED' });
    } else if (error instanceof PaypalError && error.issue === 'ORDER_NOT_APPROVED') {
      return endCapture(app, claimed.id, { status: 'created', failureCode: 'PAYMENT_NOT_APPROVED' });
    } else {
      // Unknown whether PayPal captured: told as failed; a capture that did happen is still recorded
      // when its webhook arrives or the reconciliation reads the order.
      app.log.warn({ err: error, paymentId }, 'capture did not complete');
      const code = error instanceof PaypalUnavailable ? 'PAYMENT_PROVIDER_UNAVAILABLE' : 'PAYMENT_DECLINED';
      return endCapture(app, claimed.id, { status: 'failed', failureCode: code });
    }
  }
  const capture = completedCapture(order);
  if (!capture) return endCapture(app, claimed.id, { status: 'declined', failureCode: 'PAYMENT_DECLINED' });
  return (await recordCapture(app, claimed.id, capture)) ?? claimed;
}

export async function paymentStatusView(app: FastifyInstance, payment: PaymentRecord): Promise<PaymentStatusView> {
  const campaign = await findCampaignById(app.db, payment.campaignId);
  return {
    payment_id: payment.id,
    kind: payment.kind as PaymentStatusView['kind'],
    status: payment.status === 'capturing' ? 'approved' : (payment.status as PaymentStatusView['status']),
    amount_cents: payment.amountCents,
    refunded_cents: payment.refundedCents,
    campaign_name: campaign?.campaignName ?? '',
    slug: campaign?.slug ?? '',
    receipt_number: payment.receiptNumber,
    failure_code: payment.failureCode,
    completed_at: payment.completedAt?.toISOString() ?? null,
    test_mode: payment.mode === 'local',
  };
}

/** The payment the browser names: its id and its order id must go together (both came back from PayPal). */
export async function paymentOfBrowser(app: FastifyInstance, paymentId: string, orderId: string): Promise<PaymentRecord> {
  const payment = await findPayment(app.db, paymentId);
  if (!payment || payment.orderId !== orderId) throw fail(404, 'PAYMENT_NOT_FOUND');
  return payment;
}

/** POST /payment/capture: the donor is back from PayPal. Answers the receipt, or the reason it failed. */
export async function captureFromBrowser(app: FastifyInstance, paymentId: string, orderId: string): Promise<PaymentStatusView> {
  await paymentOfBrowser(app, paymentId, orderId);
  const done = await completePayment(app, paymentId);
  if (done.status === 'completed') return paymentStatusView(app, done);
  if (done.status === 'cancelled') throw fail(409, 'PAYMENT_CANCELLED');
  if (done.status === 'created') throw fail(409, 'PAYMENT_NOT_APPROVED');
  if (done.status === 'capturing') throw fail(502, 'PAYMENT_PROVIDER_UNAVAILABLE');
  const code = done.failureCode ?? 'PAYMENT_DECLINED';
  throw fail(code === 'PAYMENT_PROVIDER_UNAVAILABLE' ? 502 : code === 'PAYMENT_DECLINED' ? 402 : 422, code as 'PAYMENT_DECLINED');
}

/** POST /payment/cancel: the donor cancelled at PayPal; a payment not captured is closed. */
export async function cancelFromBrowser(app: FastifyInstance, paymentId: string, orderId: string): Promise<PaymentStatusView> {
  await paymentOfBrowser(app, paymentId, orderId);
  const row = (await transitionPayment(app.db, paymentId, ['created', 'approved'], { status: 'cancelled', failureCode: 'PAYMENT_CANCELLED' }, app.clock.now())) ?? (await findPayment(app.db, paymentId))!;
  return paymentStatusView(app, row);
}
