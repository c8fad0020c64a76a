/**
 * OAuth of the stand-in: POST /v1/oauth2/token (client credentials, Basic auth) and the bearer check
 * of every other call. Like PayPal, a token is given only for an app's own client secret: the
 * stand-in's "developer dashboard" has one app per client id, whose secret is
 * `standinClientSecret(clientId)` (the demo campaign's `demo-campaign-local` / `local-test-secret` and
 * the platform's `platform-local` / `local-secret` are fixed). Anything else is 401 invalid_client.
 * A token remembers its client id: orders, captures and refunds are only visible to the client id
 * that made them. Tests can expire every token at once (expireTokens) to exercise a client's refresh.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Standin } from './standin-context';
import { oauthError, paypalError } from './standin-errors';
import { findObject, insertObject } from './standin-repository';
import { accessToken, type TokenData } from './standin-records';

export const TOKEN_LIFETIME_SECONDS = 32_400;
const APP_ID = 'APP-80W284485P519543T';
const SCOPE = [
  'https://uri.paypal.com/services/invoicing',
  'https://uri.paypal.com/services/payments/futurepayments',
  'https://uri.paypal.com/services/payments/realtimepayment',
  'https://uri.paypal.com/services/payments/payment/authcapture',
  'https://uri.paypal.com/services/payments/refund',
  'https://uri.paypal.com/services/payments/orders/client_sdk_orders_api',
  'https://uri.paypal.com/services/payments/initiatepayment',
  'https://uri.paypal.com/services/applications/webhooks',
  'openid',
].join(' ');

/** The apps whose secrets are fixed (the seeded demo gateway, the platform's local account). */
const FIXED_SECRETS: Readonly<Record<string, string>> = { 'demo-campaign-local': 'local-test-secret', 'platform-local': 'local-secret' };

/** The client secret of the stand-in's app for `clientId` (what its developer dashboard would show). */
export function standinClientSecret(clientId: string): string {
  return FIXED_SECRETS[clientId] ?? `sk-local-${createHmac('sha256', 'paypal-standin-apps').update(clientId).digest('base64url').slice(0, 32)}`;
}

function secretMatches(clientId: string, secret: string): boolean {
  const expected = Buffer.from(standinClientSecret(clientId));
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{1,2048}$/;

function basicCredentials(header: string | undefined): { clientId: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const clientId = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  if (!secret || clientId.length > 256 || clientId.includes('\u0000')) return null;
  return { clientId, secret };
}

export async function issueToken(standin: Standin, request: FastifyRequest) {
  const credentials = basicCredentials(request.headers.authorization);
  if (!credentials || !secretMatches(credentials.clientId, credentials.secret)) throw oauthError(401, 'invalid_client', 'Client Authentication failed');
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
  const grantType = body.grant_type;
  if (grantType === undefined) throw oauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
  if (grantType !== 'client_credentials') throw oauthError(400, 'unsupported_grant_type', 'Grant Type is not supported');

  // Wall-clock time, not app.clock: a client caches the token by its own clock (Date.now()), and a test
  // that moves the app's clock by hours must not see its cached token refused.
  const now = new Date();
  const token = accessToken();
  const data: TokenData = { client_id: credentials.clientId, app_id: APP_ID, expires_at: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000).toISOString() };
  await insertObject(standin.app.db, 'token', token, data);
  return {
    scope: SCOPE,
    access_token: token,
    token_type: 'Bearer',
    app_id: APP_ID,
    expires_in: TOKEN_LIFETIME_SECONDS,
    nonce: `${now.toISOString().replace(/\.\d+Z$/, 'Z')}${token.slice(-43)}`,
  };
}

/** The client id of the request's bearer token; 401 like PayPal otherwise. */
export async function requireClient(standin: Standin, request: FastifyRequest): Promise<string> {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.trim() === '') throw paypalError(401);
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) throw oauthError(401, 'invalid_token', 'Token signature verification failed');
  const found = await findObject(standin.app.db, 'token', token);
  if (!found) throw oauthError(401, 'invalid_token', 'Access Token not found in cache');
  const expiresAt = new Date(found.data.expires_at).getTime();
  const issuedAt = expiresAt - TOKEN_LIFETIME_SECONDS * 1000;
  if (expiresAt <= Date.now() || issuedAt < standin.faults.tokensRevokedBefore) throw oauthError(401, 'invalid_token', 'Access Token not found in cache');
  return found.data.client_id;
}
