/**
 * Session tokens: idToken and accessToken are HS256 JWTs (15 minutes) signed with TOKEN_SECRET;
 * the refresh token is 32 random bytes (base64url), stored only as its sha256.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
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

const keys = new WeakMap<Config, Uint8Array>();
function keyOf(config: Config): Uint8Array {
  let key = keys.get(config);
  if (!key) {
    key = new TextEncoder().encode(config.tokenSecret);
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
    .sign(keyOf(config));
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

/**
 * Verifies signature (HS256 only), issuer, audience and expiry at `now`. Null when invalid.
 * `allowExpired` still requires a valid signature (sign-out with an expired access token).
 */
export async function verifySessionToken(config: Config, now: Date, token: string, options: { allowExpired?: boolean } = {}): Promise<VerifiedToken | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      algorithms: [ALGORITHM],
      issuer: config.publicUrl,
      audience: TOKEN_AUDIENCE,
      currentDate: now,
      clockTolerance: 5,
    });
    return toVerified(payload);
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
