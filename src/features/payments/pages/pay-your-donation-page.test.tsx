import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { TEST_PAYMENTS_LABEL, type PayOnlineBody, type PledgeLinkView } from '../../../../domain/payments/api-contract';
import { setHardNavigate } from '../../../lib/navigation';
import { fillDonor, NOTICES, renderOpenPage } from '../test-fixtures';
import PayYourDonationPage from './pay-your-donation-page';

vi.setConfig({ testTimeout: 20_000 });
const TOKEN = 'signed.pledge.token';

function linkView(overrides: Partial<PledgeLinkView> = {}): PledgeLinkView {
  return {
    slug: 'demo-campaign',
    campaign_name: 'Friends of Demo Candidate',
    logo: null,
    donor_name: 'Maria Lopez',
    pledge_id: 'a0000000-0000-4000-8000-000000000009',
    committed_cents: 100_000,
    paid_cents: 25_000,
    remaining_cents: 75_000,
    commitment_date: '2029-02-01',
    giving: { available: true, mode: 'sandbox', test_mode: false },
    // A donor of whom the campaign holds only the name (the form asks the rest).
    donor: { name: 'Maria Lopez', email: '', phone: '', address: '', apt_unit: '', city: '', country: 'US', state: '', zip: '', employer: '', occupation: '' },
    notices: NOTICES,
    ...overrides,
  };
}

