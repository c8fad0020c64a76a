/**
 * The giving form as a donor who leaves and comes back meets it (issue 31.1: nothing retyped), its
 * error summary (31.2) and its conveniences (31.5: "Not employed", an address abroad, the phone).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DONOR_ATTESTATIONS, type GivingPage, type PayOnlineBody } from '../../../../domain/payments/api-contract';
import { setHardNavigate } from '../../../lib/navigation';
import { renderApp } from '../../../test/render-app';
import { draftKey } from '../giving-draft';
import { forgetAll } from '../once';
import { fillDonor, givingPage, ORDER_ID, PAYMENT_ID, statusView } from '../test-fixtures';

vi.setConfig({ testTimeout: 20_000 });

let page: GivingPage = givingPage();
const payments: PayOnlineBody[] = [];
const requests: string[] = [];

const server = setupServer(
  http.get('*/payment/giving-page/:slug', ({ params }) => HttpResponse.json({ data: { ...page, slug: params.slug, campaign_name: `Campaign ${String(params.slug)}` } })),
  http.post('*/payment/pay-online', async ({ request }) => {
    payments.push((await request.json()) as PayOnlineBody);
    return HttpResponse.json({ data: { payment_id: PAYMENT_ID, order_id: ORDER_ID, approve_url: '/paypal-standin/checkoutnow?token=' + ORDER_ID, amount_cents: 5000, test_mode: true } }, { status: 201 });
  }),
  http.post('*/payment/capture', () => HttpResponse.json({ data: statusView({ slug: 'demo-campaign' }) })),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));
});
afterEach(() => {
  server.resetHandlers();
  forgetAll();
  page = givingPage();
  payments.length = 0;
  requests.length = 0;
});
afterAll(() => server.close());

async function open(slug = 'demo-campaign') {
  setHardNavigate(() => undefined);
  const app = renderApp(`/${slug}`);
  await screen.findByText(`Campaign ${slug}`);
  return app;
}

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

/** The form as the donor left it: every value of fillDonor, $50 chosen, every statement ticked. */
function expectFilled() {
  expect(screen.getByRole('radio', { name: '$50' })).toBeChecked();
  expect(field(/Full name/)).toHaveValue('Maria Lopez');
  expect(field(/E-mail/)).toHaveValue('maria@example.org');
  expect(field(/Phone number/)).toHaveValue('2125550123');
  expect(field(/Street address/)).toHaveValue('1 Main Street');
  expect(field(/Apt \/ unit/)).toHaveValue('4B');
  expect(field(/City/)).toHaveValue('New York');
  expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('new_york');
  expect(field(/ZIP code/)).toHaveValue('10001');
  expect(field(/Employer/)).toHaveValue('Acme');
  expect(field(/Occupation/)).toHaveValue('Engineer');
  for (const statement of DONOR_ATTESTATIONS) expect(screen.getByRole('checkbox', { name: statement.text })).toBeChecked();
}

