import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, CAMPAIGN_B, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { DONOR_1, DONOR_2, donorRow } from '../test-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let resources: string[] = ALL_RESOURCES;
let donors = [donorRow(), donorRow({ donor_id: DONOR_2, name: 'Bob Giver', donor_email: null, donor_phone: '+442071838750', aggregate_cents: 250000, paid_cents: 250000, outstanding_cents: 0, last_donation_date: null })];
let total = 60;
/** The campaign's cycle the list answers with (null: none). */
let listCycle: { value: string; start_date: string; end_date: string } | null = null;
const listQueries: Record<string, string>[] = [];
const posts: { path: string; body: unknown }[] = [];

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/donation/donor/list_donor/:campaignId', ({ request, params }) => {
    expect(params.campaignId).toBe(CAMPAIGN_A);
    const query = Object.fromEntries(new URL(request.url).searchParams);
    listQueries.push(query);
    return HttpResponse.json({ data: { donor_list: donors, total, page: Number(query.page), limit: Number(query.limit), cycle: listCycle } });
  }),
  http.get('*/campaign/list_election_cycle/:id', ({ params }) => {
    expect(params.id).toBe(CAMPAIGN_A);
    return HttpResponse.json({
      data: {
        election_cycle_list: [
          { value: '2025', label: '2025 (2022–2025)', start_date: '2022-01-01', end_date: '2025-12-31' },
          { value: '2029', label: '2029 (2026–2029)', start_date: '2026-01-01', end_date: '2029-12-31' },
        ],
      },
    });
  }),
  http.get('*/donation/donor/list_donor_tags/:campaignId', () => HttpResponse.json({ data: { tag_list: ['vip', 'gala'] } })),
  http.post('*/donation/donor/add_donor', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'add_donor', body });
    if (body.name === 'Ann Donor') {
      return HttpResponse.json({ code: 'DONOR_ALREADY_EXISTS', message: 'Donor already exist', details: { donor_id: DONOR_1 } }, { status: 409 });
    }
    return HttpResponse.json({ data: donorRow({ donor_id: DONOR_2, name: String(body.name) }), message_code: 'DONOR_ADDED' }, { status: 201 });
  }),
  http.get('*/donation/donor/get_donor/:campaignId/:donorId', () => HttpResponse.json({ code: 'DONOR_NOT_FOUND', message: 'Donor not found' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  listQueries.length = 0;
  posts.length = 0;
  resources = ALL_RESOURCES;
  total = 60;
  listCycle = null;
  donors = [donorRow(), donorRow({ donor_id: DONOR_2, name: 'Bob Giver', donor_email: null, donor_phone: '+442071838750', aggregate_cents: 250000, paid_cents: 250000, outstanding_cents: 0, last_donation_date: null })];
});
afterAll(() => server.close());

function open(path = '/donor-list') {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

async function table() {
  // The first render of a run may compile the page and its layout: allow for a cold start, like the other page tests.
  const t = await screen.findByRole('table', { name: 'Donors' }, { timeout: 15_000 });
  await within(t).findByRole('rowheader', { name: /Ann Donor/ });
  return t;
}

describe('/donor-list', () => {
  it('renders the donors with figures, the context line and the Add donor action', async () => {
    open();
    const t = await table();
    expect(screen.getByRole('heading', { level: 1, name: 'Donor List' })).toBeInTheDocument();
    expect(screen.getByText('60 donors in Friends of Demo')).toBeInTheDocument();
    const ann = within(t).getByRole('rowheader', { name: /Ann Donor/ }).closest('tr')!;
    expect(within(ann).getByRole('link', { name: 'Ann Donor' })).toHaveAttribute('href', `/donor-list/${DONOR_1}`);
    expect(ann).toHaveTextContent('Individual Contributor');
    expect(ann).toHaveTextContent('Participant-Option A');
    expect(ann).toHaveTextContent('$250.00');
    expect(ann).toHaveTextContent('$750.00');
    expect(ann).toHaveTextContent('$1,000.00 / $2,100.00');
    expect(ann).toHaveTextContent('04-03-2025');
    // Phones as people write them (issue 33.14), not the stored digits.
    expect(ann).toHaveTextContent('ann@example.org · (718) 555-0102');
    expect(ann).not.toHaveTextContent('7185550102');
    const bob = within(t).getByRole('rowheader', { name: /Bob Giver/ }).closest('tr')!;
    expect(bob).toHaveTextContent('+44 20 7183 8750');
    expect(bob).toHaveTextContent('(Over the limit)');
    expect(screen.getByRole('button', { name: 'Add donor' })).toBeInTheDocument();
    expect(listQueries[0]).toEqual({ page: '1', limit: '25', sort: 'name' });
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 1 of 3');
  });

  it('pages, sorts and filters through the request query and the URL', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await table();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '2', limit: '25', sort: 'name' }));
    expect(router.state.location.search).toBe('?page=2');

    await user.click(screen.getByRole('button', { name: /Paid/ }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: '-paid_cents' }));
    expect(screen.getByRole('columnheader', { name: /Paid/ })).toHaveAttribute('aria-sort', 'descending');

    await user.selectOptions(screen.getByLabelText('Contributor type'), 'individual');
    await user.selectOptions(screen.getByLabelText('Balance'), 'outstanding');
    await user.selectOptions(await screen.findByLabelText('Tag'), 'vip');
    await waitFor(() =>
      expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: '-paid_cents', contributor_type: 'individual', balance: 'outstanding', tag: 'vip' }),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search donors' }), 'ann');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ search: 'ann', tag: 'vip' }));
    expect(router.state.location.search).toBe('?search=ann&contributor_type=individual&tag=vip&balance=outstanding&sort=-paid_cents');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ limit: '50', page: '1' }));

    // Back restores the previous query.
    await router.navigate(-1);
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ limit: '25', search: 'ann' }));
  });

  it('sorts by contributor type and by eligibility on the server; Limit used is not a sort', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await table();
    await user.click(screen.getByRole('button', { name: /Contributor type/ }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: 'contributor_type' }));
    expect(screen.getByRole('columnheader', { name: /Contributor type/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Contributor type/ }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: '-contributor_type' }));
    expect(screen.getByRole('columnheader', { name: /Contributor type/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /Eligibility/ }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: 'eligibility' }));
    expect(screen.getByRole('columnheader', { name: /Eligibility/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Contributor type/ })).toHaveAttribute('aria-sort', 'none');
    expect(router.state.location.search).toBe('?sort=eligibility');
    expect(within(screen.getByRole('columnheader', { name: 'Limit used' })).queryByRole('button')).toBeNull();
  });

  it('reads a contributor type or eligibility sort from the URL', async () => {
    open('/donor-list?sort=-eligibility');
    await table();
    expect(listQueries[0]).toEqual({ page: '1', limit: '25', sort: '-eligibility' });
    expect(screen.getByRole('columnheader', { name: /Eligibility/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reads its state from the URL on load', async () => {
    open('/donor-list?eligibility=np&page=2&sort=-outstanding_cents');
    await table();
    expect(listQueries[0]).toEqual({ page: '2', limit: '25', sort: '-outstanding_cents', eligibility: 'np' });
    expect(screen.getByLabelText('Eligibility')).toHaveValue('np');
  });

  it("labels the money columns with the campaign's cycle and shows all-time paid", async () => {
    listCycle = { value: '2029', start_date: '2026-01-01', end_date: '2029-12-31' };
    donors = [donorRow({ paid_cents: 25000, all_time_paid_cents: 95000 })];
    open();
    const t = await table();
    expect(within(t).getByRole('columnheader', { name: 'Paid (2029 cycle)' })).toBeInTheDocument();
    expect(within(t).getByRole('columnheader', { name: 'Outstanding (2029 cycle)' })).toBeInTheDocument();
    expect(within(t).getByRole('columnheader', { name: 'Limit used (2029 cycle)' })).toBeInTheDocument();
    const headers = within(t).getAllByRole('columnheader').map((th) => th.textContent);
    const ann = within(t).getByRole('rowheader', { name: /Ann Donor/ }).closest('tr')!;
    const cells = [...ann.children].map((cell) => cell.textContent);
    expect(cells[headers.indexOf('All time paid')]).toBe('$950.00');
    // A sortable header's text ends with its (hidden) sort arrow.
    expect(cells[headers.findIndex((h) => h?.startsWith('Paid (2029 cycle)'))]).toBe('$250.00');
  });

  it("filters by one of the campaign's cycles, sending cycle and keeping it in the URL", async () => {
    const user = userEvent.setup();
    const { router } = open();
    await table();
    const select = screen.getByLabelText('Cycle');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Any cycle', '2025 (2022–2025)', '2029 (2026–2029)']));
    expect(listQueries.at(-1)).not.toHaveProperty('cycle');
    await user.selectOptions(select, '2025');
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: 'name', cycle: '2025' }));
    expect(router.state.location.search).toBe('?cycle=2025');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listQueries.at(-1)).toEqual({ page: '1', limit: '25', sort: 'name' }));
    expect(screen.getByLabelText('Cycle')).toHaveValue('');
  });

  it('reads the cycle filter from the URL on load', async () => {
    open('/donor-list?cycle=2029');
    await table();
    expect(listQueries[0]).toEqual({ page: '1', limit: '25', sort: 'name', cycle: '2029' });
    await waitFor(() => expect(screen.getByLabelText('Cycle')).toHaveValue('2029'));
  });

  it("choosing another campaign empties the table at once: never the last campaign's donors while the next load (SPEC §4)", async () => {
    let releaseA: () => void = () => undefined;
    const asked: string[] = [];
    server.use(
      http.get('*/campaign/list_campaign/:userId', () =>
        HttpResponse.json({ data: { campaign_list: [campaignItem(), campaignItem({ campaign_id: CAMPAIGN_B, campaign_name: 'Other Campaign', slug: 'other-campaign' })], total: 2, page: 1, limit: 500 } }),
      ),
      http.get('*/donation/donor/list_donor/:campaignId', ({ request, params }) => {
        const page = new URL(request.url).searchParams.get('page');
        asked.push(`${String(params.campaignId)}#${page}`);
        if (params.campaignId === CAMPAIGN_B) return HttpResponse.json({ data: { donor_list: [donorRow({ donor_id: DONOR_2, name: `Zoe Other ${page}` })], total: 60, page: Number(page), limit: 25, cycle: null } });
        const answer = HttpResponse.json({ data: { donor_list: donors, total, page: Number(page), limit: 25, cycle: null } });
        // Campaign A's second page is held until the test has looked at the table.
        return page === '2' ? new Promise<Response>((resolve) => (releaseA = () => resolve(answer))) : answer;
      }),
      http.get('*/campaign/list_election_cycle/:id', () => HttpResponse.json({ data: { election_cycle_list: [] } })),
    );
    const user = userEvent.setup();
    open();
    const picker = await screen.findByRole('combobox', { name: 'Select a campaign' }, { timeout: 15_000 });
    await user.type(picker, 'Friends');
    await user.keyboard('{Enter}');
    await table();
    await user.type(picker, 'Other');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('rowheader', { name: /Zoe Other 1/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: /Zoe Other 2/ })).toBeInTheDocument();
    // Back to the first campaign, on the same page of the list: its answer is not there yet.
    await user.type(picker, 'Friends');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked).toContain(`${CAMPAIGN_A}#2`));
    expect(screen.queryByRole('rowheader', { name: /Zoe Other/ })).toBeNull();
    releaseA();
    expect(await screen.findByRole('rowheader', { name: /Ann Donor/ })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /Zoe Other/ })).toBeNull();
  });

  it('shows the empty state with Add your first donor; no write actions without donor.write', async () => {
    const user = userEvent.setup();
    donors = [];
    total = 0;
    open();
    const add = await screen.findByRole('button', { name: 'Add your first donor' });
    expect(screen.getByText(/No donors yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a list' })).toHaveAttribute('href', '/bulk-history');
    await user.click(add);
    expect(await screen.findByRole('dialog', { name: 'Add donor' })).toBeInTheDocument();
  });

  it('hides Add donor without donor.write', async () => {
    resources = ALL_RESOURCES.filter((r) => r !== 'donor.write');
    donors = [];
    total = 0;
    open();
    expect(await screen.findByText(/No donors yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add donor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add your first donor' })).toBeNull();
  });

  it('offers Upload a list only with upload.write', async () => {
    resources = ALL_RESOURCES.filter((r) => r !== 'upload.write');
    donors = [];
    total = 0;
    open();
    expect(await screen.findByRole('button', { name: 'Add your first donor' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload a list' })).toBeNull();
  });

  it('validates the add donor form, then adds the donor', async () => {
    const user = userEvent.setup();
    open();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add donor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add donor' });
    await user.type(within(dialog).getByLabelText(/E-mail/), 'not-an-email');
    await user.type(within(dialog).getByLabelText(/Phone/), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Save donor' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Contributor type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Name/), 'Carol New');
    await user.selectOptions(within(dialog).getByLabelText(/Contributor type/), 'individual');
    await user.clear(within(dialog).getByLabelText(/E-mail/));
    await user.clear(within(dialog).getByLabelText(/Phone/));
    await user.selectOptions(within(dialog).getByLabelText('State'), 'california');
    await user.selectOptions(within(dialog).getByLabelText('District'), 'california_12');
    await user.click(within(dialog).getByRole('button', { name: 'Save donor' }));
    expect(await screen.findByText('Donor added successfully')).toBeInTheDocument();
    expect(posts[0].body).toMatchObject({ campaign_id: CAMPAIGN_A, name: 'Carol New', contributor_type: 'individual', donor_email: null, state: 'california', district: 'california_12', country: 'US', eligibility: 'un' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add donor' })).toBeNull());
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(1));
  });

  it('an international donor must be an individual', async () => {
    const user = userEvent.setup();
    open();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add donor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add donor' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Dora Abroad');
    await user.selectOptions(within(dialog).getByLabelText(/Contributor type/), 'party_committee');
    await user.selectOptions(within(dialog).getByLabelText('Country'), 'CA');
    expect(within(dialog).queryByLabelText('State')).toBeNull();
    expect(within(dialog).getByLabelText('Postal code')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save donor' }));
    expect(await within(dialog).findByText('International donor can only be an Individual Contributor type')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('shows a 409 duplicate with a link to the existing donor', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add donor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add donor' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Ann Donor');
    await user.selectOptions(within(dialog).getByLabelText(/Contributor type/), 'individual');
    await user.click(within(dialog).getByRole('button', { name: 'Save donor' }));
    expect(await within(dialog).findByText('Donor already exist')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Open the existing donor' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/donor-list/${DONOR_1}`));
  });

  it('ignores Escape (SPEC §2 static modal); closing with typed data asks first', async () => {
    const user = userEvent.setup();
    open();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add donor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add donor' });
    await user.type(within(dialog).getByLabelText(/Name/), 'Half typed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: /Are you sure/ })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Add donor' })).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    const ask = await screen.findByRole('dialog', { name: /Are you sure/ });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('Half typed');
  });

  describe('Doing Business Database extract', () => {
    const EXTRACT = 'Name,Address,ZIP\nAnn Donor,1 Main St,10001\nBob Giver,9 Court St,10007\nZed Nobody,5 Elm St,10010\n';
    const MATCHES = [
      { row_number: 2, extract_name: 'Ann Donor', extract_address: '1 Main St', extract_zip: '10001', donor_id: DONOR_1, donor_name: 'Ann Donor', donor_address: '1 Main Street', donor_zip: '10001', matched_by: 'name_zip', already_marked: false },
      { row_number: 3, extract_name: 'Bob Giver', extract_address: '9 Court St', extract_zip: '10007', donor_id: DONOR_2, donor_name: 'Bob Giver', donor_address: '9 Court St', donor_zip: '11201', matched_by: 'name_address', already_marked: false },
    ];

    function extractHandlers(review: () => Response | Promise<Response>) {
      server.use(
        http.post('*/donation/donor/review_doing_business', async ({ request }) => {
          posts.push({ path: 'review_doing_business', body: await request.json() });
          return review();
        }),
        http.post('*/donation/donor/apply_doing_business', async ({ request }) => {
          const body = (await request.json()) as { donor_ids: string[] };
          posts.push({ path: 'apply_doing_business', body });
          return HttpResponse.json({ data: { marked: body.donor_ids.length, already_marked: 0 } });
        }),
      );
    }

    it('uploads the extract, shows each match and why, marks only the ticked donors and lists them', async () => {
      const user = userEvent.setup();
      extractHandlers(() => HttpResponse.json({ data: { rows: 3, unmatched_rows: 1, matches: MATCHES } }));
      open();
      await table();
      const listsBefore = listQueries.length;
      await user.click(screen.getByRole('button', { name: 'Doing Business Database' }));
      const dialog = await screen.findByRole('dialog', { name: 'Doing Business Database extract' });
      expect(within(dialog).getByRole('button', { name: 'Review matches' })).toBeDisabled();
      await user.upload(within(dialog).getByLabelText('Extract file (CSV)'), new File([EXTRACT], 'dbd.csv', { type: 'text/csv' }));
      await user.click(within(dialog).getByRole('button', { name: 'Review matches' }));

      const matches = await within(dialog).findByRole('table', { name: 'Extract rows that match a donor' });
      // The file's text goes to the review of this campaign; nothing is marked yet.
      expect(posts).toEqual([{ path: 'review_doing_business', body: { campaign_id: CAMPAIGN_A, file_text: EXTRACT } }]);
      expect(within(dialog).getByText('3 rows read; 2 matches with donors of this campaign; rows that matched no donor: 1.')).toBeInTheDocument();
      const ann = within(matches).getByRole('rowheader', { name: /Ann Donor/ }).closest('tr')!;
      expect(ann).toHaveTextContent('Row 2: Ann Donor');
      expect(ann).toHaveTextContent('1 Main St, 10001');
      expect(ann).toHaveTextContent('1 Main Street, 10001');
      expect(ann).toHaveTextContent('Same name and ZIP');
      expect(ann).toHaveTextContent('Not marked');
      const bob = within(matches).getByRole('rowheader', { name: /Bob Giver/ }).closest('tr')!;
      expect(bob).toHaveTextContent('Same name and street address');

      const confirm = within(dialog).getByRole('button', { name: 'Mark 0 donors' });
      expect(confirm).toBeDisabled();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Mark Bob Giver (extract row 3)' }));
      await user.click(within(dialog).getByRole('button', { name: 'Mark 1 donor' }));

      expect(await screen.findByText('1 donor marked as doing business with the City')).toBeInTheDocument();
      expect(posts[1]).toEqual({ path: 'apply_doing_business', body: { campaign_id: CAMPAIGN_A, donor_ids: [DONOR_2] } });
      expect(posts).toHaveLength(2);
      expect(within(dialog).getByText('1 donor is now marked as doing business with the City: lower limit, not matchable.')).toBeInTheDocument();
      const marked = within(dialog).getByRole('list', { name: 'Donors marked' });
      expect(within(marked).getAllByRole('listitem')).toHaveLength(1);
      expect(within(marked).getByRole('link', { name: 'Bob Giver' })).toHaveAttribute('href', `/donor-list/${DONOR_2}`);
      // The list is read again (its limits changed).
      await waitFor(() => expect(listQueries.length).toBeGreaterThan(listsBefore));
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Doing Business Database extract' })).toBeNull());
    });

    it('an already marked donor cannot be ticked again', async () => {
      const user = userEvent.setup();
      extractHandlers(() => HttpResponse.json({ data: { rows: 1, unmatched_rows: 0, matches: [{ ...MATCHES[0], already_marked: true }] } }));
      open();
      await table();
      await user.click(screen.getByRole('button', { name: 'Doing Business Database' }));
      const dialog = await screen.findByRole('dialog', { name: 'Doing Business Database extract' });
      await user.upload(within(dialog).getByLabelText('Extract file (CSV)'), new File([EXTRACT], 'dbd.csv', { type: 'text/csv' }));
      await user.click(within(dialog).getByRole('button', { name: 'Review matches' }));
      const box = await within(dialog).findByRole('checkbox', { name: 'Ann Donor is already marked' });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
      expect(within(dialog).getByText('Already marked')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Mark 0 donors' })).toBeDisabled();
    });

    it("shows the server's reason when the file is not an extract, and marks nothing", async () => {
      const user = userEvent.setup();
      extractHandlers(() =>
        HttpResponse.json(
          { code: 'DOING_BUSINESS_FILE_INVALID', message: 'This file cannot be read as a Doing Business Database extract', details: { reason: 'No name column.' } },
          { status: 400 },
        ),
      );
      open();
      await table();
      await user.click(screen.getByRole('button', { name: 'Doing Business Database' }));
      const dialog = await screen.findByRole('dialog', { name: 'Doing Business Database extract' });
      await user.upload(within(dialog).getByLabelText('Extract file (CSV)'), new File(['Amount\n5\n'], 'other.csv', { type: 'text/csv' }));
      await user.click(within(dialog).getByRole('button', { name: 'Review matches' }));
      expect(await within(dialog).findByText('This file cannot be read as a Doing Business Database extract: No name column.')).toBeInTheDocument();
      expect(within(dialog).queryByRole('table')).toBeNull();
      expect(posts.map((p) => p.path)).toEqual(['review_doing_business']);
    });

    it('is not offered without donor.write', async () => {
      resources = ALL_RESOURCES.filter((r) => r !== 'donor.write');
      open();
      await table();
      expect(screen.queryByRole('button', { name: 'Doing Business Database' })).toBeNull();
    });
  });
});
