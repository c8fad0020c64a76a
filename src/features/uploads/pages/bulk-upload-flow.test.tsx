import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { UploadDetail, UploadPreviewData, UploadRow } from '../../../../domain/imports/api-contract';
import { importFields } from '../../../../domain/imports/fields';
import { emitLiveEvent } from '../../../lib/live-events';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };
const CAMPAIGN = campaignItem().campaign_id;
const UPLOAD_ID = '7a0c3a53-2f4e-4d59-9b1a-1b7c2b0f6a11';

function uploadRow(overrides: Partial<UploadRow> = {}): UploadRow {
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

function detail(overrides: Partial<UploadDetail> = {}): UploadDetail {
  return {
    ...uploadRow({ status: 'ready', counts: { total: 3, valid: 2, rejected: 1, duplicates: 0, imported: 0 }, has_error_report: true }),
    mapping: { name: 'name', donor_email: 'donor_email' },
    options: {},
    rows: [
      { row_number: 2, outcome: 'valid', reason: null, values: { name: 'Ann Lee', donor_email: 'ann@example.org' } },
      { row_number: 3, outcome: 'rejected', reason: 'Please enter a valid email', values: { name: 'Bad Mail', donor_email: 'nope' } },
    ],
    reasons: [{ reason: 'Please enter a valid email', count: 1 }],
    date_order_ambiguous: false,
    date_order: 'mdy',
    same_file_as: null,
    ...overrides,
  };
}

const preview: UploadPreviewData = {
  format: 'csv',
  sheets: [],
  sheet: null,
  delimiter: ',',
  encoding: 'utf-8-bom',
  headers: ['Full Name', 'Email', 'Notes'],
  samples: [['Ann Lee', 'ann@example.org', 'x']],
  mapping: { 'Full Name': 'name', Email: 'donor_email', Notes: '' },
  mapping_source: 'guess',
  preset: null,
  defaults: {},
  missing_required: ['contributor_type'],
  fields: importFields('donor'),
};

let list: UploadRow[] = [];
const calls: { path: string; body: unknown }[] = [];
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/donation/upload_list/:campaignId/:type', () => HttpResponse.json({ data: { upload_list: list, total: list.length, page: 1, limit: 25 } })),
  http.get('*/donation/get_upload/:campaignId/:uploadId', () => HttpResponse.json({ data: detail() })),
  http.post('*/donation/presigned_url', async ({ request }) => {
    calls.push({ path: 'presign', body: await request.json() });
    return HttpResponse.json({ data: { key: `campaigns/${CAMPAIGN}/imports/f.csv`, url: 'http://localhost:3000/private-files/upload?token=t', method: 'PUT', headers: { 'content-type': 'text/csv' }, expires_at: '', max_bytes: 10 } });
  }),
  http.put('*/private-files/upload', async ({ request }) => {
    calls.push({ path: 'put', body: await request.text() });
    return HttpResponse.json({ data: { key: 'k', size: 10 } }, { status: 201 });
  }),
  http.post('*/donation/upload_preview', () => HttpResponse.json({ data: preview })),
  http.post('*/donation/bulk_upload', async ({ request }) => {
    calls.push({ path: 'bulk_upload', body: await request.json() });
    return HttpResponse.json({ data: uploadRow({ status: 'validating' }) }, { status: 201 });
  }),
  http.post('*/donation/upload_action', async ({ request }) => {
    calls.push({ path: 'action', body: await request.json() });
    return HttpResponse.json({ data: uploadRow({ status: 'importing' }) });
  }),
  http.get('*/donation/upload_download/:campaignId/:uploadId/:file', ({ params }) => {
    calls.push({ path: `download:${String(params.file)}`, body: null });
    return HttpResponse.json({ data: { url: 'http://localhost:3000/private-files/download?token=d', file_name: 'x - errors.csv', expires_at: '' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  list = [];
  calls.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

describe('/bulk-history uploads', () => {
  it('lists uploads with their counts; a running one shows a progress bar that live events move', async () => {
    list = [uploadRow(), uploadRow({ id: '11111111-2222-4333-8444-555555555555', file_name: 'running.xlsx', status: 'importing', progress: { done: 10, total: 100 }, has_error_report: false })];
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    const table = await screen.findByRole('table', { name: 'Uploads' }, FIRST_RENDER);
    const done = await within(table).findByRole('row', { name: /spring-donors\.csv/ }, FIRST_RENDER);
    expect(within(done).getByText('Completed with errors')).toBeInTheDocument();
    expect(within(done).getByText('7')).toBeInTheDocument();
    const bar = within(table).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    act(() => emitLiveEvent('progress', { kind: 'import', id: '11111111-2222-4333-8444-555555555555', campaign_id: CAMPAIGN, done: 60, total: 100, stage: 'importing' }));
    await waitFor(() => expect(within(table).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60'));
  });

  it('shows the empty state with the upload button', async () => {
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    expect(await screen.findByText('No uploads yet. Download a template, fill it in and upload it.', undefined, FIRST_RENDER)).toBeInTheDocument();
  });

  it('refuses an .xls before uploading anything', async () => {
    const user = userEvent.setup({ applyAccept: false }); // "All files" in the browser's picker
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    await user.click((await screen.findAllByRole('button', { name: 'Upload file' }, FIRST_RENDER))[0]!);
    await user.upload(screen.getByLabelText(/File \(CSV or Excel/), new File(['x'], 'old.xls', { type: 'application/vnd.ms-excel' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/\.xls/);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(calls).toEqual([]);
  });

  it('sends the file, pre-fills the mapping, blocks until every required field is covered, then starts the upload', async () => {
    const user = userEvent.setup();
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    await user.click((await screen.findAllByRole('button', { name: 'Upload file' }, FIRST_RENDER))[0]!);
    await user.upload(screen.getByLabelText(/File \(CSV or Excel/), new File(['Full Name,Email\r\nAnn Lee,ann@example.org\r\n'], 'donors.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Match the columns of donors.csv to our fields.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field for column Full Name' })).toHaveValue('name');
    expect(screen.getByRole('combobox', { name: 'Field for column Email' })).toHaveValue('donor_email');
    const go = screen.getByRole('button', { name: 'Validate rows' });
    expect(go).toBeDisabled();
    expect(screen.getByText(/Still needed: Contributor type/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Contributor type for every row (no column holds it)' }), 'individual');
    expect(go).toBeEnabled();
    await user.click(go);
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['presign', 'put', 'bulk_upload']));
    expect(calls[0]!.body).toMatchObject({ campaign_id: CAMPAIGN, file_name: 'donors.csv' });
    expect(calls[2]!.body).toMatchObject({
      type: 'donor',
      file_key: `campaigns/${CAMPAIGN}/imports/f.csv`,
      mapping: { 'Full Name': 'name', Email: 'donor_email', Notes: '' },
      options: { validate_only: false, defaults: { contributor_type: 'individual' } },
    });
    // The review of the new upload opens.
    expect(await screen.findByRole('dialog', { name: /Upload: spring-donors\.csv/ })).toBeInTheDocument();
  });

  it('review: counts, reasons and rows; Import sends the action; the error report asks for a link', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp(`/bulk-history?upload=${UPLOAD_ID}`);
    const dialog = await screen.findByRole('dialog', { name: /Upload: spring-donors\.csv/ }, FIRST_RENDER);
    expect(within(dialog).getByRole('list', { name: 'Row counts' })).toHaveTextContent(/2\s*Valid/);
    expect(within(dialog).getAllByText('Please enter a valid email').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Download error report' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('download:errors'));
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 valid rows' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'action')?.body).toEqual({ campaign_id: CAMPAIGN, upload_id: UPLOAD_ID, action: 'import' }));
  });
});
