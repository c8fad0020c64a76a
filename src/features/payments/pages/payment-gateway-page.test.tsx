import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { GatewayView, GivingSettings } from '../../../../domain/payments/api-contract';
import type { GivingNotices } from '../../../../domain/payments/giving-notices';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem, STAFF_RESOURCES } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };
const WEBHOOK_URL = 'https://donate.example.org/payment/webhook/paypal';

function gatewayView(overrides: Partial<GatewayView> = {}): GatewayView {
  return {
    provider: 'paypal',
    mode: 'sandbox',
    client_id: 'AbCdClientId',
    secret_last4: '9XyZ',
    webhook_id: 'WH-1',
    webhook_url: WEBHOOK_URL,
    verified_at: null,
    updated_at: '2029-03-01T10:00:00.000Z',
    ...overrides,
  };
}

let resources: string[] = ALL_RESOURCES;
let gateways: GatewayView[] = [gatewayView()];
const DEFAULT_NOTICES: GivingNotices = {
  paid_for_by: 'Paid for by Friends of Demo Candidate',
  tax_notice: 'Contributions are not tax deductible for federal income tax purposes.',
  privacy_url: null,
  rules_notice: 'NYC Campaign Finance Board rules: up to $2,100 from one contributor for this election cycle; no more than $100 in cash; no contributions from corporations, LLCs or partnerships.',
};
const settingsView = (): GivingSettings => ({
  campaign_id: CAMPAIGN_A,
  appeal: 'Help us win.',
  suggested_amounts_cents: [2_500, 5_000, 10_000],
  require_phone: false,
  notices: { ...DEFAULT_NOTICES },
  default_notices: DEFAULT_NOTICES,
});
let settings: GivingSettings = settingsView();
let testAnswer: () => Response = () => HttpResponse.json({ data: { ok: true, message: 'PayPal accepted the credentials (sandbox).' } });
const posts: { path: string; body: Record<string, unknown> }[] = [];

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/payment/all-payment-gateway/:id', () => HttpResponse.json({ data: gateways })),
  http.get('*/payment/list-payment-gateway', () => HttpResponse.json({ data: [{ provider: 'paypal', name: 'PayPal', is_active: true }] })),
  http.get('*/payment/giving-settings/:id', () => HttpResponse.json({ data: settings })),
  http.post('*/payment/configure-payment-gateway', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posts.push({ path: 'configure', body });
    const secret = typeof body.client_secret === 'string' ? body.client_secret : null;
    return HttpResponse.json({ data: gatewayView({ mode: body.mode as GatewayView['mode'], client_id: body.client_id as string, webhook_id: (body.webhook_id as string | null) ?? null, secret_last4: secret ? secret.slice(-4) : '9XyZ' }) });
  }),
  http.post('*/payment/test-payment-gateway', async ({ request }) => {
    posts.push({ path: 'test', body: (await request.json()) as Record<string, unknown> });
    return testAnswer();
  }),
  http.post('*/payment/giving-settings', async ({ request }) => {
    const body = (await request.json()) as GivingSettings;
    posts.push({ path: 'settings', body: body as unknown as Record<string, unknown> });
    return HttpResponse.json({ data: { ...body, default_notices: DEFAULT_NOTICES } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resources = ALL_RESOURCES;
  gateways = [gatewayView()];
  settings = settingsView();
  testAnswer = () => HttpResponse.json({ data: { ok: true, message: 'PayPal accepted the credentials (sandbox).' } });
  posts.length = 0;
});
afterAll(() => server.close());

async function open() {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  const app = renderApp('/payment_gateway');
  const card = await screen.findByRole('form', { name: 'PayPal' }, FIRST_RENDER);
  return { ...app, card };
}

describe('/payment_gateway', () => {
  it('shows the stored gateway without its secret: only the last 4 characters, the field left blank', async () => {
    const { card } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Gateway' })).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: /Mode/ })).toHaveValue('sandbox');
    expect(within(card).getByRole('option', { name: 'Local test gateway' })).toBeInTheDocument();
    expect(within(card).getByRole('option', { name: 'PayPal live' })).toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: /Client ID/ })).toHaveValue('AbCdClientId');
    const secret = within(card).getByLabelText(/Client secret/);
    expect(secret).toHaveAttribute('type', 'password');
    expect(secret).toHaveAttribute('autocomplete', 'new-password');
    expect(secret).toHaveValue('');
    expect(secret).toHaveAccessibleDescription('Stored secret: •••• 9XyZ. Leave blank to keep it.');
    expect(screen.getByText('Not tested yet')).toBeInTheDocument();
  });

  it('saves without the secret when it is left blank, and never shows a typed secret again', async () => {
    const user = userEvent.setup();
    const { card } = await open();
    await user.selectOptions(within(card).getByRole('combobox', { name: /Mode/ }), 'live');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts.filter((p) => p.path === 'configure')).toHaveLength(1));
    expect(posts[0].body).toEqual({ campaign_id: CAMPAIGN_A, provider: 'paypal', mode: 'live', client_id: 'AbCdClientId', webhook_id: 'WH-1' });
    expect(await screen.findByText('Payment gateway saved')).toBeInTheDocument();

    const typed = 'EFGH-super-secret-value-7Qw2';
    await user.type(within(card).getByLabelText(/Client secret/), typed);
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts.filter((p) => p.path === 'configure')).toHaveLength(2));
    expect(posts[1].body.client_secret).toBe(typed);
    const secret = await screen.findByLabelText(/Client secret/);
    await waitFor(() => expect(secret).toHaveValue(''));
    // The saved answer reaches the cache in the mutation's onQueryStarted, a turn after the field clears.
    await waitFor(() => expect(secret).toHaveAccessibleDescription('Stored secret: •••• 7Qw2. Leave blank to keep it.'));
    expect(document.body.textContent).not.toContain(typed);
    expect([...document.querySelectorAll('input')].some((input) => input.value.includes('super-secret'))).toBe(false);
  });

  it('asks for the client id and the secret the first time', async () => {
    gateways = [];
    const user = userEvent.setup();
    const { card } = await open();
    expect(screen.getByText('Not set up')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Test connection' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Webhook URL' })).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Client id is required')).toBeInTheDocument();
    expect(within(card).getByText('Client secret is required')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('tests the connection and says whether it works', async () => {
    const user = userEvent.setup();
    const { card } = await open();
    await user.click(within(card).getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connection works. PayPal accepted the credentials (sandbox).')).toBeInTheDocument();
    expect(posts.find((p) => p.path === 'test')?.body).toEqual({ campaign_id: CAMPAIGN_A, provider: 'paypal' });
    testAnswer = () => HttpResponse.json({ code: 'GATEWAY_CREDENTIALS_REJECTED', message: 'x' }, { status: 422 });
    await user.click(within(card).getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('PayPal refused these credentials; check the client id and secret')).toBeInTheDocument();
  });

  it('copies the webhook URL and the public page address', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(WEBHOOK_URL);
    expect(screen.getByRole('textbox', { name: 'Webhook URL' })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy webhook URL' }));
    expect(await screen.findByText('URL has been copied to the clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(WEBHOOK_URL);
    expect(screen.getByRole('textbox', { name: 'Public page address' })).toHaveValue('https://give.example.org/demo-campaign');
    await user.click(screen.getByRole('button', { name: 'Copy public page address' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('https://give.example.org/demo-campaign'));
  });

  it('is read-only without the write permission', async () => {
    resources = STAFF_RESOURCES;
    const { card } = await open();
    expect(within(card).getByRole('textbox', { name: /Client ID/ })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Test connection' })).not.toBeInTheDocument();
    const giving = await screen.findByRole('form', { name: 'Giving page' });
    expect(within(giving).getByRole('textbox', { name: /Appeal/ })).toBeDisabled();
    expect(within(giving).queryByRole('button', { name: 'Save giving page' })).not.toBeInTheDocument();
  });

  it('is not shown without the read permission', async () => {
    resources = STAFF_RESOURCES.filter((r) => r !== 'payment_gateway.read');
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    renderApp('/payment_gateway');
    expect(await screen.findByText('You do not have access to this page', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('edits the giving page: appeal and 1 to 6 suggested amounts in dollars, saved in cents', async () => {
    const user = userEvent.setup();
    await open();
    const giving = await screen.findByRole('form', { name: 'Giving page' });
    const appeal = within(giving).getByRole('textbox', { name: /Appeal/ });
    expect(appeal).toHaveValue('Help us win.');
    expect(within(giving).getByRole('textbox', { name: 'Amount 1' })).toHaveValue('25.00');
    await user.clear(appeal);
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    expect(await within(giving).findByText('Appeal text is required')).toBeInTheDocument();
    await user.type(appeal, 'Every dollar counts.');

    await user.click(within(giving).getByRole('button', { name: 'Remove amount 2' }));
    expect(within(giving).getAllByRole('textbox', { name: /^Amount/ }).map((input) => (input as HTMLInputElement).value)).toEqual(['25.00', '100.00']);
    await user.click(within(giving).getByRole('button', { name: 'Add amount' }));
    const added = within(giving).getByRole('textbox', { name: 'Amount 3' });
    expect(added).toHaveFocus();
    await user.type(added, '0.50');
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    expect(await within(giving).findByText('Please enter an amount between $1.00 and $100,000.00')).toBeInTheDocument();
    await user.clear(added);
    await user.type(added, '1,000');
    for (let i = 0; i < 3; i += 1) await user.click(within(giving).getByRole('button', { name: 'Add amount' }));
    expect(within(giving).getByRole('button', { name: 'Add amount' })).toBeDisabled();
    for (const n of [6, 5, 4]) await user.click(within(giving).getByRole('button', { name: `Remove amount ${n}` }));
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    await waitFor(() => expect(posts.filter((p) => p.path === 'settings')).toHaveLength(1));
    expect(posts.find((p) => p.path === 'settings')?.body).toEqual({ campaign_id: CAMPAIGN_A, appeal: 'Every dollar counts.', suggested_amounts_cents: [2_500, 10_000, 100_000], require_phone: false, notices: DEFAULT_NOTICES });
    expect(await screen.findByText('Giving page saved')).toBeInTheDocument();
  });

  it('shows and edits the legal notices, each with its default; a bad privacy link is refused before sending', async () => {
    settings = { ...settingsView(), notices: { ...DEFAULT_NOTICES, paid_for_by: 'Paid for by Demo PAC' } };
    const user = userEvent.setup();
    await open();
    const giving = await screen.findByRole('form', { name: 'Giving page' });
    const notices = within(giving).getByRole('group', { name: 'Legal notices' });
    const paidFor = within(notices).getByRole('textbox', { name: /"Paid for by" line/ });
    expect(paidFor).toHaveValue('Paid for by Demo PAC');
    expect(paidFor).toHaveAccessibleDescription('Default: Paid for by Friends of Demo Candidate');
    expect(within(notices).getByRole('textbox', { name: /Tax notice/ })).toHaveValue('Contributions are not tax deductible for federal income tax purposes.');
    expect(within(notices).getByRole('textbox', { name: /Contribution rules/ })).toHaveValue(DEFAULT_NOTICES.rules_notice);
    const privacy = within(notices).getByRole('textbox', { name: /Privacy policy link/ });
    expect(privacy).toHaveValue('');

    await user.type(privacy, 'javascript:alert(1)');
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    expect(await within(giving).findByText('Privacy policy link must be a web address starting with https:// or http://')).toBeInTheDocument();
    expect(posts.filter((p) => p.path === 'settings')).toHaveLength(0);

    await user.clear(privacy);
    await user.type(privacy, 'https://demo.example.org/privacy');
    await user.clear(within(notices).getByRole('textbox', { name: /Contribution rules/ }));
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    await waitFor(() => expect(posts.filter((p) => p.path === 'settings')).toHaveLength(1));
    expect(posts[0]!.body.notices).toEqual({ paid_for_by: 'Paid for by Demo PAC', tax_notice: DEFAULT_NOTICES.tax_notice, privacy_url: 'https://demo.example.org/privacy', rules_notice: '' });

    await user.click(within(giving).getByRole('button', { name: 'Use the defaults' }));
    expect(paidFor).toHaveValue('Paid for by Friends of Demo Candidate');
    expect(privacy).toHaveValue('');
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    await waitFor(() => expect(posts.filter((p) => p.path === 'settings')).toHaveLength(2));
    expect(posts[1]!.body.notices).toEqual(DEFAULT_NOTICES);

  });

  it('asks donors for a phone number when ticked (off by default), and shows the stored choice', async () => {
    const user = userEvent.setup();
    await open();
    const giving = await screen.findByRole('form', { name: 'Giving page' });
    const phone = within(giving).getByRole('checkbox', { name: 'Donors must give a phone number' });
    expect(phone).not.toBeChecked();
    expect(phone).toHaveAccessibleDescription('Off: the phone number is optional on your giving page.');
    await user.click(phone);
    await user.click(within(giving).getByRole('button', { name: 'Save giving page' }));
    await waitFor(() => expect(posts.filter((p) => p.path === 'settings')).toHaveLength(1));
    expect(posts.find((p) => p.path === 'settings')?.body).toMatchObject({ require_phone: true });
    expect(await within(giving).findByRole('checkbox', { name: 'Donors must give a phone number' })).toBeChecked();
  });

  it('keeps at least one suggested amount', async () => {
    settings = { ...settings, suggested_amounts_cents: [5_000] };
    await open();
    const giving = await screen.findByRole('form', { name: 'Giving page' });
    expect(within(giving).getByRole('button', { name: 'Remove amount 1' })).toBeDisabled();
  });
});
