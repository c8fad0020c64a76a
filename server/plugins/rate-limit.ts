/**
 * The global baseline: RATE_LIMIT_MAX requests per minute, counted
 *   - per signed-in user on API calls that carry a valid token (`Authorization: Bearer <id or access
 *     token>`, signature and expiry checked with the same cached check as plugins/auth.ts): an office
 *     behind one address gives each person their own budget;
 *   - per address (request.ip, IPv6 per /64) for anonymous calls, and always on routes that set their
 *     own `config.rateLimit` (the sign-in and code-sending routes, modules/auth/route-limits.ts);
 *   - never for static files: the SPA's files and its history fallback (index.html), served by the
 *     `/*` route of plugins/spa.ts, and uploaded files under /files/ (modules/storage). One page load
 *     fetches dozens of them; they cost a file read, not a query.
 * A refusal is 429 `{ code: 'RATE_LIMITED', message, details: { retry_after } }` with `Retry-After`
 * (seconds); the SPA waits and retries idempotent GETs once when the wait is short (src/lib/api-client.ts).
 */
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { verifySessionToken } from '../modules/auth/tokens';
import { FILES_PREFIX } from '../modules/storage/file-storage';
import { fail } from './errors';

/** Routes of @fastify/static (third-party: they cannot declare `rateLimit: false` themselves). */
export const UNLIMITED_STATIC_ROUTES: ReadonlySet<string> = new Set(['/*', `${FILES_PREFIX}*`]);

const BEARER = /^Bearer\s+(\S+)\s*$/i;

function isStaticRoute(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return UNLIMITED_STATIC_ROUTES.has(route.url) && methods.every((method) => method === 'GET' || method === 'HEAD');
}

/** The user id of a valid (signed, unexpired) bearer token, or null. Session revocation is the auth hook's job. */
async function tokenUserId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const token = BEARER.exec(header)?.[1];
  if (!token || token.length > 4096) return null;
  const verified = await verifySessionToken(app.config, app.clock.now(), token).catch(() => null);
  return verified?.userId ?? null;
}

/** Whose budget a request spends: `user:<id>` or `ip:<address>`. */
export async function rateLimitKey(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const ownLimit = typeof request.routeOptions.config?.rateLimit === 'object';
  if (!ownLimit) {
    const userId = await tokenUserId(app, request);
    if (userId) return `user:${userId}`;
  }
  return `ip:${normalizeIP(request.ip)}`;
}

export async function registerRateLimit(app: FastifyInstance, max: number): Promise<void> {
  // Runs before the rate-limit plugin's own onRoute hook (registered next), which then skips these routes.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit === undefined && isStaticRoute(route)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => rateLimitKey(app, request),
    // The catalogue message ('Request limit exceeded'); the wait is in details and in Retry-After.
    errorResponseBuilder: (_request, context) => fail(429, 'RATE_LIMITED', { retry_after: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
}
