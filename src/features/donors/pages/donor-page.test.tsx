import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { DonationRow } from '../../../../domain/donor-book/donations-contract';
import type { FollowUpCallRow } from '../../../../domain/donor-book/follow-up-contract';
import type { MetadataRow } from '../../../../domain/donor-book/tags-notes-contract';
import type { PaymentMethod } from '../../../../domain/donor-book/enums';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { DONATION_1, DONOR_1, DONOR_2, donationRow, donorDetail, donorRow, PLEDGE_1, pledgeRow as pledgeFixture, refundRow } from '../test-fixtures';
import { PLEDGED } from '../../../../domain/reports/figure-names';

vi.setConfig({ testTimeout: 30_000 });

const LIMIT_REMAINING = 110000;
const TAG_1 = 'f0000000-0000-4000-8000-000000000001';
let resources: string[] = ALL_RESOURCES;
let donations: DonationRow[] = [];
let metadata: MetadataRow[] = [];
let calls: FollowUpCallRow[] = [];
/** Overrides of the donor page's figures (e.g. over the limit). */
let detailOverrides: Parameters<typeof donorDetail>[0] = {};
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
  detailOverrides = {};
  posts.length = 0;
  deletes.length = 0;
}

/** The mock server's refund: part of what remains (default all of it), listed under the donation. */
function refund(d: DonationRow, body: Record<string, unknown>): DonationRow {
  const amount = typeof body.refund_amount_cents === 'number' ? body.refund_amount_cents : d.paid_amount_cents - d.refunded_cents;
  const r = refundRow({ refund_id: `b-${d.refunds.length + 1}`, amount_cents: amount, refund_date: String(body.refund_date), reason: String(body.refund_reason) });
  const refunded = d.refunded_cents + amount;
  return { ...d, refunded_cents: refunded, net_amount_cents: d.paid_amount_cents - refunded, refunded_at: r.refund_date, refund_reason: r.reason, refunds: [...d.refunds, r] };
}
reset();

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/donation/donor/get_donor/:campaignId/:donorId', ({ params }) => {
    if (params.donorId === DONOR_2) return HttpResponse.json({ data: donorDetail({ donor_id: DONOR_2, name: 'Bob Giver', pledges: [], next_payment: null }) });
    const paid = donations.reduce((s, d) => s + d.net_amount_cents, 0);
    return HttpResponse.json({
      data: donorDetail({
        paid_cents: paid,
        tags: metadata.filter((m) => m.kind === 'tag').map((m) => m.value),
        warnings: [{ code: 'CASH_OVER_100_NOT_MATCHABLE', rule: 'nyc_cfb.match.cash', message: 'Cash over $100 is not matchable.' }],
        ...detailOverrides,
      }),
    });
  }),
  http.get('*/donation/list_donation/:campaignId', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    if (query.donor_id !== DONOR_1) return HttpResponse.json({ data: { donation_list: [], total: 0, page: 1, limit: 10, totals: { paid_amount_cents: 0, refunded_cents: 0, net_cents: 0 } } });
    const paid = donations.reduce((s, d) => s + d.paid_amount_cents, 0);
    const refunded = donations.reduce((s, d) => s + d.refunded_cents, 0);
    return HttpResponse.json({ data: { donation_list: donations, total: donations.length, page: 1, limit: 10, totals: { paid_amount_cents: paid, refunded_cents: refunded, net_cents: paid - refunded } } });
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
    const row = donationRow({
      // A new id per gift, as the server gives (two gifts in one test are two rows).
      donation_id: `e0000000-0000-4000-8000-${String(1 + donations.length).padStart(12, '0')}`,
      paying_date: String(body.paying_date),
      paid_amount_cents: body.paid_amount_cents as number,
      net_amount_cents: body.paid_amount_cents as number,
      payment_method: body.payment_method as PaymentMethod,
      check_number: (body.check_number as string | null) ?? null,
      reference_number: null,
      pledge_id: null,
    });
    donations = [row, ...donations];
    return HttpResponse.json({ data: { donation: row, warnings: [] }, message_code: 'DONATION_ADDED' }, { status: 201 });
  }),
  http.post('*/donation/refund_donation', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'refund_donation', body });
    donations = donations.map((d) => (d.donation_id === body.donation_id ? refund(d, body) : d));
    return HttpResponse.json({ data: donations[0], message_code: 'DONATION_REFUNDED' });
  }),
  http.post('*/payment/refund', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'payment/refund', body });
    donations = donations.map((d) => (d.donation_id === body.donation_id ? refund(d, { refund_amount_cents: body.amount_cents, refund_date: '2025-03-12', refund_reason: body.reason }) : d));
    return HttpResponse.json({ data: donations[0] });
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
    expect(figures).toHaveTextContent(`${PLEDGED.label}$1,000.00`);
    expect(figures).toHaveTextContent('Outstanding$750.00');
    expect(figures).toHaveTextContent('Estimated public funds$2,000.00');
    expect(within(figures).getByRole('meter', { name: 'Limit used' })).toHaveAttribute('aria-valuenow', '48');
    expect(figures).toHaveTextContent('Next payment: $750.00 due 01-06-2025');
    expect(figures).toHaveTextContent('Cash over $100 is not matchable.');

    const pledges = screen.getByRole('table', { name: 'Pledges of Ann Donor' });
    // A pledge's own amount is what it committed, as in the Pledges receivable report (not "Pledged": issue 33).
    expect(within(pledges).getByRole('columnheader', { name: 'Committed' })).toBeInTheDocument();
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

  it('says which bulk upload created the donor, linking to it', async () => {
    detailOverrides = { import_origin: { upload_id: '7a0c3a53-2f4e-4d59-9b1a-1b7c2b0f6a11', file_name: 'donors.csv', row_number: 7 } };
    open();
    expect(await screen.findByText(/Imported from/, undefined, { timeout: 15_000 })).toHaveTextContent('Imported from donors.csv, row 7');
    expect(screen.getByRole('link', { name: 'donors.csv' })).toHaveAttribute('href', '/bulk-history?upload=7a0c3a53-2f4e-4d59-9b1a-1b7c2b0f6a11');
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
    expect(within(dialog).getByRole('link', { name: '(718) 555-0102' })).toHaveAttribute('href', 'tel:+17185550102');
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
    // Escape does not close it (SPEC §2 static modal); the typed data stays.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Record a donation' })).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Amount/));
    await user.type(within(dialog).getByLabelText(/Amount/), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a donation' })).toBeNull());
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(2));
  });

  it('records a donation with its intermediary: checked with the shared schema, sent as one object; none is not sent', async () => {
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.type(within(dialog).getByLabelText(/Amount/), '100');
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'card');
    await user.type(within(dialog).getByLabelText(/C-SMART intermediary no/), '00417');
    await user.type(within(dialog).getByLabelText('Intermediary ZIP code'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await within(dialog).findByText("The intermediary's name is required")).toBeInTheDocument();
    expect(within(dialog).getByText('ZIP code must be 5 digits (or ZIP+4)')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(within(dialog).getByLabelText('Intermediary name'), 'Rosa Diaz');
    await user.clear(within(dialog).getByLabelText('Intermediary ZIP code'));
    await user.type(within(dialog).getByLabelText('Intermediary ZIP code'), '10004');
    await user.selectOptions(within(dialog).getByLabelText('Intermediary state'), 'new_york');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    expect(posts.at(-1)?.body.intermediary).toEqual({ name: 'Rosa Diaz', csmart_number: '00417', employer: null, occupation: null, address: null, city: null, state: 'new_york', zip: '10004' });

    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const again = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.type(within(again).getByLabelText(/Amount/), '50');
    await user.selectOptions(within(again).getByLabelText(/Payment method/), 'card');
    await user.click(within(again).getByRole('button', { name: 'Save donation' }));
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]!.body).not.toHaveProperty('intermediary');
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

  it('refunds a gift paid online through PayPal: no date to choose, POST /payment/refund', async () => {
    const user = userEvent.setup();
    donations = donations.map((d) => ({ ...d, source: 'online', payment_method: 'paypal' }));
    open();
    const table = await donationsTable();
    await user.click(within(table).getByRole('button', { name: 'Refund part of donation of 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    expect(dialog).toHaveTextContent('the money goes back to the donor through PayPal today');
    expect(within(dialog).queryByLabelText(/Refund date/)).toBeNull();
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    await user.clear(amount);
    await user.type(amount, '40');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Donor asked');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(posts.at(-1)).toEqual({ path: 'payment/refund', body: { campaign_id: CAMPAIGN_A, donation_id: DONATION_1, amount_cents: 4000, reason: 'Donor asked' } }));
  });

  it('refunds part of a donation: the amount defaults to what remains; the refunds are listed under it', async () => {
    const user = userEvent.setup();
    open();
    const table = await donationsTable();
    const row = () => within(table).getByRole('rowheader', { name: '04-03-2025' }).closest('tr')!;
    expect(row()).toHaveTextContent('Received');
    await user.click(within(table).getByRole('button', { name: 'Refund part of donation of 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    // Not over the limit: no excess to offer.
    expect(within(dialog).queryByRole('button', { name: 'Refund the excess over the limit' })).toBeNull();
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    expect(amount).toHaveValue('250.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    // More than what remains is refused before sending.
    await user.clear(amount);
    await user.type(amount, '300');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Asked for part back');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The refund is more than what remains of this donation: at most $250.00 can be refunded')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '100');
    await user.clear(within(dialog).getByLabelText(/Refund date/));
    await user.type(within(dialog).getByLabelText(/Refund date/), '10-03-2025');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Donation refunded')).toBeInTheDocument();
    expect(posts.at(-1)).toEqual({
      path: 'refund_donation',
      body: { campaign_id: CAMPAIGN_A, donation_id: DONATION_1, refund_amount_cents: 10000, refund_date: '2025-03-10', refund_reason: 'Asked for part back' },
    });
    await waitFor(() => expect(row()).toHaveTextContent('Partly refunded'));
    expect(row()).toHaveTextContent('Net $150.00');
    const refunds = within(row()).getByRole('list', { name: 'Refunds of the donation of 04-03-2025' });
    const [first] = within(refunds).getAllByRole('listitem');
    expect(first).toHaveTextContent('10-03-2025: $100.00 refunded');
    expect(first).toHaveTextContent('Asked for part back');

    // The rest: the amount now defaults to what remains; then the donation is fully refunded and has no refund action.
    await user.click(within(table).getByRole('button', { name: 'Refund part of donation of 04-03-2025' }));
    const again = await screen.findByRole('dialog', { name: 'Refund donation' });
    expect(within(again).getByLabelText(/Amount to refund/)).toHaveValue('150.00');
    expect(again).toHaveTextContent('$100.00 was already refunded.');
    await user.type(within(again).getByLabelText(/Reason/), 'The rest');
    await user.click(within(again).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'Refund part of donation of 04-03-2025' })).toBeNull());
    expect(posts.at(-1)?.body).toMatchObject({ refund_amount_cents: 15000, refund_reason: 'The rest' });
    expect(within(within(row()).getByRole('list', { name: 'Refunds of the donation of 04-03-2025' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(row()).getByText('Refunded', { exact: true })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit donation of 04-03-2025' })).toBeNull();
  });

  it('offers to refund the excess over the limit: the amount is aggregate − limit, with a reason', async () => {
    detailOverrides = { aggregate_cents: 230000, limit_cents: 210000, remaining_limit_cents: 0 };
    donations = [donationRow({ paying_date: '2026-03-04', paid_amount_cents: 50000, net_amount_cents: 50000 })];
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('table', { name: 'Donations of Ann Donor' });
    await user.click(await within(table).findByRole('button', { name: 'Refund part of donation of 04-03-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    expect(within(dialog).getByLabelText(/Amount to refund/)).toHaveValue('500.00');
    expect(dialog).toHaveTextContent('This donor is $200.00 over the contribution limit this cycle.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund the excess over the limit' }));
    expect(within(dialog).getByLabelText(/Amount to refund/)).toHaveValue('200.00');
    expect(within(dialog).getByLabelText(/Reason/)).toHaveValue('Excess over the contribution limit');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Donation refunded')).toBeInTheDocument();
    expect(posts.at(-1)?.body).toMatchObject({ refund_amount_cents: 20000, refund_reason: 'Excess over the contribution limit' });
  });

  it('shows a refused refund (REFUND_EXCEEDS_PAID) in the modal with what can still be refunded', async () => {
    server.use(
      http.post('*/donation/refund_donation', () =>
        HttpResponse.json({ code: 'REFUND_EXCEEDS_PAID', message: 'server words', details: { refundable_cents: 5000 } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    open();
    const table = await donationsTable();
    await user.click(within(table).getByRole('button', { name: 'Refund part of donation of 04-03-2025' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund donation' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Asked for it back');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The refund is more than what remains of this donation: at most $50.00 can be refunded');
    expect(screen.getByRole('dialog', { name: 'Refund donation' })).toBeInTheDocument();
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
    await user.click(await within(dialog).findByText('Bob Giver (bob@example.org · (718) 555-0102)'));
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

  it('labels the figures This cycle (2029) and All time', async () => {
    open();
    const figures = await screen.findByRole('region', { name: 'Figures' }, { timeout: 15_000 });
    const totals = within(figures).getByRole('table', { name: 'Pledged, paid and outstanding of Ann Donor' });
    expect(within(totals).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['This cycle (2029)', 'All time']);
    const paid = within(totals).getByRole('rowheader', { name: 'Paid' }).closest('tr')!;
    // This cycle: the donation list's net ($250.00); all time: the fixture's $450.00.
    expect(within(paid).getAllByRole('cell').map((td) => td.textContent)).toEqual(['$250.00', '$450.00']);
    // Issue 33: the same name as the dashboard's card (domain/reports/figure-names.ts).
    const pledged = within(totals).getByRole('rowheader', { name: PLEDGED.label }).closest('tr')!;
    expect(within(pledged).getAllByRole('cell').map((td) => td.textContent)).toEqual(['$1,000.00', '$1,200.00']);
    expect(figures).toHaveTextContent('The limit, matchable amount and public funds are for the 2029 cycle (01-01-2026 – 31-12-2029).');
  });

  it('asks for a check number only for a check, sends it and shows it in the table', async () => {
    const user = userEvent.setup();
    open();
    const table = await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.selectOptions(within(dialog).getByLabelText('Pledge it pays'), '');
    await user.type(within(dialog).getByLabelText(/Amount/), '50');
    expect(within(dialog).queryByLabelText('Check number')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'check');
    await user.type(within(dialog).getByLabelText('Check number'), 'no spaces allowed');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await within(dialog).findByText('Check number: up to 20 letters, digits or dashes')).toBeInTheDocument();
    expect(posts).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Check number'));
    await user.type(within(dialog).getByLabelText('Check number'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    expect(posts.at(-1)?.body).toMatchObject({ payment_method: 'check', check_number: '1234', paid_amount_cents: 5000 });
    expect(await within(table).findByText('Check #1234')).toBeInTheDocument();
  });

  it('sends no check number for another method, even one typed before switching', async () => {
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.type(within(dialog).getByLabelText(/Amount/), '50');
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'check');
    await user.type(within(dialog).getByLabelText('Check number'), '99');
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'card');
    expect(within(dialog).queryByLabelText('Check number')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    expect(posts.at(-1)?.body).toMatchObject({ payment_method: 'card', check_number: null });
  });

  it('warns about a gift dated outside the cycle; Record anyway sends it again with confirm_outside_cycle', async () => {
    server.use(
      http.post('*/donation/add_donation', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push({ path: 'add_donation', body });
        if (body.confirm_outside_cycle !== true) {
          return HttpResponse.json(
            { code: 'OUTSIDE_ELECTION_CYCLE', message: 'server words', details: { cycle: '2029', cycle_start: '2026-01-01', cycle_end: '2029-12-31', counts_toward: '2025' } },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: { donation: donationRow(), warnings: [] }, message_code: 'DONATION_ADDED' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    const date = within(dialog).getByLabelText(/Payment date/);
    await user.clear(date);
    await user.type(date, '05-03-2025');
    await user.type(within(dialog).getByLabelText(/Amount/), '100');
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'card');
    // The typed date is outside the donor's cycle: a note before saving.
    expect(within(dialog).getByRole('status')).toHaveTextContent("This date is outside the campaign's 2029 cycle (01-01-2026 – 31-12-2029)");
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent("This gift is dated outside the campaign's 2029 cycle (01-01-2026 – 31-12-2029); it counts toward the 2025 cycle, not this one.");
    expect(posts).toHaveLength(1);
    expect(posts[0].body).not.toHaveProperty('confirm_outside_cycle');

    await user.click(within(alert).getByRole('button', { name: 'Record anyway' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
    expect(posts).toHaveLength(2);
    expect(posts[1].body).toEqual({ ...posts[0].body, confirm_outside_cycle: true });
    expect(posts[1].body).toMatchObject({ paying_date: '2025-03-05', paid_amount_cents: 10000 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a donation' })).toBeNull());
  });

  it('warns about a pledge dated outside the cycle; a changed date needs a new answer before Record anyway', async () => {
    server.use(
      http.post('*/donation/donor/add_pledge', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push({ path: 'add_pledge', body });
        if (body.confirm_outside_cycle !== true) {
          return HttpResponse.json(
            { code: 'OUTSIDE_ELECTION_CYCLE', message: 'server words', details: { cycle: '2029', cycle_start: '2026-01-01', cycle_end: '2029-12-31', counts_toward: '2025' } },
            { status: 422 },
          );
        }
        return HttpResponse.json({ data: null, message_code: 'PLEDGE_ADDED' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    open();
    await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a pledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a pledge' });
    const date = within(dialog).getByLabelText(/Commitment date/);
    await user.clear(date);
    await user.type(date, '01-06-2025');
    await user.type(within(dialog).getByLabelText(/Commitment amount/), '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save pledge' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent("This pledge is dated outside the campaign's 2029 cycle (01-01-2026 – 31-12-2029); it counts toward the 2025 cycle, not this one.");
    // Another date: the warning was not for it, so Record anyway goes away.
    await user.clear(date);
    await user.type(date, '02-06-2025');
    expect(within(dialog).queryByRole('button', { name: 'Record anyway' })).toBeNull();
    await user.clear(date);
    await user.type(date, '01-06-2025');
    await user.click(within(dialog).getByRole('button', { name: 'Record anyway' }));
    expect(await screen.findByText('Pledge added successfully')).toBeInTheDocument();
    expect(posts.map((p) => p.body.confirm_outside_cycle)).toEqual([undefined, true]);
    expect(posts[1].body).toMatchObject({ commitment_date: '2025-06-01', commitment_amount_cents: 30000 });
  });

  it('shows CASH_EXCEEDS_LIMIT in the donation form with the figures; nothing is added', async () => {
    server.use(
      http.post('*/donation/add_donation', async ({ request }) => {
        posts.push({ path: 'add_donation', body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json(
          { code: 'CASH_EXCEEDS_LIMIT', message: 'server words', details: { limit_cents: 10000, cash_cents: 7500, remaining_cents: 2500 } },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    open();
    const table = await donationsTable();
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.type(within(dialog).getByLabelText(/Amount/), '50');
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cash from one contributor cannot exceed $100.00 this cycle: $75.00 in cash is already recorded for this donor, so at most $25.00 more can be paid in cash.',
    );
    expect(posts).toHaveLength(1);
    expect(within(table).getAllByRole('rowheader')).toHaveLength(1);
  });

  it('marks the donor as doing business with the City on the donor form; the page then says so', async () => {
    server.use(
      http.post('*/donation/donor/update_donor', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        posts.push({ path: 'update_donor', body });
        detailOverrides = { doing_business: body.doing_business === true };
        return HttpResponse.json({ data: donorRow({ doing_business: body.doing_business === true }), message_code: 'DONOR_UPDATED' });
      }),
    );
    const user = userEvent.setup();
    open();
    const contact = await screen.findByRole('region', { name: 'Contact details' }, { timeout: 15_000 });
    expect(contact).toHaveTextContent('Doing business with the CityNo');
    await user.click(screen.getByRole('button', { name: 'Edit donor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit donor' });
    const box = within(dialog).getByRole('checkbox', { name: 'Doing business with the City' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/lower limit for the office applies and nothing this donor gives is matchable/);
    await user.click(box);
    await user.click(within(dialog).getByRole('button', { name: 'Save donor' }));
    await waitFor(() => expect(posts.find((p) => p.path === 'update_donor')?.body).toMatchObject({ donor_id: DONOR_1, doing_business: true }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Contact details' })).toHaveTextContent('Doing business with the CityYes: lower limit, not matchable'));
    expect(screen.getByText(/Participant-Option A · Doing business with the City/)).toBeInTheDocument();
  });

  it('shows a missing donor', async () => {
    server.use(http.get('*/donation/donor/get_donor/:campaignId/:donorId', () => HttpResponse.json({ code: 'DONOR_NOT_FOUND', message: 'Donor not found' }, { status: 404 })));
    open();
    expect(await screen.findByText(/does not exist or was merged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Donor List' })).toHaveAttribute('href', '/donor-list');
  });
});

/**
 * Issue 34: the sections no longer reload each other through a counter; a write invalidates the
 * cache tags of what it changes. The mock server's answers here follow its records, so a section
 * that is not read again keeps showing the old figures.
 */
describe('/donor-list/:donorId: what a write changes is read again', () => {
  function followTheRecords() {
    server.use(
      http.get('*/donation/donor/get_donor/:campaignId/:donorId', () => {
        const paid = donations.reduce((s, d) => s + d.net_amount_cents, 0);
        const tags = metadata.filter((m) => m.kind === 'tag').map((m) => m.value);
        return HttpResponse.json({ data: donorDetail({ paid_cents: paid, tags, pledges: [pledgeFixture({ paid_cents: paid, remaining_cents: 100000 - paid })] }) });
      }),
      http.get('*/donation/donor/list_donor_history/:campaignId', () =>
        HttpResponse.json({
          data: {
            donor_history_list: donations.map((d) => ({ event_id: d.donation_id, kind: 'donation', date: d.paying_date, donor_id: DONOR_1, donor_name: 'Ann Donor', amount_cents: d.paid_amount_cents, payment_method: d.payment_method, reference: null })),
            total: donations.length,
            page: 1,
            limit: 10,
          },
        }),
      ),
      http.get('*/donation/donor/list_donor/:campaignId', () => {
        const paid = donations.reduce((s, d) => s + d.net_amount_cents, 0);
        return HttpResponse.json({ data: { donor_list: [donorRow({ paid_cents: paid, outstanding_cents: 100000 - paid })], total: 1, page: 1, limit: 25, cycle: null } });
      }),
    );
  }

  async function recordDonation(user: ReturnType<typeof userEvent.setup>, dollars: string) {
    await user.click(screen.getByRole('button', { name: 'Record a donation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a donation' });
    await user.type(within(dialog).getByLabelText(/Amount/), dollars);
    await user.selectOptions(within(dialog).getByLabelText(/Payment method/), 'card');
    await user.click(within(dialog).getByRole('button', { name: 'Save donation' }));
    expect(await screen.findByText('Donation added successfully')).toBeInTheDocument();
  }

  it("a recorded donation refreshes the donor's figures, the pledge it pays and the history", async () => {
    followTheRecords();
    const user = userEvent.setup();
    open();
    await donationsTable();
    const history = await screen.findByRole('table', { name: 'History of Ann Donor' });
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(2));
    const paidRow = () => within(screen.getByRole('table', { name: 'Pledged, paid and outstanding of Ann Donor' })).getByRole('rowheader', { name: 'Paid' }).closest('tr')!;
    const pledge = () => within(screen.getByRole('table', { name: 'Pledges of Ann Donor' })).getByRole('rowheader', { name: '01-02-2025' }).closest('tr')!;
    expect(within(paidRow()).getAllByRole('cell')[0]).toHaveTextContent('$250.00');
    expect(pledge()).toHaveTextContent('$750.00');

    await recordDonation(user, '100');
    await waitFor(() => expect(within(paidRow()).getAllByRole('cell')[0]).toHaveTextContent('$350.00'));
    await waitFor(() => expect(pledge()).toHaveTextContent('$650.00'));
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(3));
    expect(within(history).getByText('$100.00')).toBeInTheDocument();
  });

  it("a tag added or removed shows in the page's #tags at once", async () => {
    followTheRecords();
    const user = userEvent.setup();
    open();
    expect(await screen.findByText(/Participant-Option A · #vip$/, undefined, { timeout: 15_000 })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Add tag' });
    await user.type(within(form).getByLabelText('New tag'), 'gala');
    await user.click(within(form).getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText(/Participant-Option A · #vip · #gala$/)).toBeInTheDocument();
    await user.click(within(screen.getByRole('list', { name: 'Tags' })).getByRole('button', { name: 'Remove tag vip' }));
    expect(await screen.findByText(/Participant-Option A · #gala$/)).toBeInTheDocument();
  });

  it('a deleted donor is not asked for again (its page would only answer 404)', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/donation/donor/get_donor/:campaignId/:donorId', ({ params }) => {
        asked.push(String(params.donorId));
        return HttpResponse.json({ data: donorDetail() });
      }),
    );
    const user = userEvent.setup();
    const { router } = open();
    await donationsTable();
    const before = asked.length;
    await user.click(screen.getByRole('button', { name: 'Delete donor' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Ann Donor?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Donor deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor-list'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Donor List' })).toBeInTheDocument();
    expect(deletes).toEqual([`donor:${DONOR_1}`]);
    expect(asked).toHaveLength(before);
  });

  it('merged into another donor, the merged-away donor is not asked for again; the survivor is', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/donation/donor/get_donor/:campaignId/:donorId', ({ params }) => {
        asked.push(`donor:${String(params.donorId)}`);
        return HttpResponse.json({ data: params.donorId === DONOR_2 ? donorDetail({ donor_id: DONOR_2, name: 'Bob Giver', pledges: [], next_payment: null }) : donorDetail() });
      }),
      http.get('*/donation/list_donation/:campaignId', ({ request }) => {
        asked.push(`donations:${new URL(request.url).searchParams.get('donor_id')}`);
        return HttpResponse.json({ data: { donation_list: [], total: 0, page: 1, limit: 10, totals: { paid_amount_cents: 0, refunded_cents: 0, net_cents: 0 } } });
      }),
    );
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByRole('table', { name: 'Donations of Ann Donor' }, { timeout: 15_000 });
    await waitFor(() => expect(asked).toContain(`donations:${DONOR_1}`));
    const before = asked.filter((a) => a.endsWith(DONOR_1)).length;
    await user.click(screen.getByRole('button', { name: 'Merge with…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge duplicate donors' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Duplicate donor' }), 'Bob');
    await user.click(await within(dialog).findByText('Bob Giver (bob@example.org · (718) 555-0102)'));
    await user.click(within(dialog).getByRole('button', { name: 'Keep the other one instead' }));
    await user.click(within(dialog).getByRole('button', { name: 'Merge donors' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/donor-list/${DONOR_2}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Giver' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain(`donations:${DONOR_2}`));
    expect(asked.filter((a) => a.endsWith(DONOR_1))).toHaveLength(before);
  });

  it('the donor list opened after a donation on the donor page shows the new figures, not the ones it showed before', async () => {
    followTheRecords();
    const user = userEvent.setup();
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/donor-list');
    const list = await screen.findByRole('table', { name: 'Donors' }, { timeout: 15_000 });
    const ann = () => within(screen.getByRole('table', { name: 'Donors' })).getByRole('rowheader', { name: /Ann Donor/ }).closest('tr')!;
    await within(list).findByRole('rowheader', { name: /Ann Donor/ });
    expect(ann()).toHaveTextContent('$250.00');
    await user.click(within(list).getByRole('link', { name: 'Ann Donor' }));
    await donationsTable();
    await recordDonation(user, '100');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a donation' })).toBeNull());
    await user.click(screen.getByRole('link', { name: '← Donor List' }));
    await waitFor(() => expect(ann()).toHaveTextContent('$350.00'));
    expect(ann()).toHaveTextContent('$650.00');
  });
});
