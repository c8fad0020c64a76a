import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { FollowUpRow } from '../../../../domain/donor-book/follow-up-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
/** The first render compiles the layout and page chunks (slow on a busy machine). */
const FIRST_RENDER = { timeout: 15_000 };

const DONOR_1 = 'd0000000-0000-4000-8000-000000000001';
const DONOR_2 = 'd0000000-0000-4000-8000-000000000002';
const ROWS: FollowUpRow[] = [
  {
    donor_id: DONOR_1,
    donor_name: 'Ada Lovelace',
    donor_phone: '2125550101',
    donor_email: 'ada@example.org',
    pledged_cents: 100_000,
    paid_cents: 25_000,
    remaining_cents: 75_000,
    next_payment_date: '2030-03-15',
    next_payment_amount_cents: 25_000,
    last_call_at: '2025-02-01T15:00:00.000Z',
    last_call_outcome: 'no_answer',
    next_call_date: '2030-03-10',
    last_reminder_at: null,
  },
  {
    donor_id: DONOR_2,
    donor_name: 'Grace Hopper',
    donor_phone: null,
    donor_email: 'grace@example.org',
    pledged_cents: 50_000,
    paid_cents: 0,
    remaining_cents: 50_000,
    next_payment_date: null,
    next_payment_amount_cents: null,
    last_call_at: null,
    last_call_outcome: null,
    next_call_date: null,
    last_reminder_at: null,
  },
];

