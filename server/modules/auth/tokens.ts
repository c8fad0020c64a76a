/**
 * Session tokens: idToken and accessToken are HS256 JWTs (15 minutes) signed with TOKEN_SECRET;
 * the refresh token is 32 bytes (base64url), stored only as its sha256: random at sign-in, and
 * HMAC(TOKEN_SECRET, previous token) at each rotation, so that a retry of the same refresh inside
 * the grace window gets the same new token without the server keeping any token in clear.
 */
import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../../config';

export const TOKEN_AUDIENCE = 'campaign-donation-tracker';
export const TOKEN_TTL_SECONDS = 15 * 60;
const ALGORITHM = 'HS256';

export type TokenUse = 'id' | 'access';

export interface TokenSubject {
  userId: string;
  sessionId: string;
  email: string | null;
  name: string;
}

export interface VerifiedToken {
  userId: string;
  sessionId: string;
  tokenUse: TokenUse;
}

/** The HMAC key, imported once per config (jose would import raw bytes again on every call). */
const keys = new WeakMap<Config, Promise<CryptoKey>>();
function keyOf(config: Config): Promise<CryptoKey> {
  let key = keys.get(config);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(config.tokenSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(config, key);
  }
  return key;
}

async function sign(config: Config, now: Date, subject: TokenSubject, tokenUse: TokenUse): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: subject.sessionId, email: subject.email, name: subject.name, token_use: tokenUse })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setIssuer(config.publicUrl)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(subject.userId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_TTL_SECONDS)
    .sign(await keyOf(config));
}

export async function signSessionTokens(config: Config, now: Date, subject: TokenSubject): Promise<{ accessToken: string; idToken: string }> {
  const [accessToken, idToken] = await Promise.all([sign(config, now, subject, 'access'), sign(config, now, subject, 'id')]);
  return { accessToken, idToken };
}

function toVerified(payload: JWTPayload): VerifiedToken | null {
  const { sub, sid, token_use: tokenUse } = payload as JWTPayload & { sid?: unknown; token_use?: unknown };
  if (typeof sub !== 'string' || typeof sid !== 'string' || (tokenUse !== 'id' && tokenUse !== 'access')) return null;
  return { userId: sub, sessionId: sid, tokenUse };
}

const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Tokens whose signature, issuer and audience were checked: a token never changes, so until it
 * expires the check is not repeated (only its expiry is). Bounded; the oldest are forgotten first.
 */
const VERIFIED_TOKENS_MAX = 5_000;
const verifiedTokens = new Map<string, { config: Config; verified: VerifiedToken; exp: number }>();
function rememberVerified(token: string, entry: { config: Config; verified: VerifiedToken; exp: number }): void {
  verifiedTokens.set(token, entry);
  if (verifiedTokens.size > VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value as string);
}

/**
 * Verifies signature (HS256 only), issuer, audience and expiry at `now`. Null when invalid.
 * `allowExpired` still requires a valid signature (sign-out with an expired access token).
 */
export async function verifySessionToken(config: Config, now: Date, token: string, options: { allowExpired?: boolean } = {}): Promise<VerifiedToken | null> {
  const known = verifiedTokens.get(token);
  if (known && known.config === config && known.exp > Math.floor(now.getTime() / 1000) - CLOCK_TOLERANCE_SECONDS) return known.verified;
  try {
    const { payload } = await jwtVerify(token, await keyOf(config), {
      algorithms: [ALGORITHM],
      issuer: config.publicUrl,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const verified = toVerified(payload);
    if (verified && typeof payload.exp === 'number') rememberVerified(token, { config, verified, exp: payload.exp });
    return verified;
  } catch (error) {
    if (options.allowExpired && error instanceof errors.JWTExpired) return toVerified(error.payload);
    return null;
  }
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * The token that replaces `token` when it is rotated: always the same one for the same token (and
 * secret), unpredictable without both.
 */
export function successorRefreshToken(config: Config, token: string): { token: string; hash: string } {
  const next = createHmac('sha256', config.tokenSecret).update('refresh-token-successor\0').update(token).digest('base64url');
  return { token: next, hash: hashRefreshToken(next) };
}
