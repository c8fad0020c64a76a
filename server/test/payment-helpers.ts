/**
 * A donor giving online on the demo campaign's page, through the PayPal stand-in: what the payment
 * tests share (start a checkout, approve it on the stand-in's page, capture it).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DONOR_ATTESTATIONS, type CheckoutStarted } from '../../domain/payments/api-contract';
import { payments } from '../db/schema';
import { post } from './auth-helpers';
import type { TestApp } from './test-db';

export const GIVING_SLUG = 'demo-campaign';
export const ALL_ATTESTATIONS = Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, true]));

/** The giving form's donor, with a random phone (a phone can recognise a donor). */
export function onlineDonor(email: string, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ana Lopez',
    email,
    // A valid New York number (212, exchange 200–999): the phone rule (domain/phone.ts) refuses made-up ones.
    phone: String(2_122_000_000 + Math.floor(Math.random() * 7_999_999)),
    address: '1 Main St',
    city: 'New York',
    state: 'new_york',
    zip: '10001',
    employer: 'Acme',
    occupation: 'Teacher',
    ...overrides,
  };
}

/** The steps of a gift; `app` is read when a step runs (the app is built in beforeAll). */
export function onlineGiving(app: () => TestApp) {
  const start = (amountCents: number, email: string, extra: Record<string, unknown> = {}, key = randomUUID()) =>
    post(app(), '/payment/pay-online', { slug: GIVING_SLUG, amount_cents: amountCents, donor: onlineDonor(email), attestations: ALL_ATTESTATIONS, idempotency_key: key, ...extra });

  async function startOk(amountCents: number, email: string, extra: Record<string, unknown> = {}): Promise<CheckoutStarted> {
    const res = await start(amountCents, email, extra);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as CheckoutStarted;
  }

  /** The donor's choice on the stand-in's approval page; resolves to where it sends the browser. */
  async function approve(orderId: string, choice: 'approve' | 'cancel' | 'decline' = 'approve'): Promise<string> {
    const res = await app().app.inject({
      method: 'POST',
      url: `/paypal-standin/checkoutnow/${orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `choice=${choice}`,
    });
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

  const capture = (c: CheckoutStarted) => post(app(), '/payment/capture', { payment_id: c.payment_id, order_id: c.order_id });

  /** PayPal's held webhooks arrive and are applied. */
  async function arrived(): Promise<void> {
    await app().app.paypalStandin.deliverHeld();
    await app().app.paypalStandin.settled();
    await app().app.jobs.settled();
  }

  /** A gift given, approved and captured (completed), its webhooks applied: the payments row. */
  async function paidOnline(amountCents: number, email: string) {
    const started = await startOk(amountCents, email);
    await approve(started.order_id);
    const res = await capture(started);
    expect(res.json().data.status).toBe('completed');
    await arrived();
    const [row] = await app().db.select().from(payments).where(eq(payments.id, started.payment_id));
    return row!;
  }

  return { start, startOk, approve, capture, arrived, paidOnline };
}

/** An order as the stand-in answers GET /v2/checkout/orders/{id}. */
export interface StandinOrderView {
  status: string;
  purchase_units: { payments?: { captures?: { id: string; status: string }[] } }[];
}

/** PayPal's side, as the demo campaign's app sees it: read an order, or capture it behind our back. */
export function demoPaypalApp(app: () => TestApp) {
  async function token(): Promise<string> {
    const res = await app().app.inject({
      method: 'POST',
      url: '/paypal-standin/v1/oauth2/token',
      headers: { authorization: `Basic ${Buffer.from('demo-campaign-local:local-test-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    return (res.json() as { access_token: string }).access_token;
  }

  async function order(orderId: string): Promise<StandinOrderView> {
    const res = await app().app.inject({ method: 'GET', url: `/paypal-standin/v2/checkout/orders/${orderId}`, headers: { authorization: `Bearer ${await token()}` } });
    return res.json() as StandinOrderView;
  }

  /** PayPal captures the order as our capture call would, and nothing of it reaches the app: its capture's id. */
  async function captureAtPaypal(started: CheckoutStarted): Promise<string> {
    const res = await app().app.inject({
      method: 'POST',
      url: `/paypal-standin/v2/checkout/orders/${started.order_id}/capture`,
      headers: { authorization: `Bearer ${await token()}`, 'content-type': 'application/json', 'paypal-request-id': `capture-${started.payment_id}` },
      payload: '{}',
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0]!.payments.captures[0]!.id;
  }

  return { order, captureAtPaypal };
}
