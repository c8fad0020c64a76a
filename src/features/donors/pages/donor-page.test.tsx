import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { DonationRow, FollowUpCallRow, MetadataRow } from '../../../../domain/donor-book/api-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { DONATION_1, DONOR_1, DONOR_2, donationRow, donorDetail, donorRow, PLEDGE_1 } from '../test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

const LIMIT_REMAINING = 110000;
const TAG_1 = 'f0000000-0000-4000-8000-000000000001';
let resources: string[] = ALL_RESOURCES;
let donations: DonationRow[] = [];
let metadata: MetadataRow[] = [];
let calls: FollowUpCallRow[] = [];
const posts: { path: string; body: Record<string, unknown> }[] = [];
const deletes: string[] = [];

function metadataRow(overrides: Partial<MetadataRow> = {}): MetadataRow {
  return { metadata_id: TAG_1, donor_id: DONOR_1, kind: 'tag', value: 'vip', created_at: '2025-01-02T10:00:00Z', updated_at: '2025-01-02T10:00:00Z', created_by: null, ...overrides };
}

function callRow(overrides: Partial<FollowUpCallRow> = {}): FollowUpCallRow {
  return { call_id: 'c1', donor_id: DONOR_1, kind: 'call', outcome: 'promised_payment', channel: null, note: 'Will pay in June', next_call_date: '2025-06-01', created_at: '2025-05-01T10:00:00Z', created_by: { user_id: 'u', name: 'Jane Roe' }, ...overrides };
}

function reset() {
  resources = ALL_RESOURCES;
  calls = [callRow()];
  donations = [donationRow()];
  metadata = [metadataRow(), metadataRow({ metadata_id: 'f0000000-0000-4000-8000-000000000002', kind: 'note', value: 'Met at the gala', created_by: { user_id: 'u', name: 'Jane Roe' } })];
  posts.length = 0;
  deletes.length = 0;
}
reset();

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/donation/donor/get_donor/:campaignId/:donorId', ({ params }) => {
    if (params.donorId === DONOR_2) return HttpResponse.json({ data: donorDetail({ donor_id: DONOR_2, name: 'Bob Giver', pledges: [], next_payment: null }) });
    const paid = donations.filter((d) => !d.refunded_at).reduce((s, d) => s + d.paid_amount_cents, 0);
    return HttpResponse.json({
      data: donorDetail({
        paid_cents: paid,
        tags: metadata.filter((m) => m.kind === 'tag').map((m) => m.value),
        warnings: [{ code: 'CASH_OVER_100_NOT_MATCHABLE', rule: 'nyc_cfb.match.cash', message: 'Cash over $100 is not matchable.' }],
      }),
    });
  }),
  http.get('*/donation/list_donation/:campaignId', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    if (query.donor_id !== DONOR_1) return HttpResponse.json({ data: { donation_list: [], total: 0, page: 1, limit: 10, totals: { paid_amount_cents: 0, refunded_cents: 0, net_cents: 0 } } });
    const net = donations.filter((d) => !d.refunded_at).reduce((s, d) => s + d.paid_amount_cents, 0);
    return HttpResponse.json({ data: { donation_list: donations, total: donations.length, page: 1, limit: 10, totals: { paid_amount_cents: net, refunded_cents: 0, net_cents: net } } });
  }),
  http.get('*/donation/donor/list_donor_history/:campaignId', () =>
    HttpResponse.json({
      data: {
        donor_history_list: [{ event_id: 'h1', kind: 'pledge', date: '2025-02-01', donor_id: DONOR_1, donor_name: 'Ann Donor', amount_cents: 100000, payment_method: null, reference: null }],
        total: 1,
        page: 1,
        limit: 10,
      },
    }),
  ),
  http.get('*/donation/donor/list_follow_up_call/:campaignId', () => HttpResponse.json({ data: { follow_up_call_list: calls, total: calls.length, page: 1, limit: 10 } })),
  http.post('*/donation/donor/add_follow_up_call', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'add_follow_up_call', body });
    const row = callRow({ call_id: 'c2', outcome: body.outcome as FollowUpCallRow['outcome'], note: body.note as string | null, next_call_date: body.next_call_date as string | null, created_at: '2025-06-10T10:00:00Z' });
    calls = [row, ...calls];
    return HttpResponse.json({ data: row, message_code: 'CALL_LOGGED' }, { status: 201 });
  }),
  http.delete('*/donation/donor/delete_donor/:campaignId/:donorId', ({ params }) => {
    deletes.push(`donor:${String(params.donorId)}`);
    return HttpResponse.json({ data: { donor_id: params.donorId }, message_code: 'DONOR_DELETED' });
  }),
  http.get('*/donation/donor/list_metadata/:campaignId', () => HttpResponse.json({ data: { metadata_list: metadata, total: metadata.length, page: 1, limit: 500 } })),
  http.post('*/donation/donor/add_metadata', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'add_metadata', body });
    const row = metadataRow({ metadata_id: 'f0000000-0000-4000-8000-000000000009', kind: body.kind as 'tag', value: String(body.value) });
    metadata = [...metadata, row];
    return HttpResponse.json({ data: row, message_code: 'METADATA_ADDED' }, { status: 201 });
  }),
  http.delete('*/donation/donor/delete_metadata/:campaignId/:id', ({ params }) => {
    deletes.push(`metadata:${String(params.id)}`);
    metadata = metadata.filter((m) => m.metadata_id !== params.id);
    return HttpResponse.json({ data: null, message_code: 'METADATA_DELETED' });
  }),
  http.post('*/donation/add_donation', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'add_donation', body });
    if ((body.paid_amount_cents as number) > LIMIT_REMAINING) {
      return HttpResponse.json({ code: 'COMMITMENT_EXCEEDS_LIMIT', message: 'Commitment amount will exceed donation limit', details: { limit_cents: 210000 } }, { status: 422 });
    }
    const row = donationRow({ donation_id: 'e0000000-0000-4000-8000-000000000002', paying_date: String(body.paying_date), paid_amount_cents: body.paid_amount_cents as number, payment_method: 'cash', reference_number: null, pledge_id: null });
    donations = [row, ...donations];
    return HttpResponse.json({ data: { donation: row, warnings: [] }, message_code: 'DONATION_ADDED' }, { status: 201 });
  }),
  http.post('*/donation/refund_donation', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'refund_donation', body });
    donations = donations.map((d) => (d.donation_id === body.donation_id ? { ...d, refunded_at: String(body.refund_date), refund_reason: String(body.refund_reason) } : d));
    return HttpResponse.json({ data: donations[0], message_code: 'DONATION_REFUNDED' });
  }),
  http.post('*/donation/donor/add_pledge', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'add_pledge', body });
    return HttpResponse.json({ data: null, message_code: 'PLEDGE_ADDED' }, { status: 201 });
  }),
  http.delete('*/donation/donor/delete_pledge/:campaignId/:id', ({ params }) => {
    deletes.push(`pledge:${String(params.id)}`);
    return HttpResponse.json({ data: null, message_code: 'PLEDGE_DELETED' });
  }),
  http.get('*/donation/donor/list_donor/:campaignId', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search') ?? '';
    const all = [donorRow(), donorRow({ donor_id: DONOR_2, name: 'Bob Giver', donor_email: 'bob@example.org' })];
    const list = all.filter((d) => d.name.toLowerCase().includes(search.toLowerCase()));
    return HttpResponse.json({ data: { donor_list: list, total: list.length, page: 1, limit: 20 } });
  }),
  http.post('*/donation/donor/merge_donor', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'merge_donor', body });
    return HttpResponse.json({ data: donorRow({ donor_id: String(body.survivor_id) }), message_code: 'DONORS_MERGED' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => {
  server.resetHandlers();
  reset();
});
afterAll(() => server.close());

function open(donorId = DONOR_1) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(`/donor-list/${donorId}`);
}

