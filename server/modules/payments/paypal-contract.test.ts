/**
 * Contract tests against PayPal's own OpenAPI documents (paypal/paypal-rest-api-specifications,
 * kept verbatim with their licence in ./paypal-contract/): every request our PayPal client sends and
 * every answer the stand-in gives (successes and errors) is validated with ajv against the schema the
 * document names for that path, method and status; every webhook event the stand-in delivers against
 * `event` (notifications_webhooks_v1) and its resource against Payments v2 / Orders v2. A change that
 * breaks PayPal's contract, on either side, fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerClock } from '../../plugins/clock';
import { createTestDatabase } from '../../test/test-db';
import { testConfig } from '../../test/test-config';
import { standinClientSecret } from '../paypal-standin/standin-auth';
import { PAYPAL_WEBHOOK_PATH, paypalStandinRoutes, standinWebhookId } from '../paypal-standin/standin-routes';
import { createPaypalClient, type FetchLike } from './paypal-client';

const SPECS = ['checkout_orders_v2', 'payments_payment_v2', 'notifications_webhooks_v1'] as const;
type Spec = (typeof SPECS)[number];
const docs = Object.fromEntries(SPECS.map((name) => [name, JSON.parse(readFileSync(join(__dirname, 'paypal-contract', `${name}.json`), 'utf8'))])) as Record<Spec, { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> }>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const ajv = addFormats(new Ajv({ strict: false, allErrors: true, logger: false, unicodeRegExp: false }));
for (const name of SPECS) ajv.addSchema(docs[name] as object, name);

const segment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));
const compiled = new Map<string, ValidateFunction>();
function validator(spec: Spec, pointer: string[]): ValidateFunction {
  const ref = `${spec}#/${pointer.map(segment).join('/')}`;
  let fn = compiled.get(ref);
  if (!fn) compiled.set(ref, (fn = ajv.compile({ $ref: ref })));
  return fn;
}
const schema = (spec: Spec, name: string) => validator(spec, ['components', 'schemas', name]);

/** The operation of a call in PayPal's documents: spec and path template. */
function operationOf(method: string, path: string): { spec: Spec; template: string } {
  const m = method.toLowerCase();
  for (const spec of SPECS) {
    for (const template of Object.keys(docs[spec].paths)) {
      const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      if (pattern.test(path) && docs[spec].paths[template]![m]) return { spec, template };
    }
  }
  throw new Error(`no operation of PayPal's documents for ${method} ${path}`);
}

