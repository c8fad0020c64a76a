import axios from 'axios';
import {
  UPLOAD_PATHS,
  getUploadUrl,
  uploadDownloadUrl,
  uploadListUrl,
  type BulkUploadRequest,
  type PresignedUrlData,
  type UploadAction,
  type UploadDetail,
  type UploadDownloadData,
  type UploadFileKind,
  type UploadListData,
  type UploadPreviewData,
  type UploadRow,
  type DateOrder,
} from '../../../../domain/imports/api-contract';
import type { ImportType } from '../../../../domain/imports/templates';
import { apiClient } from '../../../lib/api-client';

/** Our own signed targets (/private-files/…) go through the API's base URL; S3's are absolute. */
function isOwnTarget(url: string): string | null {
  const parsed = new URL(url, window.location.origin);
  return parsed.pathname.startsWith('/private-files/') ? `${parsed.pathname}${parsed.search}` : null;
}

export async function presignUpload(campaignId: string, file: File): Promise<PresignedUrlData> {
  const res = await apiClient.post<{ data: PresignedUrlData }>(UPLOAD_PATHS.presignedUrl, { campaign_id: campaignId, file_name: file.name, file_size: file.size });
  return res.data.data;
}

/** PUTs the file to its signed URL, reporting the percentage sent. */
export async function putFile(signed: PresignedUrlData, file: File, onProgress: (percent: number) => void): Promise<void> {
  const own = isOwnTarget(signed.url);
  const onUploadProgress = (event: { loaded: number; total?: number }) => onProgress(Math.round((event.loaded / (event.total ?? file.size)) * 100));
  if (own) await apiClient.put(own, file, { headers: signed.headers, onUploadProgress });
  else await axios.put(signed.url, file, { headers: signed.headers, onUploadProgress });
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

/** Asks for a short-lived link to the original or the error report and lets the browser download it. */
export async function downloadUploadFile(campaignId: string, uploadId: string, file: UploadFileKind): Promise<void> {
  const res = await apiClient.get<{ data: UploadDownloadData }>(uploadDownloadUrl(campaignId, uploadId, file));
  const { url, file_name } = res.data.data;
  const own = isOwnTarget(url);
  const link = document.createElement('a');
  link.href = own ? `${apiClient.defaults.baseURL ?? ''}${own}` : url;
  link.download = file_name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
