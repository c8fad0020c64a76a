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
  RUNNING_UPLOAD_STATUSES,
} from '../../../../domain/imports/api-contract';
import type { ImportType } from '../../../../domain/imports/templates';
import { api } from '../../../lib/api';
import { apiClient } from '../../../lib/api-client';
import { downloadSignedFile, signedUrlHref } from '../../../lib/signed-download';
import { putSignedFile } from '../../../lib/signed-upload';
import { keepNewerProgress, type JobRows } from '../../../lib/use-job-list';

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

/**
 * PUTs the file's bytes to its signed URL with the headers the server signed, reporting the
 * percentage sent. The token in the URL is the credential: no Authorization header is sent.
 */
export async function putFile(signed: PresignedUrlData, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  await putSignedFile(signed, file, onProgress, { signal, fallbackContentType: contentTypeOf(file) });
}

/** Bodies of the uploads API as the dialog and the review send them. */
export interface PresignArgs {
  campaign_id: string;
  file_name: string;
  file_size: number;
  content_type: string;
}

/** presigned_url's body for a file (the file itself stays out of the store). */
export function presignBody(campaignId: string, file: File): PresignArgs {
  return { campaign_id: campaignId, file_name: file.name, file_size: file.size, content_type: contentTypeOf(file) };
}
export interface PreviewArgs {
  campaignId: string;
  type: ImportType;
  key: string;
  fileName: string;
  sheet: string | null;
}
export interface UploadActionArgs {
  campaignId: string;
  uploadId: string;
  action: UploadAction;
  dateOrder?: DateOrder;
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

/** The jobs of the upload history (use-job-list.ts): 'import' events move a running row's bar. */
export const uploadListJobs: JobRows<UploadListData, UploadRow> = {
  kind: 'import',
  rows: (data) => data.upload_list,
  id: (row) => row.id,
  status: (row) => row.status,
  isRunning: (row) => RUNNING_UPLOAD_STATUSES.includes(row.status),
  progress: (row) => row.progress,
  setProgress: (row, progress) => {
    row.progress = { done: progress.done, total: progress.total };
  },
};

/** One upload under review, as a list of one job. */
export const uploadDetailJobs: JobRows<UploadDetail, UploadRow> = { ...uploadListJobs, rows: (data) => [data] };

export const uploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    presignUpload: build.mutation<PresignedUrlData, PresignArgs>({
      query: (body) => ({ url: UPLOAD_PATHS.presignedUrl, method: 'POST', data: body }),
      transformResponse: (body: { data: PresignedUrlData }) => body.data,
    }),
    previewUpload: build.mutation<UploadPreviewData, PreviewArgs>({
      query: ({ campaignId, type, key, fileName, sheet }) => ({ url: UPLOAD_PATHS.preview, method: 'POST', data: { campaign_id: campaignId, type, file_key: key, file_name: fileName, sheet } }),
      transformResponse: (body: { data: UploadPreviewData }) => body.data,
    }),
    startUpload: build.mutation<UploadRow, BulkUploadRequest>({
      query: (body) => ({ url: UPLOAD_PATHS.bulkUpload, method: 'POST', data: body }),
      transformResponse: (body: { data: UploadRow }) => body.data,
      invalidatesTags: (_result, error) => (error ? [] : ['Upload']),
    }),
    getUpload: build.query<UploadDetail, { campaignId: string; uploadId: string }>({
      query: ({ campaignId, uploadId }) => ({ url: getUploadUrl(campaignId, uploadId) }),
      transformResponse: (body: { data: UploadDetail }) => body.data,
      merge: keepNewerProgress(uploadDetailJobs),
      providesTags: ['Upload'],
    }),
    actOnUpload: build.mutation<UploadRow, UploadActionArgs>({
      query: ({ campaignId, uploadId, action, dateOrder }) => ({
        url: UPLOAD_PATHS.action,
        method: 'POST',
        data: { campaign_id: campaignId, upload_id: uploadId, action, ...(dateOrder ? { date_order: dateOrder } : {}) },
      }),
      transformResponse: (body: { data: UploadRow }) => body.data,
      invalidatesTags: (_result, error) => (error ? [] : ['Upload']),
    }),
    listUploads: build.query<UploadListData, { campaignId: string; query: UploadListQuery }>({
      query: ({ campaignId, query }) => {
        const { type, ...params } = query;
        const clean = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined));
        return { url: uploadListUrl(campaignId, type), params: clean };
      },
      transformResponse: (body: { data: UploadListData }) => body.data,
      merge: keepNewerProgress(uploadListJobs),
      providesTags: ['Upload'],
    }),
  }),
});

export const { usePresignUploadMutation, usePreviewUploadMutation, useStartUploadMutation, useGetUploadQuery, useActOnUploadMutation, useListUploadsQuery } = uploadsApi;

/** An import ended (its 'done' event): what it wrote is read again where it is shown, or dropped from the cache. */
export const importEnded = () => uploadsApi.util.invalidateTags(['Donor', 'Donation', 'Pledge', 'Dashboard']);

/** Asks for a short-lived signed link to the original or the error report and lets the browser download it. */
export async function downloadUploadFile(campaignId: string, uploadId: string, file: UploadFileKind): Promise<void> {
  const res = await apiClient.get<{ data: UploadDownloadData }>(uploadDownloadUrl(campaignId, uploadId, file));
  downloadSignedFile(res.data.data.url, res.data.data.file_name);
}
