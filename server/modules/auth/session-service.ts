/**
 * Sessions: a sign-in creates a session (30 days absolute) holding a family of rotating refresh
 * tokens. Refreshing spends the token and answers a new one; presenting a spent token again is
 * treated as theft and revokes the whole session. Access and id tokens live 15 minutes.
 */
import type { FastifyInstance } from 'fastify';
import type { SigninData, SigninSource, TokenSet } from '../../../domain/auth/api-contract';
import { fail } from '../../plugins/errors';
import type { UserRow } from '../users/repository';
import { toSessionUser } from '../users/view';
import {
  findRefreshTokenForUpdate,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
} from './sessions-repository';
import { hashRefreshToken, newRefreshToken, signSessionTokens, verifySessionToken } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** 403 with the reason when the account may not sign in (checked after the credential is proven). */
export function assertCanSignIn(user: UserRow): void {
  switch (user.status) {
    case 'active':
      return;
    case 'pending':
      throw fail(403, 'ADMIN_APPROVAL_REQUIRED');
    case 'blocked':
      throw fail(403, 'ACCOUNT_BLOCKED');
    case 'locked':
      throw fail(403, 'ACCOUNT_LOCKED');
    case 'unconfirmed':
      throw fail(403, user.email ? 'ACCOUNT_NOT_CONFIRMED_EMAIL' : 'ACCOUNT_NOT_CONFIRMED_PHONE');
  }
}

function tokenSubject(user: UserRow, sessionId: string) {
  return { userId: user.id, sessionId, email: user.email, name: user.name };
}

/** Creates a session for an active user and answers the sign-in payload. */
export async function startSession(app: FastifyInstance, user: UserRow, source: SigninSource): Promise<SigninData> {
  const now = app.clock.now();
  const refresh = newRefreshToken();
  const session = await app.db.transaction(async (tx) => {
    const created = await insertSession(tx, { userId: user.id, signinSource: source, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) });
    await insertRefreshToken(tx, created.id, refresh.hash, now);
    return created;
  });
  const tokens = await signSessionTokens(app.config, now, tokenSubject(user, session.id));
  return { ...tokens, refreshToken: refresh.token, signinSource: source, user: toSessionUser(user) };
}

/** Rotates a refresh token. 401 TOKEN_EXPIRED for unknown, spent (family revoked), expired or revoked. */
export async function refreshSession(app: FastifyInstance, refreshToken: string): Promise<TokenSet> {
  const now = app.clock.now();
  let revokedSessionId: string | null = null;
  const outcome = await app.db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
    if (!row) return null;
    const { token, session, user } = row;
    if (session.revokedAt || session.expiresAt <= now) return null;
    if (token.usedAt) {
      // Returning (not throwing) commits the revocation.
      await revokeSession(tx, session.id, now, 'refresh_token_reuse');
      revokedSessionId = session.id;
      app.log.warn({ sessionId: session.id, userId: user.id }, 'refresh token reused: session revoked');
      return null;
    }
    if (user.status !== 'active') {
      await revokeSession(tx, session.id, now, `user_${user.status}`);
      revokedSessionId = session.id;
      return null;
    }
    if (!(await markRefreshTokenUsed(tx, token.id, now))) return null;
    const next = newRefreshToken();
    await insertRefreshToken(tx, session.id, next.hash, now);
    return { user, sessionId: session.id, refreshToken: next.token };
  });
  if (revokedSessionId) app.live.disconnectSession(revokedSessionId);
  if (!outcome) throw fail(401, 'TOKEN_EXPIRED');
  const tokens = await signSessionTokens(app.config, now, tokenSubject(outcome.user, outcome.sessionId));
  return { ...tokens, refreshToken: outcome.refreshToken };
}

/** Revokes the session of an access (or id) token; expired tokens are accepted. Never fails. */
export async function signOut(app: FastifyInstance, accessToken: unknown): Promise<void> {
  if (typeof accessToken !== 'string' || accessToken.length === 0 || accessToken.length > 4096) return;
  const now = app.clock.now();
  const verified = await verifySessionToken(app.config, now, accessToken, { allowExpired: true });
  if (!verified) return;
  await revokeSession(app.db, verified.sessionId, now, 'sign_out');
  app.live.disconnectSession(verified.sessionId);
}

/** Revokes every session of the user (but `keepSessionId`) and drops their live-update sockets. */
export async function revokeAllSessions(app: FastifyInstance, userId: string, reason: string, keepSessionId?: string): Promise<number> {
  const count = await revokeUserSessions(app.db, userId, app.clock.now(), reason, keepSessionId);
  app.live.disconnectUser(userId, { exceptSessionId: keepSessionId });
  return count;
}
