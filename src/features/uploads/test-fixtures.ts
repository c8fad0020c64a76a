/**
 * Test data of the bulk upload (rows, a review, a preview, a signed URL) and the msw handlers of
 * its API, recording every call so a test can say what was asked in which order.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { PresignedUrlData, UploadDetail, UploadListData, UploadPreviewData, UploadRow } from '../../../domain/imports/api-contract';
import { importFields } from '../../../domain/imports/fields';
import type { ImportType } from '../../../domain/imports/templates';
import { TEST_USER, userView } from '../../test/auth-fixtures';
import { ALL_RESOURCES, campaignItem } from '../../test/campaign-fixtures';

export const CAMPAIGN = campaignItem().campaign_id;
export const UPLOAD_ID = '7a0c3a53-2f4e-4d59-9b1a-1b7c2b0f6a11';
export const RUNNING_ID = '11111111-2222-4333-8444-555555555555';
export const FILE_KEY = `campaigns/${CAMPAIGN}/imports/f.csv`;

export function uploadRow(overrides: Partial<UploadRow> = {}): UploadRow {
  return {
    id: UPLOAD_ID,
    campaign_id: CAMPAIGN,
    type: 'donor',
    file_name: 'spring-donors.csv',
    file_size: 1200,
    status: 'completed_with_errors',
    validate_only: false,
    counts: { total: 10, valid: 0, rejected: 2, duplicates: 1, imported: 7 },
    progress: { done: 7, total: 7 },
    message: null,
    created_by: { id: TEST_USER.userId, name: 'Test User' },
    created_at: '2029-03-02T10:15:00.000Z',
    updated_at: '2029-03-02T10:15:05.000Z',
    finished_at: '2029-03-02T10:15:05.000Z',
    has_error_report: true,
    ...overrides,
  };
}

/** A running upload (importing, 10 of 100 rows). */
export function runningRow(overrides: Partial<UploadRow> = {}): UploadRow {
  return uploadRow({
    id: RUNNING_ID,
    file_name: 'running.xlsx',
    status: 'importing',
    counts: { total: 100, valid: 100, rejected: 0, duplicates: 0, imported: 10 },
    progress: { done: 10, total: 100 },
    finished_at: null,
    has_error_report: false,
    ...overrides,
  });
}

/** A validated upload waiting for the user: 2 valid rows, 1 rejected. */
export function uploadDetail(overrides: Partial<UploadDetail> = {}): UploadDetail {
  return {
    ...uploadRow({ status: 'ready', counts: { total: 3, valid: 2, rejected: 1, duplicates: 0, imported: 0 }, has_error_report: true, finished_at: null }),
    mapping: { 'Full Name': 'name', Email: 'donor_email' },
    options: {},
    rows: [
      { row_number: 2, outcome: 'valid', reason: null, values: { name: 'Ann Lee', donor_email: 'ann@example.org' } },
      { row_number: 3, outcome: 'rejected', reason: 'Donor email: Please enter a valid email', values: { name: 'Bad Mail', donor_email: 'nope' } },
      { row_number: 4, outcome: 'valid', reason: null, values: { name: 'Cy Ode', donor_email: 'cy@example.org' } },
    ],
    reasons: [{ reason: 'Donor email: Please enter a valid email', count: 1 }],
    date_order_ambiguous: false,
    date_order: 'mdy',
    same_file_as: null,
    ...overrides,
  };
}

/** A CSV of donors whose name and e-mail columns are recognised; no column holds the contributor type. */
export function uploadPreview(overrides: Partial<UploadPreviewData> = {}, type: ImportType = 'donor'): UploadPreviewData {
  return {
    format: 'csv',
    sheets: [],
    sheet: null,
    delimiter: ',',
    encoding: 'utf-8-bom',
    headers: ['Full Name', 'Email', 'Notes'],
    samples: [
      ['Ann Lee', 'ann@example.org', 'met at gala'],
      ['Ben Ode', 'ben@example.org', ''],
    ],
    mapping: { 'Full Name': 'name', Email: 'donor_email', Notes: '' },
    mapping_source: 'guess',
    preset: null,
    defaults: {},
    missing_required: ['contributor_type'],
    detected_type: null,
    fields: importFields(type),
    ...overrides,
  };
}

