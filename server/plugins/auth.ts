/**
 * Routes declare who may call them in `config.access` (plugins/access.ts), which calls these.
 * `app.authenticate`: a preHandler that accepts `Authorization: Bearer <idToken>` (access tokens
 * too), checks the JWT (HS256, iss, aud, exp), then the session (not revoked, not expired) and the
 * user (active) in one lookup, kept in memory until either row changes (db/change-feed.ts). Anything else is 401 UNAUTHORIZED. Sets `request.user`.
 * `app.requirePlatformAdmin`: after authenticate, 403 FORBIDDEN unless a platform administrator.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findSessionAuth, type SessionAuthRow } from '../modules/auth/sessions-repository';
import { verifySessionToken } from '../modules/auth/tokens';
import { fail } from './errors';

export interface AuthUser {
  id: string;
  sessionId: string;
  isPlatformAdmin: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    requirePlatformAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Sessions whose check is kept in memory until their row or their user's row changes (db/change-feed.ts). */
const SESSION_CACHE_ENTRIES = 10_000;

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match && match[1].length <= 4096 ? match[1] : null;
}

/** The signed-in user of a route behind `app.authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw fail(401, 'UNAUTHORIZED');
  return request.user;
}

/**
 * The user behind an id (or access) token: JWT valid, session live, user active. Null otherwise.
 * Used by `app.authenticate` and by the socket.io handshake.
 */
export async function authenticateToken(app: FastifyInstance, token: string): Promise<AuthUser | null> {
  const now = app.clock.now();
  const verified = await verifySessionToken(app.config, now, token);
  if (!verified) return null;
  const session = await app.changes
    .cache<SessionAuthRow | null>('session-auth', SESSION_CACHE_ENTRIES)
    .get(verified.sessionId, [`session:${verified.sessionId}`, `user:${verified.userId}`], () => findSessionAuth(app.db, verified.sessionId));
  if (!session || session.userId !== verified.userId || session.revokedAt || session.expiresAt <= now || session.status !== 'active') return null;
  return { id: verified.userId, sessionId: verified.sessionId, isPlatformAdmin: session.isPlatformAdmin };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw fail(401, 'UNAUTHORIZED');
    const user = await authenticateToken(app, token);
    if (!user) throw fail(401, 'UNAUTHORIZED');
    request.user = user;
  });

  app.decorate('requirePlatformAdmin', async (request: FastifyRequest) => {
    if (!request.user) throw fail(401, 'UNAUTHORIZED');
    if (!request.user.isPlatformAdmin) throw fail(403, 'FORBIDDEN');
  });
}
