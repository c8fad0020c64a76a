/**
 * Private file storage (bulk-import spreadsheets and error reports, generated reports, payment
 * documents): never served as they are. A file is read by the server (`open`) or downloaded through a
 * short-lived signed link (`signedDownloadUrl`).
 *
 *   const key = privateFileKey(campaignId, 'imports', 'csv');   // campaigns/<id>/imports/<uuid>.csv
 *   await app.privateStorage.save(key, request.file, { contentType: 'text/csv', maxBytes: 10 * 1024 * 1024 });
 *   const url = await app.privateStorage.signedDownloadUrl(key, { expiresInSeconds: 300, fileName: 'Donors.csv', campaignId });
 *
 * Drivers (chosen from the config at start):
 *   local (default)  PRIVATE_STORAGE_DIR (DATA_DIR/private): objects/<key>, meta/<key>.json (content type),
 *                    tmp/ (uploads in progress). Never under STORAGE_DIR (the public /files/ folder; config
 *                    refuses it). Signed links are relative: GET /private-files/download?token=…, a token
 *                    HMAC-signed with TOKEN_SECRET over {key, expiry, file name}: the token is the credential.
 *   s3 (S3_BUCKET)   the bucket; signed links are S3 presigned GET URLs (private-storage-s3.ts).
 *
 * Keys are made by the server, never taken from a client: relative paths of segments of
 * [A-Za-z0-9._-] that start with a letter or digit (no '..', no absolute path, no hidden names).
 * Refusals: an invalid key throws InvalidPrivateKeyError (a bug: 500); more than `maxBytes` throws
 * PrivateFileTooLargeError (413 PAYLOAD_TOO_LARGE) and leaves nothing behind; `open` of a missing key
 * throws PrivateFileNotFoundError (404 NOT_FOUND).
 */
import type { FastifyInstance } from 'fastify';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open as openFile, readFile, rename, rm, stat as statFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import type { Clock } from '../../plugins/clock';
import { AppError, fail } from '../../plugins/errors';

export interface PrivateSaveOptions {
  /** Stored with the file and sent back on download, e.g. 'text/csv'. */
  contentType: string;
  /** Largest accepted size in bytes: over it nothing is stored and PrivateFileTooLargeError is thrown. */
  maxBytes: number;
}

export interface PrivateFileStat {
  size: number;
  contentType: string;
  modifiedAt: Date;
}

export interface SignedDownloadOptions {
  /** 1 second to 7 days. */
  expiresInSeconds: number;
  /** The name the browser saves the file under (sanitised). */
  fileName: string;
  /** When given, the key must be in that campaign's namespace (campaigns/<campaignId>/…). */
  campaignId?: string;
}

export interface SignedUploadOptions {
  /** 1 second to 7 days. */
  expiresInSeconds: number;
  /** The exact size the client declared (S3 signs it) and the most the local target accepts. */
  sizeBytes: number;
  /** The content type the upload must be sent with (and is stored with). */
  contentType: string;
  /** The key must be in that campaign's namespace (campaigns/<campaignId>/…). */
  campaignId: string;
}

export interface SignedUpload {
  url: string;
  method: 'PUT';
  /** Headers the PUT must carry as they are. */
  headers: Record<string, string>;
}

export interface PrivateStorage {
  readonly driver: 'local' | 's3';
  /** Streams `body` into `key` (replacing a file already there); nothing is left behind on failure. */
  save(key: string, body: Buffer | Readable, options: PrivateSaveOptions): Promise<{ key: string; size: number }>;
  /** A stream of the file's bytes. Throws PrivateFileNotFoundError when there is none. */
  open(key: string): Promise<Readable>;
  /** Size, content type and time of the file; null when there is none. */
  stat(key: string): Promise<PrivateFileStat | null>;
  /** Removes the file; no error when there is none. */
  delete(key: string): Promise<void>;
  /** An absolute URL that downloads the file (Content-Disposition: attachment) until it expires. */
  signedDownloadUrl(key: string, options: SignedDownloadOptions): Promise<string>;
  /**
   * A URL a browser may PUT one file to, once, until it expires: our own PUT /private-files/upload?token=…
   * (local), an S3 presigned PUT for exactly `sizeBytes` bytes (s3).
   */
  signedUploadUrl(key: string, options: SignedUploadOptions): Promise<SignedUpload>;
  /** Releases connections (the app calls it on close). */
  close?(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    privateStorage: PrivateStorage;
  }
}

