/**
 * Completing an approved payment: claim it (re-check the gift under the donor's lock; nothing is
 * captured when the limit would now be passed), capture it at PayPal (PayPal-Request-Id per payment:
 * two tries capture once), record it (record-payment.ts). The donor's browser (/payment-success), the
 * CHECKOUT.ORDER.APPROVED webhook and the reconciliation job all come through here.
 *
 * What PayPal's answer does to the payment (docs/online-payments.md):
 *   capture COMPLETED                  → completed (the donation and the receipt, once)
 *   capture PENDING                    → pending (not raised yet; counts against the donor's limit room)
 *   capture DECLINED / FAILED          → declined (nothing charged)
 *   422 INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED, REDIRECT_PAYER_FOR_ALTERNATE_FUNDING
 *                                      → created again: the donor goes back to PayPal for the same order
 *   no answer, 5xx, or any other error → unknown (never failed): the reconciliation re-reads the order
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentStatusView } from '../../../domain/payments/api-contract';
import { isoDay } from '../../../domain/dates';
import { AppError, fail } from '../../plugins/errors';
import { findCampaignById } from '../campaign/repository';
import { checkOnlineGift } from './gift-check';
import { donorDetailsOf } from './online-donor';
import { findGateway } from './gateway-repository';
import { gatewayAccount, platformAccount, type PaypalAccount } from './paypal-gateway';
import { PaypalError, approveLinkOf, capturesOf, valueToCents, type PaypalOrder } from './paypal-client';
import { lockPledge } from '../pledges/pledge-repository';
import { findPayment, lockDonorEmail, lockPayment, transitionPayment, updatePayment, type PaymentPatch, type PaymentRecord } from './payment-repository';
import { recordCapture } from './record-payment';

const FINAL = new Set(['completed', 'declined', 'cancelled', 'expired']);
/** PayPal's documented capture issues after which the payer chooses another funding source on the same order. */
const CHOOSE_AGAIN = new Set(['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING']);
/** Statuses in which the capture may have happened or is on its way. */
export const IN_FLIGHT = ['capturing', 'unknown', 'pending'] as const;

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

/** What an order read from PayPal says about its money. */
export type OrderOutcome =
  | { kind: 'captured'; captureId: string; amountCents: number }
  | { kind: 'pending'; captureId: string }
  | { kind: 'declined' }
  | { kind: 'approved' }
  | { kind: 'waiting' }
  | { kind: 'voided' };

export function outcomeOf(order: PaypalOrder): OrderOutcome {
  const done = completedCapture(order);
  if (done) return { kind: 'captured', ...done };
  const captures = capturesOf(order);
  const pending = captures.find((c) => c.status === 'PENDING');
  if (pending) return { kind: 'pending', captureId: pending.id };
  if (captures.some((c) => c.status === 'DECLINED' || c.status === 'FAILED')) return { kind: 'declined' };
  if (order.status === 'APPROVED') return { kind: 'approved' };
  if (order.status === 'VOIDED') return { kind: 'voided' };
  return { kind: 'waiting' };
}

/**
 * Applies what PayPal says about an order whose capture was asked for (`from`: the statuses the payment
 * may be in): records a completed capture once, marks a pending one pending, releases a declined one.
 * Answers null when PayPal's answer says nothing final (the order is still approved or waiting).
 */
export async function settleFromOrder(app: FastifyInstance, payment: PaymentRecord, order: PaypalOrder, from: readonly string[]): Promise<PaymentRecord | null> {
  const outcome = outcomeOf(order);
  const now = app.clock.now();
  switch (outcome.kind) {
    case 'captured':
      return recordCapture(app, payment.id, outcome);
    case 'pending':
      return (await transitionPayment(app.db, payment.id, from, { status: 'pending', captureId: outcome.captureId, failureCode: 'PAYMENT_PENDING' }, now)) ?? findPayment(app.db, payment.id);
    case 'declined':
      return (await transitionPayment(app.db, payment.id, from, { status: 'declined', failureCode: 'PAYMENT_DECLINED' }, now)) ?? findPayment(app.db, payment.id);
    default:
      return null;
  }
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
      // Two tabs paying one pledge link claim one after the other; the second sees the first in flight.
      if (row.pledgeId) await lockPledge(tx, row.campaignId, row.pledgeId);
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
  return (await capturePayment(app, paymentId)).payment;
}

/** completePayment, with where to send the payer when PayPal asks them to choose another funding source. */
async function capturePayment(app: FastifyInstance, paymentId: string): Promise<{ payment: PaymentRecord; redirectUrl?: string }> {
  let redirectUrl: string | undefined;
  const payment = await captureClaimed(app, paymentId, (url) => {
    redirectUrl = url;
  });
  return { payment, ...(redirectUrl ? { redirectUrl } : {}) };
}

