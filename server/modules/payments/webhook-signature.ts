/**
 * Checks a PayPal webhook delivery before anything else is looked at, over the exact bytes received
 * (PayPal's "verify the signature yourself" scheme, the one its SDKs implement):
 *   signed string  `<paypal-transmission-id>|<paypal-transmission-time>|<webhook id>|<crc32 of the raw body, unsigned decimal>`
 *   signature      `paypal-transmission-sig`, base64, SHA256withRSA (`paypal-auth-algo`)
 *   key            the certificate at `paypal-cert-url`, fetched only from PayPal's API hosts (or the
 *                  local stand-in's certificate URL outside production), cached per URL
 * The transmission must be recent (MAX_SKEW_MS either way), and the webhook id is one a gateway of
 * ours (or the platform account) is configured with: the answer names it, so an event can only
 * touch the payments of that account. An unsigned or forged delivery learns nothing else.
 */
import { createPublicKey, createVerify, X509Certificate, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { localModeAllowed, platformAccount, STANDIN_PREFIX } from './paypal-gateway';
import { webhookAccounts } from './webhook-repository';

export const MAX_SKEW_MS = 5 * 60_000;
const PAYPAL_HOSTS = new Set(['api.paypal.com', 'api-m.paypal.com', 'api.sandbox.paypal.com', 'api-m.sandbox.paypal.com']);

export interface VerifiedDelivery {
  webhookId: string;
  /** The campaigns whose gateway has this webhook id. */
  campaignIds: string[];
  /** The platform account's webhook id (package purchases). */
  platform: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Whether the certificate may be fetched from `url`: PayPal's API hosts (https), or this app's stand-in (not in production). */
function certSource(app: FastifyInstance, url: string): 'paypal' | 'local' | null {
  const local = `${app.config.publicUrl}${STANDIN_PREFIX}/v1/notifications/certs/`;
  if (localModeAllowed(app) && url.startsWith(local) && !url.slice(local.length).includes('/')) return 'local';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const configured = [app.config.paypalBaseUrls.live, app.config.paypalBaseUrls.sandbox].map((base) => new URL(base).host);
  if (parsed.protocol === 'https:' && (PAYPAL_HOSTS.has(parsed.hostname) || configured.includes(parsed.host)) && parsed.username === '' && parsed.password === '') return 'paypal';
  return null;
}

const certs = new WeakMap<FastifyInstance, Map<string, KeyObject>>();

async function certificateKey(app: FastifyInstance, url: string, source: 'paypal' | 'local'): Promise<KeyObject | null> {
  let cache = certs.get(app);
  if (!cache) certs.set(app, (cache = new Map()));
  const cached = cache.get(url);
  if (cached) return cached;
  let pem: string;
  if (source === 'local') {
    const response = await app.inject({ method: 'GET', url: url.slice(app.config.publicUrl.length) });
    if (response.statusCode !== 200) return null;
    pem = response.body;
  } else {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (response.status !== 200) return null;
    pem = await response.text();
  }
  let key: KeyObject;
  try {
    if (pem.includes('BEGIN CERTIFICATE')) {
      const cert = new X509Certificate(pem);
      const now = app.clock.now().getTime();
      if (now < Date.parse(cert.validFrom) || now > Date.parse(cert.validTo)) return null;
      key = cert.publicKey;
    } else {
      key = createPublicKey(pem);
    }
  } catch {
    return null;
  }
  if (cache.size >= 16) cache.delete(cache.keys().next().value!);
  cache.set(url, key);
  return key;
}

/** The account that signed this delivery, or null when it is not a genuine, recent PayPal delivery for one of ours. */
export async function verifyDelivery(app: FastifyInstance, headers: Headers, rawBody: Buffer): Promise<VerifiedDelivery | null> {
  const transmissionId = header(headers, 'paypal-transmission-id');
  const transmissionTime = header(headers, 'paypal-transmission-time');
  const signature = header(headers, 'paypal-transmission-sig');
  const url = header(headers, 'paypal-cert-url');
  if (!transmissionId || !transmissionTime || !signature || !url || header(headers, 'paypal-auth-algo') !== 'SHA256withRSA') return null;
  const sentAt = Date.parse(transmissionTime);
  if (!Number.isFinite(sentAt) || Math.abs(app.clock.now().getTime() - sentAt) > MAX_SKEW_MS) return null;
  const source = certSource(app, url);
  if (!source) return null;
  const key = await certificateKey(app, url, source).catch(() => null);
  if (!key) return null;

  const accounts = (await webhookAccounts(app.db)).filter((a) => (a.mode === 'local') === (source === 'local'));
  const platform = platformAccount(app);
  const platformId = platform && (platform.mode === 'local') === (source === 'local') ? platform.webhookId : null;
  const candidates = new Set([...accounts.map((a) => a.webhookId), ...(platformId ? [platformId] : [])]);
  const crc = crc32(rawBody) >>> 0;
  for (const webhookId of candidates) {
    let ok = false;
    try {
      ok = createVerify('sha256').update(`${transmissionId}|${transmissionTime}|${webhookId}|${crc}`).verify(key, signature, 'base64');
    } catch {
      ok = false;
    }
    if (ok) return { webhookId, campaignIds: accounts.filter((a) => a.webhookId === webhookId).map((a) => a.campaignId), platform: webhookId === platformId };
  }
  return null;
}
