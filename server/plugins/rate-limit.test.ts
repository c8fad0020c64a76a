import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-db';

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitMax: 3 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 RATE_LIMITED after RATE_LIMIT_MAX requests per minute from one IP', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/someone', remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(404);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(limited.headers['retry-after']).toBeDefined();

    // Another IP is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/someone', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(404);
  });
});
