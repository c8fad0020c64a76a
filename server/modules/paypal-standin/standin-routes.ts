/**
 * A local stand-in for PayPal's REST API, for runs without PayPal credentials (never in production):
 *
 *   await app.register(paypalStandinRoutes);   // base URL for a PayPal client: `${config.publicUrl}/paypal-standin`
 *
 * It answers like api-m.sandbox.paypal.com (OAuth client credentials, Orders v2, Payments v2 captures
 * and refunds, verify-webhook-signature, PayPal-Request-Id idempotency, PayPal-shaped errors), shows
 * an approval page at /paypal-standin/checkoutnow?token=ORDER, keeps its records in PostgreSQL
 * (paypal_standin_objects) and delivers webhook events to the product's route in-process. The
 * webhook id of a client id is `standinWebhookId(clientId)`.
 *
 * Not encapsulated itself (it decorates the app with `paypalStandin`, the test controls, and closes
 * with it); its routes, JSON / form parsers and PayPal-shaped error handler live in an encapsulated
 * child under the prefix, so they never touch the rest of the app.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerApiRoutes } from './standin-api-routes';
import { registerApprovalPage } from './standin-approval-page';
import { Faults, openRequestGate, type Standin } from './standin-context';
import { createControl, registerControlRoute, type PaypalStandinControl } from './standin-control';
import { debugId, paypalError, standinErrorHandler } from './standin-errors';
import { PAYPAL_RETRY_WAITS_MS, WebhookDelivery } from './standin-webhooks';

export { standinWebhookId } from './standin-signature';
export type { PaypalStandinControl } from './standin-control';
export type { StandinCall } from './standin-context';

declare module 'fastify' {
  interface FastifyInstance {
    /** Test controls of the PayPal stand-in (only when it is mounted: never in production). */
    paypalStandin: PaypalStandinControl;
  }
}

export const STANDIN_PREFIX = '/paypal-standin';
/** The product's webhook route, where events are delivered (in-process). */
export const PAYPAL_WEBHOOK_PATH = '/payment/webhook/paypal';

export interface PaypalStandinOptions {
  /** Where events are delivered (default PAYPAL_WEBHOOK_PATH). */
  webhookUrl?: string;
  /**
   * PayPal's redelivery schedule (PAYPAL_RETRY_WAITS_MS, 25 retries over about 3 days) is scaled by
   * this (default 1: real time; 1e-6 when NODE_ENV=test, the whole schedule in about a quarter second).
   */
  timeScale?: number;
  /** Shorthand for a scale: the first retry's wait in ms (the others follow PayPal's schedule). */
  retryDelayMs?: number;
  /** Retries after the first try (default 25, as PayPal). */
  retries?: number;
}

/** Real time per ms of PayPal's retry schedule. */
function timeScaleOf(options: PaypalStandinOptions, defaultScale: number): number {
  return options.retryDelayMs !== undefined ? options.retryDelayMs / PAYPAL_RETRY_WAITS_MS[0]! : (options.timeScale ?? defaultScale);
}

const MALFORMED_JSON = () => paypalError(400, [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);

/** JSON like PayPal takes it: an empty body is no body (a capture is often sent so); no `__proto__` keys. */
function parseJson(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void): void {
  const text = body.toString();
  if (text.trim() === '') return done(null, undefined);
  try {
    done(
      null,
      JSON.parse(text, (key, value: unknown) => {
        if (key === '__proto__') throw new Error('__proto__ key');
        return value;
      }),
    );
  } catch {
    done(MALFORMED_JSON());
  }
}

/** application/x-www-form-urlencoded (the token call, the approval form): the first value of each key. */
function parseForm(_request: FastifyRequest, body: string | Buffer, done: (error: Error | null, body?: unknown) => void): void {
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body.toString())) if (!(key in fields)) fields[key] = value;
  done(null, fields);
}

export async function paypalStandinRoutes(app: FastifyInstance, options: PaypalStandinOptions = {}): Promise<void> {
  if (app.config.nodeEnv === 'production') throw new Error('The PayPal stand-in is never mounted in production: configure PayPal credentials.');
  const base = `${app.config.publicUrl}${STANDIN_PREFIX}`;
  const delivery = new WebhookDelivery(app, {
    url: options.webhookUrl ?? PAYPAL_WEBHOOK_PATH,
    base,
    waits: PAYPAL_RETRY_WAITS_MS.slice(0, options.retries ?? PAYPAL_RETRY_WAITS_MS.length),
    timeScale: timeScaleOf(options, app.config.nodeEnv === 'test' ? 1e-6 : 1),
  });
  const standin: Standin = { app, base, delivery, faults: new Faults() };
  const control = createControl(standin);
  app.decorate('paypalStandin', control);
  // Before the server stops taking requests: hanging calls answer, retry timers go, deliveries finish.
  app.addHook('preClose', async () => {
    standin.faults.close();
    await delivery.close();
  });

  await app.register(
    async (scope) => {
      scope.setErrorHandler(standinErrorHandler);
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
      if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) scope.removeContentTypeParser('application/x-www-form-urlencoded');
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, parseForm);
      // Events a call caused go out once its answer is sent.
      scope.addHook('onResponse', async (request) => openRequestGate(request));
      scope.addHook('onRequestAbort', async (request) => openRequestGate(request));
      scope.addHook('onSend', async (_request, reply, payload) => {
        if (!reply.hasHeader('paypal-debug-id')) void reply.header('paypal-debug-id', debugId());
        return payload;
      });
      registerApiRoutes(scope, standin);
      registerApprovalPage(scope, standin);
      // The HTTP controls exist only behind the test switch (never for an anonymous caller by default).
      if (app.config.paypalStandinControl) registerControlRoute(scope, control);
    },
    { prefix: STANDIN_PREFIX },
  );
}

// Like fastify-plugin: registered into the caller's context (the decorator and the close hook belong to the app).
Object.assign(paypalStandinRoutes, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'paypal-standin' });
