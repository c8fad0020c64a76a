/**
 * /{slug} on real PayPal (sandbox, live): PayPal's JS SDK buttons (faked: test-paypal-sdk.tsx) make the
 * order through POST /payment/pay-online and capture through POST /payment/capture, once; the local
 * stand-in keeps "Give" and the redirect.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { GivingPage, PayOnlineBody, PaymentStatusView } from '../../../../domain/payments/api-contract';
import { setHardNavigate } from '../../../lib/navigation';
import { renderApp } from '../../../test/render-app';
import { forgetAll } from '../once';
import { fillDonor, givingPage, ORDER_ID, PAYMENT_ID, statusView } from '../test-fixtures';
import { fakePaypal } from '../test-paypal-sdk';

vi.mock('@paypal/react-paypal-js', () => import('../test-paypal-sdk'));
vi.setConfig({ testTimeout: 20_000 });

const CLIENT_ID = 'AbC-sandbox-client-id';
const sandbox = (mode: 'sandbox' | 'live' = 'sandbox'): GivingPage['giving'] => ({ available: true, mode, test_mode: false, client_id: CLIENT_ID });

let page: GivingPage = givingPage({ giving: sandbox() });
const payments: PayOnlineBody[] = [];
const calls: { path: string; body?: unknown }[] = [];
const started = { payment_id: PAYMENT_ID, order_id: ORDER_ID, approve_url: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`, amount_cents: 5_000, test_mode: false };
let payAnswer: () => Response = () => HttpResponse.json({ data: started }, { status: 201 });
let captureAnswer: () => Response = () => HttpResponse.json({ data: statusView() });
let status: PaymentStatusView = statusView();

const server = setupServer(
  http.get('*/payment/giving-page/:slug', ({ params }) => HttpResponse.json({ data: { ...page, slug: params.slug } })),
  http.post('*/payment/pay-online', async ({ request }) => {
    payments.push((await request.json()) as PayOnlineBody);
    return payAnswer();
  }),
  http.post('*/payment/capture', async ({ request }) => {
    calls.push({ path: 'capture', body: await request.json() });
    return captureAnswer();
  }),
  http.post('*/payment/cancel', async ({ request }) => {
    calls.push({ path: 'cancel', body: await request.json() });
    return HttpResponse.json({ data: { ...status, status: 'cancelled' } });
  }),
  http.get('*/payment/status/:paymentId', () => {
    calls.push({ path: 'status' });
    return HttpResponse.json({ data: status });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetAll();
  fakePaypal.reset();
  page = givingPage({ giving: sandbox() });
  payments.length = 0;
  calls.length = 0;
  payAnswer = () => HttpResponse.json({ data: started }, { status: 201 });
  captureAnswer = () => HttpResponse.json({ data: statusView() });
  status = statusView();
});
afterAll(() => server.close());

async function open() {
  const navigations: string[] = [];
  setHardNavigate((url) => navigations.push(url));
  const app = renderApp('/demo-campaign');
  await screen.findByRole('heading', { level: 1, name: 'Pay Your Donation' });
  await screen.findByText(page.campaign_name);
  return { ...app, navigations };
}

/** A valid form: $50 and every detail. */
async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: '$50' }));
  await fillDonor(user);
}

const paypalOutput = () => within(screen.getByTestId('paypal-buttons')).getByRole('status', { hidden: true });

/** Fills the form and presses PayPal's button: createOrder has handed PayPal our order. */
async function orderThroughPaypal(user: ReturnType<typeof userEvent.setup>) {
  await fillForm(user);
  await user.click(await screen.findByRole('button', { name: 'PayPal' }));
  await waitFor(() => expect(paypalOutput()).toHaveTextContent(`order ${ORDER_ID}`));
}

