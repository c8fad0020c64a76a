// Compressed answers (issue 31.6): the built SPA's scripts go out precompressed (brotli when the
// browser accepts it, else gzip), API answers over 1 KB are compressed, small answers and signed file
// downloads go out as they are.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givingPageUrl } from '../../domain/payments/api-contract';
import { privateFileKey } from '../modules/storage/private-storage';
import { buildTestApp, type TestApp } from '../test/test-db';

const INDEX = '<!doctype html><html><head><title>SPA test</title></head><body><div id="root"></div></body></html>';
/** A script of a few KB, as a built chunk is. */
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export const value${i} = "chunk line ${i}";`).join('\n');
const CAMPAIGN = '3f0c8a52-9d1e-4c7b-8a66-0b2f4e1d9c11';

describe('compressed answers', () => {
  let t: TestApp;
  let spaDir: string;
  let brCopy: Buffer;
  let gzCopy: Buffer;
  beforeAll(async () => {
    spaDir = mkdtempSync(path.join(os.tmpdir(), 'cdt-compress-'));
    writeFileSync(path.join(spaDir, 'index.html'), INDEX);
    mkdirSync(path.join(spaDir, 'assets'));
    // What the build writes (vite.config.ts, precompress): the script, its .br and its .gz.
    brCopy = brotliCompressSync(SCRIPT);
    gzCopy = gzipSync(SCRIPT, { level: 9 });
    writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js'), SCRIPT);
    writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js.br'), brCopy);
    writeFileSync(path.join(spaDir, 'assets', 'index-abc123.js.gz'), gzCopy);
    t = await buildTestApp({ config: { spaDir }, seed: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('serves a script brotli-compressed (the copy made at build) when the browser accepts br', async () => {
    const res = await asset('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The stored copy itself, not one made per request: its exact length.
    expect(res.headers['content-length']).toBe(String(brCopy.length));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves it gzip-compressed to a browser that accepts gzip only, and as it is to one that accepts neither', async () => {
    const gz = await asset('gzip, deflate');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBe(String(gzCopy.length));
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await asset();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses a JSON answer over 1 KB (brotli, else gzip) and leaves a small one as it is', async () => {
    const url = givingPageUrl('demo-campaign');
    const plain = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends a signed file download as stored, with its Content-Length, even to a browser that accepts br', async () => {
    const key = privateFileKey(CAMPAIGN, 'reports', 'csv');
    const body = `donor,total\n${Array.from({ length: 100 }, (_, i) => `"Donor ${i}",${i * 10}`).join('\n')}\n`;
    await t.app.privateStorage.save(key, Buffer.from(body), { contentType: 'text/csv; charset=utf-8', maxBytes: 100_000 });
    const link = new URL(await t.app.privateStorage.signedDownloadUrl(key, { expiresInSeconds: 300, fileName: 'donors.csv', campaignId: CAMPAIGN }), 'http://localhost');
    const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(res.body).toBe(body);
  });
});
