/**
 * The one way to run work outside a request: typed job definitions on pg-boss.
 *
 *   export const reportJob = defineJob<{ reportId: string }>({
 *     name: 'build-report',                                  // the pg-boss queue name; never rename a live one
 *     retry: { limit: 3, delaySeconds: 10, backoff: true },  // 1 try + 3 retries, 10 s, 20 s, 40 s (pg-boss adds jitter)
 *     handler: async ({ reportId }, { app, log, attempt }) => { … },  // throw to retry
 *   });
 *   await app.jobs.register(reportJob);                       // once, while the app is built
 *   await app.jobs.send(reportJob, { reportId }, { tx });     // in the caller's transaction: no job if it rolls back
 *   app.jobs.wake(reportJob);                                 // after the commit: this process's worker looks now
 *   await app.jobs.settled();                                 // tests: in-process jobs are done
 *
 *   with pg-boss (`app.boss`, JOBS=true, production)  `register` creates the queue (retry policy as the
 *       queue's defaults), with `schedule` the cron schedule, and starts a worker (`batchSize`,
 *       `pollingIntervalSeconds`) — except on a pure web instance (JOBS=false), which only queues: the
 *       workers of other instances (`npm run worker`, or JOBS=true) run the jobs, each exactly once. `send` writes the job — with `tx`, through pg-boss's `db` option as one of
 *       the transaction's statements, so it exists only if the transaction commits. A worker runs the
 *       jobs of a batch one by one; a failure fails that job alone (warn, or error on its last attempt)
 *       and pg-boss retries it by the policy, then leaves it `failed`.
 *   without it (JOBS=inline, most tests)  `send` runs the handler in this process, after the answer
 *       (next turn of the event loop) and, with `tx`, only once that transaction has committed
 *       (never if it rolls back: its id is read in the transaction and its status polled), one attempt
 *       at a time per queue like a pg-boss worker (jobs of other queues run beside it). Same
 *       policy: at most 1 + `limit` attempts, waiting `delaySeconds`, doubled each time with
 *       `backoff`; each failure is logged (warn; error on the last). `settled()` waits for every such
 *       job, retries included. Closing the app waits for in-flight jobs; a job waiting for a retry
 *       then stops (error logged). Scheduled runs do not happen. `{ inline: true }` instead runs one
 *       attempt now and awaits it (a failure is logged, never thrown): for callers that expect the
 *       work done when `send` resolves (outbox delivery).
 *
 * `singletonKey` dedupes only on a `policy: 'short'` queue (one job per key waiting to start), in
 * both modes. Payloads are JSON (pg-boss stores jsonb): the in-process handler gets a JSON copy too, so a Date
 * arrives as a string either way. `app.boss` stays available for pg-boss features not wrapped here.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Tx } from '../db/executor';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

export interface RetryPolicy {
  /** Retries after the first attempt (pg-boss `retryLimit`). */
  limit: number;
  /** Wait before a retry (pg-boss `retryDelay`, whole seconds there; fractions are rounded up for pg-boss). */
  delaySeconds: number;
  /** Double the wait on each retry (pg-boss `retryBackoff`). */
  backoff?: boolean;
}

export interface JobContext {
  app: FastifyInstance;
  log: FastifyBaseLogger;
  /** 1 for the first try. */
  attempt: number;
  /** The pg-boss job id; null in-process. */
  jobId: string | null;
}

export interface JobDefinition<Payload extends JsonValue> {
  /** The pg-boss queue name. Jobs already queued under a name belong to it: keep names stable. */
  name: string;
  /** Default: pg-boss's own (2 retries, no wait). */
  retry?: RetryPolicy;
  handler: (payload: Payload, ctx: JobContext) => Promise<void>;
  /** Cron (pg-boss `schedule`, UTC); with pg-boss only. */
  schedule?: string;
  /** Jobs fetched at once by the worker (default 1); they still run one by one. */
  batchSize?: number;
  /** How often the worker polls (pg-boss default 2 s, at least 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * pg-boss queue policy, set when the queue is first created: 'standard' (default) or 'short' (at
   * most one job per `singletonKey` waiting to start; a second send answers null). In-process alike.
   */
  policy?: 'standard' | 'short';
}

