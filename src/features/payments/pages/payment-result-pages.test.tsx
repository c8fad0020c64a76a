import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PackageListData } from '../../../../domain/campaign';
import { TEST_PAYMENTS_LABEL, type PaymentStatusView } from '../../../../domain/payments/api-contract';
import { fakeIdToken, TEST_USER } from '../../../test/auth-fixtures';
import { campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { rememberGivingPage } from '../last-giving-page';
import { forgetAll } from '../once';
import { ORDER_ID, PAYMENT_ID, renderOpenPage, statusView } from '../test-fixtures';
import PaymentErrorPage from './payment-error-page';
import PaymentSuccessPage from './payment-success-page';

vi.setConfig({ testTimeout: 20_000 });
const QUERY = `payment_id=${PAYMENT_ID}&token=${ORDER_ID}`;

const calls: { path: string; body?: unknown }[] = [];
let captureAnswer: () => Promise<Response> | Response = () => HttpResponse.json({ data: statusView() });
let status: PaymentStatusView = statusView();
let statusFails = false;
let packageState: PackageListData | null = null;

const server = setupServer(
  http.post('*/payment/capture', async ({ request }) => {
    calls.push({ path: 'capture', body: await request.json() });
    return captureAnswer();
  }),
  http.post('*/payment/cancel', async ({ request }) => {
    calls.push({ path: 'cancel', body: await request.json() });
    return HttpResponse.json({ data: { ...status, status: 'cancelled' } });
  }),
  http.get('*/payment/status/:paymentId', ({ request, params }) => {
    calls.push({ path: `status:${params.paymentId}:${new URL(request.url).searchParams.get('order_id')}` });
    if (statusFails) return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 });
    return HttpResponse.json({ data: status });
  }),
  http.get('*/campaign/package/list-package-by-year/:id', ({ params }) => {
    calls.push({ path: `package:${params.id}` });
    return packageState ? HttpResponse.json({ data: packageState }) : HttpResponse.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgetAll();
  calls.length = 0;
  captureAnswer = () => HttpResponse.json({ data: statusView() });
  status = statusView();
  statusFails = false;
  packageState = null;
});
afterAll(() => server.close());

const captures = () => calls.filter((c) => c.path === 'capture');