let view: PledgeLinkView = linkView();
const payments: PayOnlineBody[] = [];
const tokens: (string | null)[] = [];
const server = setupServer(
  http.get('*/payment/pledge-link', ({ request }) => {
    const token = new URL(request.url).searchParams.get('token');
    tokens.push(token);
    if (token === 'expired') return HttpResponse.json({ code: 'PAYMENT_LINK_INVALID', message: 'x' }, { status: 400 });
    if (token === 'broken') return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 });
    return HttpResponse.json({ data: view });
  }),
  http.post('*/payment/pay-online', async ({ request }) => {
    payments.push((await request.json()) as PayOnlineBody);
    return HttpResponse.json({ data: { payment_id: 'p1', order_id: 'ORDER12345', approve_url: 'https://www.paypal.com/checkoutnow?token=ORDER12345', amount_cents: 75_000, test_mode: false } }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  view = linkView();
  payments.length = 0;
  tokens.length = 0;
});
afterAll(() => server.close());

function open(query: string) {
  const navigations: string[] = [];
  setHardNavigate((url) => navigations.push(url));
  renderOpenPage('/pay-your-donation', `/pay-your-donation${query}`, <PayYourDonationPage />);
  return { navigations };
}

describe('/pay-your-donation', () => {
  it('shows the pledge and pays the remainder with the pledge token and the campaign slug', async () => {
    const user = userEvent.setup();
    const { navigations } = open(`?token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByText('Hello Maria Lopez, this pays your pledge of 01-02-2029.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay Your Donation' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Pay Your Donation \|/));
    expect(tokens).toEqual([TOKEN]);
    const figures = screen.getByText('Still to pay').closest('dl')!;
    expect(figures).toHaveTextContent('Pledged$1,000.00');
    expect(figures).toHaveTextContent('Paid so far$250.00');
    expect(figures).toHaveTextContent('Still to pay$750.00');
    // The amount starts at the remainder; no suggested amounts here.
    expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveValue('750.00');
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Maria Lopez');
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Give $750.00' }));
    await waitFor(() => expect(navigations).toEqual(['https://www.paypal.com/checkoutnow?token=ORDER12345']));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ slug: 'demo-campaign', amount_cents: 75_000, pledge_token: TOKEN });
  });

  it('prefills every detail the campaign holds of the donor, sends what the donor changed, and shows the notices', async () => {
    view = linkView({
      donor: { name: 'Maria Lopez', email: 'maria@example.org', phone: '2125550123', address: '12 Old Rd', apt_unit: '4B', city: 'Albany', country: 'US', state: 'new_york', zip: '12207', employer: 'Old Employer', occupation: 'Clerk' },
    });
    const user = userEvent.setup();
    const { navigations } = open(`?token=${TOKEN}`);
    const address = await screen.findByRole('textbox', { name: /Street address/ });
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Maria Lopez');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('maria@example.org');
    expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveValue('2125550123');
    expect(address).toHaveValue('12 Old Rd');
    expect(screen.getByRole('textbox', { name: /Apt \/ unit/ })).toHaveValue('4B');
    expect(screen.getByRole('textbox', { name: /City/ })).toHaveValue('Albany');
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveValue('new_york');
    expect(screen.getByRole('textbox', { name: /ZIP code/ })).toHaveValue('12207');
    expect(screen.getByRole('textbox', { name: /Employer/ })).toHaveValue('Old Employer');
    expect(screen.getByRole('textbox', { name: /Occupation/ })).toHaveValue('Clerk');
    const notices = screen.getByRole('region', { name: 'Legal notices' });
    expect(notices).toHaveTextContent('Paid for by Friends of Demo Candidate');
    expect(notices).toHaveTextContent('Contributions are not tax deductible');

    await user.clear(address);
    await user.type(address, '500 New Ave');
    await user.clear(screen.getByRole('textbox', { name: /Employer/ }));
    await user.type(screen.getByRole('textbox', { name: /Employer/ }), 'New Employer');
    const abroad = screen.getByRole('checkbox', { name: 'My address is outside the US' });
    for (const box of screen.getAllByRole('checkbox')) if (box !== abroad) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Give $750.00' }));
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(payments[0]!.donor).toMatchObject({ name: 'Maria Lopez', email: 'maria@example.org', address: '500 New Ave', apt_unit: '4B', city: 'Albany', employer: 'New Employer', occupation: 'Clerk' });
    expect(payments[0]!.pledge_token).toBe(TOKEN);
  });

  it('refuses more than what remains on the pledge before sending', async () => {
    const user = userEvent.setup();
    open(`?token=${TOKEN}`);
    const amount = await screen.findByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '750.01');
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Give $750.01' }));
    expect(await screen.findByText('The most you can pay on this pledge is $750.00', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveTextContent('The most you can pay on this pledge is $750.00');
    expect(payments).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Give $100.00' }));
    await waitFor(() => expect(payments).toHaveLength(1));
    expect(payments[0].amount_cents).toBe(10_000);
  });

  it('says how much remains when the pledge was paid meanwhile', async () => {
    server.use(http.post('*/payment/pay-online', () => HttpResponse.json({ code: 'DONATION_EXCEEDS_PLEDGE', message: 'x', details: { remaining_cents: 20_000 } }, { status: 422 })));
    const user = userEvent.setup();
    const { navigations } = open(`?token=${TOKEN}`);
    await screen.findByRole('textbox', { name: /^Amount/ });
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Give $750.00' }));
    expect(await screen.findByText('The most you can pay on this pledge is $200.00')).toBeInTheDocument();
    expect(navigations).toEqual([]);
  });

  it('says clearly when the link is not valid or has expired', async () => {
    open('?token=expired');
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment link cannot be used');
    expect(screen.getByRole('alert')).toHaveTextContent('This payment link is not valid or has expired; ask the campaign for a new one');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says so without a token, and asks for nothing', async () => {
    open('');
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment link is not valid or has expired');
    expect(tokens).toEqual([]);
  });

  it('offers to try again when the link could not be read', async () => {
    open('?token=broken');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the test banner in test mode', async () => {
    view = linkView({ giving: { available: true, mode: 'local', test_mode: true } });
    open(`?token=${TOKEN}`);
    expect(await screen.findByRole('note')).toHaveTextContent(TEST_PAYMENTS_LABEL);
  });

  it('shows the unavailable state instead of the form', async () => {
    view = linkView({ giving: { available: false, reason: 'NO_GATEWAY' } });
    open(`?token=${TOKEN}`);
    expect(await screen.findByRole('status', { name: 'Online giving is not available' })).toHaveTextContent('This campaign has not set up online giving yet.');
    expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
  });

  it('says a pledge paid in full needs nothing more', async () => {
    view = linkView({ paid_cents: 100_000, remaining_cents: 0 });
    open(`?token=${TOKEN}`);
    expect(await screen.findByText('This pledge is paid in full. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
  });
});
