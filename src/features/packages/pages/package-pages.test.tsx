import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { PackageListData } from '../../../../domain/campaign';
import { PACKAGE_PRICES } from '../../../../domain/packages';
import type { PurchasePackageBody, PurchaseView } from '../../../../domain/payments/api-contract';
import { setHardNavigate } from '../../../lib/navigation';
import { fakeIdToken, TEST_USER, userView } from '../../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem, STAFF_RESOURCES } from '../../../test/campaign-fixtures';
import { renderApp, signIn } from '../../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
const FIRST_RENDER = { timeout: 15_000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAYMENT = 'b0000000-0000-4000-8000-000000000001';

function packageList(overrides: Partial<PackageListData> = {}): PackageListData {
  return {
    campaign_id: CAMPAIGN_A,
    package_status: 'ACTIVE',
    purchase_date: '2029-03-04T15:00:00.000Z',
    total_purchased_year: 1,
    is_popup_shown: 0,
    expires_at: '2030-03-05T03:00:00.000Z',
    package_list: [...PACKAGE_PRICES],
    ...overrides,
  };
}

function purchase(overrides: Partial<PurchaseView> = {}): PurchaseView {
  return {
    payment_id: PAYMENT,
    source: 'purchase',
    date: '2029-03-04',
    years: 1,
    amount_cents: 30_000,
    status: 'completed',
    receipt_number: 'P-2029-000007',
    has_invoice: true,
    period_from: '2029-03-04',
    period_to: '2030-03-04',
    ...overrides,
  };
}

let resources: string[] = ALL_RESOURCES;
let packages: PackageListData = packageList();
let purchases: PurchaseView[] = [purchase()];
let purchaseAnswer: () => Promise<Response> | Response = () =>
  HttpResponse.json({ data: { payment_id: PAYMENT, order_id: 'ORDER12345', approve_url: 'https://www.paypal.com/checkoutnow?token=ORDER12345', amount_cents: 55_000, test_mode: false } }, { status: 201 });
const bought: PurchasePackageBody[] = [];
const invoices: { url: URL; authorization: string | null }[] = [];

const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => HttpResponse.json({ data: { campaign_list: [campaignItem()], total: 1, page: 1, limit: 500 } })),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: resources }] })),
  http.get('*/campaign/package/list-package-by-year/:id', () => HttpResponse.json({ data: packages })),
  http.post('*/payment/purchase-package', async ({ request }) => {
    bought.push((await request.json()) as PurchasePackageBody);
    return purchaseAnswer();
  }),
  http.get('*/payment/purchase-list/:id', () => HttpResponse.json({ data: purchases })),
  http.get('*/payment/purchase-invoice/:paymentId', ({ request }) => {
    invoices.push({ url: new URL(request.url), authorization: request.headers.get('authorization') });
    return new HttpResponse(new TextEncoder().encode('%PDF-1.4 invoice'), { headers: { 'Content-Type': 'application/pdf' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resources = ALL_RESOURCES;
  packages = packageList();
  purchases = [purchase()];
  purchaseAnswer = () =>
    HttpResponse.json({ data: { payment_id: PAYMENT, order_id: 'ORDER12345', approve_url: 'https://www.paypal.com/checkoutnow?token=ORDER12345', amount_cents: 55_000, test_mode: false } }, { status: 201 });
  bought.length = 0;
  invoices.length = 0;
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function open(path: string) {
  const navigations: string[] = [];
  setHardNavigate((url) => navigations.push(url));
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  return { ...renderApp(path), navigations };
}

describe('/purchase-package', () => {
  it('shows the current package and the 1/2/3-year prices; Buy starts the payment and goes to the approval page', async () => {
    const user = userEvent.setup();
    const { navigations } = open('/purchase-package');
    expect(await screen.findByText('Your package is active until 05-03-2030.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Purchase Package' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Purchase Package \|/));
    const options = within(screen.getByRole('region', { name: 'Packages' })).getAllByRole('listitem');
    expect(options.map((o) => within(o).getByRole('heading').textContent)).toEqual(['1 year', '2 years', '3 years']);
    expect(options[0]).toHaveTextContent('$300.00');
    expect(options[1]).toHaveTextContent('$550.00');
    expect(options[1]).toHaveTextContent('$275.00 a year');
    expect(options[2]).toHaveTextContent('$780.00');
    expect(screen.getByRole('link', { name: 'Purchase history' })).toHaveAttribute('href', '/purchase-history');

    await user.click(screen.getByRole('button', { name: 'Buy 2 years for $550.00' }));
    await waitFor(() => expect(navigations).toEqual(['https://www.paypal.com/checkoutnow?token=ORDER12345']));
    expect(bought).toEqual([{ campaign_id: CAMPAIGN_A, years: 2, idempotency_key: expect.stringMatching(UUID) }]);
  });

  it('sends one purchase for a double click', async () => {
    purchaseAnswer = async () => {
      await delay(100);
      return HttpResponse.json({ data: { payment_id: PAYMENT, order_id: 'ORDER12345', approve_url: '/local-checkout/ORDER12345', amount_cents: 30_000, test_mode: true } }, { status: 201 });
    };
    const user = userEvent.setup();
    const { navigations } = open('/purchase-package');
    const buy = await screen.findByRole('button', { name: 'Buy 1 year for $300.00' }, FIRST_RENDER);
    await user.dblClick(buy);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Buy 3 years for $780.00' })).toBeDisabled());
    await waitFor(() => expect(navigations).toEqual(['/local-checkout/ORDER12345']));
    expect(bought).toHaveLength(1);
  });

  it('shows why a purchase could not start, and Buy works again', async () => {
    purchaseAnswer = () => HttpResponse.json({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'x' }, { status: 502 });
    const user = userEvent.setup();
    const { navigations } = open('/purchase-package');
    await user.click(await screen.findByRole('button', { name: 'Buy 1 year for $300.00' }, FIRST_RENDER));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment service did not answer; nothing was recorded.');
    expect(screen.getByRole('button', { name: 'Buy 1 year for $300.00' })).toBeEnabled();
    expect(navigations).toEqual([]);
  });

  it('says a campaign without a package has none', async () => {
    packages = packageList({ package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0, expires_at: null });
    open('/purchase-package');
    expect(await screen.findByText('This campaign has no active package. Buy one to keep using every feature.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('tells roles without the purchase permission to ask the owner or manager, with no Buy buttons', async () => {
    resources = STAFF_RESOURCES;
    open('/purchase-package');
    expect(await screen.findByText('Please contact the campaign owner or manager to purchase a package.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Packages' })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Buy/ })).not.toBeInTheDocument();
  });
});

describe('/purchase-history', () => {
  it('lists the purchases and downloads an invoice with the bearer token', async () => {
    purchases = [purchase(), purchase({ payment_id: 'b0000000-0000-4000-8000-000000000002', date: '2029-02-01T10:00:00.000Z', years: 2, amount_cents: 55_000, status: 'cancelled', receipt_number: null, has_invoice: false, period_from: null, period_to: null })];
    const created = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    const user = userEvent.setup();
    open('/purchase-history');
    const table = await screen.findByRole('table', { name: 'Purchase History' }, FIRST_RENDER);
    const paid = await within(table).findByRole('row', { name: /P-2029-000007/ });
    expect(paid).toHaveTextContent('04-03-2029');
    expect(paid).toHaveTextContent('1 year');
    expect(paid).toHaveTextContent('$300.00');
    expect(paid).toHaveTextContent('Paid');
    expect(paid).toHaveTextContent('04-03-2029 to 04-03-2030');
    const cancelled = within(table).getByRole('row', { name: /01-02-2029/ });
    expect(cancelled).toHaveTextContent('2 years');
    expect(cancelled).toHaveTextContent('$550.00');
    expect(cancelled).toHaveTextContent('Cancelled');
    expect(within(cancelled).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(paid).getByRole('button', { name: 'Invoice P-2029-000007' }));
    await waitFor(() => expect(downloads).toEqual(['Invoice P-2029-000007.pdf blob:invoice']));
    expect(invoices).toHaveLength(1);
    expect(invoices[0].url.pathname).toBe(`/payment/purchase-invoice/${PAYMENT}`);
    expect(invoices[0].url.searchParams.get('campaign_id')).toBe(CAMPAIGN_A);
    expect(invoices[0].authorization).toMatch(/^Bearer /);
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('lists a package an administrator granted, marked as such, with its period (issue 33.13)', async () => {
    purchases = [purchase({ payment_id: 'c0000000-0000-4000-8000-000000000003', source: 'grant', date: '2029-01-05T10:00:00.000Z', years: 2, amount_cents: 0, receipt_number: null, has_invoice: false, period_from: '2029-01-05', period_to: '2031-01-05' })];
    open('/purchase-history');
    const table = await screen.findByRole('table', { name: 'Purchase History' }, FIRST_RENDER);
    const granted = await within(table).findByRole('row', { name: /05-01-2029/ });
    expect(granted).toHaveTextContent('2 years');
    expect(granted).toHaveTextContent('Granted by an administrator');
    expect(granted).toHaveTextContent('No charge');
    expect(granted).toHaveTextContent('05-01-2029 to 05-01-2031');
    expect(within(granted).queryByRole('button')).not.toBeInTheDocument();
  });

  it('has an empty state with a call to buy a package', async () => {
    purchases = [];
    open('/purchase-history');
    expect(await screen.findByText('No packages bought or granted yet.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Purchase a package' })).toHaveAttribute('href', '/purchase-package');
  });

  it('shows why the list could not load', async () => {
    server.use(http.get('*/payment/purchase-list/:id', () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 })));
    open('/purchase-history');
    const table = await screen.findByRole('table', { name: 'Purchase History' }, FIRST_RENDER);
    expect(await within(table).findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