async function captureClaimed(app: FastifyInstance, paymentId: string, onRedirect: (url: string) => void): Promise<PaymentRecord> {
  const claimed = await claim(app, paymentId);
  if (FINAL.has(claimed.status) || claimed.status !== 'capturing' || !claimed.orderId) return claimed;
  const account = await accountOf(app, claimed);
  let order: PaypalOrder;
  try {
    try {
      order = await account.client.captureOrder(claimed.orderId, `capture-${claimed.id}`);
    } catch (error) {
      if (!(error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED')) throw error;
      order = await account.client.getOrder(claimed.orderId);
    }
  } catch (error) {
    if (error instanceof PaypalError && error.issue !== null && CHOOSE_AGAIN.has(error.issue)) {
      // PayPal: send the payer back to choose another funding source for the same order.
      const redirect = error.links.find((l) => l.rel === 'redirect' || l.rel === 'payer-action' || l.rel === 'approve');
      if (redirect) onRedirect(redirect.href);
      return endCapture(app, claimed.id, { status: 'created', failureCode: 'PAYMENT_CHOOSE_ANOTHER_SOURCE' });
    }
    if (error instanceof PaypalError && error.issue === 'TRANSACTION_REFUSED') {
      return endCapture(app, claimed.id, { status: 'declined', failureCode: 'PAYMENT_DECLINED' });
    }
    if (error instanceof PaypalError && error.issue === 'ORDER_NOT_APPROVED') {
      return endCapture(app, claimed.id, { status: 'created', failureCode: 'PAYMENT_NOT_APPROVED' });
    }
    // Whether PayPal captured is unknown (no answer, a 5xx, a refusal that is not a decline): never
    // "failed". The reconciliation re-reads the order until PayPal says what happened.
    app.log.warn({ err: error, paymentId }, 'capture outcome unknown; the reconciliation reads the order again');
    return endCapture(app, claimed.id, { status: 'unknown', failureCode: 'PAYMENT_OUTCOME_UNKNOWN' });
  }
  const settled = await settleFromOrder(app, claimed, order, ['capturing']);
  return settled ?? endCapture(app, claimed.id, { status: 'unknown', failureCode: 'PAYMENT_OUTCOME_UNKNOWN' });
}

/** The status a donor or a client sees ('capturing' is an inner step of 'approved'). */
export function visibleStatus(status: string): PaymentStatusView['status'] {
  return status === 'capturing' ? 'approved' : (status as PaymentStatusView['status']);
}

export async function paymentStatusView(app: FastifyInstance, payment: PaymentRecord): Promise<PaymentStatusView> {
  const campaign = await findCampaignById(app.db, payment.campaignId);
  return {
    payment_id: payment.id,
    kind: payment.kind as PaymentStatusView['kind'],
    status: visibleStatus(payment.status),
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

/**
 * POST /payment/capture: the donor is back from PayPal. Answers the receipt (200); a payment whose
 * outcome PayPal has not told yet (unknown, pending) answers 202 with its status, so the donor is told
 * we are confirming it (never to pay again); otherwise the reason it did not complete.
 */
export async function captureFromBrowser(app: FastifyInstance, paymentId: string, orderId: string): Promise<{ status: 200 | 202; view: PaymentStatusView }> {
  await paymentOfBrowser(app, paymentId, orderId);
  const { payment: done, redirectUrl } = await capturePayment(app, paymentId);
  if (done.status === 'completed') return { status: 200, view: await paymentStatusView(app, done) };
  if (done.status === 'unknown' || done.status === 'pending' || done.status === 'capturing') return { status: 202, view: await paymentStatusView(app, done) };
  if (done.status === 'cancelled') throw fail(409, 'PAYMENT_CANCELLED');
  if (done.status === 'created' && done.failureCode === 'PAYMENT_CHOOSE_ANOTHER_SOURCE') {
    let approveUrl = redirectUrl ?? null;
    if (!approveUrl) {
      const order = await (await accountOf(app, done)).client.getOrder(orderId).catch(() => null);
      approveUrl = order ? approveLinkOf(order) : null;
    }
    throw fail(402, 'PAYMENT_CHOOSE_ANOTHER_SOURCE', approveUrl ? { approve_url: approveUrl } : {});
  }
  if (done.status === 'created') throw fail(409, 'PAYMENT_NOT_APPROVED');
  const code = done.failureCode ?? 'PAYMENT_DECLINED';
  throw fail(code === 'PAYMENT_PROVIDER_UNAVAILABLE' ? 502 : code === 'PAYMENT_DECLINED' ? 402 : 422, code as 'PAYMENT_DECLINED');
}

/** POST /payment/cancel: the donor cancelled at PayPal; a payment not captured is closed. */
export async function cancelFromBrowser(app: FastifyInstance, paymentId: string, orderId: string): Promise<PaymentStatusView> {
  await paymentOfBrowser(app, paymentId, orderId);
  const row = (await transitionPayment(app.db, paymentId, ['created', 'approved'], { status: 'cancelled', failureCode: 'PAYMENT_CANCELLED' }, app.clock.now())) ?? (await findPayment(app.db, paymentId))!;
  return paymentStatusView(app, row);
}
