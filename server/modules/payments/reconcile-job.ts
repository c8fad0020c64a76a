/**
 * The reconciliation job ('reconcile-payments', every minute with pg-boss): payments left open for
 * more than 3 minutes are read again from PayPal. A captured order is recorded (once: record-payment),
 * an approved one is captured (its donor closed the tab and no webhook came), an order never approved
 * expires after 3 hours, a payment that never got an order fails.
 */
import type { FastifyInstance } from 'fastify';
import { defineJob } from '../../plugins/jobs';
import { accountOf, completePayment, completedCapture } from './capture-service';
import { listStalePayments, touchPayment, transitionPayment } from './payment-repository';
import { recordCapture } from './record-payment';

export const STALE_AFTER_MS = 3 * 60_000;
const EXPIRE_AFTER_MS = 3 * 3_600_000;
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
      const capture = completedCapture(order);
      if (capture) {
        if ((await recordCapture(app, payment.id, capture))?.status === 'completed') recorded++;
      } else if (order.status === 'APPROVED') {
        if ((await completePayment(app, payment.id)).status === 'completed') recorded++;
      } else if (now.getTime() - payment.createdAt.getTime() > EXPIRE_AFTER_MS) {
        if (await transitionPayment(app.db, payment.id, ['created', 'approved', 'capturing'], { status: 'expired', failureCode: 'PAYMENT_NOT_APPROVED' }, now)) expired++;
      } else {
        // Still waiting for the donor: to the back of the queue, so the next runs reach the others.
        await touchPayment(app.db, payment.id, now);
      }
    } catch (error) {
      app.log.warn({ err: error, paymentId: payment.id }, 'payment reconciliation failed; tried again next run');
    }
  }
  if (stale.length > 0) app.log.info({ checked: stale.length, recorded, expired }, 'payments reconciled');
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
