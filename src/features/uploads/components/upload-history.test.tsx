import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api } from '../../../lib/api';
import { emitLiveEvent } from '../../../lib/live-events';
import { fakeIdToken, TEST_USER } from '../../../test/auth-fixtures';
import { ALL_RESOURCES } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { formatDateTime } from '../format-time';
import { HISTORY_POLL_MS } from './upload-history';
import { CAMPAIGN, RUNNING_ID, UPLOAD_ID, fakeApi, runningRow, uploadHandlers, uploadRow } from '../test-fixtures';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };

const server = setupServer(...uploadHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  fakeApi.reset();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

async function openHistory(path = '/bulk-history') {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  const app = renderApp(path);
  const table = await screen.findByRole('table', { name: 'Uploads' }, FIRST_RENDER);
  return { table, ...app };
}

/** Another page's list of what an import writes (the donor book), cached in the same store. */
const donorBook = api.injectEndpoints({
  endpoints: (build) => ({ testDonorBook: build.query<{ data: unknown[] }, string>({ query: (campaignId) => ({ url: `/test/donor-book/${campaignId}` }), providesTags: ['Donor'] }) }),
});

const listUrls = () => fakeApi.calls.filter((c) => c.path === 'list').map((c) => new URL(c.url));

describe('/bulk-history uploads', () => {
  it('lists uploads with who, when, status and counts; a running one shows a progress bar that live events move', async () => {
    fakeApi.list = [uploadRow(), runningRow()];
    const { table } = await openHistory();
    const done = await within(table).findByRole('row', { name: /spring-donors\.csv/ }, FIRST_RENDER);
    expect(within(done).getByRole('rowheader')).toHaveTextContent('spring-donors.csvDonors');
    const cells = within(done).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent(`${formatDateTime('2029-03-02T10:15:00.000Z')}by Test User`);
    expect(formatDateTime('2029-03-02T10:15:00.000Z')).toMatch(/^0[23]-03-2029 \d\d:\d\d$/);
    expect(cells[1]).toHaveTextContent('Completed with errors');
    expect(cells.slice(2, 5).map((c) => c.textContent)).toEqual(['7', '2', '1']);
    expect(within(done).getByRole('button', { name: 'Download the error report of spring-donors.csv' })).toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();

    const running = within(table).getByRole('row', { name: /running\.xlsx/ });
    expect(within(running).queryByRole('button', { name: /error report/ })).not.toBeInTheDocument();
    const bar = within(running).getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar).toHaveAccessibleName('Importing 10%');
    act(() => emitLiveEvent('progress', { kind: 'import', id: RUNNING_ID, campaign_id: CAMPAIGN, done: 60, total: 100, stage: 'importing' }));
    expect(within(table).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    // Another kind of work is not ours.
    act(() => emitLiveEvent('progress', { kind: 'report', id: RUNNING_ID, campaign_id: CAMPAIGN, done: 90, total: 100, stage: null }));
    expect(within(table).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');

    // Done: the list is read again.
    const before = listUrls().length;
    fakeApi.list = [uploadRow(), runningRow({ status: 'completed', progress: { done: 100, total: 100 }, counts: { total: 100, valid: 0, rejected: 0, duplicates: 0, imported: 100 } })];
    act(() => emitLiveEvent('done', { kind: 'import', id: RUNNING_ID, campaign_id: CAMPAIGN, status: 'completed', message: null }));
    await waitFor(() => expect(within(table).queryByRole('progressbar')).not.toBeInTheDocument());
    expect(listUrls().length).toBeGreaterThan(before);
    expect(within(table).getByRole('row', { name: /running\.xlsx/ })).toHaveTextContent('Completed');
  });

  it('reads the list again every 3 s while a visible upload runs, and stops once none does', async () => {
    // The poll's clock is a fake one moved by hand (the rest runs on real time).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    expect(HISTORY_POLL_MS).toBe(3000);
    fakeApi.list = [runningRow()];
    const { table } = await openHistory();
    await within(table).findByRole('progressbar');
    const first = listUrls().length;
    fakeApi.list = [runningRow({ status: 'completed' })];
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS));
    await waitFor(() => expect(listUrls().length).toBeGreaterThan(first));
    await waitFor(() => expect(within(table).queryByRole('progressbar')).not.toBeInTheDocument());
    const settled = listUrls().length;
    await act(() => vi.advanceTimersByTimeAsync(HISTORY_POLL_MS * 2));
    expect(listUrls().length).toBe(settled);
  });

  it('pages, sorts, filters and searches on the server, keeping the state in the URL', async () => {
    fakeApi.list = [uploadRow()];
    const user = userEvent.setup();
    const { table, router } = await openHistory();
    await within(table).findByRole('row', { name: /spring-donors\.csv/ });
    let url = listUrls().at(-1)!;
    expect(url.pathname).toBe(`/donation/upload_list/${CAMPAIGN}/all`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '25', sort: '-created_at' });

    await user.click(within(table).getByRole('button', { name: /File/ }));
    await waitFor(() => expect(listUrls().at(-1)!.searchParams.get('sort')).toBe('file_name'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'payment');
    await waitFor(() => expect(listUrls().at(-1)!.pathname).toBe(`/donation/upload_list/${CAMPAIGN}/payment`));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() => expect(listUrls().at(-1)!.searchParams.get('status')).toBe('failed'));
    await user.type(screen.getByRole('searchbox', { name: 'Search by file name' }), 'spring{Enter}');
    await waitFor(() => expect(listUrls().at(-1)!.searchParams.get('search')).toBe('spring'));
    url = listUrls().at(-1)!;
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', limit: '25', sort: 'file_name', status: 'failed', search: 'spring' });
    expect(router.state.location.search).toBe('?type=payment&status=failed&search=spring&sort=file_name');
  });

  it('opens the review from a row and downloads the error report through upload_download', async () => {
    fakeApi.list = [uploadRow()];
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { table, router } = await openHistory();
    const row = await within(table).findByRole('row', { name: /spring-donors\.csv/ });
    await user.click(within(row).getByRole('button', { name: 'Download the error report of spring-donors.csv' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(fakeApi.last('download:errors')!.url).toMatch(new RegExp(`/donation/upload_download/${CAMPAIGN}/${UPLOAD_ID}/errors$`));
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).href).toBe('http://localhost:3000/private-files/download?token=errors');

    await user.click(within(row).getByRole('button', { name: 'Review spring-donors.csv' }));
    expect(await screen.findByRole('dialog', { name: 'Upload: spring-donors.csv' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?upload=${UPLOAD_ID}`);
  });

  it('cancels a running upload after asking', async () => {
    fakeApi.list = [runningRow()];
    const user = userEvent.setup();
    const { table } = await openHistory();
    const row = await within(table).findByRole('row', { name: /running\.xlsx/ });
    await user.click(within(row).getByRole('button', { name: 'Cancel running.xlsx' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel running.xlsx?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(fakeApi.last('action')?.body).toEqual({ campaign_id: CAMPAIGN, upload_id: RUNNING_ID, action: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel running.xlsx?' })).not.toBeInTheDocument());
  });

  it('shows the empty state with the upload button', async () => {
    const user = userEvent.setup();
    const { table } = await openHistory();
    expect(await within(table).findByText('No uploads yet. Download a template, fill it in and upload it.')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Upload file' }));
    expect(screen.getByRole('dialog', { name: 'Upload donors or payments' })).toBeInTheDocument();
  });

  it('a reader sees the list without the upload or cancel buttons; without upload.read the page is closed', async () => {
    fakeApi.list = [runningRow()];
    fakeApi.resources = ALL_RESOURCES.filter((name) => name !== 'upload.write');
    const { table, unmount } = await openHistory();
    const row = await within(table).findByRole('row', { name: /running\.xlsx/ });
    expect(within(row).getByRole('button', { name: 'Review running.xlsx' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel running.xlsx' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload file' })).not.toBeInTheDocument();
    unmount();

    fakeApi.resources = ALL_RESOURCES.filter((name) => name !== 'upload.read');
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/bulk-history');
    expect(await screen.findByText('You do not have access to this page', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Uploads' })).not.toBeInTheDocument();
    expect(fakeApi.paths()).not.toContain('get');
  });

  it('an import that ends reads again what it wrote where another page keeps it (the Donor tag)', async () => {
    let bookReads = 0;
    server.use(
      http.get('*/test/donor-book/:campaignId', () => {
        bookReads += 1;
        return HttpResponse.json({ data: [] });
      }),
    );
    fakeApi.list = [runningRow()];
    const { table, store } = await openHistory();
    await within(table).findByRole('progressbar');
    const book = store.dispatch(donorBook.endpoints.testDonorBook.initiate(CAMPAIGN));
    await waitFor(() => expect(bookReads).toBe(1));
    fakeApi.list = [runningRow({ status: 'completed' })];
    act(() => emitLiveEvent('done', { kind: 'import', id: RUNNING_ID, campaign_id: CAMPAIGN, status: 'completed', message: null }));
    await waitFor(() => expect(bookReads).toBe(2));
    book.unsubscribe();
  });
});