export interface SendJobOptions {
  /** Send as part of this transaction: the job exists (or runs, in-process) only if it commits. */
  tx?: Tx;
  /** With `policy: 'short'`: no new job while one with this key waits to start (pg-boss `singletonKey`). */
  singletonKey?: string;
  /** Without pg-boss: run one attempt now and await it instead of running it after the answer. */
  inline?: boolean;
}

export interface Jobs {
  /** Registers a job's queue and worker (and schedule). Once per name, while the app is built. */
  register<Payload extends JsonValue>(definition: JobDefinition<Payload>): Promise<void>;
  /** Queues a job (pg-boss) or runs it in-process (see above). Answers the pg-boss job id, else null. */
  send<Payload extends JsonValue>(definition: JobDefinition<Payload>, payload: Payload, options?: SendJobOptions): Promise<string | null>;
  /**
   * Wakes this process's worker of the job's queue now instead of at its next poll (pg-boss polls every
   * `pollingIntervalSeconds`): call it once the transaction that sent a job someone waits on has
   * committed. Other instances still find the job at their next poll. No-op without pg-boss.
   */
  wake<Payload extends JsonValue>(definition: JobDefinition<Payload>): void;
  /** Resolves once every in-process job sent so far (and any they send) has finished, retries included. */
  settled(): Promise<void>;
  /** True when jobs go through pg-boss. */
  readonly queued: boolean;
  /** 'off' without pg-boss (in-process jobs), 'running' once pg-boss has started, 'stopped' once it stopped (readiness). */
  readonly state: 'off' | 'running' | 'stopped';
  /** The registered job names (= pg-boss queues), in registration order (metrics read their depth). */
  names(): string[];
  /** Called after every attempt of every job, in either mode, with its duration (metrics). Returns an unsubscribe. */
  onAttempt(listener: (attempt: JobAttempt) => void): () => void;
}

export interface JobAttempt {
  name: string;
  seconds: number;
  ok: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Names a job and its policy; pass it to `app.jobs.register` and `app.jobs.send`. */
export function defineJob<Payload extends JsonValue>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

/** pg-boss's `db` option on a Drizzle transaction: its `$n` placeholders become parameters of the transaction's query. */
export function bossDb(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const query = sql.empty();
      // Always a parameter (pg-boss passes undefined for options it leaves unset: NULL).
      text.split(/\$(\d+)/).forEach((part, index) => query.append(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
      return tx.execute(query);
    },
  };
}

const PG_BOSS_DEFAULT_RETRY: RetryPolicy = { limit: 2, delaySeconds: 0, backoff: false };

function bossRetry(retry: RetryPolicy | undefined): PgBoss.RetryOptions {
  if (!retry) return {};
  return { retryLimit: retry.limit, retryDelay: Math.ceil(retry.delaySeconds), retryBackoff: retry.backoff ?? false };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Registered {
  definition: JobDefinition<JsonValue>;
  run(payload: unknown, ctx: JobContext): Promise<void>;
  /** pg-boss's id of this process's worker of the queue. */
  workerId?: string;
}

/** Starts the given pg-boss (on the app's database), exposes it as `app.boss` and the jobs module as `app.jobs`, and stops both on close. */
export async function registerJobs(app: FastifyInstance, boss: PgBoss | undefined): Promise<void> {
  app.decorate('boss', boss ?? null);
  if (boss) {
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    });
  }