describe('/payment-success', () => {
  it('shows the progress, captures once under StrictMode, then the receipt with a link back to the campaign', async () => {
    captureAnswer = async () => {
      await delay(80);
      return HttpResponse.json({ data: statusView() });
    };
    renderOpenPage('/payment-success', `/payment-success?${QUERY}`, <PaymentSuccessPage />, { strict: true });
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(captures()).toEqual([{ path: 'capture', body: { payment_id: PAYMENT_ID, order_id: ORDER_ID } }]);
    const receipt = screen.getByText('Receipt number').closest('dl')!;
    expect(receipt).toHaveTextContent('Amount$50.00');
    expect(receipt).toHaveTextContent('CampaignFriends of Demo Candidate');
    expect(receipt).toHaveTextContent('Receipt numberR-2029-000123');
    expect(receipt).toHaveTextContent(/Date0[45]-03-2029/);
    expect(screen.getByRole('link', { name: 'Back to Friends of Demo Candidate' })).toHaveAttribute('href', '/demo-campaign');
    expect(screen.queryByText(TEST_PAYMENTS_LABEL)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Payment Successful \|/));
  });

  it('does not capture again when the page mounts again for the same payment', async () => {
    const first = renderApp(`/payment-success?${QUERY}`);
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful' });
    first.unmount();
    renderApp(`/payment-success?${QUERY}`);
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful' });
    expect(captures()).toHaveLength(1);
  });

  it('shows the receipt again after a reload, when the capture answers that it is already done', async () => {
    captureAnswer = () => HttpResponse.json({ code: 'PAYMENT_NOT_APPROVED', message: 'x' }, { status: 409 });
    status = statusView({ status: 'completed' });
    renderApp(`/payment-success?${QUERY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.getByText('R-2029-000123')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(['capture', `status:${PAYMENT_ID}:${ORDER_ID}`]);
  });

  it('a capture PayPal has not settled (202 unknown or pending) tells the donor the truth: confirming, do not pay again; no receipt, no error page', async () => {
    for (const [state, text] of [
      ['unknown', /We are confirming your payment with PayPal\. Please do not pay again/],
      ['pending', /PayPal is still processing your payment.*It is not counted as given yet/],
    ] as const) {
      forgetAll();
      captureAnswer = () => HttpResponse.json({ data: statusView({ status: state, receipt_number: null, completed_at: null }) }, { status: 202 });
      const page = renderApp(`/payment-success?${QUERY}`);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByText('Receipt number')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
      page.unmount();
    }
  });

  it('shows the test label on a test payment', async () => {
    captureAnswer = () => HttpResponse.json({ data: statusView({ test_mode: true }) });
    renderApp(`/payment-success?${QUERY}`);
    expect(await screen.findByRole('note')).toHaveTextContent(TEST_PAYMENTS_LABEL);
  });

  it('goes to the error page with the code when the capture is refused', async () => {
    captureAnswer = () => HttpResponse.json({ code: 'PAYMENT_DECLINED', message: 'x' }, { status: 422 });
    status = statusView({ status: 'declined', failure_code: 'PAYMENT_DECLINED', receipt_number: null, completed_at: null });
    const { router } = renderApp(`/payment-success?${QUERY}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment-error');
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ payment_id: PAYMENT_ID, token: ORDER_ID, code: 'PAYMENT_DECLINED' });
    expect(screen.getByText('The payment was declined; nothing was charged. Try another card or account')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/demo-campaign');
    expect(captures()).toHaveLength(1);
    // The back button does not capture again: the success page was replaced.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('asks to confirm again when the server cannot be reached, without saying it failed', async () => {
    captureAnswer = () => HttpResponse.error();
    const user = userEvent.setup();
    const { router } = renderApp(`/payment-success?${QUERY}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server to confirm your payment. Please do not pay again');
    expect(router.state.location.pathname).toBe('/payment-success');
    captureAnswer = () => HttpResponse.json({ data: statusView() });
    await user.click(screen.getByRole('button', { name: 'Confirm again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(captures()).toHaveLength(2);
  });

  it('says what is missing when the address has no payment, never "Payment Successful", with a way back to the campaign this tab gave on', async () => {
    renderApp('/payment-success?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('its address is missing the payment details');
    expect(screen.getByRole('heading', { level: 1, name: 'We could not find this payment' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Back to/ })).toBeNull(); // no giving page seen in this tab
    await waitFor(() => expect(document.title).toMatch(/^We could not find this payment \|/));
    expect(captures()).toHaveLength(0);
  });

  it('the error page without a payment never says "Payment Failed"; it leads back to the giving page this tab showed', async () => {
    rememberGivingPage({ slug: 'demo-campaign', name: 'Friends of Demo Candidate' });
    renderApp('/payment-error');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this payment' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('its address does not name one');
    expect(screen.queryByText('Payment Failed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Friends of Demo Candidate' })).toHaveAttribute('href', '/demo-campaign');
    expect(calls).toEqual([]);
  });

  it('after a package payment: until when the package is active, the purchase history link, and the payment flag', async () => {
    captureAnswer = () => HttpResponse.json({ data: statusView({ kind: 'package', amount_cents: 30_000 }) });
    packageState = {
      campaign_id: campaignItem().campaign_id,
      package_status: 'ACTIVE',
      purchase_date: '2029-03-04T15:00:00.000Z',
      total_purchased_year: 1,
      is_popup_shown: 0,
      expires_at: '2030-03-05T03:00:00.000Z',
      package_list: [],
    };
    signIn({ idToken: fakeIdToken(TEST_USER.userId) });
    const { store } = renderApp(`/payment-success?${QUERY}`);
    act(() => {
      store.dispatch({ type: 'campaign/setAllCampaignList', payload: [campaignItem({ package_status: 'INACTIVE' })] });
    });
    expect(await screen.findByText('Thank you: the package for Friends of Demo Candidate is paid.')).toBeInTheDocument();
    expect(await screen.findByText('Your package is active until 05-03-2030.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See purchase history' })).toHaveAttribute('href', '/purchase-history');
    expect(screen.queryByRole('link', { name: /Back to/ })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === `package:${campaignItem().campaign_id}`)).toBe(true);
    expect(store.getState().campaign.paymentFlag).toBe(true);
  });

  it('after a package payment whose campaign is not known here: the package will show as active', async () => {
    captureAnswer = () => HttpResponse.json({ data: statusView({ kind: 'package' }) });
    renderApp(`/payment-success?${QUERY}`);
    expect(await screen.findByText('Your package becomes active in a moment; the purchase history shows it.')).toBeInTheDocument();
  });
});

describe('/payment-error', () => {
  it('records a cancellation once (StrictMode) and says nothing was charged, with a way back to the campaign', async () => {
    renderOpenPage('/payment-error', `/payment-error?${QUERY}&reason=cancelled`, <PaymentErrorPage />, { strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeInTheDocument();
    expect(screen.getByText('The payment was cancelled; nothing was charged')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/demo-campaign');
    expect(calls.filter((c) => c.path === 'cancel')).toEqual([{ path: 'cancel', body: { payment_id: PAYMENT_ID, order_id: ORDER_ID } }]);
    // The catalogue text already says it: not twice.
    expect(screen.queryByText('Nothing was charged.')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Payment Cancelled \|/));
  });

  it('says nothing was charged when the payment never went through', async () => {
    status = statusView({ status: 'created', receipt_number: null, completed_at: null });
    renderApp(`/payment-error?${QUERY}&code=PAYMENT_PROVIDER_UNAVAILABLE`);
    expect(await screen.findByText('The payment service did not answer; nothing was recorded. Please try again in a few minutes')).toBeInTheDocument();
    expect(await screen.findByText('Nothing was charged.')).toBeInTheDocument();
    expect(screen.getByText('Friends of Demo Candidate')).toBeInTheDocument();
  });

  it('does not claim nothing was charged while the payment is approved', async () => {
    status = statusView({ status: 'approved', receipt_number: null, completed_at: null });
    renderApp(`/payment-error?${QUERY}&code=INTERNAL_ERROR`);
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/demo-campaign');
    expect(screen.queryByText('Nothing was charged.')).not.toBeInTheDocument();
  });

  it('links home when the payment cannot be read, and uses the general text for an unknown code', async () => {
    statusFails = true;
    renderApp(`/payment-error?${QUERY}&code=SOMETHING_ELSE`);
    expect(await screen.findByText('Your payment could not be completed.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/');
  });

  it('uses the reason the payment records when the address has no code', async () => {
    status = statusView({ status: 'declined', failure_code: 'PAYMENT_DECLINED', receipt_number: null, completed_at: null });
    renderApp(`/payment-error?${QUERY}`);
    expect(await screen.findByText('The payment was declined; nothing was charged. Try another card or account')).toBeInTheDocument();
  });

  it('a package payment goes back to the package page and lowers the payment flag', async () => {
    status = statusView({ kind: 'package', status: 'cancelled', receipt_number: null, completed_at: null });
    const { store } = renderApp(`/payment-error?${QUERY}&reason=cancelled`);
    act(() => {
      store.dispatch({ type: 'campaign/setPaymentFlag', payload: true });
    });
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/purchase-package');
    await waitFor(() => expect(store.getState().campaign.paymentFlag).toBe(false));
  });

  it('sends a completed payment to its receipt', async () => {
    status = statusView({ status: 'completed' });
    captureAnswer = () => HttpResponse.json({ data: statusView() });
    const { router } = renderApp(`/payment-error?${QUERY}&code=PAYMENT_NOT_APPROVED`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment-success');
  });
});
