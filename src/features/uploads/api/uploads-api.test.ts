import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiClient, plainClient } from '../../../lib/api-client';
import { signIn } from '../../../test/render-app';
import { CAMPAIGN, UPLOAD_ID, presigned } from '../test-fixtures';
import { contentTypeOf, downloadUploadFile, putFile, signedUrlHref } from './uploads-api';

const puts: { url: string; headers: Headers }[] = [];
const server = setupServer(
  http.put('*/private-files/upload', ({ request }) => {
    puts.push({ url: request.url, headers: request.headers });
    return HttpResponse.json({ data: { key: 'k', size: 3 } }, { status: 201 });
  }),
  http.put('https://bucket.s3.amazonaws.com/*', ({ request }) => {
    puts.push({ url: request.url, headers: request.headers });
    return new HttpResponse(null, { status: 200 });
  }),
  http.get('*/donation/upload_download/:campaignId/:uploadId/:file', () =>
    HttpResponse.json({ data: { url: '/private-files/download?token=d', file_name: 'spring-donors - errors.csv', expires_at: '' } }),
  ),
);
const bases = { api: apiClient.defaults.baseURL, plain: plainClient.defaults.baseURL };
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  apiClient.defaults.baseURL = 'http://api.test/v1';
  plainClient.defaults.baseURL = 'http://api.test/v1';
  signIn();
});
afterEach(() => {
  apiClient.defaults.baseURL = bases.api;
  plainClient.defaults.baseURL = bases.plain;
  puts.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const csv = () => new File(['a,b'], 'donors.csv', { type: 'text/csv' });

describe('uploads api: the signed URLs', () => {
  it('PUTs to a relative signed URL under the API base URL, with the signed headers and no Authorization', async () => {
    const progress: number[] = [];
    await putFile(presigned({ url: '/private-files/upload?token=t' }), csv(), (p) => progress.push(p));
    expect(puts).toHaveLength(1);
    expect(puts[0]!.url).toBe('http://api.test/v1/private-files/upload?token=t');
    expect(puts[0]!.headers.get('content-type')).toBe('text/csv');
    expect(puts[0]!.headers.get('authorization')).toBeNull();
    expect(progress.at(-1)).toBe(100);
  });

  it('PUTs to an absolute (S3) URL as it is, without our headers', async () => {
    const signed = presigned({ url: 'https://bucket.s3.amazonaws.com/campaigns/x/imports/f.xlsx?X-Amz-Signature=s', headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
    await putFile(signed, new File(['PK'], 'f.xlsx', { type: '' }), () => undefined);
    expect(puts[0]!.url).toBe('https://bucket.s3.amazonaws.com/campaigns/x/imports/f.xlsx?X-Amz-Signature=s');
    expect(puts[0]!.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(puts[0]!.headers.get('authorization')).toBeNull();
    expect(puts[0]!.headers.get('accept-language')).toBeNull();
  });

  it('opens a relative download link under the API base URL', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await downloadUploadFile(CAMPAIGN, UPLOAD_ID, 'errors');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe('http://api.test/v1/private-files/download?token=d');
    expect(link.download).toBe('spring-donors - errors.csv');
    expect(document.body.contains(link)).toBe(false);
    expect(signedUrlHref('https://bucket.s3.amazonaws.com/x?sig=1')).toBe('https://bucket.s3.amazonaws.com/x?sig=1');
  });

  it('names the content type from the extension, as the server does', () => {
    expect(contentTypeOf(new File([''], 'a.CSV', { type: '' }))).toBe('text/csv');
    expect(contentTypeOf(new File([''], 'a.tsv', { type: '' }))).toBe('text/tab-separated-values');
    expect(contentTypeOf(new File([''], 'a.xlsx', { type: '' }))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeOf(new File([''], 'a.csv', { type: 'application/vnd.ms-excel' }))).toBe('text/csv');
    expect(contentTypeOf(new File([''], 'a.dat', { type: '' }))).toBe('application/octet-stream');
  });
});
