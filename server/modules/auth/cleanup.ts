import type { FastifyInstance } from 'fastify';
import { purgeExpiredAuthData } from './cleanup-repository';

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup';

/** With pg-boss: an hourly job deletes expired codes, failures, OAuth states and long-ended sessions. */
export async function registerAuthCleanup(app: FastifyInstance): Promise<void> {
  const boss = app.boss;
  if (!boss) return;
  await boss.createQueue(AUTH_CLEANUP_QUEUE);
  await boss.schedule(AUTH_CLEANUP_QUEUE, '23 * * * *');
  await boss.work(AUTH_CLEANUP_QUEUE, async () => {
    const purged = await purgeExpiredAuthData(app.db, app.clock.now());
    app.log.info({ purged }, 'expired sign-in data purged');
  });
}
