/**
 * What staff see of an online donation beyond the books (issue 29, points 3 and 7), in the donation
 * list the donor page reads (list_donation?donor_id=): a refund PayPal answered PENDING is listed as
 * pending and not subtracted from the net until it completes; a FAILED one is listed with PayPal's
 * reason; a dispute is listed with its status, reason, amount, date and, once resolved, its outcome.
 * Each read comes right after a read of the same page, so the list's cache must not hide the change.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DonationListData } from '../../../domain/donor-book/donations-contract';
import { paymentRefunds } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { AUTH_ALGO, certUrl, signTransmission, standinWebhookId } from '../paypal-standin/standin-signature';

describe('an online donation shows its pending and failed refunds and its disputes', () => {
  let t: TestApp;
  let owner: Session;
  let staff: Session;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const { paidOnline } = onlineGiving(() => t);

  /** The donation as the donor page's donations section reads it. */
  async function listed(donorId: string, donationId: string, session = owner) {
    const res = await get(t, `/donation/list_donation/${campaignId()}?donor_id=${donorId}&page=1&limit=10&sort=-paying_date`, session.token);
    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json().data as DonationListData).donation_list.find((d) => d.donation_id === donationId);
    expect(row).toBeDefined();
    return row!;
  }

  const refund = (donationId: string, amountCents: number) =>
    post(t, '/payment/refund', { campaign_id: campaignId(), donation_id: donationId, amount_cents: amountCents, reason: 'Donor asked' }, owner.token);

  async function deliverSigned(event: Record<string, unknown>) {
    const raw = JSON.stringify(event);
    const transmissionId = randomUUID();
    const transmissionTime = clock.now().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const webhookId = standinWebhookId('demo-campaign-local');
    const res = await t.app.inject({
      method: 'POST',
      url: '/payment/webhook/paypal',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': await signTransmission(t.app, { transmissionId, transmissionTime, webhookId, rawBody: raw }),
        'paypal-cert-url': certUrl(`${t.app.config.publicUrl}/paypal-standin`),
        'paypal-auth-algo': AUTH_ALGO,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.settled();
  }

  const disputeEvent = (captureId: string, type: string, status: string, extra: Record<string, unknown> = {}) => ({
    id: `WH-${randomUUID()}`,
    event_version: '1.0',
    create_time: clock.now().toISOString(),
    resource_type: 'dispute',
    event_type: type,
    summary: type,
    resource: {
      dispute_id: `PP-D-${createHash('sha1').update(captureId).digest('hex').slice(0, 8).toUpperCase()}`,
      reason: 'UNAUTHORISED',
      status,
      dispute_amount: { currency_code: 'USD', value: '20.00' },
      disputed_transactions: [{ seller_transaction_id: captureId }],
      ...extra,
    },
    links: [],
  });

  it('a PENDING refund is listed as pending, not taken off the net; once PayPal completes it, it is a refund', async () => {
    const payment = await paidOnline(5_000, 'facts-pending@example.com');
    const before = await listed(payment.donorId!, payment.donationId!);
    expect(before).toMatchObject({ source: 'online', net_amount_cents: 5_000, online_refunds: [], disputes: [] });

    t.app.paypalStandin.nextRefund('PENDING');
    const res = await refund(payment.donationId!, 1_500);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.online_refunds).toMatchObject([{ status: 'pending', amount_cents: 1_500 }]);

    const pending = await listed(payment.donorId!, payment.donationId!);
    expect(pending).toMatchObject({ net_amount_cents: 5_000, refunded_cents: 0, refunds: [] });
    expect(pending.online_refunds).toEqual([
      { online_refund_id: expect.any(String), status: 'pending', amount_cents: 1_500, requested_at: expect.any(String), reason: 'Donor asked', failure_reason: null },
    ]);
    expect(new Date(pending.online_refunds[0]!.requested_at).getTime()).toBe(clock.now().getTime());
    // Staff who may read donations see it too (same access as the list).
    expect((await listed(payment.donorId!, payment.donationId!, staff)).online_refunds).toHaveLength(1);

    const [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    await t.app.paypalStandin.completeRefund(row!.providerRefundId!);
    await t.app.paypalStandin.deliverHeld();
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();
    const done = await listed(payment.donorId!, payment.donationId!);
    expect(done).toMatchObject({ net_amount_cents: 3_500, refunded_cents: 1_500, online_refunds: [] });
    expect(done.refunds.map((r) => r.amount_cents)).toEqual([1_500]);
  });

  it('a FAILED refund is listed with PayPal\'s reason and changes nothing', async () => {
    const payment = await paidOnline(4_000, 'facts-failed@example.com');
    await listed(payment.donorId!, payment.donationId!);
    t.app.paypalStandin.nextRefund('FAILED');
    expect((await refund(payment.donationId!, 4_000)).json().code).toBe('REFUND_FAILED');
    const row = await listed(payment.donorId!, payment.donationId!);
    expect(row).toMatchObject({ net_amount_cents: 4_000, refunded_cents: 0 });
    expect(row.online_refunds).toMatchObject([{ status: 'failed', amount_cents: 4_000, failure_reason: 'FAILED' }]);
  });

  it('a dispute is listed on the donation with status, reason, amount and date, then its outcome once resolved', async () => {
    const payment = await paidOnline(2_000, 'facts-dispute@example.com');
    expect((await listed(payment.donorId!, payment.donationId!)).disputes).toEqual([]);
    await deliverSigned(disputeEvent(payment.captureId!, 'CUSTOMER.DISPUTE.CREATED', 'OPEN'));
    const opened = await listed(payment.donorId!, payment.donationId!);
    expect(opened.disputes).toEqual([
      { dispute_id: expect.stringMatching(/^PP-D-/), status: 'OPEN', reason: 'UNAUTHORISED', amount_cents: 2_000, opened_at: clock.now().toISOString(), outcome: null },
    ]);
    // A dispute does not change the books.
    expect(opened).toMatchObject({ net_amount_cents: 2_000, refunded_cents: 0 });

    await deliverSigned(disputeEvent(payment.captureId!, 'CUSTOMER.DISPUTE.RESOLVED', 'RESOLVED', { dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } }));
    const resolved = await listed(payment.donorId!, payment.donationId!);
    expect(resolved.disputes).toMatchObject([{ status: 'RESOLVED', outcome: 'RESOLVED_SELLER_FAVOUR', amount_cents: 2_000 }]);
  });
});
