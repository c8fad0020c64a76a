/**
 * Bulk uploads, the requests: a presigned URL for the file, a preview with a suggested column
 * mapping, the upload record and its job, the review, the actions (import, cancel, revalidate), the
 * history and short-lived download links. The work itself runs in upload-job.ts.
 */
import type { FastifyInstance } from 'fastify';
import {
  UPLOAD_EXTENSIONS,
  UPLOAD_LIMITS,
  type BulkUploadRequest,
  type PresignedUrlData,
  type UploadActionRequest,
  type UploadDetail,
  type UploadDownloadData,
  type UploadFileKind,
  type UploadListData,
  type UploadOptions,
  type UploadPreviewData,
  type UploadRow,
} from '../../../domain/imports/api-contract';
import { detectImportType, headerSignature, suggestMapping } from '../../../domain/imports/columns';
import { importFields, missingRequiredFields } from '../../../domain/imports/fields';
import { matchOption } from '../../../domain/imports/normalize';
import type { ImportType } from '../../../domain/imports/templates';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { isCampaignKey, isValidPrivateKey, privateFileKey } from '../storage/private-storage';
import { errorReportName } from './error-report';
import { ImportFileError } from './file-errors';
import { previewTable } from './read-table';
import { copyToLocal } from './upload-file';
import { uploadJob } from './upload-job';
import {
  creatorName,
  findMapping,
  findImportedTwin,
  lockFileContent,
  findUpload,
  insertUpload,
  listUploads,
  lockUpload,
  rowsPage,
  saveMapping,
  updateUpload,
  type UploadListFilter,
} from './upload-repository';
import { toUploadDetail, toUploadRow } from './upload-view';

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const LINK_SECONDS = 300;

function uploadNotFound() {
  return fail(404, 'UPLOAD_NOT_FOUND');
}

/** The extension of an accepted file name, or the refusal that explains why not. */
function extensionOf(fileName: string): string {
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  if (extension === 'xls') throw fail(422, 'IMPORT_FILE_XLS');
  if (extension === 'numbers') throw fail(422, 'IMPORT_FILE_NUMBERS');
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) throw fail(422, 'IMPORT_FILE_UNSUPPORTED');
  return extension;
}

/**
 * The name a file is listed and downloaded under: the last part of what the browser sent (never a
 * path), without control or text-direction characters (a name must read as it is), spaces collapsed.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  return last.replace(/[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim() || 'upload';
}

/** An uploaded import file of this campaign that exists, and its size: anything else is 404 (nothing said about other campaigns). */
async function uploadedFile(app: FastifyInstance, campaignId: string, key: string): Promise<{ size: number }> {
  const info = isValidPrivateKey(key) && isCampaignKey(key, campaignId) && key.startsWith(`campaigns/${campaignId.toLowerCase()}/imports/`) ? await app.privateStorage.stat(key) : null;
  if (!info) throw fail(404, 'UPLOAD_FILE_MISSING');
  return info;
}

/** Previews waiting for a read slot (read-slots.ts) past which another is refused (429 with retry_after) rather than queued. */
export const PREVIEW_MAX_WAITING = 4;
const BUSY_RETRY_SECONDS = 30;

function fileError(error: unknown): never {
  if (error instanceof ImportFileError && error.code === 'IMPORT_READERS_BUSY') throw fail(429, error.code, { retry_after: BUSY_RETRY_SECONDS });
  if (error instanceof ImportFileError) throw fail(422, error.code);
  throw error;
}

export async function presignUpload(app: FastifyInstance, ctx: CampaignContext, body: { file_name: string; file_size: number }): Promise<PresignedUrlData> {
  const extension = extensionOf(body.file_name);
  if (body.file_size > UPLOAD_LIMITS.maxBytes) throw fail(413, 'IMPORT_FILE_TOO_LARGE', { max_bytes: UPLOAD_LIMITS.maxBytes });
  if (body.file_size === 0) throw fail(422, 'IMPORT_FILE_EMPTY');
  const key = privateFileKey(ctx.id, 'imports', extension);
  const contentType = CONTENT_TYPES[extension]!;
  const signed = await app.privateStorage.signedUploadUrl(key, { expiresInSeconds: UPLOAD_LIMITS.urlExpirySeconds, sizeBytes: body.file_size, contentType, campaignId: ctx.id });
  return {
    key,
    url: signed.url,
    method: 'PUT',
    headers: signed.headers,
    expires_at: new Date(app.clock.now().getTime() + UPLOAD_LIMITS.urlExpirySeconds * 1000).toISOString(),
    max_bytes: body.file_size,
  };
}

