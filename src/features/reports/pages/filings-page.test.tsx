import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { filingPeriods } from '../../../../domain/compliance/filing-periods';
import type { FilingCheckData, FilingPeriodsData } from '../../../../domain/filings/api-contract';
import type { ReportEntry } from '../../../../domain/reports/api-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };
const BOB = 'a0000000-0000-4000-8000-0000000000b0';
const periods = filingPeriods('nyc_cfb', 2029);

const periodsData: FilingPeriodsData = { regulator: 'nyc_cfb', election_cycle: '2029', periods, current_period_id: 'nyc_cfb.2029.jul-2027' };
const checkData = (periodId: string): FilingCheckData => ({
  regulator: 'nyc_cfb',
  period: periods.find((p) => p.id === periodId)!,
  in_file_count: 2,
  in_file_cents: 40_000,
  files: ['filing_csmart', 'filing_check'],
  rules: [],
  findings: [
    {
      rule_id: 'nyc_cfb.monetary_contribution.employer_occupation',
      kind: 'employer_occupation',
      severity: 'question',
      message: 'Employer and occupation are required for a contributor who gave more than $99 in the cycle.',
      detail: 'Missing employer and occupation (cycle total $150.00).',
      donation_id: 'd2',
      expense_id: null,
      donor_id: BOB,
      donor_name: 'Bob Stone',
      date: '2027-04-01',
      amount_cents: 15_000,
      fix_path: `/donor-list/${BOB}`,
    },
  ],
});

