/**
 * PayPal's webhook events. POST /payment/webhook/paypal (webhook-route.ts) first checks the delivery's
 * signature over the raw bytes (webhook-signature.ts: before anything is looked up), then keeps the
 * event (payment_events, state 'received') and queues the paypal-webhook job in the same transaction;
 * the job applies it. An event whose payment is not known yet (or not at the point the event needs:
 * a refund of a capture not recorded yet) 'waits': the job fails and is retried with backoff, and
 * PayPal's own redeliveries (answered non-2xx meanwhile) queue it again. Each event id is applied once;
 * the handlers are idempotent anyway (a payment row lock, a unique capture id, a unique refund id).
 *   CHECKOUT.ORDER.APPROVED    the donor approved: capture it (they may have closed the tab)
 *   PAYMENT.CAPTURE.COMPLETED  record the gift or the package (if the browser has not yet)
 *   PAYMENT.CAPTURE.PENDING    kept, nothing booked (money on its way; COMPLETED books it)
 *   PAYMENT.CAPTURE.DENIED / DECLINED   the payment ends declined (if not recorded)
 *   CHECKOUT.PAYMENT-APPROVAL.REVERSED  approved but PayPal reversed it before capture: ends declined
 *   PAYMENT.CAPTURE.REFUNDED   a COMPLETED refund (from here or PayPal's dashboard) reduces the books
 *   PAYMENT.CAPTURE.REVERSED   a reversal (chargeback) reduces the books likewise
 *   CUSTOMER.DISPUTE.CREATED / UPDATED / RESOLVED   the dispute is recorded (payment_disputes); the
 *                              campaign's owners are e-mailed when it opens and when it is resolved
 */
import type { FastifyInstance } from 'fastify';
import { defineJob, type JobDefinition } from '../../plugins/jobs';
import { findCampaignById, listOwnerEmails } from '../campaign/repository';
import { completePayment } from './capture-service';
import { upsertDispute } from './dispute-repository';
import { disputeEmail } from './dispute-email';
import { valueToCents } from './paypal-client';
import { findPayment, findPaymentByCapture, findPaymentByOrder, transitionPayment, type PaymentRecord } from './payment-repository';
import { recordCapture } from './record-payment';
import { applyProviderRefund } from './refund-service';
import { platformAccount } from './paypal-gateway';
import { eventWaits, findEvent, finishEvent, waitingEventsOf, webhookAccounts } from './webhook-repository';

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

/** Events whose resource is a capture (the others: a refund, an order). */
const CAPTURE_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED', 'PAYMENT.CAPTURE.PENDING']);

/** The payment an event is about: by our id (custom_id), else by the order or the capture. */
async function paymentOfEvent(app: FastifyInstance, type: string, resource: Record<string, unknown>): Promise<PaymentRecord | null> {
  const units = Array.isArray(resource.purchase_units) ? (resource.purchase_units as Record<string, unknown>[]) : [];
  const customId = str(resource.custom_id) ?? str(units[0]?.custom_id);
  if (customId && UUID.test(customId)) {
    const byId = await findPayment(app.db, customId);
    if (byId) return byId;
  }
  if (type.startsWith('CHECKOUT.ORDER')) return str(resource.id) ? findPaymentByOrder(app.db, str(resource.id)!) : null;
  if (type === 'CHECKOUT.PAYMENT-APPROVAL.REVERSED') return str(resource.order_id) ? findPaymentByOrder(app.db, str(resource.order_id)!) : null;
  if (type.startsWith('CUSTOMER.DISPUTE.')) {
    const disputed = Array.isArray(resource.disputed_transactions) ? (resource.disputed_transactions as { seller_transaction_id?: unknown }[]) : [];
    const captureId = str(disputed[0]?.seller_transaction_id);
    return captureId ? findPaymentByCapture(app.db, captureId) : null;
  }
  const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id;
  if (related) {
    const byOrder = await findPaymentByOrder(app.db, related);
    if (byOrder) return byOrder;
  }
  const captureId = CAPTURE_EVENTS.has(type) ? str(resource.id) : upCaptureId(resource);
  return captureId ? findPaymentByCapture(app.db, captureId) : null;
}