export function presigned(overrides: Partial<PresignedUrlData> = {}): PresignedUrlData {
  return {
    key: FILE_KEY,
    url: 'http://localhost:3000/private-files/upload?token=t',
    method: 'PUT',
    headers: { 'content-type': 'text/csv' },
    expires_at: '2029-03-02T10:30:00.000Z',
    max_bytes: 64,
    ...overrides,
  };
}

export interface RecordedCall {
  /** 'presign' | 'put' | 'preview' | 'bulk_upload' | 'get' | 'action' | 'list' | 'download:original' | 'download:errors' */
  path: string;
  body: unknown;
  url: string;
  headers: Headers;
}

/** What the fake API answers and what it was asked; `reset()` between tests. */
export const fakeApi = {
  resources: ALL_RESOURCES as string[],
  list: [] as UploadRow[],
  detail: uploadDetail(),
  preview: uploadPreview(),
  signed: presigned(),
  /** The PUT waits for this before answering (lets a test see the progress bar). */
  putGate: null as Promise<void> | null,
  calls: [] as RecordedCall[],
  reset() {
    this.resources = ALL_RESOURCES;
    this.list = [];
    this.detail = uploadDetail();
    this.preview = uploadPreview();
    this.signed = presigned();
    this.putGate = null;
    this.calls.length = 0;
  },
  paths(): string[] {
    return this.calls.map((c) => c.path);
  },
  last(path: string): RecordedCall | undefined {
    return [...this.calls].reverse().find((c) => c.path === path);
  },
};

async function record(path: string, request: Request, body: 'json' | 'text' | null) {
  const parsed = body === 'json' ? await request.json() : body === 'text' ? await request.text() : null;
  fakeApi.calls.push({ path, body: parsed, url: request.url, headers: request.headers });
}

/** The signed-in user, the campaign and its permissions, and the whole upload API. */
export const uploadHandlers: RequestHandler[] = [
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: fakeApi.resources }] })),
  http.get('*/donation/upload_list/:campaignId/:type', async ({ request }) => {
    await record('list', request, null);
    const data: UploadListData = { upload_list: fakeApi.list, total: fakeApi.list.length, page: 1, limit: 25 };
    return HttpResponse.json({ data });
  }),
  http.get('*/donation/get_upload/:campaignId/:uploadId', async ({ request }) => {
    await record('get', request, null);
    return HttpResponse.json({ data: fakeApi.detail });
  }),
  http.post('*/donation/presigned_url', async ({ request }) => {
    await record('presign', request, 'json');
    return HttpResponse.json({ data: fakeApi.signed });
  }),
  http.put('*/private-files/upload', async ({ request }) => {
    await record('put', request, 'text');
    if (fakeApi.putGate) await fakeApi.putGate;
    return HttpResponse.json({ data: { key: FILE_KEY, size: 10 } }, { status: 201 });
  }),
  http.post('*/donation/upload_preview', async ({ request }) => {
    await record('preview', request, 'json');
    return HttpResponse.json({ data: fakeApi.preview });
  }),
  http.post('*/donation/bulk_upload', async ({ request }) => {
    await record('bulk_upload', request, 'json');
    return HttpResponse.json({ data: uploadRow({ status: 'validating' }) }, { status: 201 });
  }),
  http.post('*/donation/upload_action', async ({ request }) => {
    await record('action', request, 'json');
    return HttpResponse.json({ data: uploadRow({ status: 'importing' }) });
  }),
  http.get('*/donation/upload_download/:campaignId/:uploadId/:file', async ({ request, params }) => {
    await record(`download:${String(params.file)}`, request, null);
    const file = params.file === 'errors' ? 'spring-donors - errors.csv' : 'spring-donors.csv';
    return HttpResponse.json({ data: { url: `http://localhost:3000/private-files/download?token=${String(params.file)}`, file_name: file, expires_at: '' } });
  }),
  http.get('*/donation/import_template/:campaignId/:type/:format', () => new HttpResponse('name\r\n', { headers: { 'content-type': 'text/csv' } })),
];