  const registered = new Map<string, Registered>();
  const pending = new Set<Promise<void>>();
  const wakeUps = new Set<() => void>();
  /** In-process jobs of 'short' queues sent with a singletonKey and not started yet. */
  const singletons = new Set<string>();
  let closing = false;
  let state: Jobs['state'] = boss ? 'running' : 'off';
  if (boss) boss.on('stopped', () => (state = 'stopped'));
  const attemptListeners = new Set<(attempt: JobAttempt) => void>();
  /** In-process: the last attempt started on each queue, so a queue runs one attempt at a time. */
  const queueTails = new Map<string, Promise<void>>();

  /**
   * Runs `attempt` once the queue's earlier attempts are done: one at a time per queue, as pg-boss's
   * one worker per queue and process does. Running a queue's jobs side by side in-process was kinder
   * than production and could starve the pool: five report jobs each held a work-lock connection and
   * waited for a second one until the pool's timeout, on every retry (a file left queued in CI).
   */
  function inTurn(name: string, attempt: () => Promise<void>): Promise<void> {
    const result = (queueTails.get(name) ?? Promise.resolve()).then(attempt);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    queueTails.set(name, tail);
    void tail.then(() => {
      if (queueTails.get(name) === tail) queueTails.delete(name);
    });
    return result;
  }

  /** Runs one attempt and tells the onAttempt listeners how long it took. */
  async function timed(name: string, attempt: () => Promise<void>): Promise<void> {
    const started = process.hrtime.bigint();
    let ok = false;
    try {
      await attempt();
      ok = true;
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      for (const listener of attemptListeners) listener({ name, seconds, ok });
    }
  }

  function track(task: Promise<void>): Promise<void> {
    pending.add(task);
    void task.finally(() => pending.delete(task));
    return task;
  }

