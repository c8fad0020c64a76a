/**
 * The PayPal stand-in as a PayPal client sees it: OAuth, orders (idempotent create, approval page,
 * capture once, decline), refunds, webhook deliveries whose signature verify-webhook-signature accepts,
 * the test controls (fail / hang / hold / reverse / refund in PayPal), and a clean close.
 *
 * Most tests mount the stand-in alone on a bare Fastify app over a fresh database, with a fake route at
 * the product's webhook path that records deliveries (the real app has the real route there). The last
 * block checks it as the real app mounts it (buildTestApp): access, CSP, its error shape kept inside it.
 */
import Fastify, { type FastifyInstance, type FastifyRequest, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client';
import { registerClock } from '../../plugins/clock';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/test-db';
import { testConfig } from '../../test/test-config';
import { PAYPAL_WEBHOOK_PATH, paypalStandinRoutes, standinWebhookId, type PaypalStandinOptions } from './standin-routes';
import { standinClientSecret } from './standin-auth';

const BASE = '/paypal-standin';
const PUBLIC_BASE = `http://localhost:3000${BASE}`;
const ID = /^[A-Z0-9]{17}$/;

interface Delivery {
  headers: FastifyRequest['headers'];
  event: Record<string, unknown> & { id: string; event_type: string; resource: Record<string, unknown> };
}

interface StandinTestApp {
  app: FastifyInstance;
  db: Db;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/** The fake webhook route: what it received, and the statuses it answers next (200 once they run out). */
function webhookReceiver() {
  const received: Delivery[] = [];
  const statuses: number[] = [];
  return {
    received,
    statuses,
    mount(app: FastifyInstance) {
      app.post(PAYPAL_WEBHOOK_PATH, async (request, reply) => {
        const status = statuses.shift() ?? 200;
        if (status === 200) received.push({ headers: request.headers, event: request.body as Delivery['event'] });
        return reply.code(status).send({ ok: status === 200 });
      });
    },
    of: (type: string) => received.filter((delivery) => delivery.event.event_type === type),
  };
}

/** The stand-in alone (what it needs of the app: config, db, clock) and the fake webhook route. */
async function standinApp(receiver: ReturnType<typeof webhookReceiver>, options: PaypalStandinOptions = {}): Promise<StandinTestApp> {
  const database = await createTestDatabase();
  const app = Fastify({ logger: false });
  app.decorate('config', testConfig({ paypalStandinControl: true }));
  app.decorate('db', database.db);
  app.decorate('pool', database.pool);
  registerClock(app);
  receiver.mount(app);
  await app.register(paypalStandinRoutes, options);
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

describe('PayPal stand-in', () => {
  let t: StandinTestApp;
  const hook = webhookReceiver();
  let token: string;
  const CLIENT = 'client-id-of-the-campaign';

  beforeAll(async () => {
    t = await standinApp(hook);
    token = await tokenFor(CLIENT);
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  function call(method: InjectOptions['method'], url: string, options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.token !== null) headers.authorization = `Bearer ${options.token ?? token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return t.app.inject({ method, url: `${BASE}${url}`, headers, ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }) });
  }

  async function tokenFor(clientId: string, secret = standinClientSecret(clientId)): Promise<string> {
    const res = await tokenCall(clientId, secret);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().access_token as string;
  }

  function tokenCall(clientId: string, secret: string) {
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/v1/oauth2/token`,
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
  }

  const orderBody = (value = '25.00', extra: Record<string, unknown> = {}) => ({
    intent: 'CAPTURE',
    purchase_units: [{ reference_id: 'pay-1', custom_id: 'pay-1', invoice_id: `inv-${Math.random()}`, description: 'Gift to the campaign', amount: { currency_code: 'USD', value } }],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: 'Friends of Jane <Doe>',
          user_action: 'PAY_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: 'http://localhost:3000/payment-success?payment_id=p1',
          cancel_url: 'http://localhost:3000/payment-error?payment_id=p1&reason=cancelled',
        },
      },
    },
    ...extra,
  });

  async function createOrder(body: unknown = orderBody(), requestId = `req-${Math.random()}`) {
    const res = await call('POST', '/v2/checkout/orders', { body, headers: { 'paypal-request-id': requestId, prefer: 'return=representation' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; status: string; links: { rel: string; href: string; method: string }[] };
  }

  function choose(orderId: string, choice: 'approve' | 'cancel' | 'decline') {
    return t.app.inject({
      method: 'POST',
      url: `${BASE}/checkoutnow/${orderId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: `choice=${choice}`,
    });
  }

  async function approvedOrder(body: unknown = orderBody()): Promise<string> {
    const order = await createOrder(body);
    expect((await choose(order.id, 'approve')).statusCode).toBe(303);
    return order.id;
  }

  function capture(orderId: string, requestId = `cap-${Math.random()}`) {
    return call('POST', `/v2/checkout/orders/${orderId}/capture`, { body: {}, headers: { 'paypal-request-id': requestId } });
  }

  async function capturedOrder(value = '25.00'): Promise<{ orderId: string; captureId: string }> {
    const orderId = await approvedOrder(orderBody(value));
    const res = await capture(orderId);
    expect(res.statusCode, res.body).toBe(201);
    return { orderId, captureId: res.json().purchase_units[0].payments.captures[0].id as string };
  }

  function issueOf(res: LightMyRequestResponse): string | undefined {
    return (res.json() as { details?: { issue: string }[] }).details?.[0]?.issue;
  }

  async function verify(delivery: Delivery, event: unknown = delivery.event, webhookId = standinWebhookId(CLIENT)) {
    const res = await call('POST', '/v1/notifications/verify-webhook-signature', {
      body: {
        auth_algo: delivery.headers['paypal-auth-algo'],
        cert_url: delivery.headers['paypal-cert-url'],
        transmission_id: delivery.headers['paypal-transmission-id'],
        transmission_sig: delivery.headers['paypal-transmission-sig'],
        transmission_time: delivery.headers['paypal-transmission-time'],
        webhook_id: webhookId,
        webhook_event: event,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().verification_status as string;
  }

  it("issues tokens only for the app's own client secret", async () => {
    const ok = await tokenCall('abc', standinClientSecret('abc'));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 32_400, app_id: expect.any(String), scope: expect.any(String), nonce: expect.any(String) });
    for (const secret of ['wrong-secret', 'any-secret', standinClientSecret('abd'), `${standinClientSecret('abc')}x`]) {
      const wrong = await tokenCall('abc', secret);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/v1/oauth2/token`, payload: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(401);
    const unknown = await call('GET', '/v2/checkout/orders/ABCDEFGHIJ1234567', { token: 'A21AAnot-a-token' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe('invalid_token');
    expect((await call('GET', '/v2/checkout/orders/ABCDEFGHIJ1234567', { token: null })).statusCode).toBe(401);
  });

  it('creates one order per PayPal-Request-Id, shaped like PayPal (payer-action with payment_source, approve without)', async () => {
    const first = await createOrder(orderBody(), 'same-request');
    const second = await createOrder(orderBody('99.00'), 'same-request');
    expect(second.id).toBe(first.id);
    expect(first.id).toMatch(ID);
    expect(first.status).toBe('PAYER_ACTION_REQUIRED');
    expect(first.links.find((l) => l.rel === 'payer-action')?.href).toBe(`${PUBLIC_BASE}/checkoutnow?token=${first.id}`);
    const rows = await t.db.execute(sql`select count(*)::int as n from paypal_standin_objects where kind = 'order' and idempotency_key = ${`${CLIENT}|same-request`}`);
    expect(rows.rows[0]).toEqual({ n: 1 });

    const plain = await createOrder({
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '10' } }],
      application_context: { brand_name: 'Shop', return_url: 'https://example.org/back' },
    });
    expect(plain.status).toBe('CREATED');
    expect(plain.links.map((l) => l.rel)).toEqual(['self', 'approve', 'capture']);
    expect(plain.links.find((l) => l.rel === 'approve')?.href).toBe(`${PUBLIC_BASE}/checkoutnow?token=${plain.id}`);
    const shown = await call('GET', `/v2/checkout/orders/${plain.id}`);
    expect(shown.json()).toMatchObject({ id: plain.id, intent: 'CAPTURE', status: 'CREATED', purchase_units: [{ reference_id: 'default', amount: { currency_code: 'USD', value: '10.00' } }] });
    // Another client id does not see it.
    const other = await call('GET', `/v2/checkout/orders/${plain.id}`, { token: await tokenFor('someone-else') });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND', debug_id: expect.any(String), details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  });

  it('refuses amounts PayPal refuses, with PayPal-shaped errors', async () => {
    const attempt = (value: string, currency = 'USD') =>
      call('POST', '/v2/checkout/orders', { body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: currency, value } }] } });
    const precise = await attempt('25.001');
    expect(precise.statusCode).toBe(422);
    expect(precise.json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', message: expect.any(String), debug_id: expect.any(String) });
    expect(issueOf(precise)).toBe('DECIMAL_PRECISION');
    expect(issueOf(await attempt('0.00'))).toBe('INVALID_PARAMETER_VALUE');
    expect((await attempt('-5.00')).statusCode).toBe(422);
    expect((await attempt('25.00', 'EUR')).statusCode).toBe(422);
    expect((await attempt('lots')).statusCode).toBe(400);
    const malformed = await t.app.inject({ method: 'POST', url: `${BASE}/v2/checkout/orders`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: '{"intent":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ name: 'INVALID_REQUEST', code: 'INVALID_REQUEST', message: expect.any(String) });
  });

  it('shows an approval page with the banner, the merchant, the amount and three buttons', async () => {
    const order = await createOrder(orderBody('1234.50'));
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/checkoutnow?token=${order.id}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('Test payments: no money moves');
    expect(html).toContain('Friends of Jane &lt;Doe&gt;');
    expect(html).toContain('$1,234.50 USD');
    expect(html).toContain(`<form method="post" action="/paypal-standin/checkoutnow/${order.id}">`);
    expect(html).toContain('<button type="submit" name="choice" value="approve" class="primary">Approve</button>');
    expect(html).toContain('<button type="submit" name="choice" value="cancel">Cancel</button>');
    expect(html).toContain('<button type="submit" name="choice" value="decline" class="danger">Decline the payment</button>');
    expect(html).toContain('width=device-width');
    expect(html).toContain(':focus-visible');
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/i);

    const missing = await t.app.inject({ method: 'GET', url: `${BASE}/checkoutnow?token=NOSUCHORDER000000`, headers: { accept: 'text/html' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Test payments: no money moves');
    const missingJson = await t.app.inject({ method: 'GET', url: `${BASE}/checkoutnow?token=NOSUCHORDER000000`, headers: { accept: 'application/json' } });
    expect(missingJson.json()).toMatchObject({ name: 'RESOURCE_NOT_FOUND', code: 'RESOURCE_NOT_FOUND' });
  });

  it('approve redirects to return_url with token and PayerID (keeping its query); cancel to cancel_url', async () => {
    const order = await createOrder();
    const cancelled = await choose(order.id, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`http://localhost:3000/payment-error?payment_id=p1&reason=cancelled&token=${order.id}`);

    const approved = await choose(order.id, 'approve');
    expect(approved.statusCode).toBe(303);
    const back = new URL(String(approved.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/payment-success');
    expect(back.searchParams.get('payment_id')).toBe('p1');
    expect(back.searchParams.get('token')).toBe(order.id);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    const shown = (await call('GET', `/v2/checkout/orders/${order.id}`)).json();
    expect(shown.status).toBe('APPROVED');
    expect(shown.payer).toMatchObject({ payer_id: back.searchParams.get('PayerID'), email_address: expect.any(String), name: { given_name: expect.any(String) } });
    expect(shown.links.map((l: { rel: string }) => l.rel)).toContain('capture');

    await t.app.paypalStandin.settled();
    const event = hook.of('CHECKOUT.ORDER.APPROVED').find((d) => d.event.resource.id === order.id);
    expect(event?.event).toMatchObject({ resource_type: 'checkout-order', resource: { status: 'APPROVED' } });
  });

  it('captures an approved order once, with PayPal-Request-Id idempotency, and sends PAYMENT.CAPTURE.COMPLETED', async () => {
    const notApproved = await createOrder();
    const early = await capture(notApproved.id);
    expect(early.statusCode).toBe(422);
    expect(issueOf(early)).toBe('ORDER_NOT_APPROVED');

    const orderId = await approvedOrder();
    const res = await capture(orderId, 'capture-1');
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order.status).toBe('COMPLETED');
    const [captured] = order.purchase_units[0].payments.captures;
    expect(captured).toMatchObject({
      id: expect.stringMatching(ID),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '25.00' },
      custom_id: 'pay-1',
      invoice_id: expect.stringMatching(/^inv-/),
      final_capture: true,
      seller_receivable_breakdown: { gross_amount: { value: '25.00' }, paypal_fee: { value: expect.any(String) }, net_amount: { value: expect.any(String) } },
    });
    expect(captured.create_time).toEqual(expect.any(String));

    const again = await capture(orderId, 'capture-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().purchase_units[0].payments.captures[0].id).toBe(captured.id);
    const other = await capture(orderId, 'capture-2');
    expect(other.statusCode).toBe(422);
    expect(issueOf(other)).toBe('ORDER_ALREADY_CAPTURED');

    const shown = await call('GET', `/v2/payments/captures/${captured.id}`);
    expect(shown.json()).toMatchObject({ id: captured.id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: orderId } } });

    await t.app.paypalStandin.settled();
    const events = hook.of('PAYMENT.CAPTURE.COMPLETED').filter((d) => d.event.resource.id === captured.id);
    expect(events).toHaveLength(1);
    expect(events[0].event).toMatchObject({
      id: expect.stringMatching(/^WH-/),
      event_version: '1.0',
      resource_type: 'capture',
      resource_version: '2.0',
      summary: 'Payment completed for $ 25.00 USD',
      resource: { custom_id: 'pay-1', invoice_id: captured.invoice_id, supplementary_data: { related_ids: { order_id: orderId } }, links: expect.any(Array) },
    });
  });

  it('two captures of one order at once make exactly one capture', async () => {
    const orderId = await approvedOrder();
    const answers = await Promise.all(['race-a', 'race-b', 'race-c', 'race-d'].map((requestId) => capture(orderId, requestId)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const shown = (await call('GET', `/v2/checkout/orders/${orderId}`)).json();
    expect(shown.purchase_units[0].payments.captures).toHaveLength(1);
  });

  it('"Decline the payment" approves the order but its capture fails with INSTRUMENT_DECLINED', async () => {
    const order = await createOrder();
    const declined = await choose(order.id, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(new URL(String(declined.headers.location)).searchParams.get('token')).toBe(order.id);
    const res = await capture(order.id);
    expect(res.statusCode).toBe(422);
    expect(issueOf(res)).toBe('INSTRUMENT_DECLINED');
    const shown = (await call('GET', `/v2/checkout/orders/${order.id}`)).json();
    expect(shown.status).toBe('APPROVED');
    expect(shown.purchase_units[0].payments).toBeUndefined();
  });

  it('refunds part, then the rest; more than remains is REFUND_AMOUNT_EXCEEDED', async () => {
    const { captureId } = await capturedOrder('30.00');
    const refund = (body: unknown, requestId = `ref-${Math.random()}`) => call('POST', `/v2/payments/captures/${captureId}/refund`, { body, headers: { 'paypal-request-id': requestId } });

    const part = await refund({ amount: { currency_code: 'USD', value: '10.00' }, note_to_payer: 'Sorry' }, 'refund-1');
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ id: expect.stringMatching(ID), status: 'COMPLETED', amount: { value: '10.00' } });
    expect(part.json().links).toEqual(
      expect.arrayContaining([expect.objectContaining({ rel: 'self' }), { rel: 'up', href: `${PUBLIC_BASE}/v2/payments/captures/${captureId}`, method: 'GET' }]),
    );
    expect((await refund({ amount: { currency_code: 'USD', value: '10.00' } }, 'refund-1')).json().id).toBe(part.json().id);
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).json().status).toBe('PARTIALLY_REFUNDED');

    const over = await refund({ amount: { currency_code: 'USD', value: '20.01' } });
    expect(over.statusCode).toBe(422);
    expect(issueOf(over)).toBe('REFUND_AMOUNT_EXCEEDED');

    const rest = await refund(undefined);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().amount.value).toBe('20.00');
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).json().status).toBe('REFUNDED');
    expect((await call('GET', `/v2/payments/refunds/${rest.json().id}`)).json()).toMatchObject({ id: rest.json().id, amount: { value: '20.00' } });

    await t.app.paypalStandin.settled();
    const events = hook.of('PAYMENT.CAPTURE.REFUNDED').filter((d) => (d.event.resource.links as { rel: string; href: string }[]).some((l) => l.rel === 'up' && l.href.endsWith(captureId)));
    expect(events.map((d) => (d.event.resource.amount as { value: string }).value)).toEqual(['10.00', '20.00']);
    expect(events[0].event.resource).toMatchObject({ custom_id: 'pay-1', invoice_id: expect.stringMatching(/^inv-/) });
  });

  it('signs deliveries so that verify-webhook-signature says SUCCESS, and FAILURE for a tampered body', async () => {
    await capturedOrder();
    await t.app.paypalStandin.settled();
    const delivery = hook.received.at(-1)!;
    expect(delivery.headers).toMatchObject({
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${PUBLIC_BASE}/v1/notifications/certs/CERT-STANDIN`,
      'paypal-transmission-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
      'paypal-transmission-sig': expect.any(String),
      'content-type': 'application/json',
    });
    expect(new Date(String(delivery.headers['paypal-transmission-time'])).getTime()).not.toBeNaN();
    expect(await verify(delivery)).toBe('SUCCESS');
    const tampered = { ...delivery.event, resource: { ...delivery.event.resource, amount: { currency_code: 'USD', value: '1.00' } } };
    expect(await verify(delivery, tampered)).toBe('FAILURE');
    expect(await verify(delivery, delivery.event, standinWebhookId('another-client'))).toBe('FAILURE');
    expect(standinWebhookId(CLIENT)).toMatch(/^WHLOCAL[0-9A-F]{16}$/);
  });

  it('retries a refused delivery, and holds events until asked to deliver them (in order)', async () => {
    const orderId = await approvedOrder();
    await t.app.paypalStandin.settled();
    hook.statuses.push(500, 503);
    const captured = await capture(orderId);
    const captureId = captured.json().purchase_units[0].payments.captures[0].id as string;
    await t.app.paypalStandin.settled();
    expect(hook.statuses).toEqual([]); // both refusals were used, then the third try got through
    expect(hook.of('PAYMENT.CAPTURE.COMPLETED').filter((d) => d.event.resource.id === captureId)).toHaveLength(1);

    t.app.paypalStandin.holdWebhooks(true);
    const before = hook.received.length;
    await t.app.paypalStandin.refundInPaypal(captureId, 500);
    await t.app.paypalStandin.reverseCapture(captureId);
    await t.app.paypalStandin.settled();
    expect(hook.received.length).toBe(before);
    await t.app.paypalStandin.deliverHeld();
    t.app.paypalStandin.holdWebhooks(false);
    expect(hook.received.slice(before).map((d) => d.event.event_type)).toEqual(['PAYMENT.CAPTURE.REFUNDED', 'PAYMENT.CAPTURE.REVERSED']);
    expect(hook.received.at(-1)!.event).toMatchObject({ resource_type: 'refund', resource: { amount: { value: '20.00' } } });
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).json()).toMatchObject({ status: 'REFUNDED', status_details: { reason: 'CHARGEBACK' } });
  });

  it('offers the controls over HTTP', async () => {
    const { captureId } = await capturedOrder('40.00');
    const control = (body: unknown) => t.app.inject({ method: 'POST', url: `${BASE}/_control`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await control({ action: 'refund', capture_id: captureId, amount_cents: 1_000 })).json()).toEqual({ ok: true });
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).json().status).toBe('PARTIALLY_REFUNDED');
    expect((await control({ action: 'fail-next', call: 'get', status: 503 })).statusCode).toBe(200);
    expect((await call('GET', `/v2/payments/captures/${captureId}`)).statusCode).toBe(503);
    expect((await control({ action: 'nonsense' })).statusCode).toBe(400);
    expect((await control({ action: 'reverse', capture_id: 'NOSUCHCAPTURE0000' })).statusCode).toBe(404);
  });

  it('failNext answers one PayPal-shaped error, then business as usual', async () => {
    t.app.paypalStandin.failNext('create');
    const failed = await call('POST', '/v2/checkout/orders', { body: orderBody() });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ name: 'INTERNAL_SERVER_ERROR', debug_id: expect.any(String) });
    await createOrder();
    t.app.paypalStandin.failNext('token', 503);
    expect((await tokenCall('abc', standinClientSecret('abc'))).statusCode).toBe(503);
    expect((await tokenCall('abc', standinClientSecret('abc'))).statusCode).toBe(200);
  });
});

/** Timers set by the stand-in's modules (not by tests) that have neither fired nor been cleared. */
function standinTimers() {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const pending = new Set<unknown>();
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = realSet(() => {
      pending.delete(timer);
      callback(...args);
    }, ms);
    // Who called setTimeout: the first frame outside this file and the spy machinery.
    const caller = (new Error().stack ?? '').split('\n').slice(1).find((line) => !/standin\.test\.ts|node_modules[\\/](@vitest|vitest|tinyspy)/.test(line));
    if (caller && /paypal-standin[\\/]standin-/.test(caller)) pending.add(timer);
    return timer;
  }) as unknown as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((timer: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(timer);
    realClear(timer);
  }) as typeof clearTimeout);
  return { pending };
}

describe('PayPal stand-in: hanging calls and closing', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a hung call does not answer until the app closes, and no timer outlives the app', async () => {
    const timers = standinTimers();
    const hook = webhookReceiver();
    const t = await standinApp(hook, { retryDelayMs: 2_000 });
    const auth = { authorization: `Basic ${Buffer.from(`hang-client:${standinClientSecret('hang-client')}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' };
    const token = (await t.app.inject({ method: 'POST', url: `${BASE}/v1/oauth2/token`, headers: auth, payload: 'grant_type=client_credentials' })).json().access_token as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await t.app.inject({
      method: 'POST',
      url: `${BASE}/v2/checkout/orders`,
      headers,
      payload: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '5.00' } }] }),
    });
    const orderId = created.json().id as string;
    await t.app.inject({ method: 'POST', url: `${BASE}/checkoutnow/${orderId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'choice=approve' });
    await t.app.paypalStandin.settled();

    // A delivery that keeps failing is waiting for its retry when the app closes.
    hook.statuses.push(500, 500, 500, 500);
    const captured = await t.app.inject({ method: 'POST', url: `${BASE}/v2/checkout/orders/${orderId}/capture`, headers, payload: '' });
    expect(captured.statusCode, captured.body).toBe(201);

    t.app.paypalStandin.hangNext('get');
    let answered = false;
    const hung = t.app.inject({ method: 'GET', url: `${BASE}/v2/checkout/orders/${orderId}`, headers: { authorization: `Bearer ${token}` } }).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(answered).toBe(false);
    expect(timers.pending.size).toBe(1); // the delivery's retry (2 s)

    await t.close();
    const res = await hung;
    expect(res.statusCode).toBe(503);
    expect(timers.pending.size).toBe(0);
  }, 20_000);

  it('refuses to mount in production', async () => {
    const app = Fastify();
    app.decorate('config', testConfig({ nodeEnv: 'production' }));
    await expect(app.register(paypalStandinRoutes).ready()).rejects.toThrow(/never mounted in production/);
    await app.close();
  });
});

describe('PayPal stand-in as the app mounts it', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    if (!t.app.hasDecorator('paypalStandin')) await t.app.register(paypalStandinRoutes); // until app.ts mounts it
    await t.app.ready();
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  it('declares every route public, serves its pages under the site CSP, and keeps its error shape to itself', async () => {
    const routes = t.app.routeAccess.filter((route) => route.url.startsWith(`${BASE}/`));
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(routes.filter((route) => route.access !== 'public')).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: `${BASE}/checkoutnow?token=NOSUCHORDER000000`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Test payments: no money moves');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");

    const malformed = await t.app.inject({ method: 'POST', url: `${BASE}/v2/checkout/orders`, headers: { 'content-type': 'application/json' }, payload: '{"intent":' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ name: 'INVALID_REQUEST', code: 'INVALID_REQUEST', message: expect.any(String), debug_id: expect.any(String) });
    const nul = await t.app.inject({ method: 'GET', url: `${BASE}/checkoutnow?token=%00`, headers: { accept: 'application/json' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    // The rest of the app keeps its own `{ code, message }` errors.
    const outside = await t.app.inject({ method: 'POST', url: '/auth/authentication/signin', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().name).toBeUndefined();
    expect(outside.json().code).toEqual(expect.any(String));
  });

  it('takes an order from token to capture inside the app', async () => {
    const basic = Buffer.from(`app-client:${standinClientSecret('app-client')}`).toString('base64');
    const token = (
      await t.app.inject({ method: 'POST', url: `${BASE}/v1/oauth2/token`, headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials' })
    ).json().access_token as string;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await t.app.inject({
      method: 'POST',
      url: `${BASE}/v2/checkout/orders`,
      headers,
      payload: JSON.stringify({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '12.00' } }], application_context: { return_url: 'http://localhost:3000/back' } }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json().id as string;
    const approved = await t.app.inject({ method: 'POST', url: `${BASE}/checkoutnow/${orderId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'choice=approve' });
    expect(approved.statusCode).toBe(303);
    const captured = await t.app.inject({ method: 'POST', url: `${BASE}/v2/checkout/orders/${orderId}/capture`, headers, payload: '{}' });
    expect(captured.statusCode, captured.body).toBe(201);
    await t.app.paypalStandin.settled(); // the events went to the app's webhook route (whatever it answered)
  });
});
