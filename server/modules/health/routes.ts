import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/errors';
import { pingDatabase } from './repository';

/** GET /health: the process is up and the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { access: 'public', rateLimit: false } }, async (request) => {
    try {
      await pingDatabase(app.db);
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      throw new AppError(503, 'DATABASE_UNAVAILABLE', 'The database is not reachable');
    }
    return { data: { status: 'ok', database: 'ok', version: app.config.version } };
  });
}
