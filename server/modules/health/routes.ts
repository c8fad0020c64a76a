import type { FastifyInstance } from 'fastify';
import { migrationStatus } from '../../db/migrate';
import { AppError } from '../../plugins/errors';
import { pingDatabase } from './repository';

/** The body of a ready instance: `jobs` is 'off' when this instance runs jobs in-process (JOBS=inline), which counts as ready. */
export interface ReadyData {
  status: 'ready';
  database: 'ok';
  migrations: 'ok';
  jobs: 'ok' | 'off';
}

/**
 * GET /health: liveness — the process is up and the database answers.
 * GET /health/ready: readiness — put this instance behind the load balancer only while it answers 200:
 *   the database answers (else 503 DATABASE_UNAVAILABLE), its migrations are exactly the code's (else 503
 *   MIGRATIONS_PENDING or MIGRATIONS_AHEAD) and pg-boss runs when JOBS=true (else 503 JOBS_NOT_RUNNING).
 * Both are public and not rate limited (load balancers and orchestrators poll them).
 */
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

  app.get('/health/ready', { config: { access: 'public', rateLimit: false } }, async (request): Promise<{ data: ReadyData }> => {
    let status;
    try {
      await pingDatabase(app.db);
      status = await migrationStatus(app.pool);
    } catch (error) {
      request.log.warn({ err: error }, 'readiness: database unavailable');
      throw new AppError(503, 'DATABASE_UNAVAILABLE', 'Not ready: the database is not reachable');
    }
    if (status.unknown.length > 0) {
      throw new AppError(503, 'MIGRATIONS_AHEAD', `Not ready: the database has ${status.unknown.length} migration(s) this code does not know (the code is older than the database)`);
    }
    if (status.pending.length > 0) {
      throw new AppError(503, 'MIGRATIONS_PENDING', `Not ready: the database lacks ${status.pending.length} migration(s) of this code (first: ${status.pending[0]!.tag})`);
    }
    const jobs = app.jobs.state;
    if (jobs === 'stopped') throw new AppError(503, 'JOBS_NOT_RUNNING', 'Not ready: the job queue (pg-boss) has stopped');
    return { data: { status: 'ready', database: 'ok', migrations: 'ok', jobs: jobs === 'running' ? 'ok' : 'off' } };
  });
}
