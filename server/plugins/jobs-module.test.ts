import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-config';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../test/test-db';
import { defineJob } from './jobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(100);
  }
}

describe('jobs module with pg-boss (as in production)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const runs: Record<string, { payload: unknown; attempt: number; jobId: string | null }[]> = { once: [], failing: [], tx: [] };

  const onceJob = defineJob<{ n: number }>({
    name: 'test-once',
    pollingIntervalSeconds: 0.5,
    handler: async (payload, { attempt, jobId }) => {
      runs.once.push({ payload, attempt, jobId });
    },
  });
  const failingJob = defineJob<{ n: number }>({
    name: 'test-failing',
    retry: { limit: 2, delaySeconds: 0 },
    pollingIntervalSeconds: 0.5,
    handler: async (payload, { attempt, jobId }) => {
      runs.failing.push({ payload, attempt, jobId });
      throw new Error(`attempt ${attempt} failed`);
    },
  });
  const txJob = defineJob<{ label: string }>({
    name: 'test-tx',
    pollingIntervalSeconds: 0.5,
    handler: async (payload, { attempt, jobId }) => {
      runs.tx.push({ payload, attempt, jobId });
    },
  });

  const jobRows = async (name: string) =>
    (await database.pool.query<{ id: string; state: string; retry_count: number; data: unknown }>(`select id, state, retry_count, data from pgboss.job where name = $1`, [name])).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 2 });
    app = await buildApp({ config: testConfig(), db: database.db, pool: database.pool, boss });
    expect(app.jobs.queued).toBe(true);
    await app.jobs.register(onceJob);
    await app.jobs.register(failingJob);
    await app.jobs.register(txJob);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('keeps the queue names of the existing jobs', async () => {
    const queues = (await database.pool.query<{ name: string }>(`select name from pgboss.queue order by name`)).rows.map((row) => row.name);
    expect(queues).toEqual(expect.arrayContaining(['auth-cleanup', 'auth-mail', 'deliver-message']));
    const schedules = (await database.pool.query<{ name: string; cron: string }>(`select name, cron from pgboss.schedule`)).rows;
    expect(schedules).toContainEqual({ name: 'auth-cleanup', cron: '23 * * * *' });
  });

  it('refuses to send a job that was never registered, or to register a name twice', async () => {
    const stray = defineJob<null>({ name: 'test-stray', handler: async () => undefined });
    await expect(app.jobs.send(stray, null)).rejects.toThrow(/not registered/);
    await expect(app.jobs.register(onceJob)).rejects.toThrow(/registered twice/);
  });

  it('a job sent runs once, with its payload, and is completed', async () => {
    const id = await app.jobs.send(onceJob, { n: 7 });
    expect(id).toEqual(expect.any(String));
    await until(async () => (await jobRows('test-once'))[0]?.state === 'completed');
    await sleep(1200); // two more polls: nothing runs it again
    expect(runs.once).toEqual([{ payload: { n: 7 }, attempt: 1, jobId: id }]);
  });

  it('a failing handler is retried up to its limit, then the job is marked failed', async () => {
    const id = await app.jobs.send(failingJob, { n: 1 });
    await until(async () => (await jobRows('test-failing'))[0]?.state === 'failed');
    const [row] = await jobRows('test-failing');
    expect(row).toMatchObject({ id, state: 'failed', retry_count: 2 });
    await sleep(1200);
    expect(runs.failing.map((run) => run.attempt)).toEqual([1, 2, 3]);
    expect(new Set(runs.failing.map((run) => run.jobId))).toEqual(new Set([id]));
  });

  it('a job sent inside a transaction that rolls back never exists nor runs; one that commits runs', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await app.jobs.send(txJob, { label: 'rolled back' }, { tx });
        expect(await jobRows('test-tx')).toEqual([]); // not visible outside the transaction
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await jobRows('test-tx')).toEqual([]);

    await app.db.transaction(async (tx) => {
      await app.jobs.send(txJob, { label: 'committed' }, { tx });
    });
    await until(async () => (await jobRows('test-tx'))[0]?.state === 'completed');
    await sleep(1200);
    expect(runs.tx.map((run) => run.payload)).toEqual([{ label: 'committed' }]);
    expect(await jobRows('test-tx')).toHaveLength(1);
  });

  it("policy 'short': a singleton key keeps a second job with the same key out while the first is queued", async () => {
    const blocked = defineJob<null>({ name: 'test-singleton', policy: 'short', handler: async () => undefined });
    await app.jobs.register(blocked);
    await app.boss!.offWork('test-singleton'); // nothing works the queue: the first job stays queued
    // offWork does not wait for the worker's fetch already under way (on a loaded machine it can run
    // after the send below and take the first job): let that fetch finish on the empty queue first.
    await sleep(2_000);
    const first = await app.jobs.send(blocked, null, { singletonKey: 'k' });
    const second = await app.jobs.send(blocked, null, { singletonKey: 'k' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
  });
});

