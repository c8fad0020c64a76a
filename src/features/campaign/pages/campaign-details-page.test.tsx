import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CampaignListItem, CampaignView } from '../../../../domain/campaign';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const LOGO = `campaign-logos/${CAMPAIGN_A}/logo_abcdefgh.png`;

function campaignView(overrides: Partial<CampaignView> = {}): CampaignView {
  const { role_name: _roleName, ...item } = campaignItem();
  return {
    ...item,
    office_sought: 'city_council',
    election_cycle: '2025',
    district: '5',
    party: 'Democratic',
    compliance_rule_set: 'nyc_cfb',
    participant_status: 'participant',
    custom_limit_individual_cents: null,
    custom_limit_organization_cents: null,
    committee_name: 'Friends of Demo Committee',
    committee_id: 'C-1',
    treasurer_name: 'Terry',
    treasurer_email: null,
    treasurer_phone: null,
    address: '1 Main St',
    apt_unit: null,
    city: 'New York',
    state: 'new_york',
    zip: '10001',
    logo: null,
    public_url: 'x',
    resource_names: ALL_RESOURCES,
    created_at: '2025-01-01T00:00:00Z',
    activated_at: '2025-01-02T00:00:00Z',
    ...overrides,
  };
}

let admin = false;
let view = campaignView();
let campaigns: CampaignListItem[] = [];
let grantAnswer: () => Response = () => HttpResponse.json({ data: null, message_code: 'PACKAGE_GRANTED' });
const calls: { method: string; path: string; body?: unknown }[] = [];
const record = async (request: Request) => {
  const body = request.method === 'GET' ? undefined : await request.json();
  calls.push({ method: request.method, path: new URL(request.url).pathname, body });
};

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView({ is_platform_admin: admin }) })),
  http.get('*/campaign/list_campaign/:userId', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ data: { campaign_list: campaigns, total: campaigns.length, page: 1, limit: 500 } });
  }),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/campaign/get_campaign/:id', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ data: view });
  }),
  http.get('*/campaign/list_office_sought', () => HttpResponse.json({ data: { office_sought_list: [{ value: 'city_council', label: 'City Council' }] } })),
  http.get('*/campaign/list_state', () => HttpResponse.json({ data: { state_list: [{ value: 'new_york', label: 'New York' }] } })),
  http.get('*/campaign/list_election_cycle/:office', () =>
    HttpResponse.json({ data: { election_cycle_list: [{ value: '2025', label: '2025 election', start_date: '2024-01-01', end_date: '2025-12-31' }] } }),
  ),
  http.post('*/campaign/package/grant_package', async ({ request }) => {
    await record(request);
    return grantAnswer();
  }),
  http.post('*/campaign/archive_campaign', async ({ request }) => {
    await record(request);
    view = { ...view, status: 'archived' };
    return HttpResponse.json({ data: view, message_code: 'CAMPAIGN_ARCHIVED' });
  }),
  http.post('*/campaign/restore_campaign', async ({ request }) => {
    await record(request);
    view = { ...view, status: 'active' };
    return HttpResponse.json({ data: view, message_code: 'CAMPAIGN_RESTORED' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  admin = false;
  view = campaignView();
  campaigns = [];
});
afterAll(() => server.close());

function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(`/campaign/campaign-details?id=${CAMPAIGN_A}`);
}

const details = async () => within(await screen.findByRole('region', { name: 'Details' }));
const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path.endsWith(path)).length;

describe('/campaign/campaign-details labels and logo', () => {
  it('shows reference labels instead of raw values', async () => {
    campaigns = [campaignItem()];
    open();
    const card = await details();
    expect(await card.findByText('City Council')).toBeInTheDocument();
    expect(await card.findByText('2025 election')).toBeInTheDocument();
    expect(await card.findByText('1 Main St, New York, New York, 10001')).toBeInTheDocument();
    expect(card.getByText('Owner')).toBeInTheDocument();
    expect(card.getByText('NYC Campaign Finance Board')).toBeInTheDocument();
    expect(card.getByText('Participant')).toBeInTheDocument();
    expect(card.queryByText('city_council')).toBeNull();
    expect(card.queryByText(/new_york/)).toBeNull();
    expect(card.queryByRole('img')).toBeNull();
  });

  it("a custom role shows its name from the campaign list; the stored logo is shown", async () => {
    campaigns = [campaignItem({ role: 'field_volunteer', role_name: 'Field Volunteer' })];
    view = campaignView({ role: 'field_volunteer', logo: LOGO });
    open();
    const card = await details();
    expect(await card.findByText('Field Volunteer')).toBeInTheDocument();
    expect(card.getByRole('img', { name: 'Logo of Friends of Demo' })).toHaveAttribute('src', `/files/${LOGO}`);
  });
});

