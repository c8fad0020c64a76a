/**
 * The bulk-upload API (SPEC §7 presigned_url, bulk_upload, upload_list, and the calls around them):
 * paths, request bodies and answers. Every answer is `{ data: … }` like the rest of the API; errors
 * are `{ code, message }`. Pure: no React, no Node.
 *
 * The flow, as the upload dialog drives it:
 *   1. POST /donation/presigned_url            → where to PUT the file (our own signed URL, or S3's)
 *   2. PUT  <url> with the file's bytes        → stored privately under `key`
 *   3. POST /donation/upload_preview           → sheets, headers, sample rows, a suggested mapping
 *   4. POST /donation/bulk_upload              → the upload record; a job validates every row
 *   5. GET  /donation/get_upload/{c}/{id}      → counts, the first rows with their outcome, the reasons
 *   6. POST /donation/upload_action            → import the valid rows, cancel, or revalidate
 *   7. GET  /donation/upload_list/{c}/{type}   → the history (type: donor | payment | all)
 *   8. GET  /donation/upload_download/{c}/{id}/{file} → a short-lived link to the original or the error report
 * Live: the user who started an upload gets 'progress' and 'done' events (domain/live-events.ts)
 * with kind 'import' and the upload's id.
 */
import type { ImportFieldSpec } from './fields';
import type { ImportType } from './templates';

export const UPLOAD_PATHS = {
  presignedUrl: '/donation/presigned_url',
  /** The server's own signed PUT target (local private storage): ?token=… */
  uploadFile: '/private-files/upload',
  preview: '/donation/upload_preview',
  bulkUpload: '/donation/bulk_upload',
  getUpload: '/donation/get_upload/:campaignId/:uploadId',
  action: '/donation/upload_action',
  list: '/donation/upload_list/:campaignId/:type',
  download: '/donation/upload_download/:campaignId/:uploadId/:file',
} as const;

export const getUploadUrl = (campaignId: string, uploadId: string) => `/donation/get_upload/${encodeURIComponent(campaignId)}/${encodeURIComponent(uploadId)}`;
export const uploadListUrl = (campaignId: string, type: ImportType | 'all') => `/donation/upload_list/${encodeURIComponent(campaignId)}/${type}`;
export const uploadDownloadUrl = (campaignId: string, uploadId: string, file: UploadFileKind) =>
  `/donation/upload_download/${encodeURIComponent(campaignId)}/${encodeURIComponent(uploadId)}/${file}`;

/** Our limits (docs/bulk-upload.md). */
export const UPLOAD_LIMITS = {
  /** Largest file accepted, bytes. */
  maxBytes: 20 * 1024 * 1024,
  /** Most data rows in one file. */
  maxRows: 100_000,
  /** Most columns in one file. */
  maxColumns: 200,
  /** Longest cell, characters. */
  maxCellLength: 10_000,
  /** XLSX: most entries in the zip and most bytes once uncompressed. */
  maxZipEntries: 2_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  /**
   * XLSX: most bytes of the shared-strings part (xl/sharedStrings.xml), which is held whole in
   * memory while the sheet is read; declared and really inflated (server/modules/imports/zip-guard.ts).
   */
  maxSharedStringsBytes: 64 * 1024 * 1024,
  /** How long a presigned upload URL stays valid, seconds. */
  urlExpirySeconds: 15 * 60,
  /** Rows shown with their outcome in the review. */
  reviewRows: 100,
} as const;

export const UPLOAD_EXTENSIONS = ['csv', 'tsv', 'txt', 'xlsx'] as const;

export const UPLOAD_STATUSES = [
  'validating',
  'ready',
  'validated',
  'importing',
  'completed',
  'completed_with_errors',
  'failed',
  'cancelled',
] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Statuses with a job at work (a progress bar; cancel allowed). */
export const RUNNING_UPLOAD_STATUSES: readonly UploadStatus[] = ['validating', 'importing'];
/** Statuses that never change again. */
export const FINAL_UPLOAD_STATUSES: readonly UploadStatus[] = ['validated', 'completed', 'completed_with_errors', 'failed', 'cancelled'];

