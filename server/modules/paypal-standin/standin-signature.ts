/**
 * Webhook signatures of the stand-in, made as PayPal makes them: the string
 * `<transmission id>|<transmission time>|<webhook id>|<crc32 of the raw body, unsigned decimal>` signed
 * with SHA256withRSA (RSASSA-PKCS1-v1_5 over SHA-256), base64 in `paypal-transmission-sig`. The RSA
 * key is made once and kept in the database (every instance signs with the same key); its public half
 * is published at `paypal-cert-url` (a PEM public key where PayPal serves a PEM X.509 certificate:
 * both are read by `crypto.createPublicKey`). A receiver checks a delivery with that key alone.
 */
import { createHash, createSign, createVerify, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { insertOrReadSigningKey, readSigningKey, type StoredSigningKey } from './standin-key-repository';

export const AUTH_ALGO = 'SHA256withRSA';
export const CERT_ID = 'CERT-STANDIN';

/** 'WHLOCAL' + the first 16 hex characters of sha256(clientId), upper-case: the webhook id of a client id (alphanumeric, as PayPal's). */
export function standinWebhookId(clientId: string): string {
  return `WHLOCAL${createHash('sha256').update(clientId).digest('hex').slice(0, 16).toUpperCase()}`;
}

export function certUrl(base: string): string {
  return `${base}/v1/notifications/certs/${CERT_ID}`;
}

export interface Transmission {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  /** The exact bytes delivered. */
  rawBody: Buffer | string;
}

/** PayPal's signed string: `id|time|webhook id|crc32(raw bytes)` (CRC-32 as an unsigned decimal). */
export function signedString({ transmissionId, transmissionTime, webhookId, rawBody }: Transmission): string {
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(bytes) >>> 0}`;
}

const keys = new WeakMap<FastifyInstance, Promise<StoredSigningKey>>();
const generate = promisify(generateKeyPair);

/** The stand-in's signing key: read from the database, or made (2048-bit RSA) and stored once. */
export function standinSigningKey(app: FastifyInstance): Promise<StoredSigningKey> {
  let key = keys.get(app);
  if (!key) {
    key = (async () => {
      const stored = await readSigningKey(app.db, CERT_ID);
      if (stored) return stored;
      const pair = await generate('rsa', { modulusLength: 2048 });
      const made = { private_pem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), public_pem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString() };
      return insertOrReadSigningKey(app.db, CERT_ID, made);
    })();
    key.catch(() => keys.delete(app));
    keys.set(app, key);
  }
  return key;
}

export async function signTransmission(app: FastifyInstance, transmission: Transmission): Promise<string> {
  const key = await standinSigningKey(app);
  return createSign('sha256').update(signedString(transmission)).sign(key.private_pem, 'base64');
}

/** Whether `signature` (base64) is the stand-in's signature of `transmission`. */
export async function signatureMatches(app: FastifyInstance, transmission: Transmission, signature: string): Promise<boolean> {
  const key = await standinSigningKey(app);
  try {
    return createVerify('sha256').update(signedString(transmission)).verify(key.public_pem, signature, 'base64');
  } catch {
    return false;
  }
}