// ---------------------------------------------------------------------------------------------
// Errors, keys, names

export class InvalidPrivateKeyError extends Error {
  constructor(key: unknown, reason = 'invalid private storage key') {
    super(`${reason}: ${JSON.stringify(String(key).slice(0, 200))}`);
    this.name = 'InvalidPrivateKeyError';
  }
}

export class PrivateFileTooLargeError extends AppError {
  constructor(readonly maxBytes: number) {
    super(413, 'PAYLOAD_TOO_LARGE', 'The request is too large', { max_bytes: maxBytes });
    this.name = 'PrivateFileTooLargeError';
  }
}

export class PrivateFileNotFoundError extends AppError {
  constructor() {
    super(404, 'NOT_FOUND', 'The requested resource was not found');
    this.name = 'PrivateFileNotFoundError';
  }
}

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const KEY_MAX_LENGTH = 512;
const KEY_MAX_SEGMENTS = 12;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTENT_TYPE_PATTERN = /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\\\r\n]*"|[A-Za-z0-9!#$&^_.+-]+))*$/;
export const MAX_SIGNED_URL_SECONDS = 7 * 24 * 60 * 60;

export function isValidPrivateKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX_LENGTH) return false;
  const segments = key.split('/');
  return segments.length <= KEY_MAX_SEGMENTS && segments.every((segment) => KEY_SEGMENT.test(segment));
}

export function assertPrivateKey(key: unknown): string {
  if (!isValidPrivateKey(key)) throw new InvalidPrivateKeyError(key);
  return key;
}

/** `campaigns/<campaignId>/<area>/<uuid>.<extension>`: a new, unguessable key in the campaign's namespace. */
export function privateFileKey(campaignId: string, area: string, extension: string): string {
  if (!UUID_PATTERN.test(campaignId)) throw new InvalidPrivateKeyError(campaignId, 'campaign id must be a UUID');
  if (!/^[a-z0-9][a-z0-9_-]{0,63}$/.test(area)) throw new InvalidPrivateKeyError(area, 'invalid area');
  if (!/^[a-z0-9]{1,10}$/.test(extension)) throw new InvalidPrivateKeyError(extension, 'invalid extension');
  return `campaigns/${campaignId.toLowerCase()}/${area}/${randomUUID()}.${extension}`;
}

/** Whether `key` lies in campaign `campaignId`'s namespace. */
export function isCampaignKey(key: string, campaignId: string): boolean {
  return UUID_PATTERN.test(campaignId) && key.startsWith(`campaigns/${campaignId.toLowerCase()}/`);
}

/**
 * A download name safe in a header: last path segment only, no control characters, quotes or
 * backslashes, at most 150 characters (the extension kept); 'download' when nothing is left.
 */
export function sanitizeDownloadName(name: string): string {
  const last = String(name).split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  let clean = last.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f"\\<>:|?*\u2028\u2029]/g, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const chars = Array.from(clean);
  if (chars.length > 150) {
    const dot = clean.lastIndexOf('.');
    const extension = dot > 0 && clean.length - dot <= 11 ? clean.slice(dot) : '';
    clean = Array.from(clean.slice(0, clean.length - extension.length)).slice(0, 150 - extension.length).join('') + extension;
  }
  return clean || 'download';
}

/** `attachment; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / 8187). */
export function attachmentDisposition(fileName: string): string {
  const name = sanitizeDownloadName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/%/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function assertSaveOptions(options: PrivateSaveOptions): void {
  if (!Number.isSafeInteger(options.maxBytes) || options.maxBytes < 0) throw new TypeError('maxBytes must be a non-negative whole number');
  if (typeof options.contentType !== 'string' || options.contentType.length > 200 || !CONTENT_TYPE_PATTERN.test(options.contentType)) {
    throw new TypeError(`invalid content type: ${JSON.stringify(options.contentType)}`);
  }
}

export function assertSignedDownloadOptions(key: string, options: SignedDownloadOptions): void {
  const seconds = options.expiresInSeconds;
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) {
    throw new TypeError(`expiresInSeconds must be a whole number from 1 to ${MAX_SIGNED_URL_SECONDS}`);
  }
  if (options.campaignId !== undefined && !isCampaignKey(key, options.campaignId)) {
    throw new InvalidPrivateKeyError(key, `key is not in campaign ${options.campaignId}'s namespace`);
  }
}