describe('jobs module without pg-boss (JOBS=inline, tests)', () => {
  let t: TestApp;
  const calls: { label: string; attempt: number; at: number }[] = [];
  /** Fails its first `failures[label]` attempts. */
  const failures: Record<string, number> = {};

  const flakyJob = defineJob<{ label: string; at?: string }>({
    name: 'test-in-process',
    retry: { limit: 3, delaySeconds: 0.05, backoff: true },
    handler: async ({ label }, { attempt }) => {
      calls.push({ label, attempt, at: Date.now() });
      if (attempt <= (failures[label] ?? 0)) throw new Error(`${label}: attempt ${attempt} failed`);
    },
  });
  const slowJob = defineJob<null>({
    name: 'test-slow',
    handler: async () => {
      await sleep(300);
      calls.push({ label: 'slow', attempt: 1, at: Date.now() });
    },
  });

  beforeAll(async () => {
    t = await buildTestApp();
    expect(t.app.jobs.queued).toBe(false);
    await t.app.jobs.register(flakyJob);
    await t.app.jobs.register(slowJob);
  });
  afterAll(async () => {
    await t.close();
  });

  const of = (label: string) => calls.filter((call) => call.label === label);

  it('runs after the transaction commits, not before; settled() waits for it', async () => {
    await t.app.db.transaction(async (tx) => {
      await t.app.jobs.send(flakyJob, { label: 'tx' }, { tx });
      await sleep(150);
      expect(of('tx')).toEqual([]); // still in the transaction
    });
    await t.app.jobs.settled();
    expect(of('tx').map((call) => call.attempt)).toEqual([1]);
  });

  it('runs after the answer when sent without a transaction, with a JSON copy of the payload', async () => {
    const seen: unknown[] = [];
    const jsonJob = defineJob<{ when: string }>({ name: 'test-json', handler: async (payload) => void seen.push(payload) });
    await t.app.jobs.register(jsonJob);
    const payload = { when: new Date('2030-01-02T03:04:05Z') as unknown as string };
    await t.app.jobs.send(jsonJob, payload);
    expect(seen).toEqual([]); // not in the caller's turn
    await t.app.jobs.settled();
    expect(seen).toEqual([{ when: '2030-01-02T03:04:05.000Z' }]);
  });

  it('never runs a job whose transaction rolled back', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.jobs.send(flakyJob, { label: 'rolled back' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await t.app.jobs.settled();
    await sleep(50);
    expect(of('rolled back')).toEqual([]);
  });

  it('retries a failing handler with backoff; settled() waits for the retries', async () => {
    failures.retried = 2;
    await t.app.db.transaction(async (tx) => {
      await t.app.jobs.send(flakyJob, { label: 'retried' }, { tx });
    });
    await t.app.jobs.settled();
    const runs = of('retried');
    expect(runs.map((call) => call.attempt)).toEqual([1, 2, 3]);
    expect(runs[1].at - runs[0].at).toBeGreaterThanOrEqual(45); // 50 ms
    expect(runs[2].at - runs[1].at).toBeGreaterThanOrEqual(95); // then 100 ms
  });

  it('stops after 1 + limit attempts', async () => {
    failures.hopeless = 99;
    await t.app.jobs.send(flakyJob, { label: 'hopeless' });
    await t.app.jobs.settled();
    expect(of('hopeless').map((call) => call.attempt)).toEqual([1, 2, 3, 4]);
  });

  it('inline: runs one attempt now and awaits it; a failure is not thrown', async () => {
    failures.inline = 1;
    await expect(t.app.jobs.send(flakyJob, { label: 'inline' }, { inline: true })).resolves.toBeNull();
    expect(of('inline').map((call) => call.attempt)).toEqual([1]);
    await t.app.jobs.settled();
    expect(of('inline')).toHaveLength(1);
  });

  it("policy 'short': a singleton key runs one of two jobs sent together", async () => {
    const seen: string[] = [];
    const shortJob = defineJob<{ label: string }>({ name: 'test-short', policy: 'short', handler: async ({ label }) => void seen.push(label) });
    await t.app.jobs.register(shortJob);
    await t.app.jobs.send(shortJob, { label: 'first' }, { singletonKey: 's' });
    await t.app.jobs.send(shortJob, { label: 'second' }, { singletonKey: 's' });
    await t.app.jobs.send(shortJob, { label: 'other key' }, { singletonKey: 't' });
    await t.app.jobs.settled();
    await t.app.jobs.send(shortJob, { label: 'after' }, { singletonKey: 's' });
    await t.app.jobs.settled();
    expect(seen).toEqual(['first', 'other key', 'after']);
  });

  it('runs the jobs of one queue one at a time, as a pg-boss worker does, and other queues beside them', async () => {
    const events: string[] = [];
    let running = 0;
    let most = 0;
    const step = (queue: string) => async ({ label }: { label: string }) => {
      running++;
      most = Math.max(most, running);
      events.push(`${queue} ${label} start`);
      await sleep(queue === 'one' ? 40 : 10);
      events.push(`${queue} ${label} end`);
      running--;
    };
    const one = defineJob<{ label: string }>({ name: 'test-turns-one', handler: step('one') });
    const two = defineJob<{ label: string }>({ name: 'test-turns-two', handler: step('two') });
    await t.app.jobs.register(one);
    await t.app.jobs.register(two);
    await Promise.all(['a', 'b', 'c'].map((label) => t.app.jobs.send(one, { label })));
    await t.app.jobs.send(two, { label: 'x' });
    await t.app.jobs.settled();
    const ofOne = events.filter((event) => event.startsWith('one '));
    expect(ofOne).toEqual(['one a start', 'one a end', 'one b start', 'one b end', 'one c start', 'one c end']);
    // The other queue did not wait for the first: it ran while 'a' was running.
    expect(events.indexOf('two x end')).toBeLessThan(events.indexOf('one a end'));
    expect(most).toBe(2);
  });

  it('closing the app waits for an in-flight job', async () => {
    const other = await buildTestApp();
    await other.app.jobs.register(slowJob);
    await other.app.jobs.send(slowJob, null);
    await sleep(20); // started
    await other.close();
    expect(of('slow')).toHaveLength(1);
  });
});
