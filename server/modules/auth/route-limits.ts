import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../plugins/access';

/**
 * Route options for sign-in and code-sending routes: AUTH_RATE_LIMIT_MAX requests per minute per IP,
 * and the route's access declaration (public unless said otherwise).
 */
export function authRateLimit(app: FastifyInstance, access: RouteAccess = 'public') {
  return { config: { access, rateLimit: { max: app.config.authRateLimitMax, timeWindow: 60_000 } } };
}