describe('the giving form keeps what the donor typed (this tab only)', () => {
  it('comes back filled after the page is left and opened again (Back from PayPal, "Try again", a reload), and nothing of it went to the server', async () => {
    const user = userEvent.setup();
    const first = await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user);
    first.unmount();

    await open();
    expectFilled();
    expect(requests.filter((r) => !r.startsWith('GET /payment/giving-page/'))).toEqual([]);
  });

  it('keeps an "Other amount" typed in, and a statement left unticked stays unticked', async () => {
    const user = userEvent.setup();
    const first = await open();
    await user.type(field('Other amount'), '75.5');
    await user.click(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[1].text }));
    first.unmount();

    await open();
    expect(field('Other amount')).toHaveValue('75.50');
    expect(screen.getByRole('radio', { name: '$50' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[1].text })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[0].text })).not.toBeChecked();
  });

  it('is kept per campaign: another campaign\'s page starts empty', async () => {
    const user = userEvent.setup();
    const first = await open('demo-campaign');
    await user.type(field(/Full name/), 'Maria Lopez');
    first.unmount();

    await open('rivera');
    expect(field(/Full name/)).toHaveValue('');
  });

  it('is forgotten once a payment of that campaign succeeds', async () => {
    const user = userEvent.setup();
    const first = await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user);
    first.unmount();
    expect(sessionStorage.getItem(draftKey('demo-campaign'))).toContain('Maria Lopez');

    const success = renderApp(`/payment-success?payment_id=${PAYMENT_ID}&token=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(draftKey('demo-campaign'))).toBeNull());
    success.unmount();

    await open();
    expect(field(/Full name/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[0].text })).not.toBeChecked();
  });

  it('ignores a kept draft of the wrong shape (never trusted): the form starts empty', async () => {
    sessionStorage.setItem(draftKey('demo-campaign'), JSON.stringify({ amount_cents: -5, donor: { name: 42, email: 'a@b.org' }, attestations: { own_funds: 'yes' } }));
    await open();
    expect(field(/Full name/)).toHaveValue('');
    expect(field(/E-mail/)).toHaveValue('a@b.org');
    expect(field('Other amount')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[0].text })).not.toBeChecked();
  });
});

describe('the error summary', () => {
  it('a failed submit lists every problem at the top (GOV.UK pattern) and focuses the first invalid field; a link focuses its field', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await user.type(field(/Full name/), 'Maria Lopez');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const links = within(summary).getAllByRole('link');
    expect(links[0]).toHaveTextContent('E-mail is required');
    expect(links[0]).toHaveAttribute('href', '#giving-email');
    expect(field(/E-mail/)).toHaveFocus();

    const city = within(summary).getByRole('link', { name: 'City is required' });
    expect(city).toHaveAttribute('href', '#giving-city');
    await user.click(city);
    expect(field(/City/)).toHaveFocus();

    await user.click(within(summary).getByRole('link', { name: 'Please confirm each statement before giving' }));
    expect(screen.getByRole('checkbox', { name: DONOR_ATTESTATIONS[0].text })).toHaveFocus();
    expect(payments).toHaveLength(0);
  });

  it('is not shown before a submit, and goes once every field is right', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user);
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument());
  });
});

describe('donor conveniences', () => {
  it('"Employment: Retired" fills employer and occupation with the CFB\'s words, and they are sent', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user);
    await user.selectOptions(screen.getByRole('combobox', { name: /Employment/ }), 'retired');
    expect(field(/Employer/)).toHaveValue('Not employed');
    expect(field(/Occupation/)).toHaveValue('Retired');
    expect(field(/Employer/)).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(payments).toHaveLength(1));
    expect(payments[0].donor).toMatchObject({ employer: 'Not employed', occupation: 'Retired' });
    // Back to "Employed": the filled-in words go, the donor types their own.
    await user.selectOptions(screen.getByRole('combobox', { name: /Employment/ }), 'employed');
    expect(field(/Employer/)).toHaveValue('');
    expect(field(/Employer/)).not.toHaveAttribute('readonly');
  });

  it('a donor abroad picks a country: a free region and a postal code instead of a US state and ZIP, and a phone with its country code', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user, { phone: '+44 20 7946 0958' });
    await user.click(screen.getByRole('checkbox', { name: 'My address is outside the US' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Country/ }), 'GB');
    expect(screen.queryByRole('combobox', { name: /^State/ })).not.toBeInTheDocument();
    await user.type(field(/State, province or region/), 'Greater London');
    await user.clear(field(/Postal code/));
    await user.type(field(/Postal code/), 'W1S 1HP');
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(payments).toHaveLength(1));
    // The phone goes as typed: the server reads it with the one phone rule and stores +442079460958.
    expect(payments[0].donor).toMatchObject({ country: 'GB', state: 'Greater London', zip: 'W1S 1HP', phone: '+44 20 7946 0958' });
  });

  it('the phone is optional unless the campaign requires it', async () => {
    const user = userEvent.setup();
    page = givingPage({ require_phone: true });
    await open();
    await user.click(screen.getByRole('button', { name: 'Give' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Phone number is required' })).toHaveAttribute('href', '#giving-phone');
    expect(field(/Phone number/)).toBeRequired();
  });

  it('without the requirement, a gift with no phone is sent with none', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: '$50' }));
    await fillDonor(user);
    await user.clear(field(/Phone number/));
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(payments).toHaveLength(1));
    expect(payments[0].donor.phone).toBeNull();
  });
});