/** A dispute of `payment`: recorded (its latest status); the owners are e-mailed when it opens and when it is resolved. */
async function recordDispute(app: FastifyInstance, type: string, resource: Record<string, unknown>, payment: PaymentRecord): Promise<string> {
  const disputeId = str(resource.dispute_id);
  if (!disputeId) return 'dispute-without-id';
  const resolved = type === 'CUSTOMER.DISPUTE.RESOLVED';
  const status = str(resource.status) ?? (resolved ? 'RESOLVED' : 'OPEN');
  const outcome = str((resource.dispute_outcome as { outcome_code?: unknown } | undefined)?.outcome_code);
  const amount = (resource.dispute_amount as { value?: string } | undefined)?.value;
  const reason = str(resource.reason);
  const now = app.clock.now();
  const campaign = await findCampaignById(app.db, payment.campaignId);
  const owners = await listOwnerEmails(app.db, payment.campaignId);
  await app.db.transaction(async (tx) => {
    const created = await upsertDispute(
      tx,
      { disputeId, campaignId: payment.campaignId, paymentId: payment.id, status, reason, amountCents: amount === undefined ? null : valueToCents(amount), outcome },
      now,
    );
    if (!created && !resolved) return;
    for (const to of owners) {
      await app.outbox.queue(
        tx,
        disputeEmail({ to, campaignName: campaign?.campaignName ?? '', disputeId, status, reason, outcome, amountCents: amount === undefined ? payment.amountCents : valueToCents(amount), receipt: payment.receiptNumber, resolved }),
      );
    }
  });
  return resolved ? `dispute-resolved:${outcome ?? status}` : `dispute:${status}`;
}

/** Thrown by a handler when the event cannot be applied yet: the event waits and is tried again. */
class NotYet extends Error {}

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
    case 'PAYMENT.CAPTURE.DECLINED': {
      // A capture PayPal denied or declined (a PENDING one too, or one whose answer we never saw): nothing was charged.
      const moved = await transitionPayment(app.db, payment.id, ['created', 'approved', 'capturing', 'unknown', 'pending', 'failed'], { status: 'declined', failureCode: 'PAYMENT_DECLINED' }, app.clock.now());
      return moved ? 'declined' : `declined-ignored:${payment.status}`;
    }
    case 'CHECKOUT.PAYMENT-APPROVAL.REVERSED': {
      // PayPal reversed the donor's approval before the capture: nothing can be captured; nothing was charged.
      const moved = await transitionPayment(app.db, payment.id, ['created', 'approved', 'failed'], { status: 'declined', failureCode: 'PAYMENT_DECLINED' }, app.clock.now());
      return moved ? 'approval-reversed' : `approval-reversed-ignored:${payment.status}`;
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED':
      return recordDispute(app, type, resource, payment);
    case 'PAYMENT.CAPTURE.PENDING':
      // Money on its way: nothing is booked until PAYMENT.CAPTURE.COMPLETED (or DENIED / DECLINED ends it);
      // a capture whose answer was lost is read again by the reconcile job, which finds it PENDING.
      return `capture-pending:${payment.status}`;
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const status = str(resource.status) ?? 'COMPLETED';
      if (status !== 'COMPLETED') return `refund-${status.toLowerCase()}`;
      const amount = valueToCents((resource.amount as { value?: string } | undefined)?.value);
      const reason = type === 'PAYMENT.CAPTURE.REVERSED' ? 'Reversed by PayPal (chargeback)' : str(resource.note_to_payer) ?? 'Refunded in PayPal';
      const booked = await applyProviderRefund(app, payment.id, { refundId: String(resource.id), amountCents: amount, reason, actorId: null });
      if (booked === 'not-yet') throw new NotYet(`payment ${payment.status}: the refund waits for its capture to be recorded`);
      return booked === 'booked' ? 'refund-booked' : 'refund-known';
    }
    default:
      return 'ignored';
  }
}

