/**
 * The reconcile report (GET /payment/reconcile-report/{campaignId}): the campaign's newest online
 * payments, each read again from PayPal (GET /v2/checkout/orders/{id}), and listed when our state
 * differs from PayPal's; then their refunds: each refund we asked of PayPal read again
 * (GET /v2/payments/refunds/{id}) and compared, and what our books record as refunded of a capture
 * compared with the capture's status at PayPal (reconcile-refunds.ts). By construction it is empty
 * once the reconciliation job has run and PayPal's webhooks have arrived: every difference below is
 * one they settle (or one a person must look at, e.g. a capture id that is not PayPal's).
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentStatus, ReconcileDifference, ReconcileRefund, ReconcileReport, ReconcileRow } from '../../../domain/payments/api-contract';
import type { CampaignContext } from '../../plugins/access';
import { accountOf, outcomeOf, visibleStatus } from './capture-service';
import { capturesOf, PaypalError, valueToCents, type PaypalClient, type PaypalOrder } from './paypal-client';
import { listOrderedPayments, type PaymentRecord } from './payment-repository';
import { donorsOfPayments, refundsOfPayments } from './reconcile-repository';
import { refundDifference, refundedAmountDiffers } from './reconcile-refunds';
import type { RefundRecord } from './refund-repository';

const LIMIT = 200;

/** The difference between our payment and PayPal's order, or null when they agree. */
export function differenceOf(payment: PaymentRecord, order: PaypalOrder): ReconcileDifference | null {
  if (payment.status === 'unknown') return 'OUTCOME_UNKNOWN';
  const outcome = outcomeOf(order);
  switch (outcome.kind) {
    case 'captured':
      if (payment.status !== 'completed') return 'CAPTURED_NOT_RECORDED';
      if (payment.captureId !== outcome.captureId || (payment.kind === 'donation' && payment.amountCents !== outcome.amountCents)) return 'CAPTURE_DIFFERS';
      return null;
    case 'pending':
      return payment.status === 'pending' ? null : payment.status === 'completed' ? 'RECORDED_NOT_CAPTURED' : 'PENDING_DIFFERS';
    case 'declined':
      return payment.status === 'declined' ? null : payment.status === 'completed' ? 'RECORDED_NOT_CAPTURED' : 'DECLINED_DIFFERS';
    default:
      if (payment.status === 'completed') return 'RECORDED_NOT_CAPTURED';
      if (payment.status === 'pending') return 'PENDING_DIFFERS';
      return null;
  }
}

type Donor = { id: string; name: string } | undefined;

function row(payment: PaymentRecord, donor: Donor, order: PaypalOrder | null, difference: ReconcileDifference, refund: ReconcileRefund | null = null): ReconcileRow {
  const capture = order ? capturesOf(order)[0] : undefined;
  return {
    payment_id: payment.id,
    kind: payment.kind as ReconcileRow['kind'],
    created_at: payment.createdAt.toISOString(),
    amount_cents: capture && difference === 'CAPTURE_DIFFERS' ? valueToCents(capture.amount.value) : payment.amountCents,
    status: visibleStatus(payment.status) as PaymentStatus,
    refunded_cents: payment.refundedCents,
    order_id: payment.orderId ?? '',
    paypal_order_status: order?.status ?? '—',
    paypal_capture_status: capture?.status ?? null,
    difference,
    donor_id: donor?.id ?? null,
    donor_name: donor?.name ?? null,
    donation_id: payment.donationId,
    refund,
  };
}

function refundSide(refund: RefundRecord, paypalStatus: string | null): ReconcileRefund {
  return {
    refund_id: refund.providerRefundId,
    amount_cents: refund.amountCents,
    requested_at: refund.createdAt.toISOString(),
    status: refund.status as ReconcileRefund['status'],
    paypal_status: paypalStatus,
  };
}

/** PayPal's status of one of our refunds: NOT_FOUND for a 404; throws when PayPal cannot be asked. */
async function paypalRefundStatus(client: PaypalClient, refundId: string): Promise<string> {
  try {
    return (await client.getRefund(refundId)).status;
  } catch (error) {
    if (error instanceof PaypalError && error.status === 404) return 'NOT_FOUND';
    throw error;
  }
}

/** The rows of one payment's refunds (and of its refunded amount) that differ from PayPal's. */
async function refundRows(app: FastifyInstance, client: PaypalClient, payment: PaymentRecord, donor: Donor, order: PaypalOrder, refunds: readonly RefundRecord[]): Promise<ReconcileRow[]> {
  const rows: ReconcileRow[] = [];
  const capture = capturesOf(order).find((c) => c.id === payment.captureId);
  const pendingCents = refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amountCents, 0);
  if (payment.status === 'completed' && capture && refundedAmountDiffers(payment, capture.status, pendingCents)) rows.push(row(payment, donor, order, 'REFUNDED_AMOUNT_DIFFERS'));
  for (const refund of refunds) {
    if (!refund.providerRefundId) {
      // No answer came (requested): PayPal may or may not have made it. A refused one (failed, 422) made nothing.
      if (refund.status === 'requested') rows.push(row(payment, donor, order, 'REFUND_OUTCOME_UNKNOWN', refundSide(refund, null)));
      continue;
    }
    let status: string;
    try {
      status = await paypalRefundStatus(client, refund.providerRefundId);
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id, refundId: refund.id }, 'reconcile report: PayPal could not be read');
      rows.push(row(payment, donor, order, 'PAYPAL_UNREACHABLE', refundSide(refund, null)));
      continue;
    }
    const difference = refundDifference(refund, status);
    if (difference) rows.push(row(payment, donor, order, difference, refundSide(refund, status)));
  }
  return rows;
}

export async function reconcileReport(app: FastifyInstance, ctx: CampaignContext): Promise<ReconcileReport> {
  const list = await listOrderedPayments(app.db, ctx.id, LIMIT);
  const ids = list.map((p) => p.id);
  const [refunds, donors] = await Promise.all([refundsOfPayments(app.db, ctx.id, ids), donorsOfPayments(app.db, ctx.id, ids)]);
  const rows: ReconcileRow[] = [];
  for (const payment of list) {
    const donor = donors.get(payment.id);
    let client: PaypalClient;
    let order: PaypalOrder;
    try {
      client = (await accountOf(app, payment)).client;
      order = await client.getOrder(payment.orderId!);
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'reconcile report: PayPal could not be read');
      rows.push(row(payment, donor, null, 'PAYPAL_UNREACHABLE'));
      continue;
    }
    const difference = differenceOf(payment, order);
    if (difference) rows.push(row(payment, donor, order, difference));
    rows.push(...(await refundRows(app, client, payment, donor, order, refunds.get(payment.id) ?? [])));
  }
  return { checked: list.length, limit: LIMIT, rows };
}
