import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { UserView } from '../../../../domain/auth/api-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

let admin = true;
const listQueries: Record<string, string>[] = [];
const actions: { id: string; body: unknown }[] = [];
const pending: UserView = userView({ userId: 'u-2', name: 'Paul', last_name: 'Pending', email: 'paul@example.org', status: 'pending' });
const blocked: UserView = userView({ userId: 'u-3', name: 'Bea', last_name: 'Blocked', email: 'bea@example.org', status: 'blocked' });

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView({ is_platform_admin: admin }) })),
  http.get('*/auth/admin/list_users', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    listQueries.push(query);
    const all = [pending, blocked];
    const list = query.status ? all.filter((u) => u.status === query.status) : all;
    return HttpResponse.json({ data: { user_list: list, total: query.status ? list.length : 45, page: Number(query.page), limit: Number(query.limit) } });
  }),
  http.post('*/auth/admin/update_user_status/:id', async ({ params, request }) => {
    actions.push({ id: String(params.id), body: await request.json() });
    return HttpResponse.json({ data: pending });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  listQueries.length = 0;
  actions.length = 0;
  admin = true;
});
afterAll(() => server.close());

function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp('/admin/users');
}

describe('users approval (platform admin)', () => {
  it('is hidden from others: no sidebar entry, a no-access message', async () => {
    admin = false;
    const { store } = open();
    await screen.findByRole('heading', { level: 1, name: 'Users Approval' });
    await waitFor(() => expect(store.getState().user.userId).toBe(TEST_USER.userId));
    expect(screen.getByText(/You do not have access to this page/)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Users Approval' })).toBeNull();
    expect(listQueries).toEqual([]);
  });

  it('lists pending users first, filters, searches, sorts and pages', async () => {
    const user = userEvent.setup();
    open();
    expect(await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Users Approval' })).toHaveAttribute('href', '/admin/users');
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Paul Pending')).toBeInTheDocument();
    expect(listQueries[0]).toEqual({ status: 'pending', sort: '-created_at', page: '1', limit: '20' });

    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(await within(table).findByText('Bea Blocked')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ page: '2' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ sort: 'name', page: '1' }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending'));

    await user.type(screen.getByLabelText('Search'), 'bea');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ search: 'bea' }));
    expect(listQueries.at(-1)).not.toHaveProperty('status');
  });

  it('approves at once, and blocks only after confirming', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Paul Pending');
    await user.click(screen.getByRole('button', { name: 'Approve Paul Pending' }));
    expect(await screen.findByText('Paul Pending approved')).toBeInTheDocument();
    expect(actions).toEqual([{ id: 'u-2', body: { action: 'approve' } }]);

    await user.click(screen.getByRole('button', { name: 'Block Paul Pending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block this user?' });
    expect(dialog).toHaveTextContent('Paul Pending will not be able to sign in until unblocked.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(actions).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Block Paul Pending' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(actions.at(-1)).toEqual({ id: 'u-2', body: { action: 'block' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers Unblock for blocked users', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Paul Pending');
    await user.selectOptions(screen.getByLabelText('Status'), 'blocked');
    await user.click(await screen.findByRole('button', { name: 'Unblock Bea Blocked' }));
    await waitFor(() => expect(actions).toEqual([{ id: 'u-3', body: { action: 'unblock' } }]));
  });
});
