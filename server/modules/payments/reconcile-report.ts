/**
 * The reconcile report (GET /payment/reconcile-report/{campaignId}): the campaign's newest online
 * payments, each read again from PayPal (GET /v2/checkout/orders/{id}), and listed when our state
 * differs from PayPal's. By construction it is empty once the reconciliation job has run: every
 * difference below is one the job settles (or one a person must look at, e.g. a capture id that is
 * not PayPal's). Refund amounts are compared by the refund side, not here.
 */
import type { FastifyInstance } from 'fastify';
import type { PaymentStatus, ReconcileDifference, ReconcileReport, ReconcileRow } from '../../../domain/payments/api-contract';
import type { CampaignContext } from '../../plugins/access';
import { accountOf, outcomeOf, visibleStatus } from './capture-service';
import { capturesOf, valueToCents, type PaypalOrder } from './paypal-client';
import { listOrderedPayments, type PaymentRecord } from './payment-repository';

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

function row(payment: PaymentRecord, order: PaypalOrder | null, difference: ReconcileDifference): ReconcileRow {
  const capture = order ? capturesOf(order)[0] : undefined;
  return {
    payment_id: payment.id,
    kind: payment.kind as ReconcileRow['kind'],
    created_at: payment.createdAt.toISOString(),
    amount_cents: capture && difference === 'CAPTURE_DIFFERS' ? valueToCents(capture.amount.value) : payment.amountCents,
    status: visibleStatus(payment.status) as PaymentStatus,
    order_id: payment.orderId ?? '',
    paypal_order_status: order?.status ?? '—',
    paypal_capture_status: capture?.status ?? null,
    difference,
  };
}

export async function reconcileReport(app: FastifyInstance, ctx: CampaignContext): Promise<ReconcileReport> {
  const list = await listOrderedPayments(app.db, ctx.id, LIMIT);
  const rows: ReconcileRow[] = [];
  for (const payment of list) {
    let order: PaypalOrder;
    try {
      order = await (await accountOf(app, payment)).client.getOrder(payment.orderId!);
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'reconcile report: PayPal could not be read');
      rows.push(row(payment, null, 'PAYPAL_UNREACHABLE'));
      continue;
    }
    const difference = differenceOf(payment, order);
    if (difference) rows.push(row(payment, order, difference));
  }
  return { checked: list.length, limit: LIMIT, rows };
}