describe("/{slug} with PayPal's buttons", { timeout: 20_000 }, () => {
  it.each(['sandbox', 'live'] as const)('shows PayPal\'s buttons (%s), loading the SDK with the client id, USD and capture, instead of "Give"', async (mode) => {
    page = givingPage({ giving: sandbox(mode) });
    await open();
    const group = await screen.findByRole('group', { name: 'Pay with PayPal or a card' });
    expect(within(group).getByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Give/ })).not.toBeInTheDocument();
    expect(fakePaypal.options.at(-1)).toMatchObject({ clientId: CLIENT_ID, currency: 'USD', intent: 'capture' });
    expect(screen.getByText("Choose PayPal or a card: you confirm the payment in PayPal's window, and nothing is charged before that.")).toBeInTheDocument();
  });

  it.each([
    ['the local stand-in', { available: true, mode: 'local', test_mode: true }],
    ['a sandbox answer without a client id', { available: true, mode: 'sandbox', test_mode: false }],
  ] as const)('keeps "Give" and the redirect for %s', async (_name, giving) => {
    page = givingPage({ giving });
    const user = userEvent.setup();
    const { navigations } = await open();
    expect(screen.queryByRole('group', { name: 'Pay with PayPal or a card' })).not.toBeInTheDocument();
    expect(fakePaypal.options).toEqual([]);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(navigations).toEqual([started.approve_url]));
  });

  it('an invalid form never creates an order: the press is refused with the errors shown, and createOrder refuses too', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('Name is required', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByText('Please confirm each statement before giving', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Other amount' })).toHaveFocus();
    expect(paypalOutput()).toHaveTextContent('rejected');
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(paypalOutput()).toHaveTextContent('no order'));
    expect(payments).toEqual([]);
    // The failure PayPal reports for the refused createOrder adds no second message.
    expect(screen.queryByText('Your payment could not be completed.')).not.toBeInTheDocument();
  });

  it('createOrder posts the form to pay-online (fresh key, the server decides the amount) and hands PayPal the order id', async () => {
    const user = userEvent.setup();
    const { navigations } = await open();
    await orderThroughPaypal(user);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      slug: 'demo-campaign',
      amount_cents: 5_000,
      donor: { name: 'Maria Lopez', email: 'maria@example.org', phone: '2125550123', apt_unit: '4B', state: 'new_york', zip: '10001' },
      attestations: { own_funds: true, not_reimbursed: true, not_corporate: true, personal_card: true, us_citizen_or_resident: true },
      idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    // No redirect: PayPal's window does the approval.
    expect(navigations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(payments).toHaveLength(2));
    expect(payments[1].idempotency_key).not.toBe(payments[0].idempotency_key);
  });

  it('onApprove captures once, then /payment-success shows the receipt without capturing again', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await orderThroughPaypal(user);
    await user.click(screen.getByRole('button', { name: 'Approve in PayPal' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment-success');
    expect(new URLSearchParams(router.state.location.search).get('payment_id')).toBe(PAYMENT_ID);
    expect(new URLSearchParams(router.state.location.search).get('token')).toBe(ORDER_ID);
    expect(screen.getByText('Receipt number').closest('dl')).toHaveTextContent('Receipt numberR-2029-000123');
    expect(calls).toEqual([{ path: 'capture', body: { payment_id: PAYMENT_ID, order_id: ORDER_ID } }]);
  });

  it('a capture PayPal declines ends on /payment-error with the reason', async () => {
    captureAnswer = () => HttpResponse.json({ code: 'PAYMENT_DECLINED', message: 'x' }, { status: 402 });
    status = statusView({ status: 'declined', receipt_number: null, completed_at: null, failure_code: 'PAYMENT_DECLINED' });
    const user = userEvent.setup();
    const { router } = await open();
    await orderThroughPaypal(user);
    await user.click(screen.getByRole('button', { name: 'Approve in PayPal' }));
    expect(await screen.findByText('The payment was declined; nothing was charged. Try another card or account')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment-error');
    // The page has read the payment's status (its way back leads to the campaign): no request of this test is
    // still in flight when the next one starts counting calls.
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/demo-campaign');
    expect(calls.filter((c) => c.path === 'capture')).toHaveLength(1);
  });

  it('onCancel says nothing was charged, keeps every value entered and closes the started payment', async () => {
    const user = userEvent.setup();
    const { router } = await open();
    await orderThroughPaypal(user);
    await user.click(screen.getByRole('button', { name: 'Close PayPal' }));
    expect(await screen.findByText('You closed PayPal before paying: nothing was charged. Your details are still here when you want to try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/demo-campaign');
    expect(screen.getByRole('radio', { name: '$50' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Maria Lopez');
    expect(screen.getByRole('textbox', { name: /E-mail/ })).toHaveValue('maria@example.org');
    expect(screen.getByRole('checkbox', { name: /own funds/ })).toBeChecked();
    await waitFor(() => expect(calls).toEqual([{ path: 'cancel', body: { payment_id: PAYMENT_ID, order_id: ORDER_ID } }]));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The buttons work again: a new press makes a new order.
    await user.click(screen.getByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(payments).toHaveLength(2));
    expect(screen.queryByText(/You closed PayPal/)).not.toBeInTheDocument();
  });

  it('onError shows the failure text of the redirect flow and keeps the form', async () => {
    const user = userEvent.setup();
    await open();
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal fails' }));
    const alert = await screen.findByText('Your payment could not be completed.');
    expect(alert.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Full name/ })).toHaveValue('Maria Lopez');
  });

  it("a refused order shows the server's reason once (PayPal's error that follows adds nothing)", async () => {
    payAnswer = () =>
      HttpResponse.json({ code: 'COMMITMENT_EXCEEDS_LIMIT', message: 'x', details: { limit_cents: 210_000, aggregate_cents: 200_000, remaining_cents: 1_000 } }, { status: 422 });
    const user = userEvent.setup();
    await open();
    await fillForm(user);
    await user.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('This gift would take you over the $2,100.00 limit for this cycle (you can give up to $10.00 more)')).toBeInTheDocument();
    await waitFor(() => expect(paypalOutput()).toHaveTextContent('no order'));
    expect(screen.queryByText('Your payment could not be completed.')).not.toBeInTheDocument();
  });

  it("falls back to \"Give\" and PayPal's own page when PayPal's script cannot load", async () => {
    fakePaypal.rejected = true;
    const user = userEvent.setup();
    const { navigations } = await open();
    expect(await screen.findByText("PayPal's buttons could not load here; you can still give through PayPal's own page.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Give $50.00' }));
    await waitFor(() => expect(navigations).toEqual([started.approve_url]));
    expect(payments).toHaveLength(1);
  });
});
