/**
 * Payments v2 of the stand-in: show a capture, refund it (idempotent by PayPal-Request-Id; no amount =
 * all that remains), show a refund, and PayPal's own moves on a capture (a refund made in PayPal's
 * dashboard, a reversal / chargeback). Refunds lock the order that holds the capture.
 */
import type { Emit, Standin } from './standin-context';
import { issues, paypalError, type StandinError } from './standin-errors';
import { optionalText, type Json } from './standin-input';
import { parseAmount } from './standin-money';
import { findByIdempotencyKey, findObject, findOrderByCaptureId, findRefundByInvoice, insertObject, updateObjectData, type StandinObject } from './standin-repository';
import { paypalId, type OrderData, type RefundData } from './standin-records';
import { refundShape } from './standin-shapes';

function captureNotFound(captureId: string): StandinError {
  return paypalError(404, [issues.notFound('capture_id', captureId)]);
}

/** The order holding capture `captureId` if it belongs to `clientId` (404 otherwise). */
export async function showCapture(standin: Standin, clientId: string, captureId: string): Promise<StandinObject<'order'>> {
  const order = await findOrderByCaptureId(standin.app.db, captureId);
  if (!order || order.data.client_id !== clientId) throw captureNotFound(captureId);
  return order;
}

export interface RefundResult {
  refund: StandinObject<'refund'>;
  order: StandinObject<'order'>;
}

export async function showRefund(standin: Standin, clientId: string, refundId: string): Promise<RefundResult> {
  const refund = await findObject(standin.app.db, 'refund', refundId);
  if (!refund || refund.data.client_id !== clientId) throw paypalError(404, [issues.notFound('refund_id', refundId)]);
  const order = await findObject(standin.app.db, 'order', refund.data.order_id);
  if (!order) throw paypalError(404, [issues.notFound('refund_id', refundId)]);
  return { refund, order };
}

export interface RefundRequest {
  captureId: string;
  /** The caller's client id (null: PayPal itself, from its dashboard or a chargeback). */
  clientId: string | null;
  requestId: string | null;
  /** The refund call's body: `{ amount?, note_to_payer?, invoice_id? }`. */
  body: Json;
  reversal?: boolean;
}

/** What the next merchant refunds answer, when a test asked (nextRefund): PENDING or FAILED instead of COMPLETED. */
const nextOutcomes = new WeakMap<Standin, ('PENDING' | 'FAILED')[]>();

export function queueRefundOutcome(standin: Standin, status: 'PENDING' | 'FAILED'): void {
  nextOutcomes.set(standin, [...(nextOutcomes.get(standin) ?? []), status]);
}

/** The refund's amount in cents: the body's amount, or all that remains. */
function refundCents(body: Json, remaining: number): number {
  if (body.amount === undefined || body.amount === null) return remaining;
  const cents = parseAmount(body.amount, '/amount');
  if (typeof cents !== 'number') throw cents;
  return cents;
}

/**
 * Refunds (or reverses) part or all of a capture. Over what remains: 422 REFUND_AMOUNT_EXCEEDED;
 * nothing left: 422 CAPTURE_FULLY_REFUNDED. The capture becomes PARTIALLY_REFUNDED or REFUNDED, and
 * PAYMENT.CAPTURE.REFUNDED (or .REVERSED) is queued once committed.
 */
