/**
 * Online payments end to end on a real database, through the same PayPal client code against the local
 * stand-in: a gift from /{slug} to the books (donor, donation, receipt), and SPEC's "nothing lost,
 * nothing doubled" cases: a double click, the webhook first, the webhook twice, a capture whose
 * recording was lost, a tampered amount, the limit at capture, the stand-in failing or hanging, 50
 * donors at once, tenancy, refunds (API answer and webhook) once, a package purchase.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DONOR_ATTESTATIONS, type CheckoutStarted, type GivingPage, type PaymentStatusView } from '../../../domain/payments/api-contract';
import { campaignGateways, donationRefunds, donations, donors, outbox, payments } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { ALL_ATTESTATIONS, GIVING_SLUG, onlineGiving, demoPaypalApp } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { standinWebhookId } from '../paypal-standin/standin-signature';
import { standinWebhookIdOf } from './paypal-gateway';
import { reconcilePayments } from './reconcile-job';

describe('online payments', () => {
  let t: TestApp;
  let owner: Session;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;

  const { start, startOk, approve, capture } = onlineGiving(() => t);
  const paypal = demoPaypalApp(() => t);

  async function donationsOf(email: string) {
    return t.db
      .select({ id: donations.id, amount: donations.paidAmountCents, method: donations.paymentMethod, source: donations.source })
      .from(donations)
      .innerJoin(donors, eq(donors.id, donations.donorId))
      .where(and(eq(donors.campaignId, campaignId()), eq(donors.donorEmail, email)));
  }

  it('signs webhooks with the id the gateway is configured with', () => {
    expect(standinWebhookIdOf('demo-campaign-local')).toBe(standinWebhookId('demo-campaign-local'));
  });

  it('shows the giving page of the demo campaign with its test label, limit and attestations', async () => {
    const page = (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;
    expect(page.giving).toEqual({ available: true, mode: 'local', test_mode: true });
    expect(page.limit_cents).toBeGreaterThan(0);
    expect(page.attestations.map((a) => a.key)).toEqual(DONOR_ATTESTATIONS.map((a) => a.key));
    const rivera = (await get(t, '/payment/giving-page/rivera-2026')).json().data as GivingPage;
    expect(rivera.giving).toEqual({ available: false, reason: 'NO_PACKAGE' });
    const unknown = await get(t, '/payment/giving-page/no-such-campaign');
    expect([unknown.statusCode, unknown.json().data]).toEqual([200, null]);
  });

  it("answers a sandbox or live gateway's public client id (never its secret) for PayPal's JS SDK buttons", async () => {
    const [original] = await t.db.select().from(campaignGateways).where(eq(campaignGateways.campaignId, campaignId()));
    try {
      for (const [i, mode] of (['sandbox', 'live'] as const).entries()) {
        const updatedAt = new Date(original!.updatedAt.getTime() + (i + 1) * 1_000);
        await t.db.update(campaignGateways).set({ mode, clientId: `AbC-${mode}-client`, updatedAt }).where(eq(campaignGateways.id, original!.id));
        const res = await get(t, `/payment/giving-page/${GIVING_SLUG}`);
        expect((res.json().data as GivingPage).giving).toEqual({ available: true, mode, test_mode: false, client_id: `AbC-${mode}-client` });
        expect(res.body).not.toContain('local-test-secret');
        expect(res.body).not.toContain(original!.secretCiphertext);
      }
    } finally {
      await t.db.update(campaignGateways).set({ mode: original!.mode, clientId: original!.clientId, updatedAt: original!.updatedAt }).where(eq(campaignGateways.id, original!.id));
    }
    expect((await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data.giving).toEqual({ available: true, mode: 'local', test_mode: true });
  });

  it('gives $25: order, approval, capture; the donor, the donation and the receipt are recorded once', async () => {
    const email = 'give25@example.com';
    const started = await startOk(2_500, email);
    expect(started.approve_url).toContain(`/paypal-standin/checkoutnow?token=${started.order_id}`);
    const back = await approve(started.order_id);
    expect(back).toContain(`/payment-success?payment_id=${started.payment_id}`);
    const res = await capture(started);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data as PaymentStatusView;
    expect(receipt).toMatchObject({ status: 'completed', amount_cents: 2_500, campaign_name: 'Friends of Demo Candidate', slug: GIVING_SLUG, test_mode: true });
    expect(receipt.receipt_number).toMatch(/^R-\d{6,}$/);
    // A reload captures nothing more.
    expect((await capture(started)).json().data.receipt_number).toBe(receipt.receipt_number);
    expect(await donationsOf(email)).toEqual([expect.objectContaining({ amount: 2_500, method: 'paypal', source: 'online' })]);
    const mail = await t.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.purpose, 'donation_receipt')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(receipt.receipt_number!);
    expect(mail[0]!.body).toContain('$25.00');
    // Staff see it in the donor list.
    const list = await get(t, `/donation/donor/list_donor/${campaignId()}?search=give25`, owner.token);
    expect(list.json().data.donor_list[0]).toMatchObject({ donor_email: email });
  });

  it('a double click on Pay makes one order', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([start(3_000, 'double@example.com', {}, key), start(3_000, 'double@example.com', {}, key)]);
    const ok = [a, b].filter((r) => r.statusCode === 201).map((r) => r.json().data as CheckoutStarted);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((c) => c.order_id)).size).toBe(1);
    const rows = await t.db.select().from(payments).where(eq(payments.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('the webhook arrives before the browser returns, and twice: one donation', async () => {
    const email = 'webhookfirst@example.com';
    const started = await startOk(4_000, email);
    await approve(started.order_id);
    await t.app.paypalStandin.deliverHeld(); // CHECKOUT.ORDER.APPROVED: the server captures; then CAPTURE.COMPLETED
    await t.app.paypalStandin.deliverHeld();
    await t.app.paypalStandin.settled();
    expect(await donationsOf(email)).toHaveLength(1);
    const res = await capture(started);
    expect(res.json().data.status).toBe('completed');
    expect(await donationsOf(email)).toHaveLength(1);
  });

  it('the same webhook event delivered twice is processed once', async () => {
    const email = 'twice@example.com';
    const started = await startOk(1_500, email);
    await approve(started.order_id);
    await capture(started);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));
    // A PayPal-signed refund event, delivered twice (the same event id, two transmissions).
    await t.app.paypalStandin.refundInPaypal(row!.captureId!, 500);
    await t.app.paypalStandin.deliverHeld({ twice: true });
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();
    const refunds = await t.db.select().from(donationRefunds).where(eq(donationRefunds.donationId, row!.donationId!));
    expect(refunds.map((r) => r.amountCents)).toEqual([500]);
    const events = await t.db.execute(sql`select state, outcome from payment_events where payment_id = ${started.payment_id} and event_type = 'PAYMENT.CAPTURE.REFUNDED'`);
    expect(events.rows).toEqual([{ state: 'applied', outcome: 'refund-booked' }]);
  });

  it('refuses a webhook whose signature does not verify', async () => {
    const started = await startOk(1_000, 'forged@example.com');
    const res = await post(t, '/payment/webhook/paypal', { id: 'WH-FORGED-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAPFORGED1234567', custom_id: started.payment_id, amount: { value: '10.00' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await donationsOf('forged@example.com')).toHaveLength(0);
  });

  it('a capture whose recording was lost (server killed) is recorded exactly once by the reconciliation', async () => {
    const email = 'killed@example.com';
    const started = await startOk(2_000, email);
    await approve(started.order_id);
    // PayPal captured, then the process died before recording: the row is left 'capturing'.
    await t.db.update(payments).set({ status: 'capturing' }).where(eq(payments.id, started.payment_id));
    await paypal.captureAtPaypal(started);
    expect(await donationsOf(email)).toHaveLength(0);
    clock.advance(5 * 60_000);
    await t.db.update(payments).set({ updatedAt: new Date(clock.now().getTime() - 4 * 60_000) }).where(eq(payments.id, started.payment_id));
    const first = await reconcilePayments(t.app);
    expect(first.recorded).toBeGreaterThanOrEqual(1);
    await reconcilePayments(t.app);
    expect(await donationsOf(email)).toHaveLength(1);
    // The webhook of that capture arriving late changes nothing.
    t.app.paypalStandin.holdWebhooks(false);
    await t.app.paypalStandin.deliverHeld();
    await t.app.paypalStandin.settled();
    expect(await donationsOf(email)).toHaveLength(1);
  });

  it('reconciliation: an order never approved goes to the back of the queue, then expires after 3 hours', async () => {
    const started = await startOk(1_300, 'abandoned@example.com');
    const aged = new Date(clock.now().getTime() - 4 * 60_000);
    await t.db.update(payments).set({ updatedAt: aged }).where(eq(payments.id, started.payment_id));
    await reconcilePayments(t.app);
    const [waiting] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));
    expect(waiting!.status).toBe('created');
    expect(waiting!.updatedAt.getTime()).toBeGreaterThan(aged.getTime());
    // Three hours later (the row is aged rather than the clock, which would end the owner's session).
    const past = new Date(clock.now().getTime() - 3 * 3_600_000 - 60_000);
    await t.db.update(payments).set({ createdAt: past, updatedAt: past }).where(eq(payments.id, started.payment_id));
    const run = await reconcilePayments(t.app);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    const [expired] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));
    expect(expired!.status).toBe('expired');
    expect(await donationsOf('abandoned@example.com')).toHaveLength(0);
  });

  it('refuses a tampered or invalid amount, and a capture request that names an amount', async () => {
    expect((await start(99, 'tiny@example.com')).statusCode).toBe(400);
    expect((await start(25.5, 'frac@example.com')).statusCode).toBe(400);
    const started = await startOk(2_500, 'tamper@example.com');
    await approve(started.order_id);
    const res = await post(t, '/payment/capture', { payment_id: started.payment_id, order_id: started.order_id, amount_cents: 1 });
    expect(res.statusCode).toBe(400);
    const missingAttestation = await start(2_500, 'noattest@example.com', { attestations: { ...ALL_ATTESTATIONS, own_funds: false } });
    expect(missingAttestation.statusCode).toBe(400);
  });

  it('over the limit before checkout: 422 and no order', async () => {
    const page = (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;
    const res = await start(page.limit_cents! + 100, 'over@example.com');
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('COMMITMENT_EXCEEDS_LIMIT');
    expect(await t.db.select().from(payments).where(sql`${payments.donorDetails}->>'email' = 'over@example.com'`)).toHaveLength(0);
  });

  it('a gift that would now pass the limit at capture is not captured', async () => {
    const page = (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;
    const email = 'limit@example.com';
    const first = await startOk(page.limit_cents! - 1_000, email);
    const second = await startOk(2_000, email); // passes now: nothing is recorded yet
    await approve(first.order_id);
    await approve(second.order_id);
    expect((await capture(first)).statusCode).toBe(200);
    const refused = await capture(second);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('COMMITMENT_EXCEEDS_LIMIT');
    expect((await paypal.order(second.order_id)).status).toBe('APPROVED');
    expect(await donationsOf(email)).toHaveLength(1);
  });

  it('the stand-in failing on every try or hanging at capture: unknown (we are confirming), nothing recorded, nothing captured yet', async () => {
    for (const mode of ['fail', 'hang'] as const) {
      const email = `${mode}@example.com`;
      const started = await startOk(1_200, email);
      await approve(started.order_id);
      if (mode === 'fail') for (let i = 0; i < 3; i++) t.app.paypalStandin.failNext('capture');
      else t.app.paypalStandin.hangNext('capture');
      const res = await capture(started);
      expect(res.statusCode).toBe(202);
      expect(res.json().data).toMatchObject({ status: 'unknown', failure_code: 'PAYMENT_OUTCOME_UNKNOWN' });
      expect(await donationsOf(email)).toHaveLength(0);
      expect((await paypal.order(started.order_id)).status).toBe('APPROVED');
    }
  });

  it('a declined or cancelled payment records nothing', async () => {
    const declined = await startOk(1_100, 'declined@example.com');
    await approve(declined.order_id, 'decline');
    const res = await capture(declined);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_CHOOSE_ANOTHER_SOURCE');
    const cancelled = await startOk(1_100, 'cancelled@example.com');
    expect(await approve(cancelled.order_id, 'cancel')).toContain('reason=cancelled');
    const answer = await post(t, '/payment/cancel', { payment_id: cancelled.payment_id, order_id: cancelled.order_id });
    expect(answer.json().data.status).toBe('cancelled');
    expect(await donationsOf('declined@example.com')).toHaveLength(0);
    expect(await donationsOf('cancelled@example.com')).toHaveLength(0);
  });

  it('50 donors pay at once: every payment recorded once', async () => {
    const emails = Array.from({ length: 50 }, (_, i) => `crowd${i}@example.com`);
    const started = await Promise.all(emails.map((e) => startOk(1_000 + 1, e)));
    await Promise.all(started.map((s) => approve(s.order_id)));
    const answers = await Promise.all(started.map((s) => capture(s)));
    // On a loaded machine a capture's answer can outlast the client's timeout: that payment is then
    // unknown (202, "we are confirming"), and one reconciliation pass settles it. Never a failure.
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => [a.statusCode, a.json().data?.status])).toEqual(answers.filter((a) => a.statusCode !== 200).map(() => [202, 'unknown']));
    const aged = new Date(clock.now().getTime() - 4 * 60_000);
    await t.db.update(payments).set({ updatedAt: aged }).where(sql`${payments.id} in (${sql.join(started.map((s) => sql`${s.payment_id}`), sql`, `)}) and ${payments.status} <> 'completed'`);
    await reconcilePayments(t.app);
    const rows = await t.db.execute(sql`
      select count(*)::int as n, count(distinct d.external_ref)::int as refs from donations d join payments p on p.donation_id = d.id
      where p.id in (${sql.join(started.map((s) => sql`${s.payment_id}`), sql`, `)})`);
    expect(rows.rows[0]).toEqual({ n: 50, refs: 50 });
  });

  it('tenancy: a payment of campaign A is never reached through another campaign or order', async () => {
    const started = await startOk(1_000, 'tenant@example.com');
    const other = await startOk(1_000, 'tenant2@example.com');
    expect((await post(t, '/payment/capture', { payment_id: started.payment_id, order_id: other.order_id })).statusCode).toBe(404);
    // Staff of another campaign cannot list or configure this one's gateway.
    const outsider = await post(t, '/payment/configure-payment-gateway', { campaign_id: campaignId(), provider: 'paypal', mode: 'local', client_id: 'x', client_secret: 'y' });
    expect(outsider.statusCode).toBe(401);
  });

  it('refunds part of an online gift through PayPal once, whether the answer or the webhook comes first', async () => {
    const email = 'refund@example.com';
    const started = await startOk(5_000, email);
    await approve(started.order_id);
    await capture(started);
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));
    t.app.paypalStandin.holdWebhooks(false);
    const res = await post(t, '/payment/refund', { campaign_id: campaignId(), donation_id: row!.donationId, amount_cents: 2_000, reason: 'Donor asked' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.paypalStandin.settled();
    const refunds = await t.db.select().from(donationRefunds).where(eq(donationRefunds.donationId, row!.donationId!));
    expect(refunds.map((r) => r.amountCents)).toEqual([2_000]);
    const [donation] = await t.db.select().from(donations).where(eq(donations.id, row!.donationId!));
    expect(Number(donation!.refundedCents)).toBe(2_000);
    const over = await post(t, '/payment/refund', { campaign_id: campaignId(), donation_id: row!.donationId, amount_cents: 4_000, reason: 'Too much' }, owner.token);
    expect(over.json().code).toBe('REFUND_EXCEEDS_PAID');
  });

  it('keeps the gateway secret sealed and answers only its last 4 characters', async () => {
    const res = await post(
      t,
      '/payment/configure-payment-gateway',
      { campaign_id: campaignId(), provider: 'paypal', mode: 'local', client_id: 'demo-campaign-local', client_secret: 'local-test-secret' },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('local-test-secret');
    expect(res.json().data).toMatchObject({ secret_last4: 'cret', webhook_url: expect.stringContaining('/payment/webhook/paypal') });
    const [stored] = await t.db.select().from(campaignGateways).where(eq(campaignGateways.campaignId, campaignId()));
    expect(stored!.secretCiphertext).not.toContain('local-test-secret');
    const wrong = await post(t, '/payment/configure-payment-gateway', { campaign_id: campaignId(), provider: 'paypal', mode: 'local', client_id: 'demo-campaign-local', client_secret: 'wrong-secret' }, owner.token);
    expect(wrong.json().code).toBe('GATEWAY_CREDENTIALS_REJECTED');
    const listed = await get(t, `/payment/all-payment-gateway/${campaignId()}`, owner.token);
    expect(listed.body).not.toContain('local-test-secret');
  });

  it('buys a 1-year package for Neighbors for Rivera: active on capture, listed with its invoice', async () => {
    const rivera = t.seeded!.secondCampaign!.id;
    const started = await post(t, '/payment/purchase-package', { campaign_id: rivera, years: 1, idempotency_key: randomUUID() }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    const checkout = started.json().data as CheckoutStarted;
    await approve(checkout.order_id);
    const done = await capture(checkout);
    expect(done.json().data).toMatchObject({ status: 'completed', kind: 'package' });
    const pkg = await get(t, `/campaign/package/list-package-by-year/${rivera}`, owner.token);
    expect(pkg.json().data.package_status).toBe('ACTIVE');
    const list = await get(t, `/payment/purchase-list/${rivera}`, owner.token);
    expect(list.json().data).toEqual([expect.objectContaining({ years: 1, status: 'completed', has_invoice: true })]);
    const invoice = await get(t, `/payment/purchase-invoice/${checkout.payment_id}?campaign_id=${rivera}`, owner.token);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toContain('application/pdf');
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
