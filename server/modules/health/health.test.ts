import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-db';

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
