/**
 * Messages of the public auth routes leave the request path. A route hands over its message (a
 * code, or "you already have an account") — or, for an address that gets nothing, no message — and
 * both cases do exactly the same work while the request runs, so the answer time does not tell
 * whether an account exists (ASVS 5.0 6.3.8). Every hand-over is one `authMailJob` (the jobs
 * module, plugins/jobs.ts), sent in the transaction that issues the code (one commit either way; no
 * job without its code):
 *
 *   with pg-boss (JOBS=true, production)  a job on the 'auth-mail' queue; a worker (polling every
 *       0.5 s) records the message in the outbox, which delivers it, or does nothing for an empty
 *       job. The work that differs happens later, in the worker, not in the moments after the answer.
 *   without it (tests, JOBS=inline)  the message is recorded right after the answer, once the code's
 *       transaction has committed; `settled()` (= `app.jobs.settled()`) waits for that.
 */
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/executor';
import { defineJob } from '../../plugins/jobs';
import type { NewOutboxMessage } from '../outbox/repository';

export const AUTH_MAIL_QUEUE = 'auth-mail';

type AuthMailJob = { message: NewOutboxMessage | null };

/** Records the handed-over message in the outbox (which delivers it); an empty job does nothing. */
export const authMailJob = defineJob<AuthMailJob>({
  name: AUTH_MAIL_QUEUE,
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  pollingIntervalSeconds: 0.5,
  batchSize: 20,
  async handler({ message }, { app }) {
    if (message) await app.outbox.send(message);
  },
});

export interface AuthMail {
  /** Hands `message` over for sending, as part of `tx`; `null` does the same work and sends nothing. */
  handOver(tx: Tx, message: NewOutboxMessage | null): Promise<void>;
  /** Without pg-boss: resolves once every message handed over so far is recorded in the outbox (tests). Same as `app.jobs.settled()`. */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authMail: AuthMail;
  }
}

export async function registerAuthMail(app: FastifyInstance): Promise<void> {
  await app.jobs.register(authMailJob);
  app.decorate('authMail', {
    async handOver(tx, message) {
      await app.jobs.send(authMailJob, { message }, { tx });
    },
    settled: () => app.jobs.settled(),
  } satisfies AuthMail);
}
