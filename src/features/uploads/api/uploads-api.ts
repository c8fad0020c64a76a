import {
  UPLOAD_PATHS,
  getUploadUrl,
  uploadDownloadUrl,
  uploadListUrl,
  type BulkUploadRequest,
  type DateOrder,
  type PresignedUrlData,
  type UploadAction,
  type UploadDetail,
  type UploadDownloadData,
  type UploadFileKind,
  type UploadListData,
  type UploadPreviewData,
  type UploadRow,
} from '../../../../domain/imports/api-contract';
import type { ImportType } from '../../../../domain/imports/templates';
import { apiClient } from '../../../lib/api-client';
import { downloadSignedFile, signedUrlHref } from '../../../lib/signed-download';
import { putSignedFile } from '../../../lib/signed-upload';

export { signedUrlHref };

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The file's type from its extension, as the server names it (browsers disagree: '' or
 * application/vnd.ms-excel for a .csv on Windows); else what the browser says.
 */
export function contentTypeOf(file: File): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? (file.type || 'application/octet-stream');
}

export async function presignUpload(campaignId: string, file: File): Promise<PresignedUrlData> {
  const res = await apiClient.post<{ data: PresignedUrlData }>(UPLOAD_PATHS.presignedUrl, {
    campaign_id: campaignId,
    file_name: file.name,
    file_size: file.size,
    content_type: contentTypeOf(file),
  });
  return res.data.data;
}

/**
 * PUTs the file's bytes to its signed URL with the headers the server signed, reporting the
 * percentage sent. The token in the URL is the credential: no Authorization header is sent.
 */
export async function putFile(signed: PresignedUrlData, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  await putSignedFile(signed, file, onProgress, { signal, fallbackContentType: contentTypeOf(file) });
}

export async function previewUpload(campaignId: string, type: ImportType, key: string, fileName: string, sheet: string | null): Promise<UploadPreviewData> {
  const res = await apiClient.post<{ data: UploadPreviewData }>(UPLOAD_PATHS.preview, { campaign_id: campaignId, type, file_key: key, file_name: fileName, sheet });
  return res.data.data;
}

export async function startUpload(body: BulkUploadRequest): Promise<UploadRow> {
  const res = await apiClient.post<{ data: UploadRow }>(UPLOAD_PATHS.bulkUpload, body);
  return res.data.data;
}

export async function getUpload(campaignId: string, uploadId: string): Promise<UploadDetail> {
  const res = await apiClient.get<{ data: UploadDetail }>(getUploadUrl(campaignId, uploadId));
  return res.data.data;
}

export async function actOnUpload(campaignId: string, uploadId: string, action: UploadAction, dateOrder?: DateOrder): Promise<UploadRow> {
  const res = await apiClient.post<{ data: UploadRow }>(UPLOAD_PATHS.action, { campaign_id: campaignId, upload_id: uploadId, action, ...(dateOrder ? { date_order: dateOrder } : {}) });
  return res.data.data;
}

export interface UploadListQuery {
  type: ImportType | 'all';
  page: number;
  limit: number;
  /** 'created_at' | '-created_at' | 'file_name' … (UPLOAD_LIST_SORTS). */
  sort: string;
  status?: string;
  search?: string;
}

export async function listUploads(campaignId: string, query: UploadListQuery): Promise<UploadListData> {
  const { type, ...params } = query;
  const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined));
  const res = await apiClient.get<{ data: UploadListData }>(uploadListUrl(campaignId, type), { params: clean });
  return res.data.data;
}

/** Asks for a short-lived signed link to the original or the error report and lets the browser download it. */
export async function downloadUploadFile(campaignId: string, uploadId: string, file: UploadFileKind): Promise<void> {
  const res = await apiClient.get<{ data: UploadDownloadData }>(uploadDownloadUrl(campaignId, uploadId, file));
  downloadSignedFile(res.data.data.url, res.data.data.file_name);
}
