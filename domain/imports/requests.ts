/**
 * Yup schemas of the bulk-upload requests (domain/imports/api-contract.ts), shared by the upload
 * dialog and the server. Pure: no React, no Node.
 */
import { boolean, mixed, number, object, string } from 'yup';
import { campaignIdField, listQueryFields, optionalEnumQuery, uuidField } from '../validation/fields';
import { DATE_ORDERS, UPLOAD_ACTIONS, UPLOAD_LIMITS, UPLOAD_LIST_SORTS, UPLOAD_STATUSES } from './api-contract';
import { IMPORT_TYPES } from './templates';

export const UPLOAD_VALIDATION_MESSAGES = {
  FILE_NAME_REQUIRED: 'Choose a file',
  FILE_NAME_MAX: 'The file name should be at most 255 characters',
  FILE_SIZE_INVALID: 'The file size must be a whole number of bytes',
  TYPE_INVALID: 'Upload type must be donor or payment',
  KEY_INVALID: 'The file key is not valid',
  MAPPING_INVALID: 'The column mapping must map file headers to field names',
  OPTIONS_INVALID: 'Upload options are not valid',
  DATE_ORDER_INVALID: 'Date order must be mdy or dmy',
  ACTION_INVALID: 'Action must be import, cancel or revalidate',
  UPLOAD_ID_INVALID: 'Upload id is not valid',
  SHEET_INVALID: 'Sheet name should be at most 100 characters',
  LIST_TYPE_INVALID: 'Type must be donor, payment or all',
  FILE_KIND_INVALID: 'File must be original or errors',
} as const;

const M = UPLOAD_VALIDATION_MESSAGES;

const fileNameField = string().typeError(M.FILE_NAME_REQUIRED).required(M.FILE_NAME_REQUIRED).trim().min(1, M.FILE_NAME_REQUIRED).max(255, M.FILE_NAME_MAX);
const typeField = string().typeError(M.TYPE_INVALID).required(M.TYPE_INVALID).oneOf(IMPORT_TYPES, M.TYPE_INVALID);
const keyField = string().typeError(M.KEY_INVALID).required(M.KEY_INVALID).max(512, M.KEY_INVALID);
const sheetField = string().typeError(M.SHEET_INVALID).nullable().optional().max(100, M.SHEET_INVALID);

/** { header: field | '' }: at most UPLOAD_LIMITS.maxColumns entries of strings. */
const stringRecord = (message: string, maxEntries: number) =>
  mixed<Record<string, string>>()
    .test('record', message, (value) => {
      if (value === undefined) return true;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const entries = Object.entries(value as Record<string, unknown>);
      return entries.length <= maxEntries && entries.every(([k, v]) => k.length <= 1000 && typeof v === 'string' && v.length <= 100);
    });

export const presignedUrlRequestSchema = object({
  campaign_id: campaignIdField,
  file_name: fileNameField,
  file_size: number().typeError(M.FILE_SIZE_INVALID).required(M.FILE_SIZE_INVALID).integer(M.FILE_SIZE_INVALID).min(0, M.FILE_SIZE_INVALID).max(Number.MAX_SAFE_INTEGER, M.FILE_SIZE_INVALID),
  content_type: string().typeError(M.FILE_NAME_REQUIRED).optional().max(200),
});

export const uploadPreviewRequestSchema = object({
  campaign_id: campaignIdField,
  type: typeField,
  file_key: keyField,
  file_name: fileNameField,
  sheet: sheetField,
});

export const uploadOptionsSchema = object({
  validate_only: boolean().typeError(M.OPTIONS_INVALID).optional(),
  date_order: string().typeError(M.DATE_ORDER_INVALID).optional().oneOf([...DATE_ORDERS, undefined], M.DATE_ORDER_INVALID),
  sheet: sheetField,
  confirm_outside_cycle: boolean().typeError(M.OPTIONS_INVALID).optional(),
  defaults: stringRecord(M.OPTIONS_INVALID, 20).optional(),
})
  .typeError(M.OPTIONS_INVALID)
  .optional()
  .default(undefined);

export const bulkUploadRequestSchema = object({
  campaign_id: campaignIdField,
  type: typeField,
  file_key: keyField,
  file_name: fileNameField,
  mapping: stringRecord(M.MAPPING_INVALID, UPLOAD_LIMITS.maxColumns).required(M.MAPPING_INVALID),
  options: uploadOptionsSchema,
});

export const uploadActionRequestSchema = object({
  campaign_id: campaignIdField,
  upload_id: uuidField(M.UPLOAD_ID_INVALID),
  action: string().typeError(M.ACTION_INVALID).required(M.ACTION_INVALID).oneOf(UPLOAD_ACTIONS, M.ACTION_INVALID),
  date_order: string().typeError(M.DATE_ORDER_INVALID).optional().oneOf([...DATE_ORDERS, undefined], M.DATE_ORDER_INVALID),
});

export const uploadParamsSchema = object({ campaignId: campaignIdField, uploadId: uuidField(M.UPLOAD_ID_INVALID) });
export const uploadDownloadParamsSchema = object({
  campaignId: campaignIdField,
  uploadId: uuidField(M.UPLOAD_ID_INVALID),
  file: string().required(M.FILE_KIND_INVALID).oneOf(['original', 'errors'], M.FILE_KIND_INVALID),
});
export const uploadListParamsSchema = object({
  campaignId: campaignIdField,
  type: string().required(M.LIST_TYPE_INVALID).oneOf([...IMPORT_TYPES, 'all'], M.LIST_TYPE_INVALID),
});
export const uploadListQuerySchema = object({
  ...listQueryFields(UPLOAD_LIST_SORTS, '-created_at'),
  status: optionalEnumQuery(UPLOAD_STATUSES),
});