function problems(fn: ValidateFunction, value: unknown): string | null {
  return fn(value) ? null : [...new Set((fn.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`))].join('; ');
}

interface Exchange {
  method: string;
  path: string;
  body: unknown;
  status: number;
  answer: unknown;
}

/** What PayPal's documents say is wrong with one exchange (request body, and answer for its status), or []. */
function contractProblems(x: Exchange): string[] {
  const { spec, template } = operationOf(x.method, x.path);
  const op = ['paths', template, x.method.toLowerCase()];
  const out: string[] = [];
  const operation = docs[spec].paths[template]![x.method.toLowerCase()]!;
  if (x.body !== undefined && operation.requestBody) {
    const p = problems(validator(spec, [...op, 'requestBody', 'content', 'application/json', 'schema']), x.body);
    if (p) out.push(`${x.method} ${x.path} request: ${p}`);
  }
  const status = String(x.status);
  const response = operation.responses[status] as { content?: Record<string, unknown> } | undefined;
  if (!response) {
    out.push(`${x.method} ${x.path}: status ${status} is not one PayPal documents`);
  } else if (response.content?.['application/json']) {
    const p = problems(validator(spec, [...op, 'responses', status, 'content', 'application/json', 'schema']), x.answer);
    if (p) out.push(`${x.method} ${x.path} ${status} answer: ${p}`);
  }
  return out;
}

const PUBLIC_BASE = 'http://localhost:3000/paypal-standin';

describe("PayPal's contract (OpenAPI documents): our client's requests, the stand-in's answers and webhooks", () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  const exchanges: Exchange[] = [];
  const events: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    app = Fastify({ logger: false });
    app.decorate('config', testConfig());
    app.decorate('db', database.db);
    app.decorate('pool', database.pool);
    registerClock(app);
    app.post(PAYPAL_WEBHOOK_PATH, async (request) => {
      events.push(request.body as Record<string, unknown>);
      return { ok: true };
    });
    await app.register(paypalStandinRoutes);
    await app.ready();
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** Our client's transport: each call recorded (request and answer), then sent to the stand-in. */
  const recording: FetchLike = async (url, init) => {
    const path = url.slice(url.indexOf('/paypal-standin'));
    const res = await app.inject({ method: init.method as 'GET' | 'POST', url: path, headers: init.headers, ...(init.body === undefined ? {} : { payload: init.body }) });
    const apiPath = path.slice('/paypal-standin'.length);
    const isJson = (init.headers['content-type'] ?? '').includes('application/json');
    if (!apiPath.startsWith('/v1/oauth2')) {
      exchanges.push({ method: init.method, path: apiPath, body: init.body !== undefined && isJson ? JSON.parse(init.body) : undefined, status: res.statusCode, answer: res.body ? JSON.parse(res.body) : undefined });
    }
    return { status: res.statusCode, text: async () => res.body };
  };

  /** A call the client does not make (the stand-in's own answers), recorded the same way. */
  async function raw(method: 'GET' | 'POST', apiPath: string, token: string, body?: unknown) {
    const res = await app.inject({
      method,
      url: `/paypal-standin${apiPath}`,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json', 'paypal-request-id': `raw-${Math.random()}` }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    exchanges.push({ method, path: apiPath, body, status: res.statusCode, answer: res.json() });
    return res;
  }

  it('a gift from order to refunds, a PENDING refund, the errors, and the signature check: all as the documents say', async () => {
    const client = createPaypalClient({ baseUrl: PUBLIC_BASE, clientId: 'contract-client', clientSecret: standinClientSecret('contract-client'), fetch: recording });
    const order = await client.createOrder({
      requestId: 'contract-order-1',
      amountCents: 2_550,
      customId: '0b8f3f0e-8a4c-4d59-9d59-2a4f2f0d9c11',
      invoiceId: 'payment-0b8f3f0e',
      description: 'Gift to Friends of Jane Doe',
      brandName: 'Friends of Jane Doe',
      returnUrl: 'http://localhost:3000/payment-success?payment_id=p1',
      cancelUrl: 'http://localhost:3000/payment-error?payment_id=p1&reason=cancelled',
    });
    // Capturing before approval: PayPal's 422 ORDER_NOT_APPROVED.
    await expect(client.captureOrder(order.id, 'contract-capture-early')).rejects.toThrow();
    const approved = await app.inject({ method: 'POST', url: `/paypal-standin/checkoutnow/${order.id}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'choice=approve' });
    expect(approved.statusCode).toBe(303);
    await client.getOrder(order.id);
    const captured = await client.captureOrder(order.id, 'contract-capture-1');
    const captureId = captured.purchase_units![0]!.payments!.captures![0]!.id;
    const token = await client.token();
    await raw('GET', `/v2/payments/captures/${captureId}`, token);
    const refund = await client.refundCapture(captureId, { requestId: 'contract-refund-1', amountCents: 500, invoiceId: 'refund-1', note: 'Donor asked' });
    await raw('GET', `/v2/payments/refunds/${refund.id}`, token);
    app.paypalStandin.nextRefund('PENDING');
    await client.refundCapture(captureId, { requestId: 'contract-refund-2', amountCents: 300, invoiceId: 'refund-2', note: 'Pending one' });
    await expect(client.refundCapture(captureId, { requestId: 'contract-refund-3', amountCents: 400, invoiceId: 'refund-1' })).rejects.toThrow(); // DUPLICATE_INVOICE_ID
    await expect(client.refundCapture(captureId, { requestId: 'contract-refund-4', amountCents: 999_999 })).rejects.toThrow(); // more than remains
    await app.paypalStandin.settled();
    expect(events.length).toBeGreaterThan(0);
    // The signature check, with a delivery's own headers (as a client would send them).
    const delivered = events.find((e) => e.event_type === 'PAYMENT.CAPTURE.COMPLETED')!;
    await client.verifyWebhook({
      headers: { 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': `${PUBLIC_BASE}/v1/notifications/certs/CERT-STANDIN`, 'paypal-transmission-id': 'b2c1a2e0-5a1b-11ef-8000-000000000001', 'paypal-transmission-sig': 'c2lnbmF0dXJl', 'paypal-transmission-time': new Date().toISOString() },
      webhookId: standinWebhookId('contract-client'),
      event: delivered,
    });

    expect(exchanges.map((x) => `${x.method} ${x.path.replace(/[A-Z0-9]{17}/g, ':id')} ${x.status}`)).toEqual([
      'POST /v2/checkout/orders 201',
      'POST /v2/checkout/orders/:id/capture 422',
      'GET /v2/checkout/orders/:id 200',
      'POST /v2/checkout/orders/:id/capture 201',
      'GET /v2/payments/captures/:id 200',
      'POST /v2/payments/captures/:id/refund 201',
      'GET /v2/payments/refunds/:id 200',
      'POST /v2/payments/captures/:id/refund 201',
      'POST /v2/payments/captures/:id/refund 422',
      'POST /v2/payments/captures/:id/refund 422',
      'POST /v1/notifications/verify-webhook-signature 200',
    ]);
    expect(exchanges.flatMap(contractProblems)).toEqual([]);
  });

  it('every webhook event the stand-in delivered is an `event`, with a resource of its documented type', () => {
    const resourceSchema: Record<string, [Spec, string]> = { capture: ['payments_payment_v2', 'capture-2'], refund: ['payments_payment_v2', 'refund'], 'checkout-order': ['checkout_orders_v2', 'order'] };
    expect(new Set(events.map((e) => e.event_type))).toEqual(new Set(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REFUNDED']));
    const found: string[] = [];
    for (const event of events) {
      const p = problems(schema('notifications_webhooks_v1', 'event'), event);
      if (p) found.push(`${String(event.event_type)}: ${p}`);
      const [spec, name] = resourceSchema[String(event.resource_type)] ?? [];
      if (!spec) found.push(`${String(event.event_type)}: resource_type ${String(event.resource_type)}`);
      else {
        const r = problems(schema(spec, name!), event.resource);
        if (r) found.push(`${String(event.event_type)} resource: ${r}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the check is not vacuous: a request or answer that breaks the documents is caught', () => {
    const order = exchanges.find((x) => x.method === 'POST' && x.path === '/v2/checkout/orders')!;
    const body = structuredClone(order.body) as { intent: string; purchase_units: { amount: { value: unknown } }[] };
    body.intent = 'SALE';
    body.purchase_units[0]!.amount.value = 25.5;
    expect(contractProblems({ ...order, body }).join('\n')).toMatch(/intent|value/);
    const refund = exchanges.find((x) => x.method === 'GET' && x.path.startsWith('/v2/payments/refunds/'))!;
    expect(contractProblems({ ...refund, answer: { ...(refund.answer as object), status: 'DONE' } })).not.toEqual([]);
    expect(contractProblems({ ...refund, status: 201 })).toEqual(['GET ' + refund.path + ': status 201 is not one PayPal documents']);
  });
});
