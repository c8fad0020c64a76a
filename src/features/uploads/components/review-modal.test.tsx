import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { EXAMPLE_ROW_SKIPPED } from '../../../../domain/imports/templates';
import { emitLiveEvent } from '../../../lib/live-events';
import { fakeIdToken, TEST_USER } from '../../../test/auth-fixtures';
import { ALL_RESOURCES } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { CAMPAIGN, UPLOAD_ID, fakeApi, uploadDetail, uploadHandlers } from '../test-fixtures';
import { REVIEW_POLL_MS } from './review-modal';

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

async function openReview() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  const app = renderApp(`/bulk-history?upload=${UPLOAD_ID}`);
  const dialog = await screen.findByRole('dialog', { name: 'Upload: spring-donors.csv' }, FIRST_RENDER);
  return { dialog, ...app };
}

describe('/bulk-history?upload=<id> review', () => {
  it('shows the counts, the reasons and the first rows; Import sends the action; the error report asks for a link', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { dialog } = await openReview();
    expect(fakeApi.last('get')!.url).toMatch(new RegExp(`/donation/get_upload/${CAMPAIGN}/${UPLOAD_ID}$`));
    expect(within(dialog).getByText('Ready for review')).toBeInTheDocument();
    const counts = within(dialog).getByRole('list', { name: 'Row counts' });
    expect(counts).toHaveTextContent(/2\s*Valid, not yet imported/);
    expect(counts).toHaveTextContent(/1\s*Rejected/);
    expect(counts).toHaveTextContent(/0\s*Duplicates/);
    expect(counts).toHaveTextContent(/0\s*Imported/);
    expect(counts).toHaveTextContent(/3\s*Rows/);
    const reasons = within(dialog).getByRole('region', { name: 'Why rows were not taken' });
    expect(within(reasons).getByRole('listitem')).toHaveTextContent('Donor email: Please enter a valid email (1)');
    const rows = within(dialog).getByRole('table', { name: 'Rows of the file with their outcome' });
    // The rows scroll in a frame the keyboard can reach (axe: scrollable-region-focusable).
    const frame = within(dialog).getByRole('region', { name: 'Rows of the file with their outcome' });
    expect(frame).toContainElement(rows);
    expect(frame).toHaveAttribute('tabindex', '0');
    const rejected = within(rows).getByRole('row', { name: /^3 / });
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Donor email: Please enter a valid email');
    // The offending cell beside its reason (issue 33.8).
    expect(within(rejected).getByText('In the file: “nope”')).toBeInTheDocument();
    expect(rejected).toHaveTextContent('Bad Mail · nope');
    expect(within(dialog).queryByText(/already uploaded/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Download error report' }));
    await waitFor(() => expect(fakeApi.paths()).toContain('download:errors'));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toBe('http://localhost:3000/private-files/download?token=errors');
    expect(link.download).toBe('spring-donors - errors.csv');

    await user.click(within(dialog).getByRole('button', { name: 'Download original' }));
    await waitFor(() => expect(fakeApi.paths()).toContain('download:original'));

    fakeApi.detail = uploadDetail({ status: 'importing', progress: { done: 0, total: 2 } });
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 valid rows' }));
    await waitFor(() => expect(fakeApi.last('action')?.body).toEqual({ campaign_id: CAMPAIGN, upload_id: UPLOAD_ID, action: 'import' }));
    expect(await within(dialog).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('Import is disabled when no row is valid; a reader sees no actions but the downloads', async () => {
    fakeApi.detail = uploadDetail({ counts: { total: 2, valid: 0, rejected: 2, duplicates: 0, imported: 0 } });
    const { dialog, unmount } = await openReview();
    expect(within(dialog).getByRole('button', { name: 'Import 0 valid rows' })).toBeDisabled();
    unmount();

    fakeApi.resources = ALL_RESOURCES.filter((name) => name !== 'upload.write');
    const again = await openReview();
    expect(within(again.dialog).getByRole('button', { name: 'Download original' })).toBeInTheDocument();
    expect(within(again.dialog).queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    expect(within(again.dialog).queryByRole('button', { name: 'Cancel upload' })).not.toBeInTheDocument();
  });

  it("shows a template's example row as skipped, with its reason, and nothing to import (issue 33.7)", async () => {
    fakeApi.detail = uploadDetail({
      counts: { total: 1, valid: 0, rejected: 0, duplicates: 0, imported: 0 },
      has_error_report: false,
      rows: [{ row_number: 2, outcome: 'skipped', reason: EXAMPLE_ROW_SKIPPED, values: { name: "Mary-Jane O'Brien", donor_email: 'maryjane@example.org' } }],
      reasons: [{ reason: EXAMPLE_ROW_SKIPPED, count: 1 }],
    });
    const { dialog } = await openReview();
    const counts = within(dialog).getByRole('list', { name: 'Row counts' });
    expect(counts).toHaveTextContent(/0\s*Rejected/);
    const reasons = within(dialog).getByRole('region', { name: 'Why rows were not taken' });
    expect(within(reasons).getByRole('listitem')).toHaveTextContent('Example row of the template, skipped (1)');
    const row = within(within(dialog).getByRole('table', { name: 'Rows of the file with their outcome' })).getByRole('row', { name: /^2 / });
    expect(row).toHaveTextContent('Example row, skipped');
    expect(within(dialog).getByRole('button', { name: 'Import 0 valid rows' })).toBeDisabled();
  });

  it('asks how to read ambiguous slash dates and validates again with the answer', async () => {
    fakeApi.detail = uploadDetail({ date_order_ambiguous: true, date_order: 'mdy' });
    const user = userEvent.setup();
    const { dialog } = await openReview();
    const group = within(dialog).getByRole('group', { name: 'Dates like 03/04/2029 mean:' });
    expect(within(group).getByRole('radio', { name: 'March 4 (MM/DD)' })).toBeChecked();
    // Read day-first, the file's dates are no longer ambiguous: the choice stays, so it can be undone.
    fakeApi.detail = uploadDetail({ status: 'validating', date_order_ambiguous: false, date_order: 'dmy', progress: { done: 1, total: null } });
    await user.click(within(group).getByRole('radio', { name: '3 April (DD/MM)' }));
    await waitFor(() => expect(fakeApi.last('action')?.body).toEqual({ campaign_id: CAMPAIGN, upload_id: UPLOAD_ID, action: 'revalidate', date_order: 'dmy' }));
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: '3 April (DD/MM)' })).toBeChecked());
  });

  it('says when the same file was uploaded before', async () => {
    fakeApi.detail = uploadDetail({ same_file_as: { id: 'f0000000-0000-4000-8000-000000000001', file_name: 'march.csv', created_at: '2029-03-01T12:00:00.000Z' } });
    const { dialog } = await openReview();
    expect(within(dialog).getByText('This file was already uploaded on 01-03-2029 (march.csv): rows already imported will be skipped.')).toBeInTheDocument();
  });

  it('cancels a ready upload after asking', async () => {
    const user = userEvent.setup();
    const { dialog } = await openReview();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel upload' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel spring-donors.csv?' });
    expect(confirm).toHaveTextContent('Nothing from this file will be imported.');
    expect(fakeApi.paths()).not.toContain('action');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel upload' }));
    await waitFor(() => expect(fakeApi.last('action')?.body).toEqual({ campaign_id: CAMPAIGN, upload_id: UPLOAD_ID, action: 'cancel' }));
  });

  it('while running: a live progress bar, polling every 2 s, Cancel; the done event reads the upload again', async () => {
    // The poll's clock is a fake one moved by hand (the rest runs on real time).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    expect(REVIEW_POLL_MS).toBe(2000);
    fakeApi.detail = uploadDetail({ status: 'importing', progress: { done: 10, total: 100 } });
    const user = userEvent.setup();
    const { dialog } = await openReview();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');
    expect(within(dialog).getByRole('progressbar')).toHaveAccessibleName('Importing: 10 of 100 rows');
    act(() => emitLiveEvent('progress', { kind: 'import', id: 'someone-else', campaign_id: CAMPAIGN, done: 90, total: 100, stage: 'importing' }));
    act(() => emitLiveEvent('progress', { kind: 'import', id: UPLOAD_ID, campaign_id: CAMPAIGN, done: 40, total: 100, stage: 'importing' }));
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    // The tiles count what the bar counts (issue 33.9), not the stored 0 of before the import ended.
    const tiles = within(dialog).getByRole('list', { name: 'Row counts' });
    expect(tiles).toHaveTextContent(/40\s*Imported/);
    expect(tiles).toHaveTextContent(/60\s*Valid, not yet imported/);

    // Polling while it runs.
    const gets = () => fakeApi.paths().filter((p) => p === 'get').length;
    const before = gets();
    await act(() => vi.advanceTimersByTimeAsync(REVIEW_POLL_MS));
    await waitFor(() => expect(gets()).toBeGreaterThan(before));

    // Cancel asks first, and says imported rows stay.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel spring-donors.csv?' });
    expect(confirm).toHaveTextContent('rows already imported stay in the book');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));

    fakeApi.detail = uploadDetail({ status: 'completed', counts: { total: 3, valid: 0, rejected: 1, duplicates: 0, imported: 2 } });
    const lists = fakeApi.paths().filter((p) => p === 'list').length;
    act(() => emitLiveEvent('done', { kind: 'import', id: UPLOAD_ID, campaign_id: CAMPAIGN, status: 'completed', message: null }));
    expect(await within(dialog).findByText('Completed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Row counts' })).toHaveTextContent(/2\s*Imported/);
    await waitFor(() => expect(fakeApi.paths().filter((p) => p === 'list').length).toBeGreaterThan(lists));

    // Final: no more polling.
    const settled = gets();
    await act(() => vi.advanceTimersByTimeAsync(REVIEW_POLL_MS * 2));
    expect(gets()).toBe(settled);
  });

  it('an action taken in the review reads the history behind it again (the Upload tag, no callback)', async () => {
    const user = userEvent.setup();
    const { dialog } = await openReview();
    const lists = () => fakeApi.paths().filter((p) => p === 'list').length;
    await waitFor(() => expect(lists()).toBeGreaterThan(0));
    const before = lists();
    const gets = fakeApi.paths().filter((p) => p === 'get').length;
    fakeApi.detail = uploadDetail({ status: 'importing', progress: { done: 0, total: 2 } });
    await user.click(within(dialog).getByRole('button', { name: 'Import 2 valid rows' }));
    await waitFor(() => expect(lists()).toBe(before + 1));
    expect(fakeApi.paths().filter((p) => p === 'get').length).toBeGreaterThan(gets);
  });
});

