import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CampaignListItem } from '../../../../domain/campaign';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

let campaigns: CampaignListItem[] = [];
const created: unknown[] = [];
const view = {
  ...campaignItem(),
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
  address: null,
  apt_unit: null,
  city: 'New York',
  state: 'new_york',
  zip: null,
  logo: null,
  public_url: 'https://give.example.org/demo-campaign',
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
  http.get('*/campaign/list_state', () => HttpResponse.json({ data: { state_list: [{ value: 'new_york', label: 'New York' }] } })),
  http.get('*/campaign/list_election_cycle/:office', () => HttpResponse.json({ data: { election_cycle_list: [
        { value: '2025', label: '2025', start_date: '2022-01-01', end_date: '2025-12-31' },
        { value: '2029', label: '2029', start_date: '2026-01-01', end_date: '2029-12-31' },
      ] } })),
  http.get('*/campaign/check_slug/:slug', ({ params }) => HttpResponse.json({ data: { slug: params.slug, available: true, reason: null, suggestion: null } })),
  http.post('*/campaign/create_campaign', async ({ request }) => {
    created.push(await request.json());
    return HttpResponse.json({ data: view, message_code: 'CAMPAIGN_CREATED' }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  created.length = 0;
});
afterAll(() => server.close());

function open(path: string) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

describe('/campaign', () => {
  it('lists every campaign with its status', async () => {
    campaigns = [campaignItem(), campaignItem({ campaign_id: 'p', campaign_name: 'Pending Chen', slug: 'chen', status: 'pending' })];
    open('/campaign');
    const table = await screen.findByRole('table', { name: 'Your campaigns' });
    expect(await within(table).findByText('Pending Chen')).toBeInTheDocument();
    expect(within(table).getByText('Pending activation')).toBeInTheDocument();
  });

  it('validates the create form, suggests the slug, converts dollars to cents and toasts success', async () => {
    campaigns = [];
    const user = userEvent.setup();
    open('/campaign');
    await user.click(await screen.findByRole('button', { name: 'Create campaign' }));
    const form = await screen.findByRole('form', { name: 'Create campaign' });
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(await within(form).findByText('Campaign name is required')).toBeInTheDocument();
    expect(within(form).getByText('Office sought is required')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Campaign name/), 'Jane for Mayor');
    expect(within(form).getByLabelText(/Slug/)).toHaveValue('jane-for-mayor');
    expect(await within(form).findByText('This address is available')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/Office sought/), 'mayor');
    // The next election is offered; a cycle already over only once asked for.
    await waitFor(() => expect(within(form).getByRole('option', { name: '2029' })).toBeInTheDocument());
    expect(within(form).queryByRole('option', { name: '2025' })).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'Show past election cycles' }));
    expect(within(form).getByRole('option', { name: '2025' })).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/Election cycle/), '2029');
    await user.selectOptions(within(form).getByLabelText(/Compliance rule set/), 'custom');
    await user.type(within(form).getByLabelText(/Limit per individual/), '2,100.50');
    await user.type(within(form).getByLabelText(/Limit per organization/), '500');
    await user.click(within(form).getByRole('button', { name: 'Create campaign' }));
    expect(await screen.findByText('Campaign created successfully')).toBeInTheDocument();
    expect(created[0]).toMatchObject({
      campaign_name: 'Jane for Mayor',
      slug: 'jane-for-mayor',
      office_sought: 'mayor',
      election_cycle: '2029',
      compliance_rule_set: 'custom',
      custom_limit_individual_cents: 210050,
      custom_limit_organization_cents: 50000,
    });
  });
});

describe('/campaign/campaign-details', () => {
  it('copies web base + slug and toasts', async () => {
    campaigns = [campaignItem()];
    const user = userEvent.setup();
    open(`/campaign/campaign-details?id=${CAMPAIGN_A}`);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('URL has been copied to the clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://give.example.org/demo-campaign');
  });
});
