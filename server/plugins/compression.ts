import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * What is compressed on the fly: API answers (JSON) and the SPA's text (HTML, scripts, styles, SVG)
 * that has no precompressed copy. Not CSV, PDF, spreadsheets, video or images: those are the signed
 * file downloads and media, whose Content-Length and Range answers clients rely on (and which
 * are already compressed, or read in ranges). Not `text/event-stream`: a stream must not wait on a
 * compressor's buffer.
 */
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|manifest\+json)|text\/(?:html|css|javascript|plain)|image\/svg\+xml)\s*(?:;|$)/i;

/** Smaller answers are sent as they are: a compressed frame would not save a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers over 1 KB for clients that accept it (brotli, else gzip). The built SPA's
 * assets come precompressed from the static plugin (spa.ts, `preCompressed`); an answer that already
 * carries a Content-Encoding is left alone. Request bodies are never decompressed (no
 * `Content-Encoding` uploads: the body limit counts what the client sent).
 * Register it before any route: it hooks the routes added after it.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Quality 4: close to gzip's size gain at a fraction of brotli 11's CPU (answers are made per request).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
