/**
 * The two timed package behaviours of the main layout (SPEC §4, §9), with fake timers:
 *   - after a payment, while the package is still INACTIVE, the campaign list is refetched after 5 s;
 *   - the purchase-reminder modal waits 800 ms on /bulk-history (none on the purchase pages).
 * Each test loads the app with real timers, then installs fake ones before the timed step.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CampaignListItem } from '../../../domain/campaign';
import { setPaymentFlag } from '../../features/campaign/campaign-slice';
import { fakeIdToken, TEST_USER, userView } from '../../test/auth-fixtures';
import { ALL_RESOURCES, CAMPAIGN_A, campaignItem } from '../../test/campaign-fixtures';
import { renderApp, signIn } from '../../test/render-app';

vi.setConfig({ testTimeout: 20_000 });

const inactive = () => campaignItem({ package_status: 'INACTIVE', purchase_date: null, total_purchased_year: 0 });
let campaigns: CampaignListItem[] = [];
let listCalls = 0;
const server = setupServer(
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
  http.get('*/campaign/list_campaign/:userId', () => {
    listCalls += 1;
    return HttpResponse.json({ data: { campaign_list: campaigns, total: campaigns.length, page: 1, limit: 500 } });
  }),
  http.get('*/rbac/role-access/:id', ({ params }) => HttpResponse.json({ data: [{ campaign_id: params.id, resource_names: ALL_RESOURCES }] })),
  // Whatever the pages themselves load is beside the point here: they may show an error.
  http.all('*/donation/*', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 })),
  http.all('*/payment/*', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
  listCalls = 0;
});
afterAll(() => server.close());

/** Opens `path` signed in and waits until the campaign is selected and its permissions are loaded. */
async function openLoaded(path: string) {
  signIn({ idToken: fakeIdToken(TEST_USER.userId) });
  const app = renderApp(path);
  await waitFor(() => expect(app.store.getState().campaign.selectedCampaignId).toBe(CAMPAIGN_A));
  await waitFor(() => expect(app.store.getState().permission.list).toHaveLength(1));
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// Page chunks load once per file: load them with real timers so navigations under fake timers render at once.
let warmedUp = false;
beforeEach(async () => {
  if (warmedUp) return;
  warmedUp = true;
  for (const path of ['/bulk-history', '/dashboard', '/purchase-package', '/purchase-history']) {
    campaigns = [campaignItem()];
    const app = await openLoaded(path);
    app.unmount();
    localStorage.clear();
  }
});

describe('post-payment refetch (5 s)', () => {
  it('refetches the campaign list 5 s after a payment while the package is INACTIVE, and stops once ACTIVE', async () => {
    campaigns = [inactive()];
    const { store } = await openLoaded('/purchase-history');
    const before = listCalls;

    vi.useFakeTimers();
    act(() => {
      store.dispatch(setPaymentFlag(true));
    });
    await advance(4999);
    expect(listCalls).toBe(before);
    campaigns = [campaignItem()]; // the payment went through meanwhile
    await advance(1);
    await vi.waitFor(() => expect(store.getState().campaign.selectedCampaign?.package_status).toBe('ACTIVE'));
    expect(listCalls).toBe(before + 1);
    await advance(10_000);
    expect(listCalls).toBe(before + 1);
  });

  it('keeps refetching every 5 s while the package stays INACTIVE', async () => {
    campaigns = [inactive()];
    const { store } = await openLoaded('/purchase-history');
    const before = listCalls;
    vi.useFakeTimers();
    act(() => {
      store.dispatch(setPaymentFlag(true));
    });
    await advance(5000);
    // vi.waitFor advances the fake clock by its interval (50 ms) per check: far below the next 5 s.
    await vi.waitFor(() => expect([listCalls, store.getState().campaign.listLoading]).toEqual([before + 1, false]));
    await advance(4000);
    expect(listCalls).toBe(before + 1);
    await advance(1000);
    await vi.waitFor(() => expect(listCalls).toBe(before + 2));
  });

  it('does not refetch without a payment, nor when the package is already ACTIVE', async () => {
    campaigns = [inactive()];
    const first = await openLoaded('/purchase-history');
    let before = listCalls;
    vi.useFakeTimers();
    await advance(6000);
    expect(listCalls).toBe(before);
    vi.useRealTimers();
    first.unmount();
    localStorage.clear();

    campaigns = [campaignItem()];
    const { store } = await openLoaded('/purchase-history');
    before = listCalls;
    vi.useFakeTimers();
    act(() => {
      store.dispatch(setPaymentFlag(true));
    });
    await advance(6000);
    expect(listCalls).toBe(before);
  });
});

describe('purchase-reminder delay (800 ms on /bulk-history)', () => {
  it('opens at 800 ms on bulk history, not before', async () => {
    campaigns = [inactive()];
    const { router } = await openLoaded('/purchase-history');
    expect(screen.queryByRole('dialog')).toBeNull();

    vi.useFakeTimers();
    await act(() => router.navigate('/bulk-history'));
    await advance(799);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(1);
    expect(screen.getByRole('dialog', { name: 'No active package' })).toBeInTheDocument();
  });

  it('opens at once on other pages', async () => {
    campaigns = [inactive()];
    const { router } = await openLoaded('/purchase-history');
    vi.useFakeTimers();
    await act(() => router.navigate('/dashboard'));
    await advance(0);
    expect(screen.getByRole('dialog', { name: 'No active package' })).toBeInTheDocument();
  });

  it('never opens on purchase package and purchase history', async () => {
    campaigns = [inactive()];
    const { router } = await openLoaded('/purchase-history');
    vi.useFakeTimers();
    await advance(2000);
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router.navigate('/purchase-package'));
    await advance(2000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open mid-payment', async () => {
    campaigns = [inactive()];
    const { router, store } = await openLoaded('/purchase-history');
    vi.useFakeTimers();
    act(() => {
      store.dispatch(setPaymentFlag(true));
    });
    await act(() => router.navigate('/bulk-history'));
    await advance(1000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
