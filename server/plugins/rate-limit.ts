import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from './errors';

/** The global baseline: `max` requests per minute per IP; stricter limits are set per route. */
export async function registerRateLimit(app: FastifyInstance, max: number): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => fail(429, 'RATE_LIMITED', { retry_after: Math.ceil(context.ttl / 1000) }),
  });
}