/** A transform that passes bytes through and fails with PrivateFileTooLargeError past `maxBytes`. */
export function byteLimit(maxBytes: number): Transform & { readonly bytes: number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new PrivateFileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return Object.defineProperty(counter, 'bytes', { get: () => bytes }) as Transform & { readonly bytes: number };
}

export function toReadable(body: Buffer | Readable): Readable {
  return Buffer.isBuffer(body) ? Readable.from([body]) : body;
}

// ---------------------------------------------------------------------------------------------
// Signed download tokens (local driver)

export const PRIVATE_DOWNLOAD_PATH = '/private-files/download';
const TOKEN_VERSION = 'v1';

interface TokenPayload {
  /** key */
  k: string;
  /** expiry, seconds since the epoch */
  e: number;
  /** sanitised file name */
  n: string;
  /** campaign id, when the link was made for one */
  c?: string;
}

export interface DownloadGrant {
  key: string;
  fileName: string;
  campaignId: string | null;
}

/** A key of its own per purpose, derived from TOKEN_SECRET (never the same MAC as any other token). */
function tokenMac(secret: string, purpose: 'download' | 'upload', data: string): Buffer {
  const key = createHmac('sha256', secret).update(`private-file-${purpose}-key`).digest();
  return createHmac('sha256', key).update(`${TOKEN_VERSION}.${data}`).digest();
}

/** `v1.<base64url JSON>.<MAC>`. */
function sealToken(secret: string, purpose: 'download' | 'upload', payload: object): string {
  const data = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${TOKEN_VERSION}.${data}.${tokenMac(secret, purpose, data).toString('base64url')}`;
}

/** The payload of a token sealed for `purpose`, or null when it is malformed or tampered with. */
function openToken(secret: string, purpose: 'download' | 'upload', token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== TOKEN_VERSION || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_-]{43}$/.test(parts[2])) return null;
  const expected = tokenMac(secret, purpose, parts[1]);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function signDownloadToken(secret: string, now: Date, key: string, options: SignedDownloadOptions): string {
  assertPrivateKey(key);
  assertSignedDownloadOptions(key, options);
  const payload: TokenPayload = { k: key, e: Math.floor(now.getTime() / 1000) + options.expiresInSeconds, n: sanitizeDownloadName(options.fileName) };
  if (options.campaignId !== undefined) payload.c = options.campaignId.toLowerCase();
  return sealToken(secret, 'download', payload);
}

/** The grant of a token: 'invalid' (malformed or tampered: 403), 'expired' (403 LINK_EXPIRED). */
export function verifyDownloadToken(secret: string, now: Date, token: string): DownloadGrant | 'invalid' | 'expired' {
  const payload = openToken(secret, 'download', token) as Partial<TokenPayload> | null;
  if (payload === null || !isValidPrivateKey(payload.k) || typeof payload.n !== 'string' || !Number.isSafeInteger(payload.e)) return 'invalid';
  if (payload.c !== undefined && (typeof payload.c !== 'string' || !isCampaignKey(payload.k, payload.c))) return 'invalid';
  if ((payload.e as number) <= Math.floor(now.getTime() / 1000)) return 'expired';
  return { key: payload.k, fileName: sanitizeDownloadName(payload.n), campaignId: payload.c ?? null };
}

// ---------------------------------------------------------------------------------------------
// Signed upload tokens (local driver): the same shape, a MAC of their own, the size and type bound in

export const PRIVATE_UPLOAD_PATH = '/private-files/upload';

export interface UploadGrant {
  key: string;
  campaignId: string;
  maxBytes: number;
  contentType: string;
}

export function assertSignedUploadOptions(key: string, options: SignedUploadOptions): void {
  assertPrivateKey(key);
  const seconds = options.expiresInSeconds;
  if (!Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_SIGNED_URL_SECONDS) throw new TypeError('expiresInSeconds out of range');
  if (!Number.isSafeInteger(options.sizeBytes) || options.sizeBytes < 0) throw new TypeError('sizeBytes must be a non-negative whole number');
  assertSaveOptions({ contentType: options.contentType, maxBytes: options.sizeBytes });
  if (!isCampaignKey(key, options.campaignId)) throw new InvalidPrivateKeyError(key, `key is not in campaign ${options.campaignId}'s namespace`);
}

