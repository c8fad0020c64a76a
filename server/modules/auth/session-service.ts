/**
 * Sessions: a sign-in creates a session (30 days absolute) holding a family of rotating refresh
 * tokens. Refreshing spends the token and answers a new one. A spent token presented again within
 * REFRESH_REUSE_GRACE_MS of its first use (simultaneous refreshes from several tabs, an answer lost
 * on the network) gets the same new refresh token — or, if that one was rotated too meanwhile, the
 * newest token of the session — with fresh access and id tokens; later, it is treated as theft and
 * revokes the whole session (like Auth0's rotation reuse interval). Access and id tokens live 15 minutes.
 */
import type { FastifyInstance } from 'fastify';
import type { SigninData, SigninSource, TokenSet } from '../../../domain/auth/api-contract';
import type { Tx } from '../../db/executor';
import { fail } from '../../plugins/errors';
import type { UserRow } from '../users/repository';
import { toSessionUser } from '../users/view';
import {
  findRefreshToken,
  findRefreshTokenForUpdate,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
} from './sessions-repository';
import { hashRefreshToken, newRefreshToken, signSessionTokens, successorRefreshToken, verifySessionToken } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** How long after its first use a refresh token may be presented again without revoking its session. */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** Rotations followed from a token reused in the grace window to the session's newest token. */
const MAX_GRACE_HOPS = 20;

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

/**
 * The newest token of the chain that starts after `token` (the successors of a token are derived
 * from it), or null when the chain leaves the session or runs too long.
 */
async function newestSuccessor(app: FastifyInstance, tx: Tx, sessionId: string, token: string): Promise<string | null> {
  let current = token;
  for (let hop = 0; hop < MAX_GRACE_HOPS; hop++) {
    const next = successorRefreshToken(app.config, current);
    const row = await findRefreshToken(tx, next.hash);
    if (!row || row.sessionId !== sessionId) return null;
    if (!row.usedAt) return next.token;
    current = next.token;
  }
  return null;
}

/**
 * Rotates a refresh token (see the module comment for the grace window). 401 TOKEN_EXPIRED for
 * unknown, reused after the grace window (family revoked), expired or revoked tokens.
 */
export async function refreshSession(app: FastifyInstance, refreshToken: string): Promise<TokenSet> {
  const now = app.clock.now();
  let revokedSessionId: string | null = null;
  const outcome = await app.db.transaction(async (tx) => {
    // Simultaneous refreshes with one token queue here: the first rotates, the others see it used.
    const row = await findRefreshTokenForUpdate(tx, hashRefreshToken(refreshToken));
    if (!row) return null;
    const { token, session, user } = row;
    if (session.revokedAt || session.expiresAt <= now) return null;
    if (user.status !== 'active') {
      await revokeSession(tx, session.id, now, `user_${user.status}`);
      revokedSessionId = session.id;
      return null;
    }
    if (token.usedAt) {
      if (now.getTime() - token.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
        const newest = await newestSuccessor(app, tx, session.id, refreshToken);
        return newest ? { user, sessionId: session.id, refreshToken: newest } : null;
      }
      // Returning (not throwing) commits the revocation.
      await revokeSession(tx, session.id, now, 'refresh_token_reuse');
      revokedSessionId = session.id;
      app.log.warn({ sessionId: session.id, userId: user.id }, 'refresh token reused: session revoked');
      return null;
    }
    if (!(await markRefreshTokenUsed(tx, token.id, now))) return null;
    const next = successorRefreshToken(app.config, refreshToken);
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
