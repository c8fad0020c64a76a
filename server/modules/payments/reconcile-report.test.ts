/**
 * The reconcile report compares refunds too (issue 29, "the books reconcile with PayPal"): a refund
 * whose state in our books differs from PayPal's is listed with what each side says and the donor it
 * belongs to; once PayPal's webhooks have arrived (or staff asked again) it is gone, and after the
 * normal flows of a capture and its refunds the report is empty.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReconcileReport } from '../../../domain/payments/api-contract';
import { paymentRefunds, payments } from '../../db/schema';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('the reconcile report compares refunds with PayPal', () => {
  let t: TestApp;
  let owner: Session;
  let staff: Session;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const { arrived, paidOnline } = onlineGiving(() => t);

  const refund = (donationId: string, amountCents: number) =>
    post(t, '/payment/refund', { campaign_id: campaignId(), donation_id: donationId, amount_cents: amountCents, reason: 'Donor asked' }, owner.token);

  async function report(session = owner): Promise<ReconcileReport> {
    const res = await get(t, `/payment/reconcile-report/${campaignId()}`, session.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReconcileReport;
  }

  /** A refund made in PayPal's own dashboard (not through us): its webhook is held. */
  async function refundAtPaypal(captureId: string, cents: number) {
    const token = await t.app.inject({
      method: 'POST',
      url: '/paypal-standin/v1/oauth2/token',
      headers: { authorization: `Basic ${Buffer.from('demo-campaign-local:local-test-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/paypal-standin/v2/payments/captures/${captureId}/refund`,
      headers: { authorization: `Bearer ${token.json().access_token}`, 'content-type': 'application/json', 'paypal-request-id': randomUUID() },
      payload: JSON.stringify({ amount: { currency_code: 'USD', value: (cents / 100).toFixed(2) } }),
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('a refund PayPal completed while ours is still pending is listed with both sides and the donor; gone once the webhook arrives', async () => {
    const payment = await paidOnline(5_000, 'reconcile-pending@example.com');
    t.app.paypalStandin.nextRefund('PENDING');
    expect((await refund(payment.donationId!, 1_500)).statusCode).toBe(200);
    // Pending on both sides: nothing to report.
    expect((await report()).rows).toEqual([]);

    const [ours] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    await t.app.paypalStandin.completeRefund(ours!.providerRefundId!);
    const listed = await report();
    expect(listed.rows).toEqual([
      expect.objectContaining({
        payment_id: payment.id,
        difference: 'REFUND_NOT_BOOKED',
        status: 'completed',
        refunded_cents: 0,
        donor_id: payment.donorId,
        donor_name: 'Ana Lopez',
        donation_id: payment.donationId,
        refund: { refund_id: ours!.providerRefundId, amount_cents: 1_500, requested_at: ours!.createdAt.toISOString(), status: 'pending', paypal_status: 'COMPLETED' },
      }),
    ]);

    await arrived();
    expect((await report()).rows).toEqual([]);
  });

  it('a refund made in PayPal\'s dashboard is listed as a refunded amount that differs until its webhook is booked', async () => {
    const payment = await paidOnline(3_000, 'reconcile-dashboard@example.com');
    await refundAtPaypal(payment.captureId!, 1_000);
    expect((await report()).rows).toEqual([
      expect.objectContaining({ payment_id: payment.id, difference: 'REFUNDED_AMOUNT_DIFFERS', refunded_cents: 0, paypal_capture_status: 'PARTIALLY_REFUNDED', donor_id: payment.donorId, refund: null }),
    ]);
    await arrived();
    expect((await report()).rows).toEqual([]);
  });

  it('a refund whose answer never came is listed as unknown until staff ask again for the same amount', async () => {
    const payment = await paidOnline(2_000, 'reconcile-unanswered@example.com');
    t.app.paypalStandin.hangNext('refund');
    expect((await refund(payment.donationId!, 2_000)).json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect((await report()).rows).toEqual([
      expect.objectContaining({ payment_id: payment.id, difference: 'REFUND_OUTCOME_UNKNOWN', refund: expect.objectContaining({ refund_id: null, amount_cents: 2_000, status: 'requested', paypal_status: null }) }),
    ]);
    expect((await refund(payment.donationId!, 2_000)).statusCode).toBe(200);
    await arrived();
    expect((await report()).rows).toEqual([]);
  });

  it('after a capture and its normal refunds (partial, pending then completed, failed then made) the report is empty; staff may not read it', async () => {
    const payment = await paidOnline(9_000, 'reconcile-normal@example.com');
    expect((await refund(payment.donationId!, 1_000)).statusCode).toBe(200);
    t.app.paypalStandin.nextRefund('PENDING');
    expect((await refund(payment.donationId!, 2_000)).statusCode).toBe(200);
    const pending = (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id))).find((r) => r.status === 'pending')!;
    await t.app.paypalStandin.completeRefund(pending.providerRefundId!);
    t.app.paypalStandin.nextRefund('FAILED');
    expect((await refund(payment.donationId!, 3_000)).json().code).toBe('REFUND_FAILED');
    await arrived();
    expect((await refund(payment.donationId!, 6_000)).statusCode).toBe(200);
    await arrived();
    const [after] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after!.refundedCents).toBe(9_000);
    const empty = await report();
    expect(empty.checked).toBeGreaterThan(0);
    expect(empty.rows).toEqual([]);
    expect((await get(t, `/payment/reconcile-report/${campaignId()}`, staff.token)).statusCode).toBe(403);
  });
});
