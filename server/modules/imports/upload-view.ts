/** Upload records as the API answers them (domain/imports/api-contract.ts). */
import type { DateOrder, UploadDetail, UploadOptions, UploadReviewRow, UploadRow, UploadStatus } from '../../../domain/imports/api-contract';
import type { ImportType } from '../../../domain/imports/templates';
import type { StagedRow, UploadRecord } from './upload-repository';

export function toUploadRow(upload: UploadRecord, creatorName: string | null): UploadRow {
  return {
    id: upload.id,
    campaign_id: upload.campaignId,
    type: upload.type as ImportType,
    file_name: upload.fileName,
    file_size: upload.fileSize,
    status: upload.status as UploadStatus,
    validate_only: upload.validateOnly,
    counts: { total: upload.totalRows, valid: upload.validRows, rejected: upload.rejectedRows, duplicates: upload.duplicateRows, imported: upload.importedRows },
    progress: { done: upload.progressDone, total: upload.progressTotal },
    message: upload.message,
    created_by: { id: upload.createdBy, name: creatorName },
    created_at: upload.createdAt.toISOString(),
    updated_at: upload.updatedAt.toISOString(),
    finished_at: upload.finishedAt?.toISOString() ?? null,
    has_error_report: upload.errorKey !== null,
  };
}

/** The mapped cells of a staged row by field name (for the review table). */
function reviewValues(upload: UploadRecord, row: StagedRow): Record<string, string> {
  const values: Record<string, string> = {};
  upload.headers.forEach((header, i) => {
    const field = upload.mapping[header];
    if (field) values[field] = row.cells[i] ?? '';
  });
  return values;
}

export function toReviewRow(upload: UploadRecord, row: StagedRow): UploadReviewRow {
  return { row_number: row.rowNumber, outcome: row.outcome, reason: row.reason, values: reviewValues(upload, row) };
}

export function toUploadDetail(
  upload: UploadRecord,
  creatorName: string | null,
  rows: StagedRow[],
  sameFile: { id: string; fileName: string; createdAt: Date } | null,
): UploadDetail {
  const options = upload.options as UploadOptions;
  return {
    ...toUploadRow(upload, creatorName),
    mapping: upload.mapping,
    options,
    rows: rows.map((row) => toReviewRow(upload, row)),
    reasons: upload.reasons,
    date_order_ambiguous: upload.dateOrderAmbiguous,
    date_order: (options.date_order ?? 'mdy') as DateOrder,
    same_file_as: sameFile ? { id: sameFile.id, file_name: sameFile.fileName, created_at: sameFile.createdAt.toISOString() } : null,
  };
}
