import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-db';

const INDEX = '<!doctype html><html><head><title>SPA test</title></head><body><div id="root"></div></body></html>';

describe('SPA serving', () => {
  let t: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-spa-'));
    writeFileSync(path.join(spaDir, 'index.html'), INDEX);
    mkdirSync(path.join(spaDir, 'assets'));
    writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), 'console.log("app")');
    t = await buildTestApp({ config: { spaDir }, seed: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it('serves index.html at / without caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('SPA test');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/dashboard', '/campaign', '/auth/login', '/demo-campaign', '/campaign/list'])(
    'a browser navigation to %s gets index.html (history fallback)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('SPA test');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('API calls still answer JSON, and unmatched non-HTML requests get the JSON 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/campaign/get_campaign_by_slug/demo-campaign', headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(200);
    expect(api.json().data.slug).toBe('demo-campaign');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });

    const post = await t.app.inject({ method: 'POST', url: '/dashboard', headers: html });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });
});

describe('SPA serving with the donors\' entry (giving.html)', () => {
  let t: TestApp;
  let spaDir: string;
  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-spa-giving-'));
    writeFileSync(path.join(spaDir, 'index.html'), INDEX);
    writeFileSync(path.join(spaDir, 'giving.html'), INDEX.replace('SPA test', 'Giving entry').replace('</head>', '<script type="module" crossorigin src="/assets/giving-abc.js"></script></head>'));
    t = await buildTestApp({ config: { spaDir }, seed: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

  it.each(['/demo-campaign', '/demo-campaign?lng=en', '/no-such-campaign', '/pay-your-donation?token=abc'])(
    'a browser navigation to the giving page %s gets the donors\' entry, not the staff app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Giving entry');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/', '/dashboard', '/auth/login', '/payment-success?payment_id=x', '/campaign/list', '/demo-campaign/extra'])(
    'a navigation to %s (a staff or result page) gets the staff app (index.html)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('SPA test');
    },
  );

  it.each([
    ['/demo-campaign', '/payment/giving-page/demo-campaign'],
    ['/demo-campaign/?lng=en', '/payment/giving-page/demo-campaign'],
    ['/Demo-Campaign', '/payment/giving-page/Demo-Campaign'],
  ])('the giving page %s asks for its data from the HTML, before its scripts (%s, as the page fetches it)', async (url, dataUrl) => {
    const res = await t.app.inject({ method: 'GET', url, headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const preload = `<link rel="preload" as="fetch" crossorigin href="${dataUrl}">`;
    expect(res.body).toContain(preload);
    expect(res.body.indexOf(preload)).toBeLessThan(res.body.indexOf('<script'));
    // The address preloaded is the page's data: the same answer the page's own request gets.
    const data = await t.app.inject({ method: 'GET', url: dataUrl, headers: { accept: '*/*' } });
    expect(data.statusCode).toBe(200);
    expect(data.json().data.slug).toBe('demo-campaign');
  });

  it('the pledge link page preloads nothing (its data needs the token the page reads)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pay-your-donation?token=abc', headers: html });
    expect(res.body).toContain('Giving entry');
    expect(res.body).not.toContain('rel="preload"');
  });
});
