import { CreateBucketCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type S3Config } from '../../config';
import { ManualClock } from '../../plugins/clock';
import { buildTestApp, type TestApp } from '../../test/test-db';
import {
  InvalidPrivateKeyError,
  PRIVATE_DOWNLOAD_PATH,
  PrivateFileNotFoundError,
  PrivateFileTooLargeError,
  privateFileKey,
  type PrivateStorage,
} from './private-storage';
import { createS3Client } from './private-storage-s3';

const CAMPAIGN = '3f0c8a52-9d1e-4c7b-8a66-0b2f4e1d9c11';
const OTHER_CAMPAIGN = '9b1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';

/** `count` chunks of `size` bytes, produced lazily (a real stream, not one buffer). */
function chunks(count: number, size: number, byte = 0x61): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < count ? Buffer.alloc(size, byte) : null);
    },
  });
}

/** Every file under `dir` (relative paths); [] when the folder does not exist. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** The round trip both drivers must pass. */
async function roundTrip(storage: PrivateStorage): Promise<void> {
  const key = privateFileKey(CAMPAIGN, 'imports', 'csv');
  expect(key).toMatch(new RegExp(`^campaigns/${CAMPAIGN}/imports/[0-9a-f-]{36}\\.csv$`));
  const body = 'name,amount\nAda,100\n';
  expect(await storage.save(key, Buffer.from(body), { contentType: 'text/csv', maxBytes: 1000 })).toEqual({ key, size: body.length });
  const info = await storage.stat(key);
  expect(info).toMatchObject({ size: body.length, contentType: 'text/csv' });
  expect(info!.modifiedAt).toBeInstanceOf(Date);
  expect(await text(await storage.open(key))).toBe(body);

  // A streamed save replaces it.
  const streamed = await storage.save(key, chunks(64, 1024), { contentType: 'text/plain', maxBytes: 64 * 1024 });
  expect(streamed.size).toBe(64 * 1024);
  expect(await storage.stat(key)).toMatchObject({ size: 64 * 1024, contentType: 'text/plain' });
  expect((await text(await storage.open(key))).length).toBe(64 * 1024);

  await storage.delete(key);
  expect(await storage.stat(key)).toBeNull();
  await expect(storage.open(key)).rejects.toBeInstanceOf(PrivateFileNotFoundError);
  await storage.delete(key); // no error when already gone
}

const BAD_KEYS = [
  '',
  '../secret.key',
  'campaigns/../../secret.key',
  'a/./b',
  '/etc/passwd',
  'C:\\windows',
  'a\\b',
  'a//b',
  'a/',
  '.hidden',
  'a/.hidden',
  'a b',
  'a%2e%2e',
  'ümlaut',
  'a\u0000b',
  'x'.repeat(600),
];

