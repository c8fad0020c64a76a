import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { REFUND_RULE } from '../../../../domain/reports/figure-names';
import { REPORT_DESCRIPTIONS, type ReportData, type ReportEntry, type ReportType } from '../../../../domain/reports/api-contract';
import { emitLiveEvent } from '../../../lib/live-events';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };
const CAMPAIGN = campaignItem().campaign_id;
const REPORT_ID = '5b3c1d2e-1111-4222-8333-444455556666';

function donationData(overrides: Partial<ReportData> = {}): ReportData {
  return {
    type: 'donation',
    filter: { start_date: null, end_date: null },
    rows: [
      {
        row_id: 'd1',
        donor_id: 'a0000000-0000-4000-8000-000000000001',
        paying_date: '2029-03-04',
        donor_name: 'José Núñez',
        contributor_type: 'Individual Contributor',
        address: '1 Main Street, New York, New York 10001',
        employer: 'Acme',
        occupation: 'Engineer',
        method: 'Check #1021',
        amount_cents: 123456,
        refunded_cents: 0,
        net_cents: 123456,
        pledge_date: null,
        recipient: null,
      },
    ],
    total: 1,
    page: 1,
    limit: 25,
    sort: '-paying_date',
    totals: { amount_cents: 123456, refunded_cents: 0, net_cents: 123456 },
    summary: [{ key: 'net_cents', label: 'Net raised', kind: 'money', value: 123456 }],
    breakdown: null,
    cycle: { value: '2029', start_date: '2026-01-01', end_date: '2029-12-31' },
    ...overrides,
  };
}

function entry(overrides: Partial<ReportEntry> = {}): ReportEntry {
  return {
    report_id: REPORT_ID,
    type: 'donation',
    format: 'xlsx',
    title: '01-01-2026 to 31-12-2029 - Donation Report - XLSX File',
    filter: { start_date: '2026-01-01', end_date: '2029-12-31' },
    status: 'queued',
    progress_done: 0,
    progress_total: null,
    row_count: null,
    size_bytes: null,
    message: null,
    created_at: '2029-03-05T10:00:00.000Z',
    finished_at: null,
    created_by: { user_id: TEST_USER.userId, name: 'Test User' },
    ...overrides,
  };
}

