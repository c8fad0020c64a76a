/**
 * Messages of the public auth routes leave the request path. A route hands over its message (a
 * code, or "you already have an account") — or, for an address that gets nothing, no message — and
 * both cases do exactly the same work while the request runs, so the answer time does not tell
 * whether an account exists (ASVS 5.0 6.3.8):
 *
 *   with pg-boss (JOBS=true, production)  every hand-over is one job on the 'auth-mail' queue,
 *       written in the transaction that issues the code (one commit either way; no job without its
 *       code); a worker (polling every 0.5 s) records the message in the outbox, which delivers it,
 *       or does nothing for an empty job. The work that differs happens later, in the worker, not
 *       in the moments after the answer.
 *   without it (tests, JOBS=false)  the message is recorded right after the answer (next turn of
 *       the event loop); `settled()` waits for that.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Tx } from '../../db/executor';
import type { NewOutboxMessage } from '../outbox/repository';

export const AUTH_MAIL_QUEUE = 'auth-mail';
const RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;

interface AuthMailJob {
  message: NewOutboxMessage | null;
}

export interface AuthMail {
  /** Hands `message` over for sending, as part of `tx`; `null` does the same work and sends nothing. */
  handOver(tx: Tx, message: NewOutboxMessage | null): Promise<void>;
  /** Without pg-boss: resolves once every message handed over so far is recorded in the outbox (tests, shutdown). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authMail: AuthMail;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** pg-boss's `db` option on a Drizzle transaction: its `$n` placeholders become parameters of the transaction's query. */
function bossDb(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const query = sql.empty();
      // Always a parameter (pg-boss passes undefined for options it leaves unset: NULL).
      text.split(/\$(\d+)/).forEach((part, index) => query.append(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
      return tx.execute(query);
    },
  };
}

export async function registerAuthMail(app: FastifyInstance): Promise<void> {
  const boss = app.boss;
  const pending = new Set<Promise<void>>();

  async function record(message: NewOutboxMessage | null): Promise<void> {
    if (message) await app.outbox.send(message);
  }

  async function recordLater(message: NewOutboxMessage | null): Promise<void> {
    await nextTurn();
    try {
      await record(message);
    } catch (error) {
      app.log.error({ err: error, channel: message?.channel, purpose: message?.purpose }, 'message could not be recorded');
    }
  }

  if (boss) {
    await boss.createQueue(AUTH_MAIL_QUEUE, { name: AUTH_MAIL_QUEUE, ...RETRY });
    await boss.work<AuthMailJob>(AUTH_MAIL_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 20 }, async (jobs) => {
      // One by one: a message that cannot be recorded is retried alone, so the others of the batch
      // are not sent twice (pg-boss then completes only the jobs still active).
      for (const job of jobs) {
        try {
          await record(job.data.message);
        } catch (error) {
          app.log.warn({ err: error, jobId: job.id }, 'auth message could not be recorded; retried');
          await boss.fail(AUTH_MAIL_QUEUE, job.id, { error: error instanceof Error ? error.message : String(error) });
        }
      }
    });
  }

  const authMail: AuthMail = {
    async handOver(tx, message) {
      if (boss) {
        await boss.send(AUTH_MAIL_QUEUE, { message } satisfies AuthMailJob, { ...RETRY, db: bossDb(tx) });
        return;
      }
      const task = recordLater(message);
      pending.add(task);
      void task.finally(() => pending.delete(task));
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  app.decorate('authMail', authMail);
  app.addHook('onClose', () => authMail.settled());
}
