import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/test-config';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/test-db';

describe('GET /health', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers ok when the database answers', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok', version: expect.any(String) } });
  });

  it('answers 503 DATABASE_UNAVAILABLE when the pool is closed', async () => {
    t = await buildTestApp();
    await t.pool.end();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.any(String) });
  });

  it('answers 503 when its database has been dropped', async () => {
    t = await buildTestApp();
    await t.database.drop();
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('DATABASE_UNAVAILABLE');
  });
});

describe('GET /health/ready', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answers ready when the database answers, the migrations are the code\'s and jobs run in-process (off)', async () => {
    t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ready', database: 'ok', migrations: 'ok', jobs: 'off' } });
  });

  it('answers 503 DATABASE_UNAVAILABLE when the database is unreachable', async () => {
    t = await buildTestApp();
    await t.pool.end();
    const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'DATABASE_UNAVAILABLE', message: expect.stringContaining('database') });
  });

  it('answers 503 MIGRATIONS_PENDING when a migration of the code is missing, MIGRATIONS_AHEAD when the database has one the code does not know', async () => {
    t = await buildTestApp();
    const [newest] = (await t.pool.query<{ created_at: string; hash: string }>('select created_at, hash from drizzle.__drizzle_migrations order by created_at desc limit 1')).rows;
    await t.pool.query('delete from drizzle.__drizzle_migrations where created_at = $1', [newest!.created_at]);
    const pending = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(pending.statusCode).toBe(503);
    expect(pending.json()).toEqual({ code: 'MIGRATIONS_PENDING', message: expect.stringContaining('lacks 1 migration') });

    await t.pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2), ($3, $4)', [newest!.hash, newest!.created_at, 'future', Date.now() + 86_400_000]);
    const ahead = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ahead.statusCode).toBe(503);
    expect(ahead.json()).toEqual({ code: 'MIGRATIONS_AHEAD', message: expect.stringContaining('does not know') });
  });
});

describe('GET /health/ready with pg-boss', () => {
  it('says jobs ok while pg-boss runs, 503 JOBS_NOT_RUNNING once it stopped', async () => {
    const database = await createTestDatabase();
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 2 });
    const app = await buildApp({ config: testConfig({ jobs: true }), db: database.db, pool: database.pool, boss });
    try {
      const ready = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json().data.jobs).toBe('ok');
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
      const stopped = await app.inject({ method: 'GET', url: '/health/ready' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json().code).toBe('JOBS_NOT_RUNNING');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