export function signUploadToken(secret: string, now: Date, key: string, options: SignedUploadOptions): string {
  assertSignedUploadOptions(key, options);
  return sealToken(secret, 'upload', { k: key, e: Math.floor(now.getTime() / 1000) + options.expiresInSeconds, c: options.campaignId.toLowerCase(), m: options.sizeBytes, t: options.contentType });
}

/** The grant of an upload token: 'invalid' (malformed, tampered, or a download token), 'expired'. */
export function verifyUploadToken(secret: string, now: Date, token: string): UploadGrant | 'invalid' | 'expired' {
  const payload = openToken(secret, 'upload', token);
  if (payload === null || !isValidPrivateKey(payload.k) || typeof payload.c !== 'string' || !isCampaignKey(payload.k, payload.c)) return 'invalid';
  if (!Number.isSafeInteger(payload.e) || !Number.isSafeInteger(payload.m) || typeof payload.t !== 'string') return 'invalid';
  if ((payload.e as number) <= Math.floor(now.getTime() / 1000)) return 'expired';
  return { key: payload.k, campaignId: payload.c, maxBytes: payload.m as number, contentType: payload.t };
}

// ---------------------------------------------------------------------------------------------
// Local driver

export interface LocalPrivateStorageOptions {
  root: string;
  tokenSecret: string;
  clock: Clock;
}

/**
 * The local driver's signed links are relative ("/private-files/…?token=…"): the browser sends them to
 * the address it opened the app at, whatever PUBLIC_URL says (an absolute link to another host is
 * blocked by the CSP's connect-src 'self' and carries no cookie of this one).
 */