export async function previewUpload(app: FastifyInstance, ctx: CampaignContext, body: { type: string; file_key: string; file_name: string; sheet?: string | null }): Promise<UploadPreviewData> {
  const type = body.type as ImportType;
  await uploadedFile(app, ctx.id, body.file_key);
  const copy = await copyToLocal(app, body.file_key, body.file_name);
  try {
    // Waits its turn behind files being read (at most PREVIEW_MAX_WAITING others, else 429 IMPORT_READERS_BUSY).
    const preview = await previewTable(copy.path, body.file_name, { sheet: body.sheet ?? null, limit: 5, maxWaiting: PREVIEW_MAX_WAITING }).catch(fileError);
    const saved = await findMapping(app.db, ctx.id, type, headerSignature(preview.headers));
    const suggested = suggestMapping(type, preview.headers, saved?.mapping ?? null);
    const defaults = { ...suggested.defaults, ...(suggested.source === 'saved' ? (saved?.defaults ?? {}) : {}) };
    return {
      format: preview.info.format,
      sheets: preview.info.sheets,
      sheet: preview.info.sheet,
      delimiter: preview.info.delimiter,
      encoding: preview.info.encoding,
      headers: preview.headers,
      samples: preview.samples,
      mapping: suggested.mapping,
      mapping_source: suggested.source,
      preset: suggested.preset,
      defaults,
      missing_required: missingRequiredFields(type, Object.values(suggested.mapping), defaults),
      detected_type: detectImportType(preview.headers),
      fields: importFields(type),
    };
  } finally {
    await copy.dispose();
  }
}

/** The mapping must name existing fields, each once; required fields need a column or a default. */
function checkMapping(type: ImportType, mapping: Record<string, string>, defaults: Record<string, string>): void {
  const fields = importFields(type);
  const names = new Set(fields.map((f) => f.name));
  const used = Object.values(mapping).filter((f) => f !== '');
  if (used.some((f) => !names.has(f)) || new Set(used).size !== used.length) throw fail(422, 'UPLOAD_MAPPING_INVALID');
  for (const [field, value] of Object.entries(defaults)) {
    const spec = fields.find((f) => f.name === field);
    if (!spec?.defaultable || !spec.defaultable.some((o) => o.value === value)) throw fail(422, 'UPLOAD_DEFAULT_INVALID', { field });
  }
  const missing = missingRequiredFields(type, used, defaults);
  if (missing.length > 0) throw fail(422, 'UPLOAD_MAPPING_INCOMPLETE', { missing });
}

export async function createUpload(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: BulkUploadRequest): Promise<UploadRow> {
  const type = body.type;
  const options: UploadOptions = { ...(body.options ?? {}) };
  // A value for every row, by value or label ("Individual Contributor"), as cells are read.
  const fields = importFields(type);
  const defaults = Object.fromEntries(
    Object.entries(options.defaults ?? {})
      .filter(([field]) => !Object.values(body.mapping).includes(field))
      .map(([field, value]) => {
        const choices = fields.find((f) => f.name === field)?.defaultable;
        return [field, (choices && typeof value === 'string' && matchOption(choices, value)) || value];
      }),
  );
  options.defaults = defaults;
  const info = await uploadedFile(app, ctx.id, body.file_key);
  checkMapping(type, body.mapping, defaults);
  const fileName = cleanFileName(body.file_name);
  extensionOf(fileName);
  const now = app.clock.now();
  const upload = await app.db.transaction(async (tx) => {
    const created = await insertUpload(tx, {
      campaignId: ctx.id,
      type,
      fileKey: body.file_key,
      fileName,
      fileSize: info.size,
      status: 'validating',
      validateOnly: options.validate_only === true,
      mapping: body.mapping,
      options: options as Record<string, unknown>,
      headers: Object.keys(body.mapping),
      createdBy: auth.id,
      createdAt: now,
      updatedAt: now,
    });
    await saveMapping(tx, { campaignId: ctx.id, type, signature: headerSignature(Object.keys(body.mapping)), mapping: body.mapping, defaults }, now);
    await app.jobs.send(uploadJob, { uploadId: created.id }, { tx });
    return created;
  });
  app.jobs.wake(uploadJob);
  app.log.info({ campaignId: ctx.id, uploadId: upload.id, userId: auth.id, type }, 'upload created');
  return toUploadRow(upload, await creatorName(app.db, auth.id));
}