async function donationsTable() {
  const table = await screen.findByRole('table', { name: 'Donations of Ann Donor' });
  await within(table).findByRole('rowheader', { name: '04-03-2025' });
  return table;
}

describe('/donor-list/:donorId', () => {
  it('shows contact details, figures and the tables', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ann Donor' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/Individual Contributor · Participant-Option A/)).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact details' });
    expect(within(contact).getByRole('link', { name: 'ann@example.org' })).toHaveAttribute('href', 'mailto:ann@example.org');
    expect(contact).toHaveTextContent('Brooklyn, New York 11201');
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect(figures).toHaveTextContent('Pledged$1,000.00');
    expect(figures).toHaveTextContent('Outstanding$750.00');
    expect(figures).toHaveTextContent('Estimated public funds$2,000.00');
    expect(within(figures).getByRole('meter', { name: 'Limit used' })).toHaveAttribute('aria-valuenow', '48');
    expect(figures).toHaveTextContent('Next payment: $750.00 due 01-06-2025');
    expect(figures).toHaveTextContent('Cash over $100 is not matchable.');

    const pledges = screen.getByRole('table', { name: 'Pledges of Ann Donor' });
    const pledgeRow = within(pledges).getByRole('rowheader', { name: '01-02-2025' }).closest('tr')!;
    expect(pledgeRow).toHaveTextContent('Partly paid');
    expect(pledgeRow).toHaveTextContent('$750.00');
    expect(pledgeRow).toHaveTextContent('01-06-2025');

    const table = await donationsTable();
    const row = within(table).getByRole('rowheader', { name: '04-03-2025' }).closest('tr')!;
    expect(row).toHaveTextContent('$250.00');
    expect(row).toHaveTextContent('Card');
    expect(row).toHaveTextContent('AUTH-1');
    expect(await screen.findByRole('table', { name: 'History of Ann Donor' })).toHaveTextContent('Pledge');
    expect(await screen.findByRole('table', { name: 'Calls and reminders of Ann Donor' })).toHaveTextContent('Promised to pay');
    expect(await screen.findByRole('list', { name: 'Tags' })).toHaveTextContent('vip');
    expect(await screen.findByText('Met at the gala')).toBeInTheDocument();
  });

  it('hides write actions without the write resources', async () => {
    resources = ['donor.read', 'donation.read'];
    open();
    await donationsTable();
    expect(screen.queryByRole('button', { name: 'Edit donor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record a donation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record a pledge' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add tag' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete donor' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log call' })).toBeNull();
  });

  it('shows the calls without Log call to a role that may read calls but not log them', async () => {
    resources = ['donor.read', 'follow_up.read'];
    open();
    const callsTable = await screen.findByRole('table', { name: 'Calls and reminders of Ann Donor' });
    expect(await within(callsTable).findByText('Will pay in June')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log call' })).toBeNull();
  });

  it('deletes the donor after confirmation, then shows the donor list with a success toast', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Delete donor' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete Ann Donor?' });
    expect(confirm).toHaveTextContent('This cannot be undone');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete donor' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete Ann Donor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Donor deleted successfully')).toBeInTheDocument();
    expect(deletes).toEqual([`donor:${DONOR_1}`]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor-list'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Donor List' })).toBeInTheDocument();
  });

  it("a refused delete keeps the dialog open with the server's catalogue message; only Cancel is left", async () => {
    server.use(
      http.delete('*/donation/donor/delete_donor/:campaignId/:donorId', () => HttpResponse.json({ code: 'DONOR_HAS_RECORDS', message: 'server words' }, { status: 409 })),
    );
    const user = userEvent.setup();
    const { router } = open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Delete donor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Ann Donor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('This donor has pledges or donations; merge the donor instead of deleting');
    expect(alert).toHaveTextContent('use Merge with… to move their pledges and donations');
    expect(screen.queryByText('server words')).toBeNull();
    expect(within(confirm).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(router.state.location.pathname).toBe(`/donor-list/${DONOR_1}`);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again, the dialog starts afresh.
    await user.click(screen.getByRole('button', { name: 'Delete donor' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Ann Donor?' });
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(within(again).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('logs a call from the donor page; the calls table shows it', async () => {
    const user = userEvent.setup();
    open();
    const callsTable = await screen.findByRole('table', { name: 'Calls and reminders of Ann Donor' });
    await within(callsTable).findByText('Will pay in June');
    await user.click(screen.getByRole('button', { name: 'Log call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call: Ann Donor' });
    expect(within(dialog).getByRole('link', { name: '5551234567' })).toHaveAttribute('href', 'tel:5551234567');
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await within(dialog).findByText('Call outcome is required')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText(/Outcome/), 'left_message');
    await user.type(within(dialog).getByLabelText('Note'), ' Call back after the holidays ');
    await user.type(within(dialog).getByLabelText('Next call date'), '05-01-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('Call logged successfully')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: 'add_follow_up_call',
        body: { campaign_id: CAMPAIGN_A, donor_id: DONOR_1, outcome: 'left_message', note: 'Call back after the holidays', next_call_date: '2026-01-05' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(callsTable).findByText('Call back after the holidays')).toBeInTheDocument();
    expect(within(callsTable).getAllByRole('row')).toHaveLength(3);
  });

  it('records a donation; a 422 limit answer shows the catalogue message and nothing is added', async () => {
    const user = userEvent.setup();
    open();
    const table = await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    // The only open pledge is chosen by default.
    expect(within(dialog).getByLabelText('Pledge it pays')).toHaveValue(PLEDGE_1);
    await user.selectOptions(within(dialog).getByLabelText('Pledge it pays'), '');
    await user.type(within(dialog).getByLabelText(/Amount/), '1500');
    expect(within(dialog).getByText(/over what the donor may still give/)).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await within(dialog).findByText('Commitment amount will exceed donation limit')).toBeInTheDocument();
    expect(posts.at(-1)?.body).toMatchObject({ campaign_id: CAMPAIGN_A, donor_id: DONOR_1, paid_amount_cents: 150000, payment_method: 'cash', pledge_id: null });
    expect(within(table).getAllByRole('rowheader')).toHaveLength(1);
    // The alert holds the focus, so Escape still reaches the dialog: typed data asks before closing.
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: /Are you sure/ });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));

    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a donation' })).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(2));
  });

  it('validates the donation form before sending', async () => {
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Payment method is required')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('refunds a donation with a date and a reason', async () => {
    const user = userEvent.setup();
    open();
    const table = await donationsTable();
    await user.click(within(table).getByRole('button', { name: 'Refund donation of 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Refund date/));
    await user.type(within(dialog).getByLabelText(/Refund date/), '10-03-2025');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Asked for it back');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Donation refunded')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({ path: 'refund_donation', body: { campaign_id: CAMPAIGN_A, donation_id: DONATION_1, refund_date: '2025-03-10', refund_reason: 'Asked for it back' } });
    expect(await within(table).findByText('Refunded 10-03-2025')).toBeInTheDocument();
  });

  it('records a pledge with an instalment schedule that must add up', async () => {
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a pledge' });
    const date = within(dialog).getByLabelText(/Commitment date/);
    await user.clear(date);
    await user.type(date, '01-01-2025');
    await user.type(within(dialog).getByLabelText(/Commitment amount/), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Add instalment' }));
    // The first instalment is prefilled with the whole amount, a month later.
    expect(within(dialog).getByLabelText(/Due date 1/)).toHaveValue('01-02-2025');
    expect(within(dialog).getByLabelText(/Amount 1/)).toHaveValue('300.00');
    await user.clear(within(dialog).getByLabelText(/Amount 1/));
    await user.type(within(dialog).getByLabelText(/Amount 1/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Add instalment' }));
    expect(within(dialog).getByLabelText(/Due date 2/)).toHaveValue('01-03-2025');
    await user.clear(within(dialog).getByLabelText(/Amount 2/));
    await user.type(within(dialog).getByLabelText(/Amount 2/), '150');
    expect(within(dialog).getByText('$50.00 left to schedule')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save pledge' }));
    expect(await within(dialog).findByText('Instalments must add up to the commitment amount')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/Amount 2/));
    await user.type(within(dialog).getByLabelText(/Amount 2/), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Save pledge' }));
    expect(await screen.findByText('Pledge added successfully')).toBeInTheDocument();
    expect(posts[0]).toEqual({
      path: 'add_pledge',
      body: {
        campaign_id: CAMPAIGN_A,
        donor_id: DONOR_1,
        commitment_date: '2025-01-01',
        commitment_amount_cents: 30000,
        recipient: null,
        note: null,
        instalments: [
          { due_date: '2025-02-01', amount_cents: 10000 },
          { due_date: '2025-03-01', amount_cents: 20000 },
        ],
      },
    });
  });

  it('deletes a pledge after confirmation', async () => {
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Delete pledge of 01-02-2025' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this pledge?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Pledge deleted successfully')).toBeInTheDocument();
    expect(deletes).toEqual([`pledge:${PLEDGE_1}`]);
  });

  it('adds and removes tags', async () => {
    const user = userEvent.setup();
    open();
    const tags = await screen.findByRole('list', { name: 'Tags' });
    const form = screen.getByRole('form', { name: 'Add tag' });
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await within(form).findByText('Please enter a tag or a note')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('New tag'), 'gala 2025');
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await within(tags).findByText('gala 2025')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({ path: 'add_metadata', body: { campaign_id: CAMPAIGN_A, donor_id: DONOR_1, kind: 'tag', value: 'gala 2025' } });
    expect(within(form).getByLabelText('New tag')).toHaveValue('');

    await user.click(within(tags).getByRole('button', { name: 'Remove tag vip' }));
    await waitFor(() => expect(within(tags).queryByText('vip')).toBeNull());
    expect(deletes).toEqual([`metadata:${TAG_1}`]);
  });

  it('merges a duplicate and opens the survivor', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicate donors' });
    const picker = within(dialog).getByRole('combobox', { name: 'Duplicate donor' });
    await user.type(picker, 'Bob');
    await user.click(await within(dialog).findByText('Bob Giver (bob@example.org · 5551234567)'));
    expect(within(dialog).getByRole('region', { name: 'Keep: Ann Donor' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Merged into it, then deleted: Bob Giver' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the other one instead' }));
    expect(within(dialog).getByRole('region', { name: 'Keep: Bob Giver' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Merge donors' }));
    expect(await screen.findByText('Donors merged successfully')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({ path: 'merge_donor', body: { campaign_id: CAMPAIGN_A, survivor_id: DONOR_2, duplicate_id: DONOR_1 } });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/donor-list/${DONOR_2}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Giver' })).toBeInTheDocument();
  });

  it('shows a missing donor', async () => {
    server.use(http.get('*/donation/donor/get_donor/:campaignId/:donorId', () => HttpResponse.json({ code: 'DONOR_NOT_FOUND', message: 'Donor not found' }, { status: 404 })));
    open();
    expect(await screen.findByText(/does not exist or was merged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Donor List' })).toHaveAttribute('href', '/donor-list');
  });
});