export function createLocalPrivateStorage({ root: rootDir, tokenSecret, clock }: LocalPrivateStorageOptions): PrivateStorage {
  const root = path.resolve(rootDir);
  const objects = path.join(root, 'objects');
  const meta = path.join(root, 'meta');
  const tmp = path.join(root, 'tmp');
  const objectPath = (key: string) => path.join(objects, ...assertPrivateKey(key).split('/'));
  const metaPath = (key: string) => `${path.join(meta, ...assertPrivateKey(key).split('/'))}.json`;
  const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

  return {
    driver: 'local',

    async save(key, body, options) {
      const target = objectPath(key);
      const metaTarget = metaPath(key);
      assertSaveOptions(options);
      if (Buffer.isBuffer(body) && body.length > options.maxBytes) throw new PrivateFileTooLargeError(options.maxBytes);
      await mkdir(tmp, { recursive: true, mode: 0o700 });
      const partial = path.join(tmp, randomUUID());
      const partialMeta = `${partial}.json`;
      const counter = byteLimit(options.maxBytes);
      try {
        await pipeline(toReadable(body), counter, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
        await writeFile(partialMeta, JSON.stringify({ contentType: options.contentType }), { flag: 'wx', mode: 0o600 });
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await mkdir(path.dirname(metaTarget), { recursive: true, mode: 0o700 });
        await rename(partialMeta, metaTarget);
        await rename(partial, target);
      } catch (error) {
        await Promise.all([rm(partial, { force: true }), rm(partialMeta, { force: true })]);
        throw error;
      }
      return { key, size: counter.bytes };
    },

    async open(key) {
      const handle = await openFile(objectPath(key), 'r').catch((error: unknown) => {
        throw isMissing(error) ? new PrivateFileNotFoundError() : error;
      });
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        throw new PrivateFileNotFoundError();
      }
      return handle.createReadStream();
    },

    async stat(key) {
      const info = await statFile(objectPath(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!info?.isFile()) return null;
      let contentType = 'application/octet-stream';
      try {
        const stored = JSON.parse(await readFile(metaPath(key), 'utf8')) as { contentType?: unknown };
        if (typeof stored.contentType === 'string') contentType = stored.contentType;
      } catch {
        // no metadata: bytes only
      }
      return { size: info.size, contentType, modifiedAt: info.mtime };
    },

    async delete(key) {
      await rm(objectPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },

    async signedDownloadUrl(key, options) {
      const token = signDownloadToken(tokenSecret, clock.now(), key, options);
      return `${PRIVATE_DOWNLOAD_PATH}?token=${token}`;
    },

    async signedUploadUrl(key, options) {
      const token = signUploadToken(tokenSecret, clock.now(), key, options);
      return { url: `${PRIVATE_UPLOAD_PATH}?token=${token}`, method: 'PUT', headers: { 'content-type': options.contentType } };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The app: driver from the config, the download route

/** The driver the config asks for: S3 when S3_BUCKET is set, else the local folder. */
export async function createPrivateStorage(config: Config, clock: Clock): Promise<PrivateStorage> {
  if (config.s3) {
    const { createS3PrivateStorage } = await import('./private-storage-s3');
    return createS3PrivateStorage(config.s3);
  }
  return createLocalPrivateStorage({ root: config.privateStorageDir, tokenSecret: config.tokenSecret, clock });
}

/** The signed-link routes: public (the token is the credential), `?token=` required. */
const TOKEN_ROUTE = {
  config: { access: 'public' as const },
  schema: {
    querystring: {
      type: 'object',
      required: ['token'],
      properties: { token: { type: 'string', minLength: 1, maxLength: 4096 } },
    },
  },
};

/** Decorates `app.privateStorage` and adds GET /private-files/download?token=… (local driver links). */
export async function registerPrivateStorage(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const root = path.resolve(config.privateStorageDir);
  const publicRoot = path.resolve(config.storageDir);
  if (root === publicRoot || root.startsWith(publicRoot + path.sep) || publicRoot.startsWith(root + path.sep)) {
    throw new Error(`private storage ${root} must not be inside (or contain) the public storage folder ${publicRoot}`);
  }
  const storage = await createPrivateStorage(config, app.clock);
  app.decorate('privateStorage', storage);
  if (storage.close) app.addHook('onClose', async () => storage.close?.());

  // The token is the credential: public access. Answers 403 FORBIDDEN (malformed or tampered),
  // 403 LINK_EXPIRED, 404 NOT_FOUND (deleted since), or the bytes as an attachment, never cached.
  app.get(
    PRIVATE_DOWNLOAD_PATH,
    // Never compressed on the fly: the file's bytes and Content-Length go out as stored.
    { ...TOKEN_ROUTE, compress: false },
    async (request, reply) => {
      const { token } = request.query as { token: string };
      const grant = verifyDownloadToken(config.tokenSecret, app.clock.now(), token);
      if (grant === 'invalid') throw fail(403, 'FORBIDDEN');
      if (grant === 'expired') throw fail(403, 'LINK_EXPIRED');
      const info = await app.privateStorage.stat(grant.key);
      if (!info) throw fail(404, 'NOT_FOUND');
      const stream = await app.privateStorage.open(grant.key);
      return reply
        .header('content-type', info.contentType)
        .header('content-length', info.size)
        .header('content-disposition', attachmentDisposition(grant.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('referrer-policy', 'no-referrer')
        .send(stream);
    },
  );

  // PUT /private-files/upload?token=…: the local target of signedUploadUrl. The token is the
  // credential (public access): it names the key, the campaign, the most bytes and the content type.
  // One file per token: a key already written answers 409 CONFLICT. The body is streamed to storage
  // unparsed (this scope has no body parsers), cut off past the size bound (413, nothing kept).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put(
      PRIVATE_UPLOAD_PATH,
      TOKEN_ROUTE,
      async (request, reply) => {
        const { token } = request.query as { token: string };
        const grant = verifyUploadToken(config.tokenSecret, app.clock.now(), token);
        if (typeof grant === 'string') throw fail(403, 'UPLOAD_LINK_INVALID');
        const declared = Number(request.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > grant.maxBytes) {
          request.raw.resume();
          throw new PrivateFileTooLargeError(grant.maxBytes);
        }
        if (await app.privateStorage.stat(grant.key)) {
          request.raw.resume();
          throw fail(409, 'CONFLICT');
        }
        const saved = await app.privateStorage.save(grant.key, request.raw, { contentType: grant.contentType, maxBytes: grant.maxBytes });
        return reply.code(201).send({ data: { key: saved.key, size: saved.size } });
      },
    );
  });
}
