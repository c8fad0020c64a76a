import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';

/** Starts the given pg-boss (on the app's database), exposes it as `app.boss`, and stops it on close. */
export async function registerJobs(app: FastifyInstance, boss: PgBoss | undefined): Promise<void> {
  app.decorate('boss', boss ?? null);
  if (!boss) return;
  boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
  await boss.start();
  app.addHook('onClose', async () => {
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  });
}
