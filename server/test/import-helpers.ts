/** Helpers for bulk-upload tests: send a file through presigned_url and its PUT, preview, upload, wait for the job. */
import { expect } from 'vitest';
import { UPLOAD_PATHS, getUploadUrl, type PresignedUrlData, type UploadDetail, type UploadOptions, type UploadPreviewData, type UploadRow } from '../../domain/imports/api-contract';
import type { ImportType } from '../../domain/imports/templates';
import { get, post } from './auth-helpers';
import type { TestApp } from './test-db';

/** The path and query of a URL the server signed (our own PUT target). */
export function localPath(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

export async function presign(t: TestApp, token: string, campaignId: string, fileName: string, size: number): Promise<PresignedUrlData> {
  const res = await post(t, UPLOAD_PATHS.presignedUrl, { campaign_id: campaignId, file_name: fileName, file_size: size }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PresignedUrlData;
}

export function putFile(t: TestApp, signed: PresignedUrlData, body: Buffer | string) {
  return t.app.inject({ method: 'PUT', url: localPath(signed.url), headers: signed.headers, payload: body });
}

/** presigned_url then PUT: the file's key. */
export async function sendFile(t: TestApp, token: string, campaignId: string, fileName: string, body: Buffer | string): Promise<string> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const signed = await presign(t, token, campaignId, fileName, bytes.length);
  const res = await putFile(t, signed, bytes);
  expect(res.statusCode, res.body).toBe(201);
  return signed.key;
}

export async function preview(t: TestApp, token: string, campaignId: string, type: ImportType, key: string, fileName: string): Promise<UploadPreviewData> {
  const res = await post(t, UPLOAD_PATHS.preview, { campaign_id: campaignId, type, file_key: key, file_name: fileName }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadPreviewData;
}

export async function detail(t: TestApp, token: string, campaignId: string, uploadId: string): Promise<UploadDetail> {
  const res = await get(t, getUploadUrl(campaignId, uploadId), token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as UploadDetail;
}

/** Sends the file, previews it, uploads it with the suggested mapping and waits for validation: the upload's detail. */
export async function uploadAndValidate(
  t: TestApp,
  token: string,
  campaignId: string,
  type: ImportType,
  fileName: string,
  body: Buffer | string,
  options: UploadOptions = {},
): Promise<UploadDetail> {
  const key = await sendFile(t, token, campaignId, fileName, body);
  const seen = await preview(t, token, campaignId, type, key, fileName);
  const res = await post(t, UPLOAD_PATHS.bulkUpload, { campaign_id: campaignId, type, file_key: key, file_name: fileName, mapping: seen.mapping, options: { defaults: seen.defaults, ...options } }, token);
  expect(res.statusCode, res.body).toBe(201);
  await t.app.jobs.settled();
  return detail(t, token, campaignId, (res.json().data as UploadRow).id);
}

export async function act(t: TestApp, token: string, campaignId: string, uploadId: string, action: 'import' | 'cancel' | 'revalidate', extra: Record<string, unknown> = {}) {
  const res = await post(t, UPLOAD_PATHS.action, { campaign_id: campaignId, upload_id: uploadId, action, ...extra }, token);
  await t.app.jobs.settled();
  return res;
}

/** import, wait, and the detail. */
export async function importRows(t: TestApp, token: string, campaignId: string, uploadId: string): Promise<UploadDetail> {
  const res = await act(t, token, campaignId, uploadId, 'import');
  expect(res.statusCode, res.body).toBe(200);
  return detail(t, token, campaignId, uploadId);
}
