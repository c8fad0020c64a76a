/**
 * Refunds through PayPal (issue 29, points 3 and 4): booked only when PayPal answers COMPLETED; a
 * PENDING refund is shown pending and booked once PAYMENT.CAPTURE.REFUNDED says it completed; a FAILED
 * one books nothing and says why; every refund has its own invoice id (PayPal refuses a reused one
 * with 422 DUPLICATE_INVOICE_ID, as the stand-in does).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONOR_ATTESTATIONS, type CheckoutStarted } from '../../../domain/payments/api-contract';
import { donationRefunds, donations, paymentRefunds, payments } from '../../db/schema';
import { post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const attestations = Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, true]));

describe('refunds through PayPal', () => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;

  async function paidOnline(amountCents: number, email: string) {
    const res = await post(t, '/payment/pay-online', {
      slug: 'demo-campaign',
      amount_cents: amountCents,
      donor: { name: 'Ana Lopez', email, phone: String(2_122_000_000 + Math.floor(Math.random() * 7_999_999)), address: '1 Main St', city: 'New York', state: 'new_york', zip: '10001', employer: 'Acme', occupation: 'Teacher' },
      attestations,
      idempotency_key: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data as CheckoutStarted;
    const approved = await t.app.inject({ method: 'POST', url: `/paypal-standin/checkoutnow/${started.order_id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'choice=approve' });
    expect(approved.statusCode).toBe(303);
    const captured = await post(t, '/payment/capture', { payment_id: started.payment_id, order_id: started.order_id });
    expect(captured.json().data.status).toBe('completed');
    await t.app.paypalStandin.deliverHeld();
    await t.app.paypalStandin.settled();
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));
    return row!;
  }

  const refund = (donationId: string, amountCents: number, reason = 'Donor asked') =>
    post(t, '/payment/refund', { campaign_id: campaignId(), donation_id: donationId, amount_cents: amountCents, reason }, owner.token);
  const booked = async (donationId: string) => (await t.db.select().from(donationRefunds).where(eq(donationRefunds.donationId, donationId))).map((r) => r.amountCents);
  const refundedCents = async (donationId: string) => Number((await t.db.select().from(donations).where(eq(donations.id, donationId)))[0]!.refundedCents);

  it('two partial refunds of one gift: each its own invoice id, both booked', async () => {
    const payment = await paidOnline(6_000, 'two-refunds@example.com');
    t.app.paypalStandin.holdWebhooks(false);
    const first = await refund(payment.donationId!, 1_000);
    expect(first.statusCode, first.body).toBe(200);
    const second = await refund(payment.donationId!, 2_000);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.online_refund).toMatchObject({ status: 'completed', amount_cents: 2_000 });
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();
    expect(await booked(payment.donationId!)).toEqual([1_000, 2_000]);
    expect(await refundedCents(payment.donationId!)).toBe(3_000);
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(new Set(rows.map((r) => r.invoiceId)).size).toBe(2);
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(2);
  });

  it('the stand-in refuses a reused refund invoice id with 422 DUPLICATE_INVOICE_ID, as PayPal does', async () => {
    const payment = await paidOnline(3_000, 'dup-invoice@example.com');
    const token = await t.app.inject({
      method: 'POST',
      url: '/paypal-standin/v1/oauth2/token',
      headers: { authorization: `Basic ${Buffer.from('demo-campaign-local:local-test-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    const ask = (requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/paypal-standin/v2/payments/captures/${payment.captureId}/refund`,
        headers: { authorization: `Bearer ${token.json().access_token}`, 'content-type': 'application/json', 'paypal-request-id': requestId },
        payload: JSON.stringify({ amount: { currency_code: 'USD', value: '5.00' }, invoice_id: `inv-${payment.id}` }),
      });
    expect((await ask(randomUUID())).statusCode).toBe(201);
    const again = await ask(randomUUID());
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'DUPLICATE_INVOICE_ID' }] });
  });

  it('a PENDING refund is shown pending and not booked; PAYMENT.CAPTURE.REFUNDED (completed) books it once', async () => {
    const payment = await paidOnline(5_000, 'pending-refund@example.com');
    t.app.paypalStandin.nextRefund('PENDING');
    const res = await refund(payment.donationId!, 1_500);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.online_refund).toMatchObject({ status: 'pending', amount_cents: 1_500 });
    // Staff are told (the refund dialog's toast shows the answer's message).
    expect(res.json()).toMatchObject({ message_code: 'REFUND_PENDING', message: 'PayPal is still processing this refund; it is not counted until PayPal completes it' });
    expect(res.json().data.refunded_cents).toBe(0);
    expect(await booked(payment.donationId!)).toEqual([]);
    const [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(row).toMatchObject({ status: 'pending', amountCents: 1_500 });
    // Meanwhile what is pending cannot be refunded a second time.
    const over = await refund(payment.donationId!, 4_000);
    expect(over.json().code).toBe('REFUND_EXCEEDS_PAID');

    await t.app.paypalStandin.completeRefund(row!.providerRefundId!);
    await t.app.paypalStandin.deliverHeld({ twice: true });
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();
    expect(await booked(payment.donationId!)).toEqual([1_500]);
    expect(await refundedCents(payment.donationId!)).toBe(1_500);
    const [after] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, row!.id));
    expect(after!.status).toBe('completed');
  });

  it('a FAILED refund books nothing and says why; the gift can still be refunded', async () => {
    const payment = await paidOnline(4_000, 'failed-refund@example.com');
    t.app.paypalStandin.nextRefund('FAILED');
    const res = await refund(payment.donationId!, 4_000);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'REFUND_FAILED', message: 'PayPal did not make this refund (FAILED); nothing was refunded' });
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();
    expect(await booked(payment.donationId!)).toEqual([]);
    expect(await refundedCents(payment.donationId!)).toBe(0);
    t.app.paypalStandin.holdWebhooks(false);
    const retry = await refund(payment.donationId!, 4_000);
    expect(retry.statusCode, retry.body).toBe(200);
    await t.app.paypalStandin.settled();
    expect(await booked(payment.donationId!)).toEqual([4_000]);
  });

  it('(after the others) once PayPal\'s webhooks have arrived, the reconcile report lists no payment and no refund', async () => {
    await t.app.paypalStandin.deliverHeld();
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();
    const res = await t.app.inject({ method: 'GET', url: `/payment/reconcile-report/${campaignId()}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.checked).toBeGreaterThan(0);
    expect(res.json().data.rows).toEqual([]);
  });
});
