import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CampaignListItem } from '../../../domain/campaign';
import { setSocketFactory } from '../../lib/permission-socket';
import { fakeIdToken, TEST_USER, userView } from '../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, CAMPAIGN_B, CAMPAIGN_P, campaignItem, STAFF_RESOURCES } from '../../test/campaign-fixtures';
import { renderApp, signIn } from '../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

let campaigns: CampaignListItem[] = [];
let resourcesByCampaign: Record<string, string[]> = {};
const roleAccessCalls: string[] = [];
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: campaigns, total: campaigns.length, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => {
    const id = String(params.id);
    roleAccessCalls.push(id);
    return HttpResponse.json({ data: [{ campaign_id: id, resource_names: resourcesByCampaign[id] ?? [] }] });
  }),
  http.put('*/campaign/update-notify-status', () => HttpResponse.json({ data: null })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  roleAccessCalls.length = 0;
});
afterAll(() => server.close());

type Listener = (payload: unknown) => void;
function fakeSocket() {
  const listeners = new Map<string, Listener>();
  const options: unknown[] = [];
  setSocketFactory((_url, opts) => {
    options.push(opts);
    return {
      on: (event: string, listener: Listener) => listeners.set(event, listener),
      disconnect: () => undefined,
    } as never;
  });
  return {
    options,
    emit: (event: string, payload: unknown) => act(() => listeners.get(event)?.(payload)),
    /** Listening for 'permissions', 'campaign-removed' and the live progress events. */
    ready: () => waitFor(() => expect([...listeners.keys()]).toEqual(expect.arrayContaining(['permissions', 'campaign-removed', 'progress', 'done']))),
  };
}

function open(path: string) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

/** A staff member of campaign A on /my-account, the sidebar's Donor List shown, the fake socket listening. */
async function staffWithSocket() {
  campaigns = [campaignItem({ role: 'staff', role_name: 'Staff' })];
  resourcesByCampaign = { [CAMPAIGN_A]: STAFF_RESOURCES };
  const socket = fakeSocket();
  open('/my-account');
  await screen.findByRole('navigation', { name: 'Main' });
  expect(await nav().findByRole('link', { name: 'Donor List' })).toBeInTheDocument();
  await socket.ready();
  return socket;
}

