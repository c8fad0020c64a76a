/**
 * Uploads that go straight to private storage through a signed PUT (the mechanism of the bulk
 * upload: `app.privateStorage.signedUploadUrl`, our own PUT /private-files/upload?token=… or an S3
 * presigned PUT), generalised to any use of domain/file-signature.ts (expense attachments, the
 * campaign video):
 *
 *   1. presignCheckedUpload   the name's extension must be one the use accepts (415), the declared size
 *                             at most the use's limit (413) and not 0 (422); the signed URL takes exactly
 *                             that many bytes (the local target cuts a longer body off with 413 and keeps
 *                             nothing; S3 signs the length).
 *   2. the browser PUTs the file (progress bar).
 *   3. claimCheckedUpload     the key must be one of this campaign's, in the use's area, and stored; its
 *                             size within the limit and its first bytes what its extension says (a renamed
 *                             .exe is not a .pdf). A refused file is deleted. Answers what to record.
 *
 * Refusals are `{ code, message }` with real statuses, their message filled from `details`
 * (FILE_TOO_LARGE's {{max}}, FILE_TYPE_NOT_ALLOWED's {{accepted}} …), never a 500.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { ERROR_MESSAGES, type ErrorCode } from '../../../domain/error-codes';
import {
  acceptedExtensions,
  allowedExtension,
  contentMatchesExtension,
  EXTENSION_KINDS,
  fileExtension,
  formatFileSize,
  KIND_CONTENT_TYPES,
  SIGNATURE_HEAD_BYTES,
  type UploadUse,
} from '../../../domain/file-signature';
import type { PresignedUrlData } from '../../../domain/imports/api-contract';
import { AppError, fail } from '../../plugins/errors';
import { isCampaignKey, isValidPrivateKey, privateFileKey } from './private-storage';

/** How long a signed upload URL stays valid: long enough for 500 MB on a slow line. */
export const CHECKED_UPLOAD_URL_SECONDS = 60 * 60;

/** `fail` with the message's {{placeholders}} filled from `details` (the SPA fills its own text the same way). */
export function fileFail(status: number, code: ErrorCode, details: Record<string, string | number>): AppError {
  const message = ERROR_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in details ? String(details[name]) : whole));
  return new AppError(status, code, message, details);
}

export function tooLarge(use: UploadUse): AppError {
  return fileFail(413, 'FILE_TOO_LARGE', { max: formatFileSize(use.maxBytes), max_bytes: use.maxBytes });
}

export function typeNotAllowed(use: UploadUse): AppError {
  return fileFail(415, 'FILE_TYPE_NOT_ALLOWED', { accepted: acceptedExtensions(use) });
}

function contentMismatch(use: UploadUse, extension: string): AppError {
  return fileFail(415, 'FILE_CONTENT_MISMATCH', { extension, accepted: acceptedExtensions(use) });
}

/** The content type a file of `extension` is stored and served with. */
export function contentTypeOfExtension(extension: string): string {
  return KIND_CONTENT_TYPES[EXTENSION_KINDS[extension]!];
}

export interface CheckedUploadTarget {
  /** The private-storage area: campaigns/<id>/<area>/… */
  area: string;
  use: UploadUse;
}

export async function presignCheckedUpload(
  app: FastifyInstance,
  campaignId: string,
  target: CheckedUploadTarget,
  file: { file_name: string; file_size: number },
): Promise<PresignedUrlData> {
  const extension = allowedExtension(target.use, file.file_name);
  if (!extension) throw typeNotAllowed(target.use);
  if (file.file_size > target.use.maxBytes) throw tooLarge(target.use);
  if (file.file_size <= 0) throw fail(422, 'FILE_EMPTY');
  const key = privateFileKey(campaignId, target.area, extension);
  const signed = await app.privateStorage.signedUploadUrl(key, {
    expiresInSeconds: CHECKED_UPLOAD_URL_SECONDS,
    sizeBytes: file.file_size,
    contentType: contentTypeOfExtension(extension),
    campaignId,
  });
  return {
    key,
    url: signed.url,
    method: 'PUT',
    headers: signed.headers,
    expires_at: new Date(app.clock.now().getTime() + CHECKED_UPLOAD_URL_SECONDS * 1000).toISOString(),
    max_bytes: file.file_size,
  };
}

/** The first `count` bytes of a stored file (fewer when it is shorter); the rest is never read. */
export async function readPrivateHead(app: FastifyInstance, key: string, count = SIGNATURE_HEAD_BYTES): Promise<Buffer> {
  const stream: Readable = await app.privateStorage.open(key);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      chunks.push(buffer);
      length += buffer.length;
      if (length >= count) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, count);
}

/** Whether `key` is a key this campaign's uploads to `area` could have made. */
export function isAreaKey(key: unknown, campaignId: string, area: string): key is string {
  return typeof key === 'string' && isValidPrivateKey(key) && isCampaignKey(key, campaignId) && key.startsWith(`campaigns/${campaignId.toLowerCase()}/${area}/`);
}

export interface ClaimedUpload {
  key: string;
  size: number;
  contentType: string;
  extension: string;
}

/**
 * The checks of step 3. `fileName` is the name shown and downloaded: its extension must be the
 * key's (chosen at step 1). Anything refused after the file was stored deletes it.
 */
export async function claimCheckedUpload(app: FastifyInstance, campaignId: string, target: CheckedUploadTarget, key: string, fileName: string): Promise<ClaimedUpload> {
  if (!isAreaKey(key, campaignId, target.area)) throw fail(404, 'UPLOAD_FILE_MISSING');
  const extension = fileExtension(key);
  if (!allowedExtension(target.use, key)) throw fail(404, 'UPLOAD_FILE_MISSING');
  if (fileExtension(fileName) !== extension) throw typeNotAllowed(target.use);
  const info = await app.privateStorage.stat(key);
  if (!info) throw fail(404, 'UPLOAD_FILE_MISSING');
  const refuse = async (error: AppError): Promise<never> => {
    await deletePrivateFiles(app, [key], app.log);
    throw error;
  };
  if (info.size > target.use.maxBytes) return refuse(tooLarge(target.use));
  if (info.size === 0) return refuse(fail(422, 'FILE_EMPTY'));
  const head = await readPrivateHead(app, key);
  if (!contentMatchesExtension(extension, head)) return refuse(contentMismatch(target.use, extension));
  return { key, size: info.size, contentType: contentTypeOfExtension(extension), extension };
}

/** Deletes stored files, best effort (after a commit): a failure is logged, never thrown. */
export async function deletePrivateFiles(app: FastifyInstance, keys: readonly string[], log: FastifyBaseLogger = app.log): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => app.privateStorage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === 'rejected') log.warn({ key: keys[index], err: result.reason as unknown }, 'stored file not deleted');
  });
}