  /** Waits `ms`, or less when the app starts closing. */
  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeUps.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakeUps.add(wake);
    });
  }

  /** Whether the transaction with this id committed: polls until it is no longer in progress. */
  async function committed(xid: string): Promise<boolean> {
    for (let wait = 1; ; wait = Math.min(wait * 2, 50)) {
      const result = await app.db.execute(sql`select pg_xact_status(${xid}::xid8) as status`);
      const status = (result.rows[0] as { status: string | null } | undefined)?.status;
      if (status !== 'in progress') return status === 'committed';
      await sleep(wait);
    }
  }

  async function runInProcess(entry: Registered, payload: unknown, xid: string | null, singleton: string | null): Promise<void> {
    const { name } = entry.definition;
    const retry = entry.definition.retry ?? PG_BOSS_DEFAULT_RETRY;
    try {
      await nextTurn();
      if (xid !== null && !(await committed(xid))) {
        app.log.debug({ job: name }, 'job not run: its transaction rolled back');
        return;
      }
    } catch (error) {
      app.log.error({ err: error, job: name }, 'job not run: its transaction could not be checked');
      return;
    } finally {
      if (singleton !== null) singletons.delete(singleton);
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await inTurn(name, () => entry.run(payload, { app, log: app.log, attempt, jobId: null }));
        return;
      } catch (error) {
        if (attempt > retry.limit) {
          app.log.error({ err: error, job: name, attempt }, 'job failed; no attempts left');
          return;
        }
        if (closing) {
          app.log.error({ err: error, job: name, attempt }, 'job failed; not retried: the app is closing');
          return;
        }
        const delayMs = retry.delaySeconds * 1000 * (retry.backoff ? 2 ** (attempt - 1) : 1);
        app.log.warn({ err: error, job: name, attempt, retryInMs: delayMs }, 'job failed; retried');
        await sleep(delayMs);
        if (closing) {
          app.log.error({ job: name, attempt }, 'job dropped: the app closed before its retry');
          return;
        }
      }
    }
  }

  const jobs: Jobs = {
    queued: boss !== undefined,

    get state() {
      return state;
    },

    names() {
      return [...registered.keys()];
    },

    onAttempt(listener) {
      attemptListeners.add(listener);
      return () => attemptListeners.delete(listener);
    },

    async register<Payload extends JsonValue>(definition: JobDefinition<Payload>) {
      const { name } = definition;
      if (registered.has(name)) throw new Error(`job '${name}' is registered twice`);
      const entry: Registered = {
        definition: definition as unknown as JobDefinition<JsonValue>,
        run: (payload, ctx) => timed(name, () => definition.handler(payload as Payload, ctx)),
      };
      registered.set(name, entry);
      if (!boss) return;
      await boss.createQueue(name, { name, ...(definition.policy ? { policy: definition.policy } : {}), ...bossRetry(definition.retry) });
      if (definition.schedule) await boss.schedule(name, definition.schedule);
      // A pure web instance (JOBS=false) queues jobs and leaves them to the workers.
      if (!app.config.jobWorkers) return;
      const workOptions = {
        includeMetadata: true as const,
        ...(definition.batchSize === undefined ? {} : { batchSize: definition.batchSize }),
        ...(definition.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: definition.pollingIntervalSeconds }),
      };
      entry.workerId = await boss.work<Payload>(name, workOptions, async (batch) => {
        // One by one: a failing job is failed (and retried) alone, so the others of the batch do
        // not run twice (pg-boss then completes only the jobs still active).
        for (const job of batch) {
          const attempt = job.retryCount + 1;
          try {
            await entry.run(job.data, { app, log: app.log.child({ job: name, jobId: job.id }), attempt, jobId: job.id });
          } catch (error) {
            const last = job.retryCount >= job.retryLimit;
            app.log[last ? 'error' : 'warn']({ err: error, job: name, jobId: job.id, attempt }, last ? 'job failed; no attempts left' : 'job failed; retried');
            await boss.fail(name, job.id, { error: errorText(error) });
          }
        }
      });
    },

    async send<Payload extends JsonValue>(definition: JobDefinition<Payload>, payload: Payload, options: SendJobOptions = {}) {
      const entry = registered.get(definition.name);
      if (!entry) throw new Error(`job '${definition.name}' is not registered`);
      if (boss) {
        const sendOptions: PgBoss.SendOptions = {
          ...bossRetry(definition.retry),
          ...(options.singletonKey === undefined ? {} : { singletonKey: options.singletonKey }),
          ...(options.tx ? { db: bossDb(options.tx) } : {}),
        };
        return boss.send(definition.name, payload as object, sendOptions);
      }
      // What pg-boss would hand the worker: a JSON copy.
      const copy: unknown = JSON.parse(JSON.stringify(payload ?? null));
      if (options.inline) {
        await track(
          entry.run(copy, { app, log: app.log, attempt: 1, jobId: null }).catch((error: unknown) => {
            app.log.warn({ err: error, job: definition.name }, 'job failed (run inline, not retried)');
          }),
        );
        return null;
      }
      const singleton = options.singletonKey === undefined || definition.policy !== 'short' ? null : `${definition.name}\u0000${options.singletonKey}`;
      if (singleton !== null && singletons.has(singleton)) return null;
      let xid: string | null = null;
      if (options.tx) {
        const result = await options.tx.execute(sql`select pg_current_xact_id()::text as xid`);
        xid = (result.rows[0] as { xid: string }).xid;
      }
      if (singleton !== null) singletons.add(singleton);
      void track(runInProcess(entry, copy, xid, singleton));
      return null;
    },

    wake(definition) {
      const workerId = registered.get(definition.name)?.workerId;
      if (boss && workerId) boss.notifyWorker(workerId);
    },

    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };

  app.decorate('jobs', jobs);
  // preClose: before the onClose hooks of other modules (run last-registered first) tear down
  // what the jobs use (transports); in-flight jobs finish, waiting retries stop.
  app.addHook('preClose', async () => {
    closing = true;
    for (const wake of [...wakeUps]) wake();
    await jobs.settled();
  });
  app.addHook('onClose', () => jobs.settled());
}
