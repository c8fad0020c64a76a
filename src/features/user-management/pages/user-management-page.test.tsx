import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RESOURCES, SYSTEM_ROLES } from '../../../../domain/permissions';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem, STAFF_RESOURCES } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const posts: { path: string; body: unknown }[] = [];
const roles = (['owner', 'manager', 'staff'] as const).map((key) => ({ role_key: key, name: SYSTEM_ROLES[key].name, resource_names: [...SYSTEM_ROLES[key].resource_names], is_system: true, member_count: 1 }));
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/campaign/members/list_member/:id', () =>
    HttpResponse.json({
      data: {
        member_list: [
          { user_id: TEST_USER.userId, name: 'Jane', last_name: 'Roe', email: 'jane@example.org', phone: null, profile_picture: null, role: 'owner', role_name: 'Owner', joined_at: '2025-01-01T00:00:00Z' },
          { user_id: 'u-2', name: 'Sam', last_name: 'Staff', email: 'sam@example.org', phone: null, profile_picture: null, role: 'staff', role_name: 'Staff', joined_at: '2025-01-02T00:00:00Z' },
        ],
        total: 2,
        page: 1,
        limit: 20,
      },
    }),
  ),
  http.get('*/campaign/members/list_invitation/:id', () => HttpResponse.json({ data: { invitation_list: [], total: 0, page: 1, limit: 100 } })),
  http.get('*/campaign/roles/list_role/:id', () => HttpResponse.json({ data: { role_list: roles, total: roles.length } })),
  http.get('*/campaign/roles/list_resource', () => HttpResponse.json({ data: { resource_list: RESOURCES, total: RESOURCES.length } })),
  http.post('*/campaign/members/invite_member', async ({ request }) => {
    posts.push({ path: 'invite', body: await request.json() });
    return HttpResponse.json({ data: null, message_code: 'INVITATION_SENT' }, { status: 201 });
  }),
  http.post('*/campaign/roles/update_role', async ({ request }) => {
    posts.push({ path: 'update_role', body: await request.json() });
    return HttpResponse.json({ data: null, message_code: 'ROLE_UPDATED' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  posts.length = 0;
});
afterAll(() => server.close());

function open(path: string) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

describe('/user-management', () => {
  it('invites a member with an e-mail and a role', async () => {
    const user = userEvent.setup();
    open('/user-management');
    const form = await screen.findByRole('form', { name: 'Invite member' });
    await user.type(within(form).getByLabelText(/E-mail/), 'new@example.org');
    await user.selectOptions(within(form).getByLabelText(/Role/), 'manager');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent successfully')).toBeInTheDocument();
    expect(posts).toEqual([{ path: 'invite', body: { campaign_id: CAMPAIGN_A, email: 'new@example.org', role: 'manager' } }]);
    expect(await screen.findByText('Sam Staff')).toBeInTheDocument();
  });

  it('edits a role: the checked resource names are posted', async () => {
    const user = userEvent.setup();
    open('/user-management?tab=roles');
    await user.click(await screen.findByRole('button', { name: 'Edit role Staff' }));
    const editor = await screen.findByRole('region', { name: 'Edit role: Staff' });
    const donors = within(editor).getByRole('checkbox', { name: 'View donors' });
    expect(donors).toBeChecked();
    await user.click(donors);
    await user.click(within(editor).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Role updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      path: 'update_role',
      body: { campaign_id: CAMPAIGN_A, role_key: 'staff', name: 'Staff', resource_names: STAFF_RESOURCES.filter((r) => r !== 'donor.read') },
    });
  });

  it('ties Download reports to View reports in the role editor (issue 33.6)', async () => {
    const user = userEvent.setup();
    open('/user-management?tab=roles');
    await user.click(await screen.findByRole('button', { name: 'Edit role Staff' }));
    const editor = await screen.findByRole('region', { name: 'Edit role: Staff' });
    const view = within(editor).getByRole('checkbox', { name: 'View reports' });
    const download = within(editor).getByRole('checkbox', { name: 'Download reports' });
    expect(view).toBeChecked();
    expect(download).toBeChecked();
    await user.click(view);
    expect(download).not.toBeChecked();
    await user.click(download);
    expect(view).toBeChecked();
  });

  it('shows the owner role read-only', async () => {
    const user = userEvent.setup();
    open('/user-management?tab=roles');
    await user.click(await screen.findByRole('button', { name: 'View role Owner' }));
    const editor = await screen.findByRole('region', { name: 'Edit role: Owner' });
    expect(within(editor).getByRole('checkbox', { name: 'View donors' })).toBeDisabled();
    expect(within(editor).queryByRole('button', { name: 'Save role' })).toBeNull();
  });
});
