import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigninData } from '../../domain/auth/api-contract';
import { activeUser } from '../test/auth-helpers';
import { buildTestApp, type TestApp } from '../test/test-db';

const OFFICE = '198.51.100.20';

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { rateLimitMax: 3 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 RATE_LIMITED after RATE_LIMIT_MAX requests per minute from one IP, with Retry-After and { code, message }', async () => {
    const get = () => t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/someone', remoteAddress: '203.0.113.7' });
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(404);
    const limited = await get();
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', message: 'Request limit exceeded', details: { retry_after: seconds } });

    // Another IP is not affected.
    const other = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/someone', remoteAddress: '203.0.113.8' });
    expect(other.statusCode).toBe(404);
  });

  it('a token that does not verify counts against the address', async () => {
    const get = () =>
      t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/x', remoteAddress: '203.0.113.50', headers: { authorization: 'Bearer not.a.token' } });
    for (let i = 0; i < 3; i++) expect((await get()).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/x', remoteAddress: '203.0.113.50' })).statusCode).toBe(429);
  });
});

describe('rate limit: static files and one office behind one address', () => {
  const MAX = 5;
  let t: TestApp;
  let spaDir: string;
  let storageDir: string;
  let alice: SigninData & { userId: string };
  let bob: SigninData & { userId: string };

  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-spa-limit-'));
    storageDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-files-limit-'));
    writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>SPA</title>');
    mkdirSync(path.join(spaDir, 'assets'));
    for (let i = 0; i < 60; i++) writeFileSync(path.join(spaDir, 'assets', `chunk-${i}.js`), `export const n = ${i};`);
    writeFileSync(path.join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(path.join(storageDir, 'campaign-logos', 'c1'), { recursive: true });
    writeFileSync(path.join(storageDir, 'campaign-logos', 'c1', 'logo_abcdefgh.png'), 'png');
    t = await buildTestApp({ config: { rateLimitMax: MAX, authRateLimitMax: 1000, spaDir, storageDir } });
    // A route with its own limit, like the sign-in routes (modules/auth/route-limits.ts).
    t.app.get('/test/own-limit', { config: { access: 'public', rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ data: 'ok' }));
    alice = await activeUser(t, 'alice-limit@example.org');
    bob = await activeUser(t, 'bob-limit@example.org');
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
    rmSync(storageDir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
  const api = (url: string, token?: string, remoteAddress = OFFICE) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  it('never counts static files or the history fallback: 400 of them from one address, then an API call still succeeds', async () => {
    const address = '198.51.100.77';
    const urls = ['/', '/dashboard', '/donor-list', '/demo-campaign', '/favicon.svg', '/files/campaign-logos/c1/logo_abcdefgh.png'];
    for (let i = 0; i < 400; i++) {
      const url = i % 10 < 4 ? urls[i % urls.length] : `/assets/chunk-${i % 60}.js`;
      const res = await t.app.inject({ method: i % 7 === 0 ? 'HEAD' : 'GET', url, remoteAddress: address, headers: html });
      expect(res.statusCode, `${url} #${i}`).toBe(200);
    }
    const res = await api('/campaign/get_campaign_by_slug/nobody', undefined, address);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('gives each signed-in user behind one address a budget of their own (and anonymous calls another)', async () => {
    for (let i = 0; i < MAX; i++) expect((await api(`/auth/users/${alice.userId}`, alice.idToken)).statusCode).toBe(200);
    const limited = await api(`/auth/users/${alice.userId}`, alice.idToken);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String), details: { retry_after: expect.any(Number) } });

    // Bob, same office address: his own budget.
    for (let i = 0; i < MAX; i++) expect((await api(`/auth/users/${bob.userId}`, bob.idToken)).statusCode).toBe(200);
    expect((await api(`/auth/users/${bob.userId}`, bob.idToken)).statusCode).toBe(429);
    // Alice from home (another address) is still limited: the budget follows the user.
    expect((await api(`/auth/users/${alice.userId}`, alice.idToken, '203.0.113.99')).statusCode).toBe(429);
    // Anonymous calls from the office address have not been spent.
    expect((await api('/campaign/get_campaign_by_slug/nobody')).statusCode).toBe(404);
  });

  it('routes with their own limit (sign-in, code sending) stay per address, tokens or not', async () => {
    const address = '198.51.100.88';
    expect((await api('/test/own-limit', alice.idToken, address)).statusCode).toBe(200);
    expect((await api('/test/own-limit', bob.idToken, address)).statusCode).toBe(200);
    const third = await api('/test/own-limit', undefined, address);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('RATE_LIMITED');
    expect(third.headers['retry-after']).toBeDefined();
  });
});