const calls: { path: string; url: URL; body?: unknown }[] = [];
let data: Partial<Record<ReportType, ReportData>> = {};
let history: ReportEntry[] = [];

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/donation/report_data/:campaignId/:type', ({ request, params }) => {
    calls.push({ path: 'data', url: new URL(request.url) });
    const type = params.type as ReportType;
    return HttpResponse.json({ data: data[type] ?? donationData({ type, rows: [], total: 0, totals: {}, summary: [] }) });
  }),
  http.get('*/donation/report_list/:campaignId/:type', ({ request }) => {
    calls.push({ path: 'list', url: new URL(request.url) });
    return HttpResponse.json({ data: { report_list: history, total: history.length, page: 1, limit: 10 } });
  }),
  http.post('*/donation/start_report/', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ path: 'start', url: new URL(request.url), body });
    // The list is not read again here: the page must show the new entry from this answer.
    return HttpResponse.json({ data: entry({ format: body.format as ReportEntry['format'] }) }, { status: 201 });
  }),
  http.get('*/donation/get_report/:reportId', ({ request }) => {
    calls.push({ path: 'get', url: new URL(request.url) });
    return HttpResponse.json({ data: { url: '/private-files/download?token=abc', file_name: 'Donation Report.xlsx', expires_at: '2029-03-05T10:05:00.000Z' } });
  }),
  http.post('*/donation/donor/send_notification/:campaignId', async ({ request }) => {
    calls.push({ path: 'remind', url: new URL(request.url), body: await request.json() });
    return HttpResponse.json({ data: { message_code: 'REMINDER_SENT' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  data = {};
  history = [];
  vi.restoreAllMocks();
});
afterAll(() => server.close());

async function open(path: string, caption: string) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  const app = renderApp(path);
  const table = await screen.findByRole('table', { name: caption }, FIRST_RENDER);
  return { table, ...app };
}

describe('report pages', () => {
  it('shows the rows, the summary and the totals row; a filter goes to the URL and the request', async () => {
    data.donation = donationData();
    const user = userEvent.setup();
    const { table, router } = await open('/donation-report', 'Donation Report');
    expect(screen.getByRole('heading', { level: 1, name: 'Donation Report' })).toBeInTheDocument();
    expect(screen.getByText(REPORT_DESCRIPTIONS.donation)).toBeInTheDocument();
    const row = await within(table).findByRole('row', { name: /José Núñez/ });
    expect(row).toHaveTextContent('04-03-2029');
    expect(row).toHaveTextContent('$1,234.56');
    expect(row).toHaveTextContent('Check #1021');
    expect(within(table).getByRole('link', { name: 'José Núñez' })).toHaveAttribute('href', '/donor-list/a0000000-0000-4000-8000-000000000001');
    const totals = within(table).getAllByRole('row').at(-1)!;
    expect(totals).toHaveTextContent(/Total.*\$1,234\.56.*\$0\.00.*\$1,234\.56/);
    expect(screen.getByRole('term')).toHaveTextContent('Net raised');
    expect(screen.getByRole('definition')).toHaveTextContent('$1,234.56');

    // Defaults and empty filters stay out of the request.
    expect([...calls.find((c) => c.path === 'data')!.url.searchParams.keys()]).toEqual(['sort', 'page', 'limit']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'cash');
    await waitFor(() => expect(router.state.location.search).toContain('payment_method=cash'));
    await waitFor(() => expect(calls.filter((c) => c.path === 'data').at(-1)!.url.searchParams.get('payment_method')).toBe('cash'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Donation dates' }), 'cycle');
    await waitFor(() => expect(router.state.location.search).toContain('start_date=2026-01-01'));
    const last = calls.filter((c) => c.path === 'data').at(-1)!.url.searchParams;
    expect([last.get('start_date'), last.get('end_date'), last.get('payment_method')]).toEqual(['2026-01-01', '2029-12-31', 'cash']);
  });

  it('From/To take a date typed key by key; an impossible or unfinished date stays as typed with a message; clearing clears the filter', async () => {
    const user = userEvent.setup();
    const { router } = await open('/donation-report', 'Donation Report');
    const lastData = () => calls.filter((c) => c.path === 'data').at(-1)!.url.searchParams;
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });

    await user.click(from);
    await user.type(from, '15-09-2026');
    expect(from).toHaveValue('15-09-2026');
    await waitFor(() => expect(router.state.location.search).toContain('start_date=2026-09-15'));
    await waitFor(() => expect(lastData().get('start_date')).toBe('2026-09-15'));

    // A day that does not exist: kept as typed, flagged on leaving the field, and no filter.
    await user.type(to, '31-02-2026');
    expect(to).toHaveValue('31-02-2026');
    await user.tab();
    expect(to).toHaveValue('31-02-2026');
    expect(to).toHaveAccessibleDescription('Enter a date as DD-MM-YYYY');
    expect(to).toBeInvalid();
    expect(router.state.location.search).not.toContain('end_date');

    // Not DD-MM-YYYY (pasted ISO): the same message, and still no filter.
    await user.clear(to);
    await user.click(to);
    await user.paste('2026-09-01');
    await user.tab();
    expect(to).toHaveValue('2026-09-01');
    expect(to).toHaveAccessibleDescription('Enter a date as DD-MM-YYYY');
    expect(router.state.location.search).not.toContain('end_date');

    // Unfinished, then finished: the filter follows once the day is real.
    await user.clear(to);
    await user.type(to, '30-09-202');
    expect(to).toHaveValue('30-09-202');
    expect(router.state.location.search).not.toContain('end_date');
    await user.type(to, '6');
    await waitFor(() => expect(router.state.location.search).toContain('end_date=2026-09-30'));
    expect(to).not.toBeInvalid();

    await user.clear(from);
    expect(from).toHaveValue('');
    await waitFor(() => expect(router.state.location.search).not.toContain('start_date'));
    await waitFor(() => expect(lastData().has('start_date')).toBe(false));
    expect(lastData().get('end_date')).toBe('2026-09-30');
  });

  it("says the refund rule under the description, and shows a refund of an earlier gift with its date and no amount received", async () => {
    data.donation = donationData({
      filter: { start_date: '2029-04-01', end_date: '2029-04-30' },
      rows: [
        {
          ...donationData().rows[0]!,
          amount_cents: null,
          refunded_cents: 50_000,
          net_cents: -50_000,
          matchable_cents: null,
          pledge_date: '2029-01-15',
          match_reason: "Refunded 05-04-2029: the gift was received outside these dates (a refund counts on the refund's own date).",
        },
      ],
      totals: { amount_cents: 0, refunded_cents: 50_000, net_cents: -50_000 },
    });
    const { table } = await open('/donation-report?start_date=2029-04-01&end_date=2029-04-30', 'Donation Report');
    expect(screen.getByText(`${REFUND_RULE}.`)).toBeInTheDocument();
    const row = await within(table).findByRole('row', { name: /José Núñez/ });
    expect(row).toHaveTextContent('Refunded 05-04-2029: the gift was received outside these dates');
    expect(row).toHaveTextContent('-$500.00');
    // The amount received in these dates is blank, not $0.00 nor the gift's amount.
    expect(row).not.toHaveTextContent('$1,234.56');
    // The pledge the gift paid, under its date, says what it is.
    expect(row).toHaveTextContent('Pledge of 15-01-2029');
  });

  it('says so when the period is empty', async () => {
    await open('/donation-report', 'Donation Report');
    expect(await screen.findByText('No donations in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of the report' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches, and offers to clear the filters', async () => {
    const user = userEvent.setup();
    const { router } = await open('/expense-report?purpose=meals', 'Expense Report');
    expect(await screen.findByText('Nothing matches these filters.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    await waitFor(() => expect(calls.filter((c) => c.path === 'data').at(-1)!.url.searchParams.has('purpose')).toBe(false));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('No expenses in this period.')).toBeInTheDocument();
  });

  it('starts a file with the page filter, shows it in the history at once, and downloads it when it is ready', async () => {
    data.donation = donationData();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await open('/donation-report?start_date=2026-01-01&end_date=2029-12-31', 'Donation Report');
    // Keyboard: the button opens the menu on its first item; arrows move; Enter picks.
    screen.getByRole('button', { name: /Download/ }).focus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('menu', { name: 'Download format' })).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['CSV (spreadsheet text)', 'Excel (XLSX)', 'PDF (print)']);
    expect(screen.getByRole('menuitem', { name: /CSV/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /Excel/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === 'start')).toBe(true));
    expect(calls.find((c) => c.path === 'start')!.body).toEqual({
      campaign_id: CAMPAIGN,
      type: 'donation',
      format: 'xlsx',
      filter: { start_date: '2026-01-01', end_date: '2029-12-31' },
      sort: '-paying_date',
    });
    expect(await screen.findByText('Your report is being prepared')).toBeInTheDocument();
    const files = await screen.findByRole('table', { name: 'Generated files' });
    const queued = await within(files).findByRole('row', { name: /Donation Report - XLSX File/ });
    expect(within(queued).getByRole('progressbar')).toHaveAttribute('value', '0');
    expect(queued).toHaveTextContent('Queued 0%');

    act(() => emitLiveEvent('progress', { kind: 'report', id: REPORT_ID, campaign_id: CAMPAIGN, done: 50, total: 200, stage: null }));
    expect(within(queued).getByRole('progressbar')).toHaveAttribute('value', '25');
    // Another feature's progress leaves the bar alone.
    act(() => emitLiveEvent('progress', { kind: 'import', id: REPORT_ID, campaign_id: CAMPAIGN, done: 200, total: 200, stage: null }));
    expect(within(queued).getByRole('progressbar')).toHaveAttribute('value', '25');

    history = [entry({ status: 'ready', row_count: 1, size_bytes: 2048, progress_done: 1, progress_total: 1 })];
    act(() => emitLiveEvent('done', { kind: 'report', id: REPORT_ID, campaign_id: CAMPAIGN, status: 'ready', message: null }));
    const title = history[0]!.title;
    expect(await screen.findByText(`${title} is ready`)).toBeInTheDocument();
    const download = await within(files).findByRole('button', { name: `Download ${title}` });
    const ready = within(files).getByRole('row', { name: /Donation Report - XLSX File/ });
    expect(ready).toHaveTextContent('Ready · 1 row');
    expect(ready).toHaveTextContent('2 KB');
    expect(within(ready).queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === 'get')!.url.searchParams.get('campaign_id')).toBe(CAMPAIGN);
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(link.href).toContain('/private-files/download?token=abc');
    expect(link.download).toBe('Donation Report.xlsx');
  });

  it('shows the match program progress under the summary, with met / not yet and the rule sources', async () => {
    const columns = [
      { key: 'requirement', header: 'Requirement', kind: 'text', width: 44 },
      { key: 'needed', header: 'Needed', kind: 'text', width: 18 },
      { key: 'counted', header: 'So far', kind: 'text', width: 18 },
      { key: 'status', header: 'Status', kind: 'text', width: 14 },
      { key: 'source', header: 'Rule and source', kind: 'text', width: 60, under: 'requirement' },
    ] as const;
    data.match = donationData({
      type: 'match',
      rows: [{ row_id: 'm1', donor_id: 'a0000000-0000-4000-8000-000000000003', donor_name: 'Ada Brooks', contributor_type: 'Individual Contributor', residence: 'Brooklyn, New York, district 33', contributions: 1, paid_cents: 2000, matchable_cents: 2000, public_funds_cents: 16000, reason: null }],
      totals: { paid_cents: 2000, matchable_cents: 2000, public_funds_cents: 16000, contributions: 1 },
      summary: [{ key: 'public_funds_cents', label: 'Estimated public funds', kind: 'money', value: 16000 }],
      breakdown: {
        title: 'Program threshold and public-funds cap — NYC Matching Funds Program, City Council',
        columns: [...columns],
        rows: [
          { row_id: 'contributors', requirement: 'Matchable contributors ($10.00 or more, residents of district 33)', needed: '75', counted: '76', status: 'Met', source: 'nyc_cfb.threshold.city_council.contributors: 75 residents. Source: CFB press release, http://example.org/cfb' },
          { row_id: 'amount', requirement: 'Matchable amount from New York City residents', needed: '$5,000.00', counted: '$4,100.00', status: 'Not yet', source: 'nyc_cfb.threshold.city_council.amount: $5,000. Source: CFB press release' },
          { row_id: 'public_funds', requirement: 'Estimated public funds toward the office maximum', needed: 'at most $184,000.00 per election', counted: '$32,800.00', status: 'Not yet', source: 'nyc_cfb.public_funds.city_council.cap: $184,000. Source: What’s New' },
        ],
        note: 'Counted: each contributor once when their matchable amount is $10.00 or more and they are residents of district 33.',
      },
    });
    await open('/match-report', 'Match Report');
    const progress = await screen.findByRole('region', { name: /Program threshold and public-funds cap/ });
    const table = within(progress).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Requirement', 'Needed', 'So far', 'Status']);
    const people = within(table).getByRole('row', { name: /Matchable contributors/ });
    expect(people).toHaveTextContent(/residents of district 33.*75.*76.*Met/);
    expect(within(table).getByRole('row', { name: /Matchable amount/ })).toHaveTextContent(/\$5,000\.00.*\$4,100\.00.*Not yet/);
    expect(within(table).getByRole('row', { name: /Estimated public funds/ })).toHaveTextContent(/at most \$184,000\.00 per election.*\$32,800\.00.*Not yet/);
    // No totals row in a table without sums.
    expect(within(table).queryByText('Total')).not.toBeInTheDocument();
    // Each line's rule and source: a numbered footnote (and the cell's tooltip).
    const cell = within(people).getAllByRole('cell')[0]!;
    expect(cell).toHaveAttribute('title', expect.stringContaining('nyc_cfb.threshold.city_council.contributors'));
    const mark = within(cell).getByRole('link', { name: 'Rule and source 1' });
    const sources = within(progress).getByRole('list', { name: 'Rule and source' });
    const notes = within(sources).getAllByRole('listitem');
    expect(notes.map((n) => n.textContent)).toEqual([
      'nyc_cfb.threshold.city_council.contributors: 75 residents. Source: CFB press release, http://example.org/cfb',
      'nyc_cfb.threshold.city_council.amount: $5,000. Source: CFB press release',
      'nyc_cfb.public_funds.city_council.cap: $184,000. Source: What’s New',
    ]);
    expect(mark.getAttribute('href')).toBe(`#${notes[0]!.id}`);
    expect(within(progress).getByText(/^Counted: each contributor once/)).toBeInTheDocument();
    expect(screen.getByText(REPORT_DESCRIPTIONS.match)).toBeInTheDocument();
  });

  it('sends a reminder from the due report after a confirmation', async () => {
    data.due = donationData({
      type: 'due',
      rows: [{ row_id: 'p1', donor_id: 'a0000000-0000-4000-8000-000000000002', due_date: '2029-03-01', donor_name: 'Grace Okafor', donor_email: 'grace@example.org', donor_phone: null, commitment_date: '2029-01-01', amount_due_cents: 5000, outstanding_cents: 5000, days_overdue: 4, last_reminder_date: null }],
      totals: { amount_due_cents: 5000, outstanding_cents: 5000 },
      summary: [],
    });
    const user = userEvent.setup();
    const { table } = await open('/due-report', 'Due Report');
    await user.click(await within(table).findByRole('button', { name: 'Send reminder to Grace Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a payment reminder?' });
    expect(dialog).toHaveTextContent('grace@example.org');
    expect(calls.some((c) => c.path === 'remind')).toBe(false);
    const loads = calls.filter((c) => c.path === 'data').length;
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'remind')).toEqual([
      expect.objectContaining({ url: expect.objectContaining({ pathname: `/donation/donor/send_notification/${CAMPAIGN}` }), body: { donor_id: 'a0000000-0000-4000-8000-000000000002', channel: 'email', message: null } }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // "Last reminder" changed: the rows are read again.
    await waitFor(() => expect(calls.filter((c) => c.path === 'data').length).toBe(loads + 1));
    await waitFor(() => expect(table.closest('[aria-busy="true"]')).toBeNull());
  });

  it('starting a file reads the history again (the Report tag, no refresh counter)', async () => {
    data.donation = donationData();
    // A file made at once: nothing runs, so no poll reads the list.
    server.use(http.post('*/donation/start_report/', () => HttpResponse.json({ data: entry({ status: 'ready', row_count: 1, size_bytes: 10 }) }, { status: 201 })));
    const user = userEvent.setup();
    await open('/donation-report', 'Donation Report');
    await screen.findByRole('table', { name: 'Generated files' });
    await waitFor(() => expect(calls.filter((c) => c.path === 'list')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await user.click(screen.getByRole('menuitem', { name: /CSV/ }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'list')).toHaveLength(2));
    expect(calls.filter((c) => c.path === 'list').map((c) => Object.fromEntries(c.url.searchParams))).toEqual([
      { page: '1', limit: '10', sort: '-created_at' },
      { page: '1', limit: '10', sort: '-created_at' },
    ]);
  });
});
