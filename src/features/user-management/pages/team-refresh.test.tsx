/**
 * What a write on one tab refreshes elsewhere on /user-management (RTK Query tags, issue 34):
 * a member's new role changes the member counts the Roles tab shows.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SYSTEM_ROLES } from '../../../../domain/permissions';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

/** The team as the server keeps it: Jane (owner, the signed-in user) and Sam, whose role changes. */
let samRole: 'staff' | 'manager' = 'staff';
const roleCalls: string[] = [];
const member = (user_id: string, name: string, role: 'owner' | 'manager' | 'staff') => ({
  user_id,
  name,
  last_name: 'Roe',
  email: `${name.toLowerCase()}@example.org`,
  phone: null,
  profile_picture: null,
  role,
  role_name: SYSTEM_ROLES[role].name,
  joined_at: '2025-01-01T00:00:00Z',
});
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/campaign/members/list_member/:id', () =>
    HttpResponse.json({ data: { member_list: [member(TEST_USER.userId, 'Jane', 'owner'), member('u-2', 'Sam', samRole)], total: 2, page: 1, limit: 20 } }),
  ),
  http.get('*/campaign/members/list_invitation/:id', () => HttpResponse.json({ data: { invitation_list: [], total: 0, page: 1, limit: 100 } })),
  http.get('*/campaign/roles/list_role/:id', ({ params }) => {
    roleCalls.push(String(params.id));
    const roles = (['owner', 'manager', 'staff'] as const).map((key) => ({
      role_key: key,
      name: SYSTEM_ROLES[key].name,
      resource_names: [...SYSTEM_ROLES[key].resource_names],
      is_system: true,
      member_count: key === 'owner' ? 1 : key === samRole ? 1 : 0,
    }));
    return HttpResponse.json({ data: { role_list: roles, total: roles.length } });
  }),
  http.get('*/campaign/roles/list_resource', () => HttpResponse.json({ data: { resource_list: [], total: 0 } })),
  http.post('*/campaign/members/update_member_role', async ({ request }) => {
    const body = (await request.json()) as { role: 'staff' | 'manager' };
    samRole = body.role;
    return HttpResponse.json({ data: null, message_code: 'MEMBER_ROLE_UPDATED' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  samRole = 'staff';
  roleCalls.length = 0;
});
afterAll(() => server.close());

/** The member count shown in the Roles tab for one role. */
function memberCount(role: string): string | null {
  const table = screen.getByRole('table', { name: 'Roles' });
  const row = within(table).getByText(role).closest('tr');
  return row ? within(row).getAllByRole('cell')[1].textContent : null;
}

describe('/user-management: a write refreshes the other tab', () => {
  it("changing a member's role updates the member counts of the Roles tab", async () => {
    const user = userEvent.setup();
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/user-management');

    // The page chunk compiles on first use under vitest: allow for a cold start.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of Sam Roe' }, { timeout: 15_000 }), 'manager');
    expect(await screen.findByText('Member role updated successfully')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Roles and access' }));
    await screen.findByRole('table', { name: 'Roles' });
    await waitFor(() => expect(memberCount(SYSTEM_ROLES.manager.name)).toBe('1'));
    expect(memberCount(SYSTEM_ROLES.staff.name)).toBe('0');
    expect(roleCalls.every((id) => id === CAMPAIGN_A)).toBe(true);
  });
});