describe('campaign data in the main layout', () => {
  it('header lists only active campaigns; choosing one selects it and loads its permissions', async () => {
    campaigns = [
      campaignItem(),
      campaignItem({ campaign_id: CAMPAIGN_B, campaign_name: 'Neighbors for Rivera', slug: 'rivera', package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0 }),
      campaignItem({ campaign_id: CAMPAIGN_P, campaign_name: 'Pending Chen', slug: 'chen', status: 'pending' }),
    ];
    resourcesByCampaign = { [CAMPAIGN_A]: ALL_RESOURCES, [CAMPAIGN_B]: STAFF_RESOURCES };
    const user = userEvent.setup();
    const { store } = open('/my-account');
    await waitFor(() => expect(store.getState().campaign.allCampaignList).toHaveLength(3));
    expect(store.getState().campaign.headerCampaignList.map((c) => c.campaign_name)).toEqual(['Friends of Demo', 'Neighbors for Rivera']);
    expect(store.getState().campaign.selectedCampaignId).toBeNull();

    await user.click(nav().getByRole('link', { name: 'Donor List' }));
    await user.click(await screen.findByRole('combobox', { name: 'Select a campaign' }));
    expect(screen.queryByText('Pending Chen')).toBeNull();
    await user.click(await screen.findByText('Friends of Demo'));
    expect(store.getState().campaign.selectedCampaignId).toBe(CAMPAIGN_A);
    expect(store.getState().campaign.paymentFlag).toBe(false);
    await waitFor(() => expect(roleAccessCalls).toEqual([CAMPAIGN_A]));
    await waitFor(() => expect(store.getState().permission.list).toEqual([{ campaign_id: CAMPAIGN_A, resource_names: ALL_RESOURCES }]));
  });

  it('selects the only active campaign by itself', async () => {
    campaigns = [campaignItem(), campaignItem({ campaign_id: CAMPAIGN_P, campaign_name: 'Pending Chen', status: 'pending' })];
    resourcesByCampaign = { [CAMPAIGN_A]: ALL_RESOURCES };
    const { store } = open('/dashboard');
    await waitFor(() => expect(store.getState().campaign.selectedCampaignId).toBe(CAMPAIGN_A));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it("a 'permissions' message for the selected campaign updates the sidebar live; one for another campaign does not", async () => {
    const socket = await staffWithSocket();
    expect(socket.options[0]).toMatchObject({ path: '/socket.io', query: { userId: TEST_USER.userId } });

    socket.emit('permissions', { data: [{ campaign_id: CAMPAIGN_B, resource_names: [] }] });
    expect(nav().getByRole('link', { name: 'Donor List' })).toBeInTheDocument();

    socket.emit('permissions', { data: [{ campaign_id: CAMPAIGN_A, resource_names: STAFF_RESOURCES.filter((r) => r !== 'donor.read') }] });
    await waitFor(() => expect(nav().queryByRole('link', { name: 'Donor List' })).toBeNull());
    expect(nav().getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('each (re)connection reads the selected campaign\'s permissions again: a change pushed while the socket was away shows', async () => {
    const socket = await staffWithSocket();
    await waitFor(() => expect(roleAccessCalls).toEqual([CAMPAIGN_A]));

    resourcesByCampaign = { [CAMPAIGN_A]: STAFF_RESOURCES.filter((r) => r !== 'donor.read') };
    socket.emit('connect', undefined);
    await waitFor(() => expect(nav().queryByRole('link', { name: 'Donor List' })).toBeNull());
    expect(roleAccessCalls).toEqual([CAMPAIGN_A, CAMPAIGN_A]);
    expect(nav().getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("'campaign-removed' for the selected campaign tells the user and clears the selection", async () => {
    campaigns = [campaignItem({ role: 'staff' })];
    resourcesByCampaign = { [CAMPAIGN_A]: STAFF_RESOURCES };
    const socket = fakeSocket();
    const { store } = open('/my-account');
    await waitFor(() => expect(store.getState().campaign.selectedCampaignId).toBe(CAMPAIGN_A));
    await socket.ready();
    campaigns = [];
    socket.emit('campaign-removed', { campaign_id: CAMPAIGN_A });
    expect(await screen.findByText('Your access to this campaign was removed')).toBeInTheDocument();
    expect(store.getState().campaign.selectedCampaignId).toBeNull();
    await waitFor(() => expect(store.getState().campaign.headerCampaignList).toEqual([]));
  });

  it('a direct URL to a forbidden page shows the no-access page inside the layout, not the 404', async () => {
    campaigns = [campaignItem({ role: 'staff' })];
    resourcesByCampaign = { [CAMPAIGN_A]: STAFF_RESOURCES.filter((r) => r !== 'member.read') };
    open('/user-management');
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.queryByText(/currently not available/)).toBeNull();
    expect(nav().queryByRole('link', { name: 'Users Management' })).toBeNull();
  });

  it('without a selected campaign a scoped page asks to select one', async () => {
    campaigns = [];
    open('/donor-list');
    expect(await screen.findByText('Please select a campaign first')).toBeInTheDocument();
  });
});

describe('package modals', () => {
  const soon = () => new Date(Date.now() - 365 * 24 * 3600 * 1000 + 3 * 24 * 3600 * 1000 - 12 * 3600 * 1000).toISOString();

  it('the expiry modal opens for the owner at 7 days or fewer; cancelling records it as shown', async () => {
    campaigns = [campaignItem({ purchase_date: soon(), total_purchased_year: 1 })];
    resourcesByCampaign = { [CAMPAIGN_A]: ALL_RESOURCES };
    const calls: unknown[] = [];
    server.use(
      http.put('*/campaign/update-notify-status', async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json({ data: null });
      }),
    );
    const user = userEvent.setup();
    const { store } = open('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Your package expires soon' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([{ campaign_id: CAMPAIGN_A, is_popup_shown: 1 }]);
    expect(store.getState().campaign.selectedCampaign?.is_popup_shown).toBe(1);
  });

  it('the expiry modal does not open for staff', async () => {
    campaigns = [campaignItem({ role: 'staff', purchase_date: soon(), total_purchased_year: 1 })];
    resourcesByCampaign = { [CAMPAIGN_A]: STAFF_RESOURCES };
    const { store } = open('/dashboard');
    await waitFor(() => expect(store.getState().permission.list).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the purchase reminder offers the owner a Purchase plan button and tells staff to contact the owner', async () => {
    campaigns = [campaignItem({ package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0 })];
    resourcesByCampaign = { [CAMPAIGN_A]: ALL_RESOURCES };
    const owner = open('/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'No active package' });
    expect(within(dialog).getByRole('button', { name: 'Purchase plan' })).toBeInTheDocument();
    owner.unmount();
    localStorage.clear();

    campaigns = [campaignItem({ role: 'staff', package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0 })];
    resourcesByCampaign = { [CAMPAIGN_A]: STAFF_RESOURCES };
    open('/dashboard');
    const staffDialog = await screen.findByRole('dialog', { name: 'No active package' });
    expect(within(staffDialog).queryByRole('button', { name: 'Purchase plan' })).toBeNull();
    expect(within(staffDialog).getByText('Please contact the campaign owner or manager to purchase a package.')).toBeInTheDocument();
  });

  it('the purchase reminder is suppressed on purchase history', async () => {
    campaigns = [campaignItem({ package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0 })];
    resourcesByCampaign = { [CAMPAIGN_A]: ALL_RESOURCES };
    const { store } = open('/purchase-history');
    await waitFor(() => expect(store.getState().permission.list).toHaveLength(1));
    await screen.findByRole('heading', { level: 1, name: /purchase history/i });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