describe('private storage: local driver', () => {
  let t: TestApp;
  let storage: PrivateStorage;
  let dir: string;
  let privateDir: string;
  let publicDir: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-private-'));
    privateDir = path.join(dir, 'private');
    publicDir = path.join(dir, 'uploads');
    t = await buildTestApp({ clock, config: { privateStorageDir: privateDir, storageDir: publicDir } });
    storage = t.app.privateStorage;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the local driver and declares its download route public (the token is the credential)', () => {
    expect(storage.driver).toBe('local');
    expect(t.app.routeAccess.filter((route) => route.url === PRIVATE_DOWNLOAD_PATH)).toEqual([
      { method: 'GET', url: PRIVATE_DOWNLOAD_PATH, access: 'public' },
      { method: 'HEAD', url: PRIVATE_DOWNLOAD_PATH, access: 'public' },
    ]);
  });

  it('save / stat / open / delete round trip, files in the private folder only', async () => {
    await roundTrip(storage);
    const key = privateFileKey(CAMPAIGN, 'reports', 'pdf');
    await storage.save(key, Buffer.from('%PDF-1.7'), { contentType: 'application/pdf', maxBytes: 100 });
    expect(filesUnder(privateDir)).toEqual(expect.arrayContaining([path.join('objects', ...key.split('/'))]));
    expect(filesUnder(publicDir)).toEqual([]);
    await storage.delete(key);
    expect(filesUnder(privateDir)).toEqual([]);
  });

  it('refuses a streamed save over maxBytes and leaves nothing behind (an earlier file stays as it was)', async () => {
    const key = privateFileKey(CAMPAIGN, 'imports', 'csv');
    const source = chunks(100, 1024);
    await expect(storage.save(key, source, { contentType: 'text/csv', maxBytes: 10_000 })).rejects.toBeInstanceOf(PrivateFileTooLargeError);
    expect(source.destroyed).toBe(true);
    expect(await storage.stat(key)).toBeNull();
    expect(filesUnder(privateDir)).toEqual([]);

    await storage.save(key, Buffer.from('kept'), { contentType: 'text/csv', maxBytes: 10 });
    const error = await storage.save(key, chunks(3, 8), { contentType: 'text/csv', maxBytes: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrivateFileTooLargeError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', details: { max_bytes: 10 } });
    await expect(storage.save(key, Buffer.alloc(11), { contentType: 'text/csv', maxBytes: 10 })).rejects.toBeInstanceOf(PrivateFileTooLargeError);
    expect(await text(await storage.open(key))).toBe('kept');
    await storage.delete(key);
    expect(filesUnder(privateDir)).toEqual([]);
  });

  it('refuses bad keys in every operation', async () => {
    for (const key of BAD_KEYS) {
      await expect(storage.save(key, Buffer.from('x'), { contentType: 'text/plain', maxBytes: 10 }), key).rejects.toBeInstanceOf(InvalidPrivateKeyError);
      await expect(storage.open(key), key).rejects.toBeInstanceOf(InvalidPrivateKeyError);
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidPrivateKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidPrivateKeyError);
      await expect(storage.signedDownloadUrl(key, { expiresInSeconds: 60, fileName: 'x' }), key).rejects.toBeInstanceOf(InvalidPrivateKeyError);
    }
    expect(() => privateFileKey('not-a-uuid', 'imports', 'csv')).toThrow(InvalidPrivateKeyError);
    expect(() => privateFileKey(CAMPAIGN, '../imports', 'csv')).toThrow(InvalidPrivateKeyError);
    expect(() => privateFileKey(CAMPAIGN, 'imports', 'c/sv')).toThrow(InvalidPrivateKeyError);
    // A link made for a campaign must name a key of that campaign.
    const other = privateFileKey('11111111-2222-4333-8444-555555555555', 'imports', 'csv');
    await expect(storage.signedDownloadUrl(other, { expiresInSeconds: 60, fileName: 'x', campaignId: CAMPAIGN })).rejects.toBeInstanceOf(InvalidPrivateKeyError);
    await expect(storage.signedDownloadUrl(other, { expiresInSeconds: 0, fileName: 'x' })).rejects.toBeInstanceOf(TypeError);
    await expect(storage.save(other, Buffer.from('x'), { contentType: 'text/csv\r\nx-evil: 1', maxBytes: 10 })).rejects.toBeInstanceOf(TypeError);
  });

  describe('signed download links', () => {
    const key = privateFileKey(CAMPAIGN, 'reports', 'csv');
    const body = 'donor,total\n"Rossi, Sofia",2100\n';
    let url: string;

    beforeAll(async () => {
      await storage.save(key, Buffer.from(body), { contentType: 'text/csv; charset=utf-8', maxBytes: 1000 });
      url = await storage.signedDownloadUrl(key, { expiresInSeconds: 300, fileName: '../Donors "2025" é\r\n.csv', campaignId: CAMPAIGN });
    });
    const pathOf = (link: string) => {
      const parsed = new URL(link, 'http://any-host.invalid');
      return parsed.pathname + parsed.search;
    };

    it('downloads the bytes as a named, uncached attachment, through a relative link (whatever address the app was opened at)', async () => {
      expect(url.startsWith(`${PRIVATE_DOWNLOAD_PATH}?token=`)).toBe(true);
      const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe(body);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(body)));
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Donors 2025 _.csv"; filename*=UTF-8''Donors%202025%20%C3%A9.csv`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const head = await t.app.inject({ method: 'HEAD', url: pathOf(url) });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-disposition']).toBe(res.headers['content-disposition']);
    });

    it('refuses a tampered token (403 FORBIDDEN) and a missing one (400)', async () => {
      const token = new URL(url, 'http://any-host.invalid').searchParams.get('token')!;
      const [version, payload, mac] = token.split('.');
      const forged = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const variants = [
        `${version}.${Buffer.from(JSON.stringify({ ...forged, k: 'campaigns/x/y.csv' })).toString('base64url')}.${mac}`,
        `${version}.${Buffer.from(JSON.stringify({ ...forged, e: 9_999_999_999 })).toString('base64url')}.${mac}`,
        `${version}.${payload}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
        `${version}.${payload}`,
        'v2.' + token.slice(3),
        'garbage',
      ];
      for (const bad of variants) {
        const res = await t.app.inject({ method: 'GET', url: `${PRIVATE_DOWNLOAD_PATH}?token=${encodeURIComponent(bad)}` });
        expect([res.statusCode, res.json()], bad).toEqual([403, { code: 'FORBIDDEN', message: 'You do not have permission to do this' }]);
        expect(res.body).not.toContain('Rossi');
      }
      const missing = await t.app.inject({ method: 'GET', url: PRIVATE_DOWNLOAD_PATH });
      expect([missing.statusCode, missing.json().code]).toEqual([400, 'VALIDATION_ERROR']);
    });

    it('refuses an expired link (403 LINK_EXPIRED) and one whose file was deleted (404)', async () => {
      const short = await storage.signedDownloadUrl(key, { expiresInSeconds: 60, fileName: 'short.csv' });
      expect((await t.app.inject({ method: 'GET', url: pathOf(short) })).statusCode).toBe(200);
      clock.advance(61_000);
      const expired = await t.app.inject({ method: 'GET', url: pathOf(short) });
      expect([expired.statusCode, expired.json()]).toEqual([403, { code: 'LINK_EXPIRED', message: 'Link expired' }]);
      expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200); // 300 s link still good

      await storage.delete(key);
      const gone = await t.app.inject({ method: 'GET', url: pathOf(url) });
      expect([gone.statusCode, gone.json().code]).toEqual([404, 'NOT_FOUND']);
    });
  });

  it('the private folder is not reachable under /files/', async () => {
    const key = privateFileKey(CAMPAIGN, 'imports', 'csv');
    await storage.save(key, Buffer.from('top-secret-bytes'), { contentType: 'text/csv', maxBytes: 100 });
    for (const url of [
      `/files/${key}`,
      `/files/objects/${key}`,
      `/files/../private/objects/${key}`,
      `/files/%2e%2e/private/objects/${key}`,
      `/files/..%2fprivate/objects/${key}`,
      `/files/private/objects/${key}`,
      `/private-files/objects/${key}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('top-secret-bytes');
    }
    await storage.delete(key);
    // The config refuses a private folder inside the public one (or the other way round).
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(32), STORAGE_DIR: dir, PRIVATE_STORAGE_DIR: path.join(dir, 'private') })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(32), STORAGE_DIR: path.join(dir, 'private', 'up') })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(32) })).toMatchObject({ privateStorageDir: privateDir, storageDir: publicDir, s3: null });
  });
});

