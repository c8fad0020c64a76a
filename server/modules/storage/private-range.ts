/**
 * Streams a private file to the client with HTTP Range support (RFC 9110 §14): what a <video>
 * element needs to start playing before the whole file is there, to seek, and (Safari) to play at all.
 *   no Range, or one we do not serve (several ranges, another unit)   200, the whole file
 *   Range: bytes=a-b | a- | -n                                        206 with Content-Range
 *   a range that starts past the end                                  416 with Content-Range: bytes * /size
 * Every answer says Accept-Ranges: bytes.
 *
 * The bytes come straight from the driver without passing through memory:
 *   local  a ranged read of the stored object (the local driver's layout: <PRIVATE_STORAGE_DIR>/objects/<key>,
 *          see private-storage.ts); `PrivateStorage.open` has no range, and reading a 500 MB file from
 *          its start to seek near its end would not do;
 *   s3     the server fetches a short-lived presigned GET with the same Range and passes S3's answer on
 *          (the browser is not redirected to S3: the page's Content-Security-Policy allows media from
 *          this origin only).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { fail } from '../../plugins/errors';
import { assertPrivateKey } from './private-storage';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/** The one range of a Range header for a file of `size` bytes: null (serve it all), or 'unsatisfiable' (416). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null; // several ranges or another unit: the whole file (allowed by RFC 9110)
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (!Number.isSafeInteger(suffix) || suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (!Number.isSafeInteger(end) || end < start) return null; // a malformed range is ignored
  return { start, end };
}

export interface SendPrivateOptions {
  size: number;
  contentType: string;
  cacheControl: string;
}

async function openRange(app: FastifyInstance, key: string, range: ByteRange): Promise<Readable> {
  if (app.privateStorage.driver === 'local') {
    const file = path.join(path.resolve(app.config.privateStorageDir), 'objects', ...assertPrivateKey(key).split('/'));
    const stream = createReadStream(file, { start: range.start, end: range.end });
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    }).catch(() => {
      throw fail(404, 'NOT_FOUND');
    });
    return stream;
  }
  const url = await app.privateStorage.signedDownloadUrl(key, { expiresInSeconds: 60, fileName: 'video' });
  const answer = await fetch(url, { headers: { range: `bytes=${range.start}-${range.end}` } });
  if (answer.status === 404 || !answer.body) throw fail(404, 'NOT_FOUND');
  if (answer.status !== 200 && answer.status !== 206) throw new Error(`private storage answered ${answer.status} for a ranged read`);
  return Readable.fromWeb(answer.body as unknown as WebReadableStream<Uint8Array>);
}

/** Answers `key`'s bytes (all of them, or the one range asked for) with the headers of a public media file. */
export async function sendPrivateFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, key: string, options: SendPrivateOptions): Promise<FastifyReply> {
  const { size } = options;
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', options.contentType)
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff');
  const asked = parseRange(typeof request.headers.range === 'string' ? request.headers.range : undefined, size);
  if (asked === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw fail(416, 'RANGE_NOT_SATISFIABLE', { size });
  }
  const range = asked ?? { start: 0, end: size - 1 };
  // HEAD: Fastify's HEAD route would read a stream to its end (resume) to discard it: give it nothing to read.
  const body = request.method === 'HEAD' ? Readable.from([]) : await openRange(app, key, range);
  reply.header('content-length', range.end - range.start + 1);
  if (asked) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply.send(body);
}
