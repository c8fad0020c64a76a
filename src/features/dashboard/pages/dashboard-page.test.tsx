import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CycleStatsData, MonthlyStat, TotalStats } from '../../../../domain/donor-book/dashboard-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { DONATIONS_COUNTED, PLEDGED } from '../../../../domain/reports/figure-names';

vi.setConfig({ testTimeout: 30_000 });
/** The first render compiles the layout and page chunks (slow on a busy machine). */
const FIRST_RENDER = { timeout: 15_000 };

const TOTALS: TotalStats = {
  total_raised_cents: 1_234_550,
  total_pledged_cents: 2_000_000,
  outstanding_cents: 765_450,
  total_spent_cents: 300_025,
  cash_on_hand_cents: 934_525,
  donor_count: 42,
  donation_count: 57,
  matchable_cents: 410_000,
  public_funds_cents: 3_280_000,
};
const EMPTY_TOTALS: TotalStats = {
  total_raised_cents: 0,
  total_pledged_cents: 0,
  outstanding_cents: 0,
  total_spent_cents: 0,
  cash_on_hand_cents: 0,
  donor_count: 0,
  donation_count: 0,
  matchable_cents: 0,
  public_funds_cents: 0,
};
const MONTHS: MonthlyStat[] = ['2025-01', '2025-02', '2025-03'].map((month, i) => ({
  month,
  raised_cents: (i + 1) * 100_000,
  pledged_cents: (i + 1) * 150_000,
  spent_cents: i * 20_000,
}));
const CYCLE: CycleStatsData = {
  election_cycle: '2025',
  start_date: '2023-01-12',
  end_date: '2025-12-31',
  raised_cents: 1_000_000,
  spent_cents: 300_025,
  donors_at_limit: 3,
  by_contributor_type: [{ contributor_type: 'individual', raised_cents: 900_000, donor_count: 40 }],
  by_payment_method: [{ payment_method: 'card', raised_cents: 700_000 }],
};

let totals = TOTALS;
const monthlyQueries: string[] = [];
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/donation/dashboard/stats/total-stats/:id', () => HttpResponse.json({ data: totals })),
  http.get('*/donation/dashboard/stats/monthly-stats/:id', ({ request, params }) => {
    monthlyQueries.push(`${String(params.id)}?${new URL(request.url).searchParams.toString()}`);
    return HttpResponse.json({ data: { monthly_stats: MONTHS } });
  }),
  http.get('*/donation/dashboard/stats/cycle-stats/:id', () => HttpResponse.json({ data: CYCLE })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  totals = TOTALS;
  monthlyQueries.length = 0;
});
afterAll(() => server.close());

function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp('/dashboard');
}

describe('/dashboard', () => {
  it('shows the totals of total-stats as currency in labelled cards', async () => {
    open();
    const raised = await screen.findByRole('listitem', { name: 'Total raised' }, FIRST_RENDER);
    expect(raised).toHaveTextContent('$12,345.50');
    // Issue 33: each figure named for what it counts, as the reports name it (domain/reports/figure-names.ts).
    expect(raised).toHaveTextContent(`Net of refunds; 57 donations ${DONATIONS_COUNTED.unit}`);
    const pledged = screen.getByRole('listitem', { name: PLEDGED.label });
    expect(pledged).toHaveTextContent('$20,000.00');
    expect(pledged).toHaveTextContent(PLEDGED.hint);
    expect(screen.getByRole('listitem', { name: 'Outstanding' })).toHaveTextContent('$7,654.50');
    expect(screen.getByRole('listitem', { name: 'Spent' })).toHaveTextContent('$3,000.25');
    expect(screen.getByRole('listitem', { name: 'Cash on hand' })).toHaveTextContent('$9,345.25');
    expect(screen.getByRole('listitem', { name: 'Donors' })).toHaveTextContent('42');
    expect(screen.getByRole('listitem', { name: 'Matchable amount' })).toHaveTextContent('$4,100.00');
    expect(screen.getByRole('listitem', { name: 'Estimated public funds' })).toHaveTextContent('$32,800.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(monthlyQueries).toEqual([`${CAMPAIGN_A}?months=12`]);
  });

  it('renders the monthly chart as an image with every month, and its figures as a table', async () => {
    const user = userEvent.setup();
    open();
    const chart = await screen.findByRole('img', { name: /raised and spent per month.*January 2025 to March 2025/ }, FIRST_RENDER);
    for (const month of ['Jan', 'Feb', 'Mar']) expect(within(chart).getByText(month)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Raised, spent and pledged per month' });
    const march = within(table).getByRole('row', { name: /March 2025/ });
    expect(within(march).getAllByRole('cell').map((c) => c.textContent)).toEqual(['$3,000.00', '$400.00', '$4,500.00']);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the election cycle with its dates as DD-MM-YYYY and the splits', async () => {
    open();
    const cycle = await screen.findByRole('region', { name: 'Election cycle' }, FIRST_RENDER);
    expect(cycle).toHaveTextContent('Starts12-01-2023');
    expect(cycle).toHaveTextContent('Ends31-12-2025');
    expect(within(cycle).getByRole('table', { name: 'Raised by contributor type' })).toHaveTextContent('Individual Contributor');
    expect(within(cycle).getByRole('table', { name: 'Raised by payment method' })).toHaveTextContent('$7,000.00');
  });

  it('shows an empty state linking to the donor list when the campaign has no records', async () => {
    totals = EMPTY_TOTALS;
    open();
    const link = await screen.findByRole('link', { name: 'Add your first donor' }, FIRST_RENDER);
    expect(link).toHaveAttribute('href', '/donor-list');
    expect(screen.getByRole('heading', { name: 'No records yet' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows the catalogue text when a call fails', async () => {
    server.use(http.get('*/donation/dashboard/stats/cycle-stats/:id', () => HttpResponse.json({ code: 'FORBIDDEN', message: 'x' }, { status: 403 })));
    open();
    expect(await screen.findByRole('button', { name: 'Try again' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('alert')).not.toHaveTextContent('x');
  });
});
