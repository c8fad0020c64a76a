import type { FastifyInstance } from 'fastify';
import { takeWorkLock } from '../db/work-lock';

/** The sweep looks at most this often apart (and every half of WORK_SILENT_SECONDS when that is shorter). */
const SWEEP_AT_MOST_EVERY_MS = 30_000;

/** Long work that holds a work lock while it runs (uploads, report files) and how to send it again. */
export interface AbandonedWork {
  /** For the log: 'uploads', 'reports'. */
  what: string;
  /** Unfinished ids: all of them, or those not updated since `silentSince`. */
  candidates(silentSince: Date | undefined): Promise<string[]>;
  /** The work lock's key (server/db/work-lock.ts). */
  lockKey(id: string): string;
  /** Sends its job again. */
  send(id: string): Promise<unknown>;
}

/** Sends the job again for unfinished work whose lock is free (its worker died): all of it, or what was silent for WORK_SILENT_SECONDS (a minute). */
export async function recoverAbandoned(app: FastifyInstance, work: AbandonedWork, options: { all: boolean }): Promise<number> {
  const ids = await work.candidates(options.all ? undefined : new Date(app.clock.now().getTime() - app.config.workSilentSeconds * 1000));
  let sent = 0;
  for (const id of ids) {
    const release = await takeWorkLock(app.pool, work.lockKey(id));
    if (!release) continue;
    await release();
    await work.send(id);
    sent++;
  }
  if (sent > 0) app.log.info({ [work.what]: sent }, `unfinished ${work.what} resumed`);
  return sent;
}

/** The recovery sweep: all abandoned work when the app is ready, then what fell silent, every 30 s (or half of WORK_SILENT_SECONDS) until it closes. */
export function scheduleRecovery(app: FastifyInstance, work: AbandonedWork): void {
  let timer: NodeJS.Timeout | null = null;
  const sweep = (all: boolean) => recoverAbandoned(app, work, { all }).catch((error: unknown) => app.log.warn({ err: error }, `${work.what} recovery sweep failed`));
  app.addHook('onReady', async () => {
    await sweep(true);
    timer = setInterval(() => void sweep(false), Math.min(SWEEP_AT_MOST_EVERY_MS, (app.config.workSilentSeconds * 1000) / 2));
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });
}