export async function getUpload(app: FastifyInstance, ctx: CampaignContext, uploadId: string): Promise<UploadDetail> {
  const upload = await findUpload(app.db, ctx.id, uploadId);
  if (!upload) throw uploadNotFound();
  const [name, rows, sameFile] = await Promise.all([
    creatorName(app.db, upload.createdBy),
    rowsPage(app.db, upload.id, 0, UPLOAD_LIMITS.reviewRows),
    findImportedTwin(app.db, ctx.id, upload.id, upload.fileSha256),
  ]);
  return toUploadDetail(upload, name, rows, sameFile);
}

export async function listUploadHistory(app: FastifyInstance, ctx: CampaignContext, filter: UploadListFilter): Promise<UploadListData> {
  const { rows, total } = await listUploads(app.db, ctx.id, filter);
  return { upload_list: rows.map((r) => toUploadRow(r.upload, r.creatorName)), total, page: filter.page, limit: filter.limit };
}

/** import (from 'ready'), cancel (anything not finished), revalidate (from 'ready' or 'validated', e.g. with another date order). */
export async function actOnUpload(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: UploadActionRequest): Promise<UploadRow> {
  const now = app.clock.now();
  const actorName = await creatorName(app.db, auth.id);
  const upload = await app.db.transaction(async (tx) => {
    const current = await lockUpload(tx, ctx.id, body.upload_id.toLowerCase());
    if (!current) throw uploadNotFound();
    const finished = ['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(current.status);
    if (body.action === 'cancel') {
      if (finished || current.status === 'validated') throw fail(409, 'UPLOAD_FINISHED');
      return (await updateUpload(tx, current.id, { status: 'cancelled', cancelRequested: true, finishedAt: now, message: `Cancelled by ${actorName ?? 'a team member'}` }, now))!;
    }
    if (finished) throw fail(409, 'UPLOAD_FINISHED');
    if (body.action === 'import') {
      if (current.status === 'validated') throw fail(409, 'UPLOAD_VALIDATE_ONLY');
      if (current.status !== 'ready') throw fail(409, 'UPLOAD_NOT_READY');
      // The same file validated twice before either was imported: only the first import may run.
      if (current.fileSha256) {
        await lockFileContent(tx, ctx.id, current.fileSha256);
        const twin = await findImportedTwin(tx, ctx.id, current.id, current.fileSha256);
        if (twin) throw fail(409, 'UPLOAD_ALREADY_IMPORTED', { same_file_as: twin.fileName, upload_id: twin.id });
      }
      const moved = (await updateUpload(tx, current.id, { status: 'importing', progressDone: 0, progressTotal: current.validRows }, now))!;
      await app.jobs.send(uploadJob, { uploadId: current.id }, { tx });
      return moved;
    }
    if (current.status !== 'ready' && current.status !== 'validated') throw fail(409, 'UPLOAD_NOT_READY');
    const options = { ...(current.options as UploadOptions), ...(body.date_order ? { date_order: body.date_order } : {}) };
    const moved = (await updateUpload(tx, current.id, { status: 'validating', options: options as Record<string, unknown>, finishedAt: null, progressDone: 0, progressTotal: null }, now))!;
    await app.jobs.send(uploadJob, { uploadId: current.id }, { tx });
    return moved;
  });
  app.jobs.wake(uploadJob);
  app.log.info({ campaignId: ctx.id, uploadId: upload.id, userId: auth.id, action: body.action }, 'upload action');
  return toUploadRow(upload, await creatorName(app.db, upload.createdBy));
}

export async function uploadDownload(app: FastifyInstance, ctx: CampaignContext, uploadId: string, file: UploadFileKind): Promise<UploadDownloadData> {
  const upload = await findUpload(app.db, ctx.id, uploadId);
  if (!upload) throw uploadNotFound();
  const key = file === 'original' ? upload.fileKey : upload.errorKey;
  if (!key || !(await app.privateStorage.stat(key))) throw fail(404, 'NOT_FOUND');
  const fileName = file === 'original' ? upload.fileName : errorReportName(upload.fileName);
  const url = await app.privateStorage.signedDownloadUrl(key, { expiresInSeconds: LINK_SECONDS, fileName, campaignId: ctx.id });
  return { url, file_name: fileName, expires_at: new Date(app.clock.now().getTime() + LINK_SECONDS * 1000).toISOString() };
}
