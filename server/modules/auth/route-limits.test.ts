import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('per-IP limits on sign-in routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitMax: 3 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('AUTH_RATE_LIMIT_MAX requests per minute per IP on each route, then 429 RATE_LIMITED with retry_after', async () => {
    const signin = (ip: string) => post(t, `${A}/signin`, { email: 'someone@example.org', password: 'whatever1' }, undefined, { remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await signin('203.0.113.1')).statusCode).toBe(401);
    const limited = await signin('203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: 'Request limit exceeded', details: { retry_after: expect.any(Number) } });
    expect((await signin('203.0.113.2')).statusCode).toBe(401);
    // Another route has its own budget.
    const other = await post(t, `${A}/forgot-password`, { email: 'someone@example.org' }, undefined, { remoteAddress: '203.0.113.1' });
    expect(other.statusCode).toBe(200);
  });
});