describe("the platform administrator's grant-package box", () => {
  it('is not shown to campaign members', async () => {
    campaigns = [campaignItem()];
    const { store } = open();
    await details();
    await waitFor(() => expect(store.getState().user.userId).toBe(TEST_USER.userId));
    expect(screen.queryByRole('region', { name: 'Grant a package' })).toBeNull();
  });

  it('grants the chosen years, toasts, reloads the campaign and the campaign list', async () => {
    admin = true;
    view = campaignView({ role: null, resource_names: [] });
    const user = userEvent.setup();
    open();
    const box = within(await screen.findByRole('region', { name: 'Grant a package' }));
    expect((await details()).getByText('Platform administrator')).toBeInTheDocument();
    await user.selectOptions(box.getByLabelText('Years'), '2');
    const campaignLoads = count('GET', `/get_campaign/${CAMPAIGN_A}`);
    const listLoads = count('GET', `/list_campaign/${TEST_USER.userId}`);
    await user.click(box.getByRole('button', { name: 'Grant package' }));
    expect(await screen.findByText('Package granted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/grant_package'))?.body).toEqual({ campaign_id: CAMPAIGN_A, years: 2 });
    await waitFor(() => expect(count('GET', `/get_campaign/${CAMPAIGN_A}`)).toBe(campaignLoads + 1));
    await waitFor(() => expect(count('GET', `/list_campaign/${TEST_USER.userId}`)).toBe(listLoads + 1));
  });

  it('shows the server error when the grant fails', async () => {
    admin = true;
    view = campaignView({ role: null, resource_names: [] });
    grantAnswer = () => HttpResponse.json({ code: 'PACKAGE_NOT_FOUND', message: 'x' }, { status: 404 });
    const user = userEvent.setup();
    open();
    const box = within(await screen.findByRole('region', { name: 'Grant a package' }));
    await user.click(box.getByRole('button', { name: 'Grant package' }));
    expect(await screen.findByText('No package has this length')).toBeInTheDocument();
    expect(box.getByRole('button', { name: 'Grant package' })).toBeEnabled();
  });

  it('is not shown for an archived campaign', async () => {
    admin = true;
    view = campaignView({ role: null, status: 'archived' });
    const { store } = open();
    await details();
    await waitFor(() => expect(store.getState().user.is_platform_admin).toBe(true));
    expect(screen.queryByRole('region', { name: 'Grant a package' })).toBeNull();
  });
});

describe('archive and restore', () => {
  it('the owner archives after confirming: the page becomes read-only; then restores', async () => {
    campaigns = [campaignItem()];
    const user = userEvent.setup();
    open();
    const box = within(await screen.findByRole('region', { name: 'Archive' }));
    expect(screen.getByRole('region', { name: 'Public donation link' })).toBeInTheDocument();
    await user.click(box.getByRole('button', { name: 'Archive campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this campaign?' });
    expect(within(dialog).getByText(/Friends of Demo becomes read-only/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Archive campaign' }));

    expect(await screen.findByText('Campaign archived')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/archive_campaign'))?.body).toEqual({ campaign_id: CAMPAIGN_A });
    expect(await screen.findByText(/This campaign is archived and read-only/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Public donation link' })).toBeNull();
    expect((await details()).getByText('Archived')).toBeInTheDocument();
    await waitFor(() => expect(count('GET', `/list_campaign/${TEST_USER.userId}`)).toBeGreaterThanOrEqual(2));

    await user.click(box.getByRole('button', { name: 'Restore campaign' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Restore this campaign?' })).getByRole('button', { name: 'Restore campaign' }));
    expect(await screen.findByText('Campaign restored')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Public donation link' })).toBeInTheDocument();
  });

  it('cancelling archives nothing; a manager sees no archive action', async () => {
    campaigns = [campaignItem()];
    const user = userEvent.setup();
    const first = open();
    const box = within(await screen.findByRole('region', { name: 'Archive' }));
    await user.click(box.getByRole('button', { name: 'Archive campaign' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(count('POST', '/archive_campaign')).toBe(0);
    first.unmount();

    view = campaignView({ role: 'manager' });
    campaigns = [campaignItem({ role: 'manager', role_name: 'Campaign manager' })];
    open();
    expect(await (await details()).findByText('Campaign manager')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Archive' })).toBeNull();
  });
});