export async function refundCapture(standin: Standin, input: RefundRequest, emit: Emit): Promise<RefundResult> {
  const now = standin.app.clock.now();
  const key = input.clientId !== null && input.requestId !== null ? `${input.clientId}|${input.requestId}` : null;
  const outcome = await standin.app.db.transaction(async (tx) => {
    const order = await findOrderByCaptureId(tx, input.captureId, true);
    if (!order || (input.clientId !== null && order.data.client_id !== input.clientId)) throw captureNotFound(input.captureId);
    if (key) {
      const existing = await findByIdempotencyKey(tx, 'refund', key);
      if (existing) return { refund: existing, order, fresh: false };
    }
    const capture = order.data.capture!;
    const remaining = capture.amount_cents - capture.refunded_cents;
    const cents = refundCents(input.body, remaining);
    const noteToPayer = optionalText(input.body, 'note_to_payer', '/note_to_payer', 255);
    const invoiceId = optionalText(input.body, 'invoice_id', '/invoice_id', 127);
    if (invoiceId !== undefined && (await findRefundByInvoice(tx, order.data.client_id, invoiceId))) {
      // As PayPal: an invoice id names one transaction; a second refund with it is refused.
      throw paypalError(422, [{ issue: 'DUPLICATE_INVOICE_ID', description: 'Invoice ID was previously used to refund a capture.' }]);
    }
    if (remaining === 0) throw paypalError(422, [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded' }]);
    if (cents > remaining) {
      throw paypalError(422, [
        { issue: 'REFUND_AMOUNT_EXCEEDED', description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.' },
      ]);
    }
    const time = now.toISOString();
    const status = input.clientId === null ? 'COMPLETED' : (nextOutcomes.get(standin)?.shift() ?? 'COMPLETED');
    const refunded = capture.refunded_cents + (status === 'FAILED' ? 0 : cents);
    const data: RefundData = {
      client_id: order.data.client_id,
      order_id: order.id,
      capture_id: capture.id,
      amount_cents: cents,
      status,
      ...(noteToPayer !== undefined ? { note_to_payer: noteToPayer } : {}),
      ...(invoiceId !== undefined ? { invoice_id: invoiceId } : {}),
      ...(input.reversal ? { reversal: true } : {}),
      create_time: time,
      update_time: time,
    };
    const refund = await insertObject(tx, 'refund', paypalId(), data, key);
    if (!refund) throw new Error('paypal stand-in: refund id taken'); // 17 random characters: practically never
    const updated: OrderData = {
      ...order.data,
      capture: {
        ...capture,
        refunded_cents: refunded,
        status: refunded === capture.amount_cents ? 'REFUNDED' : refunded === 0 ? capture.status : 'PARTIALLY_REFUNDED',
        ...(input.reversal ? { reason: 'CHARGEBACK' as const } : {}),
        update_time: time,
      },
      update_time: time,
    };
    await updateObjectData(tx, 'order', order.id, updated, now);
    return { refund, order: { id: order.id, data: updated }, fresh: true };
  });
  const { refund, order } = outcome;
  if (outcome.fresh && refund.data.status === 'COMPLETED') {
    emit(
      input.reversal ? 'PAYMENT.CAPTURE.REVERSED' : 'PAYMENT.CAPTURE.REFUNDED',
      { id: order.id, clientId: order.data.client_id },
      refundShape(standin.base, refund.id, refund.data, order.data),
      refund.data.amount_cents,
    );
  }
  return { refund, order };
}

/**
 * A PENDING refund completes (as an eCheck clears): COMPLETED, and PAYMENT.CAPTURE.REFUNDED is sent.
 * Its amount was held against the capture when it was made.
 */
export async function completePendingRefund(standin: Standin, refundId: string, emit: Emit): Promise<void> {
  const now = standin.app.clock.now();
  const done = await standin.app.db.transaction(async (tx) => {
    const refund = await findObject(tx, 'refund', refundId);
    if (!refund || refund.data.status !== 'PENDING') throw paypalError(404, [issues.notFound('refund_id', refundId)]);
    const data: RefundData = { ...refund.data, status: 'COMPLETED', update_time: now.toISOString() };
    await updateObjectData(tx, 'refund', refund.id, data, now);
    const order = await findObject(tx, 'order', refund.data.order_id);
    return { refund: { id: refund.id, data }, order: order! };
  });
  emit('PAYMENT.CAPTURE.REFUNDED', { id: done.order.id, clientId: done.order.data.client_id }, refundShape(standin.base, done.refund.id, done.refund.data, done.order.data), done.refund.data.amount_cents);
}