const queries: URLSearchParams[] = [];
const posts: { path: string; body: unknown }[] = [];
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/donation/donor/follow_up_list/:id', ({ request }) => {
    queries.push(new URL(request.url).searchParams);
    return HttpResponse.json({ data: { follow_up_list: ROWS, total: 2, page: 1, limit: 25, totals: { remaining_cents: 125_000 } } });
  }),
  http.post('*/donation/donor/add_follow_up_call', async ({ request }) => {
    posts.push({ path: 'add_follow_up_call', body: await request.json() });
    return HttpResponse.json({ data: null, message_code: 'CALL_LOGGED' }, { status: 201 });
  }),
  http.post('*/donation/donor/send_notification/:id', async ({ request, params }) => {
    posts.push({ path: `send_notification/${String(params.id)}`, body: await request.json() });
    return HttpResponse.json({ data: null, message_code: 'REMINDER_SENT' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
  posts.length = 0;
});
afterAll(() => server.close());

function open(path = '/follow-up-call') {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

async function findTable() {
  const table = await screen.findByRole('table', { name: 'Donors to follow up' }, FIRST_RENDER);
  await within(table).findByRole('link', { name: 'Ada Lovelace' }, FIRST_RENDER);
  return table;
}

describe('/follow-up-call', () => {
  it('lists donors with remaining amounts, next payment date and amount, last call, and the total remaining', async () => {
    open();
    const table = await findTable();
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ });
    expect(ada).toHaveTextContent('$1,000.00');
    expect(ada).toHaveTextContent('$750.00');
    expect(ada).toHaveTextContent('15-03-2030');
    expect(ada).toHaveTextContent('$250.00');
    expect(ada).toHaveTextContent('No answer');
    expect(ada).toHaveTextContent('10-03-2030');
    expect(within(ada).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/donor-list/${DONOR_1}`);
    // The phone as people write it, the link with its country code (issue 33.14).
    expect(within(ada).getByRole('link', { name: 'Call (212) 555-0101' })).toHaveAttribute('href', 'tel:+12125550101');
    expect(within(ada).getByRole('link', { name: 'Call (212) 555-0101' })).toHaveTextContent('(212) 555-0101');
    expect(within(table).getByRole('row', { name: /Grace Hopper/ })).toHaveTextContent('$500.00');
    expect(within(table.querySelector('tfoot') as HTMLElement).getByText('$1,250.00')).toBeInTheDocument();
    expect(queries[0]?.get('due')).toBe('all');
    expect(queries[0]?.get('sort')).toBe('next_payment_date');
    expect(queries[0]?.get('page')).toBe('1');
  });

  it('asks the server for the chosen due filter, search and sort', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await findTable();
    await user.click(screen.getByRole('radio', { name: 'Overdue' }));
    await waitFor(() => expect(queries.at(-1)?.get('due')).toBe('overdue'));
    expect(router.state.location.search).toContain('due=overdue');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ada');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('ada'));
    expect(queries.at(-1)?.get('due')).toBe('overdue');
    await user.click(screen.getByRole('button', { name: /Remaining/ }));
    await waitFor(() => expect(queries.at(-1)?.get('sort')).toBe('-remaining_cents'));
  });

  it('logs a call with the outcome, note and next call date', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Log call for Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call: Ada Lovelace' });
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await within(dialog).findByText('Call outcome is required')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(/Outcome/), 'promised_payment');
    await user.type(within(dialog).getByLabelText('Note'), '  Will pay on Friday ');
    await user.type(within(dialog).getByLabelText('Next call date'), '01-04-2030');
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('Call logged successfully')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        path: 'add_follow_up_call',
        body: { campaign_id: CAMPAIGN_A, donor_id: DONOR_1, outcome: 'promised_payment', note: 'Will pay on Friday', next_call_date: '2030-04-01' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('after a call is logged the list is read again and shows it as the last call (issue 34: the write invalidates the list)', async () => {
    server.use(
      http.get('*/donation/donor/follow_up_list/:id', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        const logged = posts.find((p) => p.path === 'add_follow_up_call')?.body as { outcome?: FollowUpRow['last_call_outcome'] } | undefined;
        const rows = ROWS.map((r) => (r.donor_id === DONOR_1 && logged ? { ...r, last_call_outcome: logged.outcome ?? null } : r));
        return HttpResponse.json({ data: { follow_up_list: rows, total: 2, page: 1, limit: 25, totals: { remaining_cents: 125_000 } } });
      }),
    );
    const user = userEvent.setup();
    open();
    const table = await findTable();
    expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('No answer');
    await user.click(screen.getByRole('button', { name: 'Log call for Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call: Ada Lovelace' });
    await user.selectOptions(within(dialog).getByLabelText(/Outcome/), 'promised_payment');
    await user.click(within(dialog).getByRole('button', { name: 'Log call' }));
    expect(await screen.findByText('Call logged successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Promised to pay'));
    expect(queries).toHaveLength(2);
  });

  it('ignores Escape (SPEC §2 static modal); with typed data the close icon asks first', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Log call for Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log call: Ada Lovelace' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Log call: Ada Lovelace' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note'), 'typed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Are you sure to leave?' })).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    const ask = await screen.findByRole('dialog', { name: 'Are you sure to leave?' });
    expect(ask).toHaveTextContent('What you typed in this form will be lost.');
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(within(screen.getByRole('dialog', { name: 'Log call: Ada Lovelace' })).getByLabelText('Note')).toHaveValue('typed');
  });

  it('sends a reminder; text is disabled for a donor without a phone number', async () => {
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Send reminder to Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder: Grace Hopper' });
    expect(within(dialog).getByRole('radio', { name: /E-mail/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Text message/ })).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Message/), 'Thank you!');
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Reminder sent successfully')).toBeInTheDocument();
    expect(posts).toEqual([{ path: `send_notification/${CAMPAIGN_A}`, body: { donor_id: DONOR_2, channel: 'email', message: 'Thank you!' } }]);
  });

  it("shows the server's no-contact error through the catalogue", async () => {
    server.use(
      http.post('*/donation/donor/send_notification/:id', () => HttpResponse.json({ code: 'DONOR_NO_CONTACT', message: 'server words' }, { status: 422 })),
    );
    const user = userEvent.setup();
    open();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Send reminder to Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send reminder: Ada Lovelace' });
    await user.click(within(dialog).getByRole('radio', { name: /Text message/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send reminder' }));
    expect(await within(dialog).findByText('This donor has no e-mail address or phone number for a reminder')).toBeInTheDocument();
    expect(screen.queryByText('server words')).toBeNull();
  });
});
