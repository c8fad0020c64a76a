/**
 * PayPal redelivers a webhook its listener refused for up to 25 retries over 3 days; the stand-in
 * does the same (PAYPAL_RETRY_WAITS_MS), here on a simulated clock (the waits go through a sleeper the
 * test holds, so 3 days take milliseconds):
 * - a refund event refused with 503 WEBHOOK_EVENT_WAITING (its capture is not recorded yet) for more
 *   than a simulated day is applied once its payment exists, and PayPal stops redelivering it;
 * - an event refused at every try is given up after the 25th retry, and the reconciliation still
 *   books it once (it records the capture, then sends the waiting event to the webhook job again).
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donationRefunds, paymentEvents, payments } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { demoPaypalApp, onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { PAYPAL_RETRY_WAITS_MS } from '../paypal-standin/standin-webhooks';
import { reconcilePayments } from './reconcile-job';

const HOUR = 3_600_000;

describe('webhooks redelivered over PayPal’s 3-day window', () => {
  let t: TestApp;
  let owner: Session;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));
  afterEach(() => t.app.paypalStandin.setRetrySleeper(null));

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const { startOk, approve } = onlineGiving(() => t);
  const paypal = demoPaypalApp(() => t);
  const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const refundsOf = async (donationId: string) => (await t.db.select({ cents: donationRefunds.amountCents }).from(donationRefunds).where(eq(donationRefunds.donationId, donationId))).map((r) => r.cents);
  /** The newest refund event we received (one per test; it finds no payment of ours until the capture is recorded). */
  const refundEventRow = async () =>
    (await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventType, 'PAYMENT.CAPTURE.REFUNDED')).orderBy(desc(paymentEvents.receivedAt)).limit(1))[0];

  async function age(paymentId: string) {
    await t.db.update(payments).set({ updatedAt: new Date(clock.now().getTime() - 4 * 60_000) }).where(eq(payments.id, paymentId));
  }

  /** PayPal captured and then refunded `refund` in its dashboard; none of it reached us yet (events held). */
  async function capturedAndRefundedAtPaypal(email: string, cents: number, refund: number) {
    const started = await startOk(cents, email);
    await approve(started.order_id);
    const captureId = await paypal.captureAtPaypal(started);
    await t.app.paypalStandin.refundInPaypal(captureId, refund);
    return started;
  }

  it("the stand-in's schedule is PayPal's: 25 retries, the last one within 3 days of the first try", () => {
    expect(PAYPAL_RETRY_WAITS_MS).toHaveLength(25);
    const total = PAYPAL_RETRY_WAITS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(total).toBeGreaterThan(2 * 24 * HOUR);
    expect(total).toBeLessThanOrEqual(3 * 24 * HOUR);
  });

  it('a refund refused with 503 WEBHOOK_EVENT_WAITING for over a simulated day is applied once its payment exists; PayPal then stops', async () => {
    const started = await capturedAndRefundedAtPaypal('redelivered-refund@example.com', 4_000, 1_000);
    const waits: number[] = [];
    let elapsed = 0;
    let stateBefore: string | undefined;
    t.app.paypalStandin.setRetrySleeper(async (ms) => {
      waits.push(ms);
      elapsed += ms;
      if (elapsed >= 24 * HOUR && stateBefore === undefined) {
        stateBefore = (await refundEventRow())?.state;
        // A day later the capture is recorded (the reconciliation reads the order again).
        await age(started.payment_id);
        await reconcilePayments(t.app);
      }
    });
    // Only the refund goes out: the capture's own events were lost on the way.
    await t.app.paypalStandin.deliverHeld({ only: ['PAYMENT.CAPTURE.REFUNDED'] });
    await t.app.jobs.settled();

    expect(stateBefore).toBe('waiting'); // refused (503) every time for a whole simulated day
    expect(elapsed).toBeGreaterThanOrEqual(24 * HOUR);
    expect(waits.length).toBeLessThan(PAYPAL_RETRY_WAITS_MS.length); // the try after the capture was recorded got a 2xx
    expect(waits).toEqual(PAYPAL_RETRY_WAITS_MS.slice(0, waits.length));
    const payment = await paymentRow(started.payment_id);
    expect(payment.status).toBe('completed');
    expect(await refundsOf(payment.donationId!)).toEqual([1_000]);
    expect((await refundEventRow())?.state).toBe('applied');
  });

  it('an event refused at every try is given up after the 25th retry (~68 h); the reconciliation still books it once', async () => {
    const started = await capturedAndRefundedAtPaypal('given-up-refund@example.com', 5_000, 1_500);
    const waits: number[] = [];
    t.app.paypalStandin.setRetrySleeper(async (ms) => {
      waits.push(ms);
    });
    await t.app.paypalStandin.deliverHeld({ only: ['PAYMENT.CAPTURE.REFUNDED'] });
    await t.app.jobs.settled();

    expect(waits).toEqual([...PAYPAL_RETRY_WAITS_MS]); // 1 try + 25 retries, then PayPal gives up
    expect((await refundEventRow())?.state).toBe('waiting');
    expect((await paymentRow(started.payment_id)).status).toBe('created');

    await age(started.payment_id);
    await reconcilePayments(t.app);
    await t.app.jobs.settled();
    const payment = await paymentRow(started.payment_id);
    expect(payment.status).toBe('completed');
    expect(await refundsOf(payment.donationId!)).toEqual([1_500]);
    expect((await refundEventRow())?.state).toBe('applied');

    await age(started.payment_id);
    await reconcilePayments(t.app);
    await t.app.jobs.settled();
    expect(await refundsOf(payment.donationId!)).toEqual([1_500]);
    expect((await paymentRow(started.payment_id)).refundedCents).toBe(1_500);
  });

  it('afterwards every online payment agrees with PayPal (reconcile report empty)', async () => {
    const report = (await get(t, `/payment/reconcile-report/${campaignId()}`, owner.token)).json().data as { rows: unknown[] };
    expect(report.rows).toEqual([]);
  });
});