export const UPLOAD_STATUS_LABELS: Record<UploadStatus, string> = {
  validating: 'Validating',
  ready: 'Ready for review',
  validated: 'Validated (not imported)',
  importing: 'Importing',
  completed: 'Completed',
  completed_with_errors: 'Completed with errors',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What happened (or will happen) to one row. */
/** 'skipped': a template's example row (templates.ts), neither imported nor refused. */
export const ROW_OUTCOMES = ['valid', 'rejected', 'duplicate', 'imported', 'skipped'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

/** How slash dates (03/04/2029) are read: month first (US) or day first. */
export const DATE_ORDERS = ['mdy', 'dmy'] as const;
export type DateOrder = (typeof DATE_ORDERS)[number];

export type UploadFileKind = 'original' | 'errors';

/** The fields a file's column can be mapped to: the template's columns, and `country` (donors). */
export type ImportField = string;

/** file header → our field ('' or missing: the column is ignored). */
export type ColumnMapping = Record<string, ImportField | ''>;

export interface UploadOptions {
  /** Check every row and stop before writing anything (status 'validated'). */
  validate_only?: boolean;
  /** How slash dates are read; default 'mdy'. */
  date_order?: DateOrder;
  /** XLSX: the sheet to read (default the first). */
  sheet?: string | null;
  /** Accept dates outside the campaign's election cycle (manual entry asks for the same confirmation). */
  confirm_outside_cycle?: boolean;
  /** Values for fields no column is mapped to, e.g. { contributor_type: 'individual', payment_method: 'card' }. */
  defaults?: Record<string, string>;
}

// ── 1. presigned_url ─────────────────────────────────────────────────────────────────────────

export interface PresignedUrlRequest {
  campaign_id: string;
  file_name: string;
  /** Bytes; over UPLOAD_LIMITS.maxBytes is refused. */
  file_size: number;
  content_type?: string;
}

export interface PresignedUrlData {
  key: string;
  /** Absolute, or relative to the API's base URL (our own target). */
  url: string;
  method: 'PUT';
  /** Headers the PUT must send as they are. */
  headers: Record<string, string>;
  expires_at: string;
  max_bytes: number;
}

// ── 3. upload_preview ────────────────────────────────────────────────────────────────────────

export interface UploadPreviewRequest {
  campaign_id: string;
  type: ImportType;
  file_key: string;
  file_name: string;
  sheet?: string | null;
}

export type MappingSource = 'template' | 'saved' | 'preset' | 'guess';

export interface UploadPreviewData {
  format: 'csv' | 'xlsx';
  /** XLSX: the sheets, in order; [] for CSV. */
  sheets: string[];
  sheet: string | null;
  /** CSV: what was detected. */
  delimiter: string | null;
  encoding: string | null;
  headers: string[];
  /** The first rows (at most 5), cells as text, aligned with `headers`. */
  samples: string[][];
  /** The suggested mapping: every header → a field or ''. */
  mapping: ColumnMapping;
  mapping_source: MappingSource;
  /** The preset recognised ('nyc_cfb' | 'actblue'), when one was. */
  preset: string | null;
  /** Suggested values for fields no column maps to (a preset's, e.g. ActBlue: card payments by individuals). */
  defaults: Record<string, string>;
  /** Fields the type needs that no column is mapped to yet. */
  missing_required: string[];
  /** The type the file's headers say it is (columns.ts detectImportType), or null when they do not tell. */
  detected_type: ImportType | null;
  /** Every field a column may be mapped to (domain/imports/fields.ts). */
  fields: ImportFieldSpec[];
}

// ── 4. bulk_upload ───────────────────────────────────────────────────────────────────────────

export interface BulkUploadRequest {
  campaign_id: string;
  type: ImportType;
  file_key: string;
  file_name: string;
  mapping: ColumnMapping;
  options?: UploadOptions;
}

// ── 5. get_upload ────────────────────────────────────────────────────────────────────────────

export interface UploadCounts {
  total: number;
  valid: number;
  rejected: number;
  duplicates: number;
  imported: number;
}

export interface UploadRow {
  id: string;
  campaign_id: string;
  type: ImportType;
  file_name: string;
  file_size: number;
  status: UploadStatus;
  validate_only: boolean;
  counts: UploadCounts;
  /** Rows done in the current stage and the stage's total (progress bar). */
  progress: { done: number; total: number | null };
  /** Why it failed or was cancelled. */
  message: string | null;
  created_by: { id: string | null; name: string | null };
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  has_error_report: boolean;
}

export interface UploadReviewRow {
  row_number: number;
  outcome: RowOutcome;
  reason: string | null;
  /** The row as read, by field name (mapped columns only). */
  values: Record<string, string>;
}

export interface UploadReason {
  reason: string;
  count: number;
}

export interface UploadDetail extends UploadRow {
  mapping: ColumnMapping;
  options: UploadOptions;
  /** The first UPLOAD_LIMITS.reviewRows rows with their outcome. */
  rows: UploadReviewRow[];
  /** Every reason a row was rejected or skipped, most frequent first. */
  reasons: UploadReason[];
  /** The file has slash dates that read as a valid date either way: the user confirms the order. */
  date_order_ambiguous: boolean;
  date_order: DateOrder;
  /** The same file (same bytes) was uploaded before into this campaign: that upload. */
  same_file_as: { id: string; file_name: string; created_at: string } | null;
}

// ── 6. upload_action ─────────────────────────────────────────────────────────────────────────

export const UPLOAD_ACTIONS = ['import', 'cancel', 'revalidate'] as const;
export type UploadAction = (typeof UPLOAD_ACTIONS)[number];

export interface UploadActionRequest {
  campaign_id: string;
  upload_id: string;
  action: UploadAction;
  /** revalidate: the order to read slash dates in. */
  date_order?: DateOrder;
}

// ── 7. upload_list ───────────────────────────────────────────────────────────────────────────

export const UPLOAD_LIST_SORTS = ['created_at', 'file_name', 'status', 'type'] as const;

/** Query: page, limit, sort (created_at | -created_at | file_name …), status, search (file name). */
export interface UploadListData {
  upload_list: UploadRow[];
  total: number;
  page: number;
  limit: number;
}

// ── 8. upload_download ───────────────────────────────────────────────────────────────────────

export interface UploadDownloadData {
  url: string;
  file_name: string;
  expires_at: string;
}

/** The donor page's "Imported from <file>, row N". */
export interface DonorImportOrigin {
  upload_id: string;
  file_name: string;
  row_number: number;
}
