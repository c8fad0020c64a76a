/**
 * POST /payment/webhook/paypal: PayPal's events, each checked with PayPal's verify-webhook-signature
 * against the account of the payment it names (so an event can only ever touch that campaign's
 * payment), and processed once per event id. Handlers are idempotent anyway (a payment row lock, a
 * unique capture id, a unique refund id), so two deliveries at once cannot double anything.
 *   CHECKOUT.ORDER.APPROVED    the donor approved: capture it (they may have closed the tab)
 *   PAYMENT.CAPTURE.COMPLETED  record the gift or the package (if the browser has not yet)
 *   PAYMENT.CAPTURE.DENIED     the payment ends declined (if not recorded)
 *   PAYMENT.CAPTURE.REFUNDED   a refund (from here or PayPal's dashboard) reduces the books
 *   PAYMENT.CAPTURE.REVERSED   a reversal (chargeback) reduces the books likewise
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../plugins/errors';
import { accountOf, completePayment } from './capture-service';
import { valueToCents } from './paypal-client';
import { eventSeen, findPayment, findPaymentByCapture, findPaymentByOrder, recordEvent, transitionPayment, type PaymentRecord } from './payment-repository';
import { recordCapture } from './record-payment';
import { applyProviderRefund } from './refund-service';

interface WebhookEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function str(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The capture a refund's 'up' link points to. */
function upCaptureId(resource: Record<string, unknown>): string | null {
  const links = Array.isArray(resource.links) ? (resource.links as { rel?: string; href?: string }[]) : [];
  const up = links.find((l) => l.rel === 'up')?.href ?? '';
  return /\/captures\/([^/?]+)/.exec(up)?.[1] ?? null;
}

/** The payment an event is about: by our id (custom_id), else by the order or the capture. */
async function paymentOfEvent(app: FastifyInstance, type: string, resource: Record<string, unknown>): Promise<PaymentRecord | null> {
  const units = Array.isArray(resource.purchase_units) ? (resource.purchase_units as Record<string, unknown>[]) : [];
  const customId = str(resource.custom_id) ?? str(units[0]?.custom_id);
  if (customId && UUID.test(customId)) {
    const byId = await findPayment(app.db, customId);
    if (byId) return byId;
  }
  if (type.startsWith('CHECKOUT.ORDER')) return str(resource.id) ? findPaymentByOrder(app.db, str(resource.id)!) : null;
  const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id;
  if (related) {
    const byOrder = await findPaymentByOrder(app.db, related);
    if (byOrder) return byOrder;
  }
  const captureId = type === 'PAYMENT.CAPTURE.COMPLETED' || type === 'PAYMENT.CAPTURE.DENIED' ? str(resource.id) : upCaptureId(resource);
  return captureId ? findPaymentByCapture(app.db, captureId) : null;
}

async function handle(app: FastifyInstance, type: string, resource: Record<string, unknown>, payment: PaymentRecord): Promise<string> {
  switch (type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      await transitionPayment(app.db, payment.id, ['created'], { status: 'approved' }, app.clock.now());
      const done = await completePayment(app, payment.id);
      return `capture:${done.status}`;
    }
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const amount = (resource.amount as { value?: string } | undefined)?.value;
      const done = await recordCapture(app, payment.id, { captureId: String(resource.id), amountCents: valueToCents(amount) });
      return `recorded:${done?.status ?? 'missing'}`;
    }
    case 'PAYMENT.CAPTURE.DENIED':
      await transitionPayment(app.db, payment.id, ['created', 'approved', 'capturing', 'unknown', 'pending', 'failed'], { status: 'declined', failureCode: 'PAYMENT_DECLINED' }, app.clock.now());
      return 'declined';
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const amount = valueToCents((resource.amount as { value?: string } | undefined)?.value);
      const reason = type === 'PAYMENT.CAPTURE.REVERSED' ? 'Reversed by PayPal (chargeback)' : str(resource.note_to_payer) ?? 'Refunded in PayPal';
      const booked = await applyProviderRefund(app, payment.id, { refundId: String(resource.id), amountCents: amount, reason, actorId: null });
      return booked ? 'refund-booked' : 'refund-known';
    }
    default:
      return 'ignored';
  }
}

export async function receiveWebhook(app: FastifyInstance, request: FastifyRequest): Promise<{ outcome: string }> {
  const event = (request.body ?? {}) as WebhookEvent;
  const eventId = str(event.id);
  const type = str(event.event_type);
  if (!eventId || !type || typeof event.resource !== 'object' || event.resource === null) throw fail(400, 'BAD_REQUEST');
  if (await eventSeen(app.db, eventId)) return { outcome: 'duplicate' };
  const payment = await paymentOfEvent(app, type, event.resource);
  if (!payment) {
    app.log.info({ eventId, type }, 'webhook event for no payment of ours');
    return { outcome: 'unknown-payment' };
  }
  const account = await accountOf(app, payment);
  const verified = account.webhookId !== null && (await account.client.verifyWebhook({ headers: request.headers, webhookId: account.webhookId, event }).catch(() => false));
  if (!verified) {
    app.log.warn({ eventId, type, paymentId: payment.id }, 'webhook signature not verified');
    throw fail(400, 'WEBHOOK_SIGNATURE_INVALID');
  }
  const outcome = await handle(app, type, event.resource, payment);
  await recordEvent(app.db, { eventId, eventType: type, paymentId: payment.id, outcome });
  app.log.info({ eventId, type, paymentId: payment.id, outcome }, 'webhook event processed');
  return { outcome };
}
