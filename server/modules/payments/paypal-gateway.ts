/**
 * Which PayPal account a payment goes through, and the client for it:
 * - a donor's gift: the campaign's own gateway (campaign_gateways; mode local | sandbox | live);
 * - a package purchase: the platform's account (PAYPAL_* settings), or the local stand-in without them.
 * Mode 'local' is the in-process PayPal stand-in (server/modules/paypal-standin), reached through the
 * same client over app.inject instead of the network; it is refused when NODE_ENV=production.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayMode } from '../../../domain/payments/api-contract';
import { fail } from '../../plugins/errors';
import { standinWebhookId } from '../paypal-standin/standin-signature';
import { findGateway, type GatewayRecord } from './gateway-repository';
import { createPaypalClient, type FetchLike, type PaypalClient } from './paypal-client';
import { secretBox } from './secret-box';

export const STANDIN_PREFIX = '/paypal-standin';

export interface PaypalAccount {
  mode: GatewayMode;
  /** The REST app's client id (public: the donor's browser loads PayPal's JS SDK with it in sandbox and live). */
  clientId: string;
  client: PaypalClient;
  /** verify-webhook-signature needs the id PayPal gave the webhook. */
  webhookId: string | null;
}

/** fetch over app.inject: the stand-in is a plugin of this very app. */
function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const path = url.slice(url.indexOf(STANDIN_PREFIX));
    const response = await Promise.race([
      app.inject({ method: init.method as 'GET' | 'POST', url: path, headers: init.headers, ...(init.body === undefined ? {} : { payload: init.body }) }),
      new Promise<never>((_resolve, reject) => {
        if (init.signal?.aborted) reject(new Error('aborted'));
        init.signal?.addEventListener('abort', () => reject(new Error('timed out')), { once: true });
      }),
    ]);
    return { status: response.statusCode, text: async () => response.body };
  };
}

export function localModeAllowed(app: FastifyInstance): boolean {
  return app.config.nodeEnv !== 'production';
}

/** Per-call timeout and first retry wait: short in tests so a hanging or failing stand-in answers fast. */
function timing(app: FastifyInstance): { timeoutMs: number; retryDelayMs: number } {
  return app.config.nodeEnv === 'test' ? { timeoutMs: 1_500, retryDelayMs: 20 } : { timeoutMs: 20_000, retryDelayMs: 500 };
}

export function paypalClientFor(app: FastifyInstance, mode: GatewayMode, clientId: string, clientSecret: string): PaypalClient {
  if (mode === 'local') {
    if (!localModeAllowed(app)) throw fail(409, 'GATEWAY_MODE_NOT_ALLOWED');
    return createPaypalClient({ baseUrl: `${app.config.publicUrl}${STANDIN_PREFIX}`, clientId, clientSecret, fetch: injectFetch(app), ...timing(app) });
  }
  const baseUrl = mode === 'live' ? app.config.paypalBaseUrls.live : app.config.paypalBaseUrls.sandbox;
  return createPaypalClient({ baseUrl, clientId, clientSecret, fetch: (url, init) => fetch(url, init), ...timing(app) });
}

/** Clients are kept per gateway version (the token is cached inside). */
const clients = new WeakMap<FastifyInstance, Map<string, PaypalClient>>();

function cachedClient(app: FastifyInstance, key: string, make: () => PaypalClient): PaypalClient {
  let map = clients.get(app);
  if (!map) clients.set(app, (map = new Map()));
  let client = map.get(key);
  if (!client) map.set(key, (client = make()));
  return client;
}

export function gatewayAccount(app: FastifyInstance, gateway: GatewayRecord): PaypalAccount {
  const mode = gateway.mode as GatewayMode;
  const key = `${gateway.id}:${gateway.updatedAt.getTime()}`;
  const client = cachedClient(app, key, () => paypalClientFor(app, mode, gateway.clientId, secretBox(app.config.paymentSecretKey).open(gateway.secretCiphertext)));
  return { mode, clientId: gateway.clientId, client, webhookId: gateway.webhookId };
}

/** The campaign's account, or null when it has none (online giving is then not available). */
export async function campaignAccount(app: FastifyInstance, campaignId: string): Promise<PaypalAccount | null> {
  const gateway = await findGateway(app.db, campaignId);
  if (!gateway) return null;
  if (gateway.mode === 'local' && !localModeAllowed(app)) return null;
  return gatewayAccount(app, gateway);
}

/** The platform's account (package purchases), or null when none can be used (production without PAYPAL_*). */
export function platformAccount(app: FastifyInstance): PaypalAccount | null {
  const paypal = app.config.paypal;
  if (paypal) return { mode: paypal.mode, clientId: paypal.clientId, client: cachedClient(app, 'platform', () => paypalClientFor(app, paypal.mode, paypal.clientId, paypal.clientSecret)), webhookId: paypal.webhookId };
  if (!localModeAllowed(app)) return null;
  const clientId = 'platform-local';
  return { mode: 'local', clientId, client: cachedClient(app, 'platform', () => paypalClientFor(app, 'local', clientId, 'local-secret')), webhookId: standinWebhookId(clientId) };
}

/** The webhook id the local stand-in signs with for a client id (a `local` gateway is configured with it). */
export const standinWebhookIdOf = standinWebhookId;
