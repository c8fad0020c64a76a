/**
 * The reconciliation job ('reconcile-payments', every minute with pg-boss): payments left open for
 * more than 3 minutes are read again from PayPal (GET /v2/checkout/orders/{id}) until PayPal says what
 * happened:
 *   a completed capture          → recorded (once: record-payment; the receipt once)
 *   a PENDING capture            → pending, read again next run (completed or released later)
 *   a DECLINED / FAILED capture  → declined (released: no longer counted against the donor's limit)
 *   an approved order            → captured (the donor closed the tab, or the capture's answer was
 *                                  lost before PayPal took it; PayPal-Request-Id makes it one capture),
 *                                  unless PayPal declined its funding source and the donor is choosing
 *                                  another one (left to the donor's new approval, or expired after 3 h)
 *   an order never approved      → expires after 3 hours; a payment that never got an order fails
 * A payment whose capture outcome is unknown is never given up: it stays unknown until PayPal answers.
 * Then webhook events still waiting that may apply by now go to the webhook job again: those of a
 * payment recorded by now and, after a pass that recorded a capture, those that found no payment (a
 * refund that came before its capture, which PayPal stopped redelivering after its 25 retries over
 * 3 days). They apply once, whoever recorded the capture.
 */
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../../plugins/jobs';
import { accountOf, completePayment, outcomeOf, settleFromOrder } from './capture-service';
import { listStalePayments, touchPayment, transitionPayment } from './payment-repository';
import { webhookJobOf } from './webhook-service';
import { waitingEventsToRetry } from './webhook-repository';

export const STALE_AFTER_MS = 3 * 60_000;
const EXPIRE_AFTER_MS = 3 * 3_600_000;
/** Events that found no payment are looked at again (after a pass recorded a capture) for this long: PayPal's 3 days of redelivery, and more. */
const ORPHAN_EVENTS_MS = 7 * 24 * 3_600_000;
const BATCH = 100;

export async function reconcilePayments(app: FastifyInstance): Promise<{ checked: number; recorded: number; expired: number }> {
  const now = app.clock.now();
  const stale = await listStalePayments(app.db, new Date(now.getTime() - STALE_AFTER_MS), BATCH);
  let recorded = 0;
  let expired = 0;
  for (const payment of stale) {
    try {
      if (!payment.orderId) {
        await transitionPayment(app.db, payment.id, ['created'], { status: 'failed', failureCode: 'PAYMENT_PROVIDER_UNAVAILABLE' }, now);
        continue;
      }
      const account = await accountOf(app, payment);
      const order = await account.client.getOrder(payment.orderId);
      const outcome = outcomeOf(order);
      const from = ['created', 'approved', 'capturing', 'unknown', 'pending'];
      if (outcome.kind === 'captured' || outcome.kind === 'declined' || outcome.kind === 'pending') {
        const settled = await settleFromOrder(app, payment, order, from);
        if (outcome.kind === 'captured' && settled?.status === 'completed' && payment.status !== 'completed') recorded++;
        if (settled?.status === 'pending') await touchPayment(app.db, payment.id, now);
      } else if (outcome.kind === 'approved' && payment.status === 'created' && payment.failureCode === 'PAYMENT_CHOOSE_ANOTHER_SOURCE') {
        // PayPal declined that funding source; the donor is choosing another one at PayPal. Capturing the
        // same declined instrument again every few minutes would only repeat the decline: wait for the
        // donor's new approval (their return or CHECKOUT.ORDER.APPROVED), or expire after 3 hours.
        if (now.getTime() - payment.createdAt.getTime() > EXPIRE_AFTER_MS) {
          if (await transitionPayment(app.db, payment.id, ['created'], { status: 'expired', failureCode: 'PAYMENT_NOT_APPROVED' }, now)) expired++;
        } else await touchPayment(app.db, payment.id, now);
      } else if (outcome.kind === 'approved') {
        // Not captured at PayPal: capture now (an unknown capture that never reached PayPal, or a closed tab).
        await transitionPayment(app.db, payment.id, ['unknown', 'capturing'], { status: 'approved', failureCode: null }, now);
        if ((await completePayment(app, payment.id)).status === 'completed') recorded++;
      } else if (outcome.kind === 'voided' || now.getTime() - payment.createdAt.getTime() > EXPIRE_AFTER_MS) {
        if (await transitionPayment(app.db, payment.id, ['created', 'approved', 'capturing', 'unknown'], { status: 'expired', failureCode: 'PAYMENT_NOT_APPROVED' }, now)) expired++;
      } else {
        // PayPal: not captured, waiting for the payer (an unknown capture that never reached an approved
        // order goes back to waiting). To the back of the queue, so the next runs reach the others.
        await transitionPayment(app.db, payment.id, ['unknown', 'capturing'], { status: 'created', failureCode: null }, now);
        await touchPayment(app.db, payment.id, now);
      }
    } catch (error) {
      // PayPal did not answer: the payment stays as it is (an unknown one stays unknown), tried next run.
      await touchPayment(app.db, payment.id, now).catch(() => undefined);
      app.log.warn({ err: error, paymentId: payment.id }, 'payment reconciliation failed; tried again next run');
    }
  }
  const waiting = await waitingEventsToRetry(app.db, recorded > 0 ? new Date(now.getTime() - ORPHAN_EVENTS_MS) : null, BATCH);
  for (const eventId of waiting) await app.jobs.send(webhookJobOf(app), { eventId });
  if (stale.length > 0 || waiting.length > 0) app.log.info({ checked: stale.length, recorded, expired, events: waiting.length }, 'payments reconciled');
  return { checked: stale.length, recorded, expired };
}

export async function registerReconcileJob(app: FastifyInstance): Promise<void> {
  await app.jobs.register(
    defineJob<null>({
      name: 'reconcile-payments',
      schedule: '* * * * *',
      retry: { limit: 0, delaySeconds: 30, backoff: false },
      handler: async () => {
        await reconcilePayments(app);
      },
    }),
  );
}