describe('private storage: S3 driver (s3rver)', () => {
  let t: TestApp;
  let server: S3rver;
  let dir: string;
  let s3: S3Config;
  let storage: PrivateStorage;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-s3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
    const { port } = await server.run();
    const config = loadConfig({ DATA_DIR: dir, TOKEN_SECRET: 'x'.repeat(32), S3_BUCKET: 'cdt-private', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' });
    s3 = config.s3!;
    expect(s3).toEqual({ bucket: 'cdt-private', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    const client = createS3Client(s3);
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    client.destroy();
    t = await buildTestApp({ config: { s3 } });
    storage = t.app.privateStorage;
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function bucketKeys(): Promise<string[]> {
    const client = createS3Client(s3);
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    } finally {
      client.destroy();
    }
  }

  it('is the S3 driver when S3_BUCKET is set; the round trip works', async () => {
    expect(storage.driver).toBe('s3');
    await roundTrip(storage);
    expect(await bucketKeys()).toEqual([]);
  });

  it('refuses a streamed save over maxBytes (one part and multipart) and leaves nothing', async () => {
    const key = privateFileKey(CAMPAIGN, 'imports', 'csv');
    await expect(storage.save(key, chunks(100, 1024), { contentType: 'text/csv', maxBytes: 10_000 })).rejects.toBeInstanceOf(PrivateFileTooLargeError);
    // Past lib-storage's 5 MB part size: a multipart upload is started, then aborted.
    await expect(storage.save(key, chunks(12, 1024 * 1024), { contentType: 'text/csv', maxBytes: 11 * 1024 * 1024 })).rejects.toBeInstanceOf(PrivateFileTooLargeError);
    expect(await storage.stat(key)).toBeNull();
    expect(await bucketKeys()).toEqual([]);
    await expect(storage.save('../x', Buffer.from('x'), { contentType: 'text/csv', maxBytes: 10 })).rejects.toBeInstanceOf(InvalidPrivateKeyError);
  });

  it('a presigned URL downloads the bytes as a named, uncached attachment', async () => {
    const key = privateFileKey(CAMPAIGN, 'reports', 'csv');
    const body = 'donor,total\nAda,100\n';
    await storage.save(key, Buffer.from(body), { contentType: 'text/csv', maxBytes: 1000 });
    const url = await storage.signedDownloadUrl(key, { expiresInSeconds: 120, fileName: 'Donors 2025 é.csv', campaignId: CAMPAIGN });
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(body);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Donors 2025 _.csv"; filename*=UTF-8''Donors%202025%20%C3%A9.csv`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    await storage.delete(key);
    expect(await bucketKeys()).toEqual([]);
  });

  it('a presigned upload URL takes the file (the signed size and type only) into its campaign\'s key', async () => {
    const key = privateFileKey(CAMPAIGN, 'imports', 'csv');
    const body = 'name,donor_email\nAda,ada@example.org\n';
    const signed = await storage.signedUploadUrl(key, { expiresInSeconds: 120, sizeBytes: Buffer.byteLength(body), contentType: 'text/csv', campaignId: CAMPAIGN });
    expect(signed.url).toContain('X-Amz-Signature=');
    expect(signed.method).toBe('PUT');
    expect(new URL(signed.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host'); // S3 refuses another size or type (s3rver does not check)
    const res = await fetch(signed.url, { method: 'PUT', headers: signed.headers, body });
    expect(res.status, await res.text()).toBe(200);
    expect(await storage.stat(key)).toMatchObject({ size: Buffer.byteLength(body), contentType: 'text/csv' });
    await expect(storage.signedUploadUrl(privateFileKey(OTHER_CAMPAIGN, 'imports', 'csv'), { expiresInSeconds: 120, sizeBytes: 10, contentType: 'text/csv', campaignId: CAMPAIGN })).rejects.toBeInstanceOf(InvalidPrivateKeyError);
    await storage.delete(key);
  });
});
