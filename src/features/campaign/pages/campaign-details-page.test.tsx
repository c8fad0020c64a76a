import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CampaignListItem, CampaignView } from '../../../../domain/campaign';
import type { CampaignVideo } from '../../../../domain/campaign-video';
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
    cfb_candidate_id: '1623',
    cfb_committee_id: 'A',
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

const VIDEO: CampaignVideo = {
  video_id: 'f0000000-0000-4000-8000-000000000001',
  file_name: 'meet-the-candidate.mp4',
  file_size: 12_582_912,
  content_type: 'video/mp4',
  url: '/campaign/public_video/f0000000-0000-4000-8000-000000000001',
  uploaded_by: { id: TEST_USER.userId, name: 'Test User' },
  created_at: '2025-03-01T10:00:00.000Z',
};
let video: CampaignVideo | null = null;

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
  http.get('*/campaign/get_video/:id', () => HttpResponse.json({ data: video })),
  http.post('*/campaign/video_presigned_url', async ({ request }) => {
    await record(request);
    return HttpResponse.json({ data: { key: `campaigns/${CAMPAIGN_A}/videos/v.mp4`, url: '/private-files/upload?token=v', method: 'PUT', headers: { 'content-type': 'video/mp4' }, expires_at: '', max_bytes: 8 } });
  }),
  http.put('*/private-files/upload', async ({ request }) => {
    await delay(150);
    calls.push({ method: 'PUT', path: new URL(request.url).pathname, body: request.headers.get('content-type') });
    return HttpResponse.json({ data: { key: 'v', size: 8 } }, { status: 201 });
  }),
  http.post('*/campaign/set_video', async ({ request }) => {
    await record(request);
    video = { ...VIDEO, video_id: 'f0000000-0000-4000-8000-000000000002', file_name: 'rally.m4v', file_size: 8, url: '/campaign/public_video/f0000000-0000-4000-8000-000000000002' };
    return HttpResponse.json({ data: video });
  }),
  http.delete('*/campaign/delete_video/:id', ({ request }) => {
    calls.push({ method: 'DELETE', path: new URL(request.url).pathname });
    video = null;
    return HttpResponse.json({ data: { removed: true } });
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
  video = null;
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
    // The NYC CFB identifiers C-SMART's import file needs.
    expect(card.getByText('CFB Candidate ID')).toBeInTheDocument();
    expect(card.getByText('1623')).toBeInTheDocument();
    expect(card.getByText('CFB Committee ID')).toBeInTheDocument();
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

describe('the campaign video', () => {
  const videoCard = async () => within(await screen.findByRole('region', { name: 'Campaign video' }, { timeout: 15_000 }));

  it('previews the video (<video controls>); the owner uploads a new one through the signed URL with a progress bar, then removes it after confirming', async () => {
    campaigns = [campaignItem()];
    video = VIDEO;
    const user = userEvent.setup({ applyAccept: false });
    open();
    const card = await videoCard();
    const player = await card.findByLabelText('Campaign video: meet-the-candidate.mp4');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('controls');
    expect(player).toHaveAttribute('src', VIDEO.url);
    expect(card.getByText('meet-the-candidate.mp4, 12 MB, uploaded 01-03-2025')).toBeInTheDocument();

    const input = card.getByLabelText('Replace the video');
    expect(input).toHaveAttribute('accept', '.mp4,.m4v');
    await user.upload(input, new File(['moov'], 'clip.mov', { type: 'video/quicktime' }));
    expect(await card.findByRole('alert')).toHaveTextContent('This type of file is not accepted; accepted types: .mp4, .m4v');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await user.upload(input, new File([new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70])], 'rally.m4v', { type: 'video/x-m4v' }));
    expect(await card.findByRole('progressbar', { name: 'Uploading rally.m4v' })).toBeInTheDocument();
    expect(await card.findByLabelText('Campaign video: rally.m4v')).toHaveAttribute('src', '/campaign/public_video/f0000000-0000-4000-8000-000000000002');
    expect(await screen.findByText('Video uploaded; it now shows on the public page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      { method: 'POST', path: '/campaign/video_presigned_url', body: { campaign_id: CAMPAIGN_A, file_name: 'rally.m4v', file_size: 8 } },
      { method: 'PUT', path: '/private-files/upload', body: 'video/mp4' },
      { method: 'POST', path: '/campaign/set_video', body: { campaign_id: CAMPAIGN_A, file_key: `campaigns/${CAMPAIGN_A}/videos/v.mp4`, file_name: 'rally.m4v' } },
    ]);

    await user.click(card.getByRole('button', { name: 'Remove video' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove the video?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove video' }));
    expect(await screen.findByText('Video removed')).toBeInTheDocument();
    expect(await card.findByText('No video yet.')).toBeInTheDocument();
    expect(card.queryByLabelText(/Campaign video:/)).toBeNull();
    expect(calls.at(-1)).toEqual({ method: 'DELETE', path: `/campaign/delete_video/${CAMPAIGN_A}` });
  });

  it('a member without campaign.write sees the preview but no upload or remove', async () => {
    campaigns = [campaignItem()];
    video = VIDEO;
    view = campaignView({ role: 'staff', resource_names: ALL_RESOURCES.filter((r) => r !== 'campaign.write') });
    open();
    const card = await videoCard();
    expect(await card.findByLabelText('Campaign video: meet-the-candidate.mp4')).toBeInTheDocument();
    expect(card.queryByLabelText(/Upload a video|Replace the video/)).toBeNull();
    expect(card.queryByRole('button', { name: 'Remove video' })).toBeNull();
  });
});
