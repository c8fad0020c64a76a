import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PendingCampaignItem } from '../../../../domain/campaign';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { CAMPAIGN_P, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

let admin = true;
let pending: PendingCampaignItem[] = [];
let approveAnswer: () => Response = () => HttpResponse.json({ data: { campaign_id: CAMPAIGN_P, status: 'active' }, message_code: 'CAMPAIGN_ACTIVATED' });
const approved: string[] = [];
const chen: PendingCampaignItem = {
  campaign_id: CAMPAIGN_P,
  campaign_name: 'Committee to Elect Chen',
  slug: 'chen',
  office_sought: 'city_council',
  election_cycle: '2025',
  committee_name: null,
  created_at: '2025-03-04T10:00:00.000Z',
  created_by: { user_id: 'u-9', name: 'Olive Owner', email: 'owner@demo.campaign' },
};

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView({ is_platform_admin: admin }) })),
  http.get('*/campaign/list_campaign/:userId', () => {
    const list = admin ? [] : [campaignItem({ campaign_id: CAMPAIGN_P, campaign_name: 'My Pending Campaign', status: 'pending' })];
    return HttpResponse.json({ data: { campaign_list: list, total: list.length, page: 1, limit: 500 } });
  }),
  http.get('*/campaign/admin/list_pending', () => HttpResponse.json({ data: { campaign_list: pending, total: pending.length, page: 1, limit: 20 } })),
  http.get('*/campaign/approve_campaign/:id', ({ params }) => {
    approved.push(String(params.id));
    return approveAnswer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  approved.length = 0;
  admin = true;
});
afterAll(() => server.close());

function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp('/campaign/approve_campaign');
}

describe('/campaign/approve_campaign', () => {
  it('a platform admin activates a pending campaign after confirming; the queue reloads', async () => {
    pending = [chen];
    approveAnswer = () => {
      pending = [];
      return HttpResponse.json({ data: { campaign_id: CAMPAIGN_P, status: 'active' }, message_code: 'CAMPAIGN_ACTIVATED' });
    };
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('list', { name: 'Campaigns awaiting activation' });
    expect(await within(table).findByText('Committee to Elect Chen')).toBeInTheDocument();
    expect(within(table).getByText('Olive Owner (owner@demo.campaign)')).toBeInTheDocument();
    expect(within(table).getByText('04-03-2025')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Activate Committee to Elect Chen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate this campaign?' });
    expect(within(dialog).getByText(/Committee to Elect Chen will become active/)).toBeInTheDocument();
    expect(approved).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Campaign activated successfully')).toBeInTheDocument();
    expect(approved).toEqual([CAMPAIGN_P]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('No campaign is awaiting activation.')).toBeInTheDocument();
    const activated = screen.getByRole('region', { name: 'Activated just now' });
    expect(within(activated).getByRole('link', { name: 'Details and package of Committee to Elect Chen' })).toHaveAttribute(
      'href',
      `/campaign/campaign-details?id=${CAMPAIGN_P}`,
    );
  });

  it('shows the server error and keeps the campaign in the queue when activation fails', async () => {
    pending = [chen];
    approveAnswer = () => HttpResponse.json({ code: 'CAMPAIGN_NOT_PENDING', message: 'x' }, { status: 409 });
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('list', { name: 'Campaigns awaiting activation' });
    await user.click(await within(table).findByRole('button', { name: 'Activate Committee to Elect Chen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('This campaign is not awaiting activation')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(table).getByText('Committee to Elect Chen')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Activated just now' })).toBeNull();
  });

  it('cancelling the confirmation activates nothing', async () => {
    pending = [chen];
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('list', { name: 'Campaigns awaiting activation' });
    await user.click(await within(table).findByRole('button', { name: 'Activate Committee to Elect Chen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(approved).toEqual([]);
  });

  it('a campaign owner (not an admin) sees their own campaigns waiting for activation, no queue', async () => {
    admin = false;
    const { store } = open();
    await waitFor(() => expect(store.getState().user.userId).toBe(TEST_USER.userId));
    expect(await screen.findByText('My Pending Campaign')).toBeInTheDocument();
    expect(screen.getByText(/Waiting for activation by a platform administrator/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
