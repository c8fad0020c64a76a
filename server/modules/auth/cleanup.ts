import type { FastifyInstance } from 'fastify';
import { defineJob } from '../../plugins/jobs';
import { purgeExpiredAuthData } from './cleanup-repository';
import { registerAuthMail } from './mail-queue';

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup';

/** Hourly (with pg-boss only): deletes expired codes, failures, throttles, OAuth states and long-ended sessions. */
export const authCleanupJob = defineJob<null>({
  name: AUTH_CLEANUP_QUEUE,
  schedule: '23 * * * *',
  async handler(_payload, { app }) {
    const purged = await purgeExpiredAuthData(app.db, app.clock.now());
    app.log.info({ purged }, 'expired sign-in data purged');
  },
});

/**
 * The auth module's background work, registered on the root app (app.ts): the mail hand-over of
 * the public auth routes (`app.authMail`, mail-queue.ts) and the hourly cleanup job.
 */
export async function registerAuthCleanup(app: FastifyInstance): Promise<void> {
  await registerAuthMail(app);
  await app.jobs.register(authCleanupJob);
}
