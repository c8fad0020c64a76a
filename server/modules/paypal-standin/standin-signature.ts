/**
 * Webhook signatures of the stand-in. PayPal signs `<transmission id>|<time>|<webhook id>|<crc32 of
 * the body>` with an RSA key (SHA256withRSA); the stand-in signs the same string with HMAC-SHA256 under
 * a key derived from TOKEN_SECRET, so only its own verify-webhook-signature call can check it (which
 * is how a PayPal client checks signatures anyway).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const AUTH_ALGO = 'SHA256withRSA';
export const CERT_ID = 'CERT-STANDIN';

/** 'WH-LOCAL-' + the first 16 hex characters of sha256(clientId), upper-case: the webhook id of a client id. */
export function standinWebhookId(clientId: string): string {
  return `WH-LOCAL-${createHash('sha256').update(clientId).digest('hex').slice(0, 16).toUpperCase()}`;
}

export function certUrl(base: string): string {
  return `${base}/v1/notifications/certs/${CERT_ID}`;
}

function signingKey(tokenSecret: string): Buffer {
  return createHash('sha256').update(`paypal-standin:${tokenSecret}`).digest();
}

export interface Transmission {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  rawBody: string;
}

export function signTransmission(tokenSecret: string, { transmissionId, transmissionTime, webhookId, rawBody }: Transmission): string {
  const message = `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8')) >>> 0}`;
  return createHmac('sha256', signingKey(tokenSecret)).update(message).digest('base64');
}

export function signatureMatches(tokenSecret: string, transmission: Transmission, signature: string): boolean {
  const expected = Buffer.from(signTransmission(tokenSecret, transmission), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
