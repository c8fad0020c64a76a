import type { FastifyInstance } from 'fastify';
import { purgeExpiredAuthData } from './cleanup-repository';
import { registerAuthMail } from './mail-queue';

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup';

/**
 * The auth module's background work, registered on the root app (app.ts): the mail hand-over of
 * the public auth routes (`app.authMail`, mail-queue.ts) and, with pg-boss, an hourly job that
 * deletes expired codes, failures, throttles, OAuth states and long-ended sessions.
 */
export async function registerAuthCleanup(app: FastifyInstance): Promise<void> {
  await registerAuthMail(app);
  const boss = app.boss;
  if (!boss) return;
  await boss.createQueue(AUTH_CLEANUP_QUEUE);
  await boss.schedule(AUTH_CLEANUP_QUEUE, '23 * * * *');
  await boss.work(AUTH_CLEANUP_QUEUE, async () => {
    const purged = await purgeExpiredAuthData(app.db, app.clock.now());
    app.log.info({ purged }, 'expired sign-in data purged');
  });
}
