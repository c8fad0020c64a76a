import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DONOR_ATTESTATIONS, TEST_PAYMENTS_LABEL, type GivingPage, type PayOnlineBody } from '../../../../domain/payments/api-contract';
import { setHardNavigate } from '../../../lib/navigation';
import { renderApp } from '../../../test/render-app';
import { fillDonor, givingPage } from '../test-fixtures';
import { lastGivingPage } from '../last-giving-page';

vi.setConfig({ testTimeout: 20_000 });
const LOGO = 'campaign-logos/6f1c2b9e-0d43-4d8e-9d5a-3b7a1f2c4e55/logo_abcdefgh.png';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let page: GivingPage = givingPage();
const payments: PayOnlineBody[] = [];
let payAnswer: () => Promise<Response> | Response = () =>
  HttpResponse.json({ data: { payment_id: 'p1', order_id: '5O190127TN364715T', approve_url: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T', amount_cents: 5000, test_mode: false } }, { status: 201 });

const server = setupServer(
  http.get('*/payment/giving-page/:slug', ({ params }) => {
    if (params.slug === 'nobody') return HttpResponse.json({ data: null });
    return HttpResponse.json({ data: { ...page, slug: params.slug } });
  }),
  http.post('*/payment/pay-online', async ({ request }) => {
    payments.push((await request.json()) as PayOnlineBody);
    return payAnswer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  page = givingPage();
  payments.length = 0;
  payAnswer = () =>
    HttpResponse.json({ data: { payment_id: 'p1', order_id: '5O190127TN364715T', approve_url: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T', amount_cents: 5000, test_mode: false } }, { status: 201 });
});
afterAll(() => server.close());

async function open(slug = 'demo-campaign') {
  const navigations: string[] = [];
  setHardNavigate((url) => navigations.push(url));
  const app = renderApp(`/${slug}`);
  await screen.findByRole('heading', { level: 1, name: 'Pay Your Donation' });
  await screen.findByText(page.campaign_name);
  return { ...app, navigations };
}

describe('public giving page /{slug}', () => {
  it('shows the campaign, its office, logo and appeal, the suggested amounts as a radio group and the limit hint', async () => {
    page = givingPage({ logo: LOGO });
    await open();
    await waitFor(() => expect(document.title).toMatch(/^Pay Your Donation \|/));
    expect(screen.getByRole('img', { name: 'Logo of Friends of Demo Candidate' })).toHaveAttribute('src', `/files/${LOGO}`);
    expect(screen.getByText('Candidate for Mayor')).toBeInTheDocument();
    expect(screen.getByText('Help us reach every voter.')).toBeInTheDocument();
    const amounts = screen.getByRole('group', { name: 'Choose an amount' });
    expect(within(amounts).getAllByRole('radio').map((radio) => radio.closest('div')?.textContent)).toEqual(['$25', '$50', '$100']);
    expect(within(amounts).getByRole('textbox', { name: 'Other amount' })).toBeInTheDocument();
    expect(screen.getByText('The most one person can give this cycle is $2,100.00')).toBeInTheDocument();
    expect(screen.queryByText(TEST_PAYMENTS_LABEL)).not.toBeInTheDocument();
    // Autofill: the browser can fill every detail.
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: /Street address/ })).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.getByRole('textbox', { name: /ZIP code/ })).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByRole('combobox', { name: /State/ })).toHaveAttribute('autocomplete', 'address-level1');
    for (const statement of DONOR_ATTESTATIONS) expect(screen.getByRole('checkbox', { name: statement.text })).toBeRequired();
  });

  it("shows the campaign's legal notices under the form: rules, tax notice, privacy link and 'Paid for by'", async () => {
    await open();
    const notices = screen.getByRole('region', { name: 'Legal notices' });
    expect(notices).toHaveTextContent('Paid for by Friends of Demo Candidate');
    expect(notices).toHaveTextContent('Contributions are not tax deductible for federal income tax purposes.');
    expect(notices).toHaveTextContent('NYC Campaign Finance Board rules: up to $2,100 from one contributor for this election cycle; no more than $100 in cash');
    const privacy = within(notices).getByRole('link', { name: 'Privacy policy' });
    expect(privacy).toHaveAttribute('href', 'https://demo.example.org/privacy');
    expect(privacy).toHaveAttribute('rel', 'noopener noreferrer');
    // After the form, in the page's order.
    expect(screen.getByRole('form', { name: /./ }).compareDocumentPosition(notices) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no privacy link and no rules line when the campaign has none; the notices stay while giving is closed', async () => {
    page = givingPage({ giving: { available: false, reason: 'NO_GATEWAY' }, notices: { paid_for_by: 'Paid for by Demo PAC', tax_notice: 'Contributions are not tax deductible.', privacy_url: null, rules_notice: '' } });
    await open();
    const notices = screen.getByRole('region', { name: 'Legal notices' });
    expect(notices).toHaveTextContent(/^Contributions are not tax deductible\.Paid for by Demo PAC$/);
    expect(within(notices).queryByRole('link')).not.toBeInTheDocument();
  });

  it('is remembered by this tab, so a result page without a payment can lead back to it', async () => {
    await open();
    await waitFor(() => expect(lastGivingPage()).toEqual({ slug: page.slug, name: 'Friends of Demo Candidate' }));
  });

  it('shows no logo image without a logo, and no video without one', async () => {
    await open();
    expect(screen.queryByRole('img', { name: /Logo of/ })).not.toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });

  it("plays the campaign's video, from its public address, with controls and a name", async () => {
    page = givingPage({ video_url: '/campaign/public_video/0b7d7a52-3c1e-4f43-9d1e-6c8f0a2b4d11' });
    await open();
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('src', '/campaign/public_video/0b7d7a52-3c1e-4f43-9d1e-6c8f0a2b4d11');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('aria-label', 'Video from Friends of Demo Candidate');
  });

  it('shows the 404 page for an unknown address', async () => {
    renderApp('/nobody');
    expect(await screen.findByText('The page you are attempting to reach is currently not available...')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows the test banner while the campaign uses a test gateway', async () => {
    page = givingPage({ giving: { available: true, mode: 'local', test_mode: true } });
    await open();
    expect(screen.getByRole('note')).toHaveTextContent(TEST_PAYMENTS_LABEL);
  });

  it.each([
    ['NO_GATEWAY', 'This campaign has not set up online giving yet.'],
    ['NO_PACKAGE', 'Online giving for this campaign is paused for now.'],
    ['ARCHIVED', 'This campaign has closed and no longer takes donations.'],
    ['NOT_ACTIVE', 'This campaign is not open for donations yet.'],
  ] as const)('says online giving is not available (%s) instead of the form', async (reason, text) => {
    page = givingPage({ giving: { available: false, reason } });
    await open();
    const notice = screen.getByRole('status', { name: 'Online giving is not available' });
    expect(notice).toHaveTextContent(text);
    expect(screen.queryByRole('form', { name: 'Your donation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
  });

  it('validates every field with the shared schema messages and sends nothing', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Give' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    // Every field in error, in the page's order (the phone is optional unless the campaign requires it).
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Please enter an amount between $1.00 and $100,000.00',
      'Name is required',
      'E-mail is required',
      'Street address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Employer is required (write "Self-employed", "Retired" or "Not employed" if that applies)',
      'Occupation is required (write "Retired" or "Not employed" if that applies)',
      'Please confirm each statement before giving',
    ]);
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[0].text })).toHaveAttribute('aria-invalid', 'true');
    // The first field in error takes the focus.
    expect(screen.getByRole('textbox', { name: 'Other amount' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /E-mail/ }), 'not-an-address');
    expect(await screen.findByText('Please enter a valid email', { selector: '[role="alert"]' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Other amount' }), '5000.01');
    expect(await screen.findByText('This gift would take you over the $2,100.00 limit for this cycle', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(payments).toHaveLength(0);
  });

  it('checks the phone with the one phone rule when the donor gives, its message beside the field (issue 33.14)', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user, { phone: '555-0123' });
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    const message = 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)';
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(payments).toHaveLength(0);
    // 10 digits that are no US number (no area code starts with 0) are refused too; a written number passes.
    await user.clear(screen.getByRole('textbox', { name: /Phone number/ }));
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '012 555 0123');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Phone number/ })).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(payments).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: /Phone number/ }));
    await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '(718) 555-0102');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(payments).toHaveLength(1));
    expect(payments[0].donor.phone).toBe('(718) 555-0102');
  });

  it('sends one payment in cents with the donor, every attestation and a fresh key, then goes to the approval page', async () => {
    const user = userEvent.setup();
    const { navigations } = await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    expect(screen.getByRole('button', { name: 'Give $50.00' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Other amount' }), '75.5');
    expect(screen.getByRole('radio', { name: '$50' })).not.toBeChecked();
    await fillDonor(user, { phone: '(212) 555-0123' });
    await user.click(screen.getByRole('button', { name: 'Give $75.50' }));
    await waitFor(() => expect(navigations).toEqual(['https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T']));
    expect(payments).toHaveLength(1);
    const body = payments[0];
    expect(body).toEqual({
      slug: 'demo-campaign',
      amount_cents: 7550,
      donor: {
        name: 'Maria Lopez',
        email: 'maria@example.org',
        phone: '(212) 555-0123', // as typed: the server stores 2125550123 (domain/phone.ts)
        address: '1 Main Street',
        apt_unit: '4B',
        city: 'New York',
        country: 'US',
        state: 'new_york',
        zip: '10001',
        employer: 'Acme',
        occupation: 'Engineer',
      },
      attestations: { own_funds: true, not_reimbursed: true, not_corporate: true, personal_card: true, us_citizen_or_resident: true },
      idempotency_key: expect.stringMatching(UUID),
    });
    expect(body).not.toHaveProperty('pledge_token');
  });

  it('sends one request for a double click, and the button waits while it is under way', async () => {
    payAnswer = async () => {
      await delay(150);
      return HttpResponse.json({ data: { payment_id: 'p1', order_id: 'ORDER12345', approve_url: '/local-checkout/ORDER12345', amount_cents: 2500, test_mode: true } }, { status: 201 });
    };
    const user = userEvent.setup();
    const { navigations } = await open();
    await user.click(screen.getByRole('radio', { name: '$25' }));
    await fillDonor(user);
    const button = screen.getByRole('button', { name: 'Give $25.00' });
    await user.dblClick(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Taking you to the payment page…')).toBeInTheDocument();
    await waitFor(() => expect(navigations).toEqual(['/local-checkout/ORDER12345']));
    expect(payments).toHaveLength(1);
  });

  it('two submits before the button is disabled still send one request with one key', async () => {
    payAnswer = async () => {
      await delay(100);
      return HttpResponse.json({ data: { payment_id: 'p1', order_id: 'ORDER12345', approve_url: '/local-checkout/ORDER12345', amount_cents: 2500, test_mode: true } }, { status: 201 });
    };
    const user = userEvent.setup();
    const { navigations } = await open();
    await user.click(screen.getByRole('radio', { name: '$25' }));
    await fillDonor(user);
    const form = screen.getByRole('form', { name: 'Your donation' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(navigations).toHaveLength(1));
    expect(payments).toHaveLength(1);
  });

  it('a new press after a failure sends a new key', async () => {
    payAnswer = () => HttpResponse.json({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'x' }, { status: 502 });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$25' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    const alert = await screen.findByText('The payment service did not answer; nothing was recorded. Please try again in a few minutes');
    expect(alert.closest('[tabindex="-1"]')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Give $25.00' }));
    await waitFor(() => expect(payments).toHaveLength(2));
    expect(payments[0].idempotency_key).not.toBe(payments[1].idempotency_key);
  });

  it('explains the room left when the gift would pass the donor limit, in the donor\'s words (never the staff text)', async () => {
    payAnswer = () =>
      HttpResponse.json(
        { code: 'COMMITMENT_EXCEEDS_LIMIT', message: 'x', details: { limit_cents: 210_000, aggregate_cents: 200_000, remaining_cents: 10_000 } },
        { status: 422 },
      );
    const user = userEvent.setup();
    const { navigations } = await open();
    await user.type(screen.getByRole('textbox', { name: 'Other amount' }), '500');
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Give $500.00' }));
    expect(await screen.findByText('This gift would take you over the $2,100.00 limit for this cycle (you can give up to $100.00 more)')).toBeInTheDocument();
    expect(screen.queryByText(/Commitment amount/)).not.toBeInTheDocument();
    expect(navigations).toEqual([]);
    expect(screen.getByRole('button', { name: 'Give $500.00' })).toBeEnabled();
  });

  it('puts the server field errors under their fields', async () => {
    payAnswer = () => HttpResponse.json({ code: 'VALIDATION_ERROR', message: 'x', details: { fields: { 'donor.zip': 'ZIP code must be 5 digits (or ZIP+4)' } } }, { status: 400 });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$100' }));
    await fillDonor(user);
    await user.click(screen.getByRole('button', { name: 'Give $100.00' }));
    const zip = screen.getByRole('textbox', { name: /ZIP code/ });
    await waitFor(() => expect(zip).toHaveAttribute('aria-invalid', 'true'));
    expect(zip).toHaveAccessibleDescription('ZIP code must be 5 digits (or ZIP+4)');
  });

  it('hides suggested amounts above the limit', async () => {
    page = givingPage({ limit_cents: 5_000, suggested_amounts_cents: [2_500, 5_000, 10_000] });
    await open();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('div')?.textContent)).toEqual(['$25', '$50']);
  });
});
