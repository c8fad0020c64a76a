import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { GatewayView, ReconcileReport, ReconcileRow } from '../../../../domain/payments/api-contract';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';
import { NOTICES } from '../test-fixtures';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };
const DONOR = 'd0000000-0000-4000-8000-000000000001';

function reconcileRow(overrides: Partial<ReconcileRow> = {}): ReconcileRow {
  return {
    payment_id: 'p0000000-0000-4000-8000-000000000001',
    kind: 'donation',
    created_at: '2029-03-01T10:00:00.000Z',
    amount_cents: 5_000,
    status: 'completed',
    refunded_cents: 0,
    order_id: '5O190127TN364715T',
    paypal_order_status: 'COMPLETED',
    paypal_capture_status: 'PARTIALLY_REFUNDED',
    difference: 'REFUND_NOT_BOOKED',
    donor_id: DONOR,
    donor_name: 'Ana Lopez',
    donation_id: 'e0000000-0000-4000-8000-000000000001',
    refund: { refund_id: '1JU08902781691411', amount_cents: 1_500, requested_at: '2029-03-02T10:00:00.000Z', status: 'pending', paypal_status: 'COMPLETED' },
    ...overrides,
  };
}

let resources: string[] = ALL_RESOURCES;
let report: ReconcileReport = { checked: 3, limit: 200, rows: [] };
const asked: string[] = [];
const gateway: GatewayView = { provider: 'paypal', mode: 'local', client_id: 'demo', secret_last4: 'cret', webhook_id: null, webhook_url: 'https://x.example/payment/webhook/paypal', verified_at: null, updated_at: '2029-03-01T10:00:00.000Z' };

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/payment/reconcile-report/:id', ({ params }) => {
    asked.push(String(params.id));
    return HttpResponse.json({ data: report });
  }),
  http.get('*/payment/all-payment-gateway/:id', () => HttpResponse.json({ data: [gateway] })),
  http.get('*/payment/list-payment-gateway', () => HttpResponse.json({ data: [{ provider: 'paypal', name: 'PayPal', is_active: true }] })),
  http.get('*/payment/giving-settings/:id', () =>
    HttpResponse.json({ data: { campaign_id: CAMPAIGN_A, appeal: 'Help us win.', suggested_amounts_cents: [2_500], require_phone: false, notices: NOTICES, default_notices: NOTICES } }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resources = ALL_RESOURCES;
  report = { checked: 3, limit: 200, rows: [] };
  asked.length = 0;
});
afterAll(() => server.close());

function open(path = '/payment_gateway/reconcile') {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return renderApp(path);
}

describe('/payment_gateway/reconcile', () => {
  it('lists each payment and refund that differs from PayPal: what each side says, and a link to the donor', async () => {
    report = {
      checked: 42,
      limit: 200,
      rows: [
        reconcileRow(),
        reconcileRow({ payment_id: 'p2', difference: 'REFUNDED_AMOUNT_DIFFERS', refund: null, refunded_cents: 0, paypal_capture_status: 'PARTIALLY_REFUNDED' }),
        reconcileRow({ payment_id: 'p3', kind: 'package', donor_id: null, donor_name: null, donation_id: null, difference: 'CAPTURED_NOT_RECORDED', status: 'unknown', refund: null, paypal_capture_status: 'COMPLETED', amount_cents: 30_000 }),
      ],
    };
    open();
    expect(await screen.findByText('42 online payments compared with PayPal (the newest, at most 200), each read again from PayPal just now.', undefined, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reconcile with PayPal' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Online payments and refunds that differ from PayPal' });
    const [, refundRow, amountRow, packageRow] = within(table).getAllByRole('row');
    expect(refundRow).toHaveTextContent('02-03-2029');
    expect(refundRow).toHaveTextContent('$15.00refund of $50.00');
    expect(refundRow).toHaveTextContent('PayPal completed a refund the books do not record');
    expect(refundRow).toHaveTextContent('Refund: Pending');
    expect(refundRow).toHaveTextContent('Refund: COMPLETED');
    expect(refundRow).toHaveTextContent('Refund 1JU08902781691411');
    expect(within(refundRow!).getByRole('link', { name: 'Ana Lopez' })).toHaveAttribute('href', `/donor-list/${DONOR}`);
    expect(amountRow).toHaveTextContent('What PayPal says is refunded is not what the books record');
    expect(amountRow).toHaveTextContent('Payment: Paid$0.00 refunded');
    expect(amountRow).toHaveTextContent('Order: COMPLETEDCapture: PARTIALLY_REFUNDED');
    expect(packageRow).toHaveTextContent('Package purchase');
    expect(packageRow).toHaveTextContent('PayPal captured money the books do not record');
    expect(packageRow).toHaveTextContent('Payment: Confirming with PayPal');
    expect(asked).toEqual([CAMPAIGN_A]);
  });

  it('an empty report says the books match PayPal; Check again reads PayPal again', async () => {
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('The books match PayPal: no online payment or refund differs.', undefined, FIRST_RENDER)).toBeInTheDocument();
    report = { checked: 4, limit: 200, rows: [reconcileRow({ difference: 'REFUND_OUTCOME_UNKNOWN', refund: { refund_id: null, amount_cents: 2_000, requested_at: '2029-03-02T10:00:00.000Z', status: 'requested', paypal_status: null } })] };
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('PayPal never answered this refund: press Refund again for the same amount on the donation')).toBeInTheDocument();
    expect(screen.queryByText('The books match PayPal: no online payment or refund differs.')).not.toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('needs the permission to configure the payment gateway (as its API): without it, no report is asked and the gateway page offers no link', async () => {
    resources = ALL_RESOURCES.filter((r) => r !== 'payment_gateway.write');
    const app = open();
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' }, FIRST_RENDER)).toBeInTheDocument();
    expect(asked).toEqual([]);
    await app.router.navigate('/payment_gateway');
    expect(await screen.findByRole('form', { name: 'PayPal' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the reconcile report' })).not.toBeInTheDocument();
  });

  it('the payment gateway page leads the owner to it', async () => {
    const user = userEvent.setup();
    open('/payment_gateway');
    await user.click(await screen.findByRole('link', { name: 'Open the reconcile report' }, FIRST_RENDER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reconcile with PayPal' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual([CAMPAIGN_A]));
  });

  it('reads PayPal again on every visit, never an answer kept from the last one', async () => {
    const app = open();
    expect(await screen.findByText('The books match PayPal: no online payment or refund differs.', undefined, FIRST_RENDER)).toBeInTheDocument();
    await app.router.navigate('/payment_gateway');
    expect(await screen.findByRole('form', { name: 'PayPal' }, FIRST_RENDER)).toBeInTheDocument();
    report = { checked: 4, limit: 200, rows: [reconcileRow()] };
    await app.router.navigate('/payment_gateway/reconcile');
    expect(await screen.findByText('Refund 1JU08902781691411')).toBeInTheDocument();
    expect(screen.queryByText('The books match PayPal: no online payment or refund differs.')).not.toBeInTheDocument();
    expect(asked).toEqual([CAMPAIGN_A, CAMPAIGN_A]);
  });
});
