import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CampaignListItem } from '../../../../domain/campaign';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const STORED = `campaign-logos/${CAMPAIGN_A}/old_abcdefgh.png`;
const NEW_KEY = `campaign-logos/${CAMPAIGN_A}/new_ijklmnop.png`;
let campaigns: CampaignListItem[] = [];
let uploadAnswer: () => Response = () => HttpResponse.json({ data: { ...view, logo: NEW_KEY }, message_code: 'CAMPAIGN_LOGO_UPDATED' });
const posted: { path: string; body: unknown }[] = [];
const uploads: { path: string; type: string }[] = [];
const view = {
  ...campaignItem(),
  office_sought: 'mayor',
  election_cycle: '2025',
  district: null,
  party: null,
  compliance_rule_set: 'custom',
  participant_status: null,
  custom_limit_individual_cents: 100000,
  custom_limit_organization_cents: 50000,
  committee_name: null,
  committee_id: null,
  treasurer_name: null,
  treasurer_email: null,
  treasurer_phone: null,
  address: null,
  apt_unit: null,
  city: null,
  state: null,
  zip: null,
  logo: STORED as string | null,
  public_url: 'x',
  resource_names: ALL_RESOURCES,
  created_at: '2025-01-01T00:00:00Z',
  activated_at: null,
};

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: campaigns, total: campaigns.length, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  http.get('*/campaign/get_campaign/:id', () => HttpResponse.json({ data: view })),
  http.get('*/campaign/list_office_sought', () => HttpResponse.json({ data: { office_sought_list: [{ value: 'mayor', label: 'Mayor' }] } })),
  http.get('*/campaign/list_state', () => HttpResponse.json({ data: { state_list: [] } })),
  http.get('*/campaign/list_election_cycle/:office', () => HttpResponse.json({ data: { election_cycle_list: [{ value: '2029', label: '2029', start_date: '2026-01-01', end_date: '2029-12-31' }] } })),
  http.get('*/campaign/check_slug/:slug', ({ params }) => HttpResponse.json({ data: { slug: params.slug, available: true, reason: null, suggestion: null } })),
  http.post('*/campaign/create_campaign', async ({ request }) => {
    posted.push({ path: 'create', body: await request.json() });
    return HttpResponse.json({ data: { ...view, logo: null }, message_code: 'CAMPAIGN_CREATED' }, { status: 201 });
  }),
  http.post('*/campaign/update_campaign', async ({ request }) => {
    posted.push({ path: 'update', body: await request.json() });
    return HttpResponse.json({ data: view, message_code: 'CAMPAIGN_UPDATED' });
  }),
  http.post('*/campaign/upload_logo/:campaignId', async ({ request, params }) => {
    const file = (await request.formData()).get('file') as File;
    uploads.push({ path: String(params.campaignId), type: file.type });
    return uploadAnswer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:logo-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  server.resetHandlers();
  posted.length = 0;
  uploads.length = 0;
});
afterAll(() => server.close());

function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp('/campaign');
}

const png = (name = 'Our Logo!.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function fillCreateForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create campaign' }));
  const form = within(await screen.findByRole('form', { name: 'Create campaign' }));
  await user.type(form.getByLabelText(/Campaign name/), 'Jane for Mayor');
  await user.selectOptions(form.getByLabelText(/Office sought/), 'mayor');
  await waitFor(() => expect(form.getByRole('option', { name: '2029' })).toBeInTheDocument());
  await user.selectOptions(form.getByLabelText(/Election cycle/), '2029');
  await user.selectOptions(form.getByLabelText(/Compliance rule set/), 'custom');
  await user.type(form.getByLabelText(/Limit per individual/), '1000');
  await user.type(form.getByLabelText(/Limit per organization/), '500');
  return form;
}

describe('campaign form: logo', () => {
  it('refuses what is not an image and images over 5 MB with the SPEC messages', async () => {
    campaigns = [];
    const user = userEvent.setup({ applyAccept: false });
    open();
    await user.click(await screen.findByRole('button', { name: 'Create campaign' }));
    const form = within(await screen.findByRole('form', { name: 'Create campaign' }));
    const input = form.getByLabelText('Campaign logo');
    await user.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await form.findByText('Please select an image')).toBeInTheDocument();
    await user.upload(input, png('huge.png', 5 * 1024 * 1024 + 1));
    expect(await form.findByText('Please select an image less than 5MB')).toBeInTheDocument();
    expect(form.queryByRole('img', { name: 'Logo preview' })).toBeNull();
  });

  it('create: previews the picked logo, creates without one, then uploads it to the new campaign', async () => {
    campaigns = [];
    // The multipart file name (jsdom's FormData does not put it on the wire: read it where it is set).
    const append = vi.spyOn(FormData.prototype, 'append');
    const user = userEvent.setup();
    open();
    const form = await fillCreateForm(user);
    await user.upload(form.getByLabelText('Campaign logo'), png());
    expect(form.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'blob:logo-preview');
    expect(form.getByText('Uploaded when you save')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument();
    expect(posted).toEqual([{ path: 'create', body: expect.objectContaining({ campaign_name: 'Jane for Mayor', logo: null }) }]);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ path: CAMPAIGN_A, type: 'image/png' });
    expect(append).toHaveBeenCalledWith('file', expect.any(Blob), expect.stringMatching(/^Our-Logo_[a-z]{8}\.png$/));
    append.mockRestore();
  });

  it('create: a failed logo upload still keeps the created campaign and says why', async () => {
    campaigns = [];
    uploadAnswer = () => HttpResponse.json({ code: 'IMAGE_TOO_LARGE', message: 'x' }, { status: 413 });
    const user = userEvent.setup();
    open();
    const form = await fillCreateForm(user);
    await user.upload(form.getByLabelText('Campaign logo'), png());
    await user.click(form.getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument();
    expect(await screen.findByText('The campaign was saved but its logo was not: Please select an image less than 5MB')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  });

  it('edit: shows the stored logo; removing it saves logo null', async () => {
    campaigns = [campaignItem()];
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Friends of Demo' }));
    const form = within(await screen.findByRole('form', { name: 'Edit campaign' }));
    expect(form.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', `/files/${STORED}`);
    await user.click(form.getByRole('button', { name: 'Remove logo' }));
    expect(form.queryByRole('img', { name: 'Logo preview' })).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Campaign updated successfully')).toBeInTheDocument();
    expect(posted[0]).toMatchObject({ path: 'update', body: { campaign_id: CAMPAIGN_A, logo: null } });
    expect(uploads).toEqual([]);
  });

  it('an archived campaign has no Edit action but an Archived badge', async () => {
    campaigns = [campaignItem({ status: 'archived' })];
    open();
    const table = await screen.findByRole('table', { name: 'Your campaigns' });
    expect(await within(table).findByText('Archived')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Edit Friends of Demo' })).toBeNull();
    expect(within(table).getByRole('link', { name: 'Details of Friends of Demo' })).toBeInTheDocument();
  });
});
