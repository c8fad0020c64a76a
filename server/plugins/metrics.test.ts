import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { adminSignIn } from '../test/auth-helpers';
import { testConfig } from '../test/test-config';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-db';
import { defineJob } from './jobs';
import { hasMetricsToken } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123456789';
const json = { accept: 'application/json' };

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inner = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([key, value]) => inner.includes(`${key}="${value}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /metrics', () => {
  it('is a path like any unknown one while METRICS_TOKEN is unset', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { ...json, authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    } finally {
      await t.close();
    }
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let storageDir: string;
    beforeAll(async () => {
      storageDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-metrics-files-'));
      writeFileSync(path.join(storageDir, 'hello-qzxv.txt'), 'hello');
      t = await buildTestApp({ seed: true, config: { metricsToken: TOKEN, storageDir } });
    });
    afterAll(async () => {
      await t.close();
      rmSync(storageDir, { recursive: true, force: true });
    });

    it('refuses a missing or wrong token with 401 and WWW-Authenticate', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { ...json, ...(authorization ? { authorization } : {}) } });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      }
      expect(hasMetricsToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
      // A browser navigation without credentials gets what any unknown path gets (here, without an SPA: 404).
      const page = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(404);
      expect(page.headers['www-authenticate']).toBeUndefined();
    });

    it('exposes request latency by route pattern (never the raw URL), pool gauges, cache hits, job durations and process metrics', async () => {
      const admin = await adminSignIn(t);
      const userUrl = `/auth/users/${admin.user.userId}`;
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({ method: 'GET', url: userUrl, headers: { ...json, authorization: `Bearer ${admin.idToken}` } });
        expect(res.statusCode, res.body).toBe(200);
      }
      await t.app.inject({ method: 'GET', url: '/no/such/route/wxqj', headers: json });
      const file = await t.app.inject({ method: 'GET', url: '/files/hello-qzxv.txt' }); // a static route, registered by a plugin
      expect(file.statusCode).toBe(200);
      const job = defineJob<{ n: number }>({ name: 'metrics-test-job', handler: async () => undefined });
      await t.app.jobs.register(job);
      await t.app.jobs.send(job, { n: 1 });
      await t.app.jobs.settled();

      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.body;
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/auth/users/:id', status_code: '200' })).toBe(3);
      expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toContain(admin.user.userId);
      expect(text).not.toContain('wxqj'); // letters: a number among the metrics could hold any digits
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/files\/\*",status_code="200"\} 1$/m);
      expect(text).not.toContain('qzxv');
      expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
      expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
      expect(text).toMatch(/^db_pool_max_connections \d+$/m);
      expect(text).toMatch(/^live_sockets 0$/m); // nobody connected to this app's socket server
      expect(sample(text, 'read_cache_requests_total', { cache: 'session-auth', result: 'hit' })).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'read_cache_requests_total', { cache: 'session-auth', result: 'miss' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'job_duration_seconds_count', { queue: 'metrics-test-job', outcome: 'ok' })).toBe(1);
      expect(text).toContain('process_cpu_user_seconds_total');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    });
  });

  it('reads the job queue depth from pg-boss per queue', async () => {
    const database = await createTestDatabase();
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 2 });
    const app = await buildApp({ config: testConfig({ jobs: true, metricsToken: TOKEN }), db: database.db, pool: database.pool, boss });
    try {
      // A queue of its own; its jobs may start only in an hour: they wait.
      const job = defineJob<{ n: number }>({ name: 'metrics-depth-test', handler: async () => undefined });
      await app.jobs.register(job);
      for (let n = 0; n < 3; n++) await boss.send(job.name, { n }, { startAfter: 3600 });
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, 'job_queue_depth', { queue: 'metrics-depth-test', state: 'waiting' })).toBe(3);
      expect(sample(res.body, 'job_queue_depth', { queue: 'metrics-depth-test', state: 'active' })).toBe(0);
      for (const queue of app.jobs.names()) expect(sample(res.body, 'job_queue_depth', { queue, state: 'waiting' }), queue).toBeGreaterThanOrEqual(0);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
