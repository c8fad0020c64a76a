// N web and M worker instances on one database (issue 15): a pure web instance (JOBS=false) queues a
// job on pg-boss and runs none; a worker instance (WEB=false, `npm run worker`) runs it exactly once
// and answers nothing over HTTP but health and metrics.
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { testConfig } from '../test/test-config';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { defineJob } from './jobs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JOBS and WEB', () => {
  it('JOBS=true (default) queues and works, false only queues, inline runs in-process; WEB=false needs workers', () => {
    const base = { NODE_ENV: 'test', TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig(base)).toMatchObject({ jobs: true, jobWorkers: true, web: true });
    expect(loadConfig({ ...base, JOBS: 'false' })).toMatchObject({ jobs: true, jobWorkers: false, web: true });
    expect(loadConfig({ ...base, JOBS: 'inline' })).toMatchObject({ jobs: false, jobWorkers: true });
    expect(loadConfig({ ...base, WEB: 'false' })).toMatchObject({ jobs: true, jobWorkers: true, web: false });
    expect(() => loadConfig({ ...base, WEB: 'false', JOBS: 'false' })).toThrow(/WEB=false \(a pure worker\) needs JOBS=true/);
    expect(() => loadConfig({ ...base, JOBS: 'maybe' })).toThrow(/JOBS must be true or false or inline/);
  });
});

describe('a pure web instance and a worker on one database', () => {
  let database: TestDatabase;
  let web: FastifyInstance;
  let worker: FastifyInstance;
  const runs: { instance: string; n: number }[] = [];
  const jobFor = (instance: string) =>
    defineJob<{ n: number }>({
      name: 'test-split',
      pollingIntervalSeconds: 0.5,
      handler: async ({ n }) => {
        runs.push({ instance, n });
      },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const boss = (max: number) => new PgBoss({ connectionString: database.url, schema: 'pgboss', max });
    web = await buildApp({ config: testConfig({ jobs: true, jobWorkers: false }), db: database.db, pool: database.pool, boss: boss(2) });
    await web.jobs.register(jobFor('web'));
    worker = await buildApp({ config: testConfig({ jobs: true, jobWorkers: true, web: false }), db: database.db, pool: database.pool, boss: boss(2) });
    await worker.jobs.register(jobFor('worker'));
  });
  afterAll(async () => {
    await web?.close();
    await worker?.close();
    await database?.drop();
  });

  it('the web instance queues; the worker runs each job once', async () => {
    for (const n of [1, 2, 3]) expect(await web.jobs.send(jobFor('web'), { n })).toEqual(expect.any(String));
    const deadline = Date.now() + 15_000;
    while (runs.length < 3 && Date.now() < deadline) await sleep(100);
    await sleep(1_500); // a second run, or one on the web instance, would show by now
    expect(runs.map((r) => r.instance)).toEqual(['worker', 'worker', 'worker']);
    expect(runs.map((r) => r.n).sort()).toEqual([1, 2, 3]);
  });

  it('the worker answers health and metrics, and 404 for the API and the SPA', async () => {
    expect((await worker.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({ data: { status: 'ready', jobs: 'ok' } });
    const api = await worker.inject({ method: 'POST', url: '/auth/authentication/signin', payload: { email: 'a@b.org', password: 'x' } });
    expect([api.statusCode, api.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await worker.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({ data: { status: 'ready', jobs: 'ok' } });
  });
});
