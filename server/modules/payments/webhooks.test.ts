/**
 * PayPal webhooks as PayPal sends them (issue 29, points 6 and 9): the signature is checked over the
 * exact bytes received, with the key published at paypal-cert-url, for a recent transmission, before
 * anything is looked up; every verified event is kept and applied by a job once its payment is there
 * (a refund before its capture is answered 503, so PayPal retries, and applied once it can be);
 * duplicates and out-of-order deliveries apply once.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donationRefunds, donations, donors, paymentEvents, payments } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { post } from '../../test/auth-helpers';
import { demoPaypalApp, onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { AUTH_ALGO, certUrl, signedString, signTransmission, standinWebhookId } from '../paypal-standin/standin-signature';
import { createSign } from 'node:crypto';

const CLIENT = 'demo-campaign-local';

describe('PayPal webhooks', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
  });
  afterAll(async () => t?.close());
  beforeEach(() => t.app.paypalStandin.holdWebhooks(true));

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const base = () => `${t.app.config.publicUrl}/paypal-standin`;

  const { startOk, approve } = onlineGiving(() => t);
  const paypal = demoPaypalApp(() => t);

  async function paidOnline(amountCents: number, email: string) {
    const started = await startOk(amountCents, email);
    await approve(started.order_id);
    const res = await post(t, '/payment/capture', { payment_id: started.payment_id, order_id: started.order_id });
    expect(res.json().data.status).toBe('completed');
    const [row] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));
    return { started, payment: row! };
  }

  /** PayPal's headers for `raw`, signed by the stand-in's key (as its deliveries are). */
  async function signedHeaders(raw: string, options: { time?: Date; webhookId?: string } = {}) {
    const transmissionId = randomUUID();
    const transmissionTime = (options.time ?? clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const webhookId = options.webhookId ?? standinWebhookId(CLIENT);
    return {
      'content-type': 'application/json',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': transmissionTime,
      'paypal-transmission-sig': await signTransmission(t.app, { transmissionId, transmissionTime, webhookId, rawBody: raw }),
      'paypal-cert-url': certUrl(base()),
      'paypal-auth-algo': AUTH_ALGO,
    };
  }

  const deliver = (raw: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/payment/webhook/paypal', headers, payload: raw });

  function refundEvent(paymentId: string, captureId: string, cents: number, refundId = `R${randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase()}`) {
    return {
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: clock.now().toISOString(),
      resource_type: 'refund',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      summary: 'A capture payment was refunded',
      resource: {
        id: refundId,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: (cents / 100).toFixed(2) },
        note_to_payer: 'Café refund',
        custom_id: paymentId,
        links: [{ href: `${base()}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
      },
      links: [],
    };
  }

  const refundsOf = (donationId: string) => t.db.select().from(donationRefunds).where(eq(donationRefunds.donationId, donationId));

  it('verifies the exact bytes received: a body PayPal wrote with \\u escapes and spaces is accepted, one changed byte is not', async () => {
    const { started, payment } = await paidOnline(3_000, 'rawbytes@example.com');
    const event = refundEvent(started.payment_id, payment.captureId!, 700);
    // PayPal's bytes need not be what JSON.stringify of the parsed object gives back.
    const raw = JSON.stringify(event, null, 1).replace('Café', 'Caf\\u00e9');
    expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw);
    const headers = await signedHeaders(raw);

    const tampered = await deliver(raw.replace('"7.00"', '"9.00"'), headers);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(await refundsOf(payment.donationId!)).toHaveLength(0);

    const res = await deliver(raw, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.outcome).toBe('refund-booked');
    const refunds = await refundsOf(payment.donationId!);
    expect(refunds.map((r) => [r.amountCents, r.reason])).toEqual([[700, 'Café refund']]);
  });

  it('refuses a delivery signed too long ago, or with a key that is not PayPal\'s, or unsigned, alike for a payment that exists and one that does not', async () => {
    const { started, payment } = await paidOnline(2_000, 'stale@example.com');
    const known = JSON.stringify(refundEvent(started.payment_id, payment.captureId!, 500));
    const unknown = JSON.stringify(refundEvent(randomUUID(), 'NOSUCHCAPTURE0001', 500));

    const stale = await deliver(known, await signedHeaders(known, { time: new Date(clock.now().getTime() - 10 * 60_000) }));
    expect(stale.statusCode).toBe(400);
    expect(stale.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');

    // A key of the caller's own, published at a certificate URL of the caller's choosing.
    const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const headers = await signedHeaders(known);
    const forgedSig = createSign('sha256')
      .update(signedString({ transmissionId: headers['paypal-transmission-id'], transmissionTime: headers['paypal-transmission-time'], webhookId: standinWebhookId(CLIENT), rawBody: known }))
      .sign(own.privateKey, 'base64');
    for (const certAt of ['https://attacker.example/cert.pem', 'https://api.paypal.com.attacker.example/v1/notifications/certs/X', certUrl(base())]) {
      const forged = await deliver(known, { ...headers, 'paypal-transmission-sig': forgedSig, 'paypal-cert-url': certAt });
      expect(forged.statusCode).toBe(400);
      expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }

    // Unsigned: the same answer whether the payment exists or not (nothing is looked up first).
    const answers = [];
    for (const raw of [known, unknown]) {
      const res = await deliver(raw, { 'content-type': 'application/json' });
      answers.push([res.statusCode, res.json().code]);
    }
    expect(answers).toEqual([
      [400, 'WEBHOOK_SIGNATURE_INVALID'],
      [400, 'WEBHOOK_SIGNATURE_INVALID'],
    ]);
    expect(await refundsOf(payment.donationId!)).toHaveLength(0);
    // Nothing unverified is kept.
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, JSON.parse(known).id))).toHaveLength(0);
  });

  it('a refund event before its capture is recorded: kept, answered 503 (PayPal retries), applied once the capture is recorded', async () => {
    const started = await startOk(4_000, 'early-refund@example.com');
    await approve(started.order_id);
    const event = refundEvent(started.payment_id, 'CAPTUREDLATER0001', 1_000);
    const raw = JSON.stringify(event);

    const early = await deliver(raw, await signedHeaders(raw));
    expect(early.statusCode, early.body).toBe(503);
    expect(early.json().code).toBe('WEBHOOK_EVENT_WAITING');
    await t.app.jobs.settled();
    const [kept] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(kept).toMatchObject({ state: 'waiting', eventType: 'PAYMENT.CAPTURE.REFUNDED' });
    expect(kept!.body).toEqual(event);

    const captured = await post(t, '/payment/capture', { payment_id: started.payment_id, order_id: started.order_id });
    expect(captured.json().data.status).toBe('completed');
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, started.payment_id));

    // PayPal's retry (a new transmission of the same event).
    const retried = await deliver(raw, await signedHeaders(raw));
    expect(retried.statusCode, retried.body).toBe(200);
    const again = await deliver(raw, await signedHeaders(raw));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.outcome).toBe('duplicate');
    await t.app.jobs.settled();
    expect((await refundsOf(payment!.donationId!)).map((r) => r.amountCents)).toEqual([1_000]);
  });

  it("the stand-in's events delivered last-first and twice: the gift and its refund are booked once each", async () => {
    const email = 'reversed@example.com';
    const started = await startOk(5_000, email);
    await approve(started.order_id); // CHECKOUT.ORDER.APPROVED held
    // PayPal captures (the server's capture answer is lost: the row stays 'approved'), then refunds in its dashboard.
    const captureId = await paypal.captureAtPaypal(started);
    await t.app.paypalStandin.refundInPaypal(captureId, 1_500);

    // REFUNDED first (twice), then CAPTURE.COMPLETED (twice), then ORDER.APPROVED (twice).
    await t.app.paypalStandin.deliverHeld({ reverse: true, twice: true });
    await t.app.paypalStandin.settled();
    await t.app.jobs.settled();

    const gifts = await t.db
      .select({ id: donations.id, paid: donations.paidAmountCents, refunded: donations.refundedCents })
      .from(donations)
      .innerJoin(donors, eq(donors.id, donations.donorId))
      .where(and(eq(donors.campaignId, campaignId()), eq(donors.donorEmail, email)));
    expect(gifts).toHaveLength(1);
    expect((await refundsOf(gifts[0]!.id)).map((r) => r.amountCents)).toEqual([1_500]);
    expect(Number(gifts[0]!.refunded)).toBe(1_500);
    const events = await t.db.execute(sql`select event_type, state from payment_events where payment_id = ${started.payment_id} order by event_type`);
    expect(events.rows).toEqual([
      { event_type: 'CHECKOUT.ORDER.APPROVED', state: 'applied' },
      { event_type: 'PAYMENT.CAPTURE.COMPLETED', state: 'applied' },
      { event_type: 'PAYMENT.CAPTURE.REFUNDED', state: 'applied' },
    ]);
  });

  it('PAYMENT.CAPTURE.DECLINED and CHECKOUT.PAYMENT-APPROVAL.REVERSED end the payment declined; PAYMENT.CAPTURE.PENDING books nothing', async () => {
    const declined = await startOk(1_200, 'capture-declined@example.com');
    await approve(declined.order_id);
    const reversed = await startOk(1_300, 'approval-reversed@example.com');
    await approve(reversed.order_id);
    const pending = await startOk(1_400, 'capture-pending@example.com');
    await approve(pending.order_id);
    const envelope = (type: string, resourceType: string, resource: Record<string, unknown>) => ({
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: clock.now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary: type,
      resource,
      links: [],
    });
    const deliveries = [
      envelope('PAYMENT.CAPTURE.DECLINED', 'capture', { id: 'DECLINEDCAPTURE01', status: 'DECLINED', amount: { currency_code: 'USD', value: '12.00' }, custom_id: declined.payment_id, supplementary_data: { related_ids: { order_id: declined.order_id } } }),
      envelope('CHECKOUT.PAYMENT-APPROVAL.REVERSED', 'checkout-order', { order_id: reversed.order_id, purchase_units: [{ custom_id: reversed.payment_id }] }),
      envelope('PAYMENT.CAPTURE.PENDING', 'capture', { id: 'PENDINGCAPTURE001', status: 'PENDING', amount: { currency_code: 'USD', value: '14.00' }, custom_id: pending.payment_id }),
    ];
    for (const event of deliveries) {
      const raw = JSON.stringify(event);
      const res = await deliver(raw, await signedHeaders(raw));
      expect(res.statusCode, res.body).toBe(200);
    }
    const statuses = await t.db.execute(
      sql`select id, status, failure_code from payments where id in (${declined.payment_id}, ${reversed.payment_id}, ${pending.payment_id})`,
    );
    const byId = new Map((statuses.rows as { id: string; status: string; failure_code: string | null }[]).map((r) => [r.id, [r.status, r.failure_code]]));
    expect(byId.get(declined.payment_id)).toEqual(['declined', 'PAYMENT_DECLINED']);
    expect(byId.get(reversed.payment_id)).toEqual(['declined', 'PAYMENT_DECLINED']);
    expect(byId.get(pending.payment_id)).toEqual(['created', null]);
    const outcomes = await t.db.execute(sql`select event_type, state, outcome from payment_events where event_id in (${deliveries[0]!.id}, ${deliveries[1]!.id}, ${deliveries[2]!.id}) order by event_type`);
    expect(outcomes.rows).toEqual([
      { event_type: 'CHECKOUT.PAYMENT-APPROVAL.REVERSED', state: 'applied', outcome: 'approval-reversed' },
      { event_type: 'PAYMENT.CAPTURE.DECLINED', state: 'applied', outcome: 'declined' },
      { event_type: 'PAYMENT.CAPTURE.PENDING', state: 'applied', outcome: 'capture-pending:created' },
    ]);
  });

  it('a dispute opened and resolved at PayPal is recorded, and the campaign owners are e-mailed once for each', async () => {
    const { payment } = await paidOnline(2_500, 'disputer@example.com');
    const dispute = (type: string, status: string, extra: Record<string, unknown> = {}) => ({
      id: `WH-${randomUUID()}`,
      event_version: '1.0',
      create_time: clock.now().toISOString(),
      resource_type: 'dispute',
      event_type: type,
      summary: type,
      resource: {
        dispute_id: 'PP-D-27803',
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status,
        dispute_amount: { currency_code: 'USD', value: '25.00' },
        disputed_transactions: [{ seller_transaction_id: payment.captureId }],
        ...extra,
      },
      links: [],
    });
    const mails = () => t.db.execute(sql`select recipient, subject from outbox where purpose = 'payment_dispute' order by created_at`);
    const opened = dispute('CUSTOMER.DISPUTE.CREATED', 'OPEN');
    const raw = JSON.stringify(opened);
    for (let i = 0; i < 2; i++) expect((await deliver(raw, await signedHeaders(raw))).statusCode).toBe(200);
    await t.app.jobs.settled();
    const [row] = (await t.db.execute(sql`select status, reason, amount_cents, payment_id from payment_disputes where dispute_id = 'PP-D-27803'`)).rows;
    expect(row).toEqual({ status: 'OPEN', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED', amount_cents: 2_500, payment_id: payment.id });
    const owners = await t.db.execute(
      sql`select u.email from campaign_members m join users u on u.id = m.user_id where m.campaign_id = ${campaignId()} and m.role = 'owner'`,
    );
    expect(owners.rows.length).toBeGreaterThan(0);
    expect(((await mails()).rows as { recipient: string }[]).map((m) => m.recipient).sort()).toEqual((owners.rows as { email: string }[]).map((o) => o.email).sort());

    const closed = JSON.stringify(dispute('CUSTOMER.DISPUTE.RESOLVED', 'RESOLVED', { dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' } }));
    expect((await deliver(closed, await signedHeaders(closed))).statusCode).toBe(200);
    await t.app.jobs.settled();
    const [after] = (await t.db.execute(sql`select status, outcome from payment_disputes where dispute_id = 'PP-D-27803'`)).rows;
    expect(after).toEqual({ status: 'RESOLVED', outcome: 'RESOLVED_SELLER_FAVOUR' });
    const subjects = ((await mails()).rows as { subject: string }[]).map((m) => m.subject.replace(/^.*: /, ''));
    expect(subjects).toEqual([...owners.rows.map(() => 'PayPal dispute opened (PP-D-27803)'), ...owners.rows.map(() => 'PayPal dispute resolved (PP-D-27803)')]);
  });
});