const calls: { path: string; url: URL; body?: unknown }[] = [];
const entry = (type: string): ReportEntry =>
  ({
    report_id: type === 'filing_csmart' ? '5b3c1d2e-1111-4222-8333-444455556666' : '5b3c1d2e-1111-4222-8333-444455556667',
    type,
    format: 'csv',
    title: type === 'filing_csmart' ? 'July 2027 periodic - C-SMART Contribution Import - CSV File' : 'July 2027 periodic - Pre-filing Check (companion sheet) - CSV File',
    filter: { regulator: 'nyc_cfb', period_id: 'nyc_cfb.2029.jul-2027' },
    status: 'queued',
    progress_done: 0,
    progress_total: null,
    row_count: null,
    size_bytes: null,
    message: null,
    created_at: '2027-07-12T10:00:00.000Z',
    finished_at: null,
    created_by: { user_id: TEST_USER.userId, name: 'Test User' },
  }) as unknown as ReportEntry;

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/donation/filing_periods/:campaignId', ({ request }) => {
    calls.push({ path: 'periods', url: new URL(request.url) });
    return HttpResponse.json({ data: periodsData });
  }),
  http.get('*/donation/filing_check/:campaignId', ({ request }) => {
    const url = new URL(request.url);
    calls.push({ path: 'check', url });
    return HttpResponse.json({ data: checkData(url.searchParams.get('period_id')!) });
  }),
  http.get('*/donation/report_list/:campaignId/:type', ({ request }) => {
    calls.push({ path: 'list', url: new URL(request.url) });
    return HttpResponse.json({ data: { report_list: [], total: 0, page: 1, limit: 10 } });
  }),
  http.post('*/donation/start_filing/', async ({ request }) => {
    const body = await request.json();
    calls.push({ path: 'start', url: new URL(request.url), body });
    return HttpResponse.json({ data: { entries: [entry('filing_csmart'), entry('filing_check')] } }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

describe('Filings page', () => {
  it("shows the current period's check with links that fix each finding, and makes the files listed under Generated files", async () => {
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    const user = userEvent.setup();
    renderApp('/filings');
    const table = await screen.findByRole('table', { name: 'Pre-filing check' }, FIRST_RENDER);
    expect(screen.getByRole('heading', { level: 1, name: 'Filings' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Filing period' })).toHaveValue('nyc_cfb.2029.jul-2027');
    expect(calls.find((c) => c.path === 'check')!.url.searchParams.get('period_id')).toBe('nyc_cfb.2029.jul-2027');
    expect(screen.getByText(/12-01-2027 to 11-07-2027, due 15-07-2027/)).toBeInTheDocument();
    expect(await screen.findByText(/2 contributions, \$400\.00 in the file/)).toBeInTheDocument();
    const row = await within(table).findByRole('row', { name: /Bob Stone/ });
    expect(row).toHaveTextContent('Will be questioned');
    expect(row).toHaveTextContent('Missing employer and occupation (cycle total $150.00).');
    expect(within(row).getByRole('link', { name: 'Open Bob Stone' })).toHaveAttribute('href', `/donor-list/${BOB}`);
    // Generated files: the filing files of this campaign.
    await waitFor(() => expect(calls.some((c) => c.path === 'list' && c.url.pathname.endsWith('/filing'))).toBe(true));

    // Another period: checked again.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filing period' }), 'nyc_cfb.2029.jan-2028');
    await waitFor(() => expect(calls.filter((c) => c.path === 'check').at(-1)!.url.searchParams.get('period_id')).toBe('nyc_cfb.2029.jan-2028'));

    await user.click(screen.getByRole('button', { name: 'Make the file' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'start')?.body).toEqual({ campaign_id: campaignItem().campaign_id, regulator: 'nyc_cfb', period_id: 'nyc_cfb.2029.jan-2028' }));
    expect(await screen.findByText('July 2027 periodic - C-SMART Contribution Import - CSV File')).toBeInTheDocument();
    expect(screen.getByText('July 2027 periodic - Pre-filing Check (companion sheet) - CSV File')).toBeInTheDocument();
  });

  it('NYS BOE: offers the schedules\' format, lists the expenditure findings with the expenses page, and makes the schedules in the format chosen', async () => {
    const nysPeriods = filingPeriods('nys_boe', 2029);
    const nysPeriod = nysPeriods.find((p) => p.id === 'nys_boe.2029.jul-2027')!;
    const nysCheck: FilingCheckData = {
      regulator: 'nys_boe',
      period: nysPeriod,
      in_file_count: 3,
      in_file_cents: 60_000,
      rules: [],
      files: ['filing_nys_a', 'filing_nys_b', 'filing_nys_c', 'filing_nys_f', 'filing_check'],
      findings: [
        {
          rule_id: 'nys_boe.expenditure.other_schedule',
          kind: 'other_schedule',
          severity: 'question',
          message: 'A transfer out is reported on schedule H (Transfers Out), not on schedule F: it is not in the schedule F file.',
          detail: 'Transfer out of $500.00 to Friends of Lee: schedule H.',
          donation_id: null,
          expense_id: 'e0000000-0000-4000-8000-000000000001',
          donor_id: null,
          donor_name: 'Friends of Lee',
          date: '2027-03-01',
          amount_cents: 50_000,
          fix_path: '/expenses',
        },
      ],
    };
    server.use(
      http.get('*/donation/filing_periods/:campaignId', ({ request }) => {
        const url = new URL(request.url);
        calls.push({ path: 'periods', url });
        return HttpResponse.json({
          data: url.searchParams.get('regulator') === 'nys_boe' ? { regulator: 'nys_boe', election_cycle: '2029', periods: nysPeriods, current_period_id: nysPeriod.id } : periodsData,
        });
      }),
      http.get('*/donation/filing_check/:campaignId', ({ request }) => {
        const url = new URL(request.url);
        calls.push({ path: 'check', url });
        return HttpResponse.json({ data: url.searchParams.get('regulator') === 'nys_boe' ? nysCheck : checkData(url.searchParams.get('period_id')!) });
      }),
      http.post('*/donation/start_filing/', async ({ request }) => {
        const body = await request.json();
        calls.push({ path: 'start', url: new URL(request.url), body });
        return HttpResponse.json({ data: { entries: [{ ...entry('filing_nys_a'), type: 'filing_nys_a', format: 'xlsx', title: 'July 2027 periodic - NYS BOE Schedule A - XLSX File' }] } }, { status: 201 });
      }),
    );
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    const user = userEvent.setup();
    renderApp('/filings');
    await screen.findByRole('table', { name: 'Pre-filing check' }, FIRST_RENDER);
    // The NYC campaign's C-SMART file is CSV only: no format to choose.
    expect(screen.queryByRole('combobox', { name: "Schedules' format" })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Regulator' }), 'nys_boe');
    const table = screen.getByRole('table', { name: 'Pre-filing check' });
    const row = await within(table).findByRole('row', { name: /Friends of Lee/ }, FIRST_RENDER);
    expect(row).toHaveTextContent('Transfer out of $500.00 to Friends of Lee: schedule H.');
    expect(within(row).getByRole('link', { name: 'Expenses' })).toHaveAttribute('href', '/expenses');
    expect(screen.getByText(/Schedule A \(individuals & partnerships\), Schedule B \(corporations\), Schedule C \(all other contributors\), Schedule F \(expenditures\/payments\)/)).toBeInTheDocument();

    const format = screen.getByRole('combobox', { name: "Schedules' format" });
    expect(format).toHaveValue('csv');
    await user.selectOptions(format, 'xlsx');
    await user.click(screen.getByRole('button', { name: 'Make the file' }));
    await waitFor(() => expect(calls.find((c) => c.path === 'start')?.body).toEqual({ campaign_id: campaignItem().campaign_id, regulator: 'nys_boe', period_id: nysPeriod.id, format: 'xlsx' }));
    expect(await screen.findByText('July 2027 periodic - NYS BOE Schedule A - XLSX File')).toBeInTheDocument();
  });
});