const HANDLED = new Set([
  'CHECKOUT.ORDER.APPROVED',
  'CHECKOUT.PAYMENT-APPROVAL.REVERSED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.UPDATED',
  'CUSTOMER.DISPUTE.RESOLVED',
]);

/** Whether the account that signed the event is the account of `payment` (no event crosses campaigns). */
async function sameAccount(app: FastifyInstance, webhookId: string | null, payment: PaymentRecord): Promise<boolean> {
  if (webhookId === null) return false;
  if (payment.kind === 'package') return platformAccount(app)?.webhookId === webhookId;
  return (await webhookAccounts(app.db)).some((a) => a.webhookId === webhookId && a.campaignId === payment.campaignId);
}

/**
 * Applies a kept event once. Throws (so the job is retried) when it must wait: its payment is not
 * known yet, or not yet where the event needs it.
 */
export async function applyEvent(app: FastifyInstance, eventId: string): Promise<void> {
  const event = await findEvent(app.db, eventId);
  if (!event || event.state === 'applied' || event.state === 'ignored' || !event.body) return;
  const type = event.eventType;
  const resource = (event.body.resource ?? {}) as Record<string, unknown>;
  const now = app.clock.now();
  if (!HANDLED.has(type)) {
    await finishEvent(app.db, eventId, { state: 'ignored', outcome: 'ignored', paymentId: null }, now);
    return;
  }
  const payment = await paymentOfEvent(app, type, resource);
  if (!payment) {
    await eventWaits(app.db, eventId, 'no payment of ours yet', null);
    throw new Error(`webhook event ${eventId} (${type}): no payment of ours yet; it waits`);
  }
  if (!(await sameAccount(app, event.webhookId, payment))) {
    app.log.warn({ eventId, type, paymentId: payment.id }, 'webhook event signed by another account than its payment: ignored');
    await finishEvent(app.db, eventId, { state: 'ignored', outcome: 'other-account', paymentId: null }, now);
    return;
  }
  let outcome: string;
  try {
    outcome = await handle(app, type, resource, payment);
  } catch (error) {
    if (error instanceof NotYet) {
      await eventWaits(app.db, eventId, error.message, payment.id);
      throw new Error(`webhook event ${eventId} (${type}): ${error.message}`);
    }
    throw error;
  }
  await finishEvent(app.db, eventId, { state: 'applied', outcome, paymentId: payment.id }, app.clock.now());
  app.log.info({ eventId, type, paymentId: payment.id, outcome }, 'webhook event applied');
  // Events of this payment that came too early (a refund before its capture) may apply now.
  for (const waiting of await waitingEventsOf(app.db, payment.id)) await app.jobs.send(webhookJobOf(app), { eventId: waiting });
}

const handler: JobDefinition<{ eventId: string }>['handler'] = async ({ eventId }, { app }) => applyEvent(app, eventId);

/**
 * The job that applies a kept event. Retried with backoff: about 3 days in all (PayPal's own
 * redelivery window) in production, a fraction of a second in tests.
 */
export const webhookJob = defineJob<{ eventId: string }>({ name: 'paypal-webhook', retry: { limit: 12, delaySeconds: 60, backoff: true }, handler });
export const webhookJobForTests = defineJob<{ eventId: string }>({ name: 'paypal-webhook', retry: { limit: 3, delaySeconds: 0.05, backoff: true }, handler });

export function webhookJobOf(app: FastifyInstance): JobDefinition<{ eventId: string }> {
  return app.config.nodeEnv === 'test' ? webhookJobForTests : webhookJob;
}
