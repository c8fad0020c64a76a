import type { FastifyInstance } from 'fastify';

/** Route options for sign-in and code-sending routes: AUTH_RATE_LIMIT_MAX requests per minute per IP. */
export function authRateLimit(app: FastifyInstance) {
  return { config: { rateLimit: { max: app.config.authRateLimitMax, timeWindow: 60_000 } } };
}
