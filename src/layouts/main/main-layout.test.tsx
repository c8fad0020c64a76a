import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { selectCampaign, setHeaderCampaignList } from '../../features/campaign/campaign-slice';
import { setUser } from '../../features/user/user-slice';
import { readSession, STORAGE_KEYS } from '../../lib/session';
import { renderApp, signIn } from '../../test/render-app';

const signOutCalls: { body: unknown; authorization: string | null }[] = [];
const server = setupServer(
  http.post('*/auth/authentication/sign-out', async ({ request }) => {
    signOutCalls.push({ body: await request.json(), authorization: request.headers.get('authorization') });
    return HttpResponse.json({ data: null });
  }),
  http.get('*/auth/users/:id', () => HttpResponse.json({ code: 'NOT_FOUND', message: 'x' }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  signOutCalls.length = 0;
});
afterAll(() => server.close());

const campaigns = [
  { campaign_id: '1', campaign_name: 'Jane for Council', role: 'owner', package_status: 'ACTIVE' as const, purchase_date: '2020-01-01T00:00:00Z', total_purchased_year: 100 },
  { campaign_id: '2', campaign_name: 'Sam for Mayor', role: 'owner', package_status: 'INACTIVE' as const, purchase_date: null, total_purchased_year: 0 },
  { campaign_id: '3', campaign_name: 'Lee for Senate', role: 'staff', package_status: 'INACTIVE' as const, purchase_date: null, total_purchased_year: 0 },
];

async function openPrivate(path: string) {
  signIn();
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return result;
}

describe('header campaign dropdown', () => {
  it('is shown on the dashboard with its placeholder', async () => {
    await openPrivate('/dashboard');
    expect(screen.getByRole('combobox', { name: 'Select a campaign' })).toBeInTheDocument();
    expect(screen.getByText('--- Select a Campaign ---')).toBeInTheDocument();
  });

  it.each(['/my-account', '/campaign', '/campaign/campaign-details'])('is hidden on %s', async (path) => {
    await openPrivate(path);
    expect(screen.queryByRole('combobox', { name: 'Select a campaign' })).toBeNull();
  });

  it('says when no campaign is available', async () => {
    const user = userEvent.setup();
    await openPrivate('/dashboard');
    await user.click(screen.getByRole('combobox', { name: 'Select a campaign' }));
    expect(await screen.findByText('No platform campaign Available')).toBeInTheDocument();
  });

  it('selects a campaign from the header list and clears it', async () => {
    const user = userEvent.setup();
    const { store } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setHeaderCampaignList(campaigns));
    });
    act(() => {
      store.dispatch({ type: 'campaign/setPaymentFlag', payload: true });
    });
    await user.click(screen.getByRole('combobox', { name: 'Select a campaign' }));
    await user.click(await screen.findByText('Sam for Mayor'));
    expect(store.getState().campaign.selectedCampaignId).toBe('2');
    expect(store.getState().campaign.selectedCampaignOption).toEqual({ label: 'Sam for Mayor', value: '2' });
    expect(store.getState().campaign.paymentFlag).toBe(false);

    const clear = document.querySelector('[class*="indicatorContainer"]') as HTMLElement;
    await user.click(clear);
    await waitFor(() => expect(store.getState().campaign.selectedCampaignId).toBeNull());
  });
});

describe('profile menu', () => {
  it('shows Set your name / Set your email and the default avatar when the user slice is empty', async () => {
    const user = userEvent.setup();
    await openPrivate('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByText('Set your name')).toBeInTheDocument();
    expect(screen.getByText('Set your email')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/default-avatar.svg');
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/my-account');
  });

  it('offers the language choice: বাংলা turns the header Bengali and is kept for the next visit', async () => {
    const user = userEvent.setup();
    await openPrivate('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'bn');
    expect(await screen.findByRole('button', { name: 'লগ আউট' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'আমার অ্যাকাউন্ট' })).toHaveAttribute('href', '/my-account');
    expect(screen.getByRole('combobox', { name: 'ভাষা' })).toHaveValue('bn');
    expect(document.documentElement).toHaveAttribute('lang', 'bn');
    expect(localStorage.getItem('i18nextLng')).toBe('bn');
  }, 20_000);

  it('shows the stored name and e-mail', async () => {
    const user = userEvent.setup();
    const { store } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setUser({ name: 'Jane Roe', email: 'jane@example.org' }));
    });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(screen.getByText('Jane Roe')).toBeInTheDocument();
    expect(screen.getByText('jane@example.org')).toBeInTheDocument();
  });

  it('logs a REGULAR session out: sign-out without Authorization, state cleared, login page', async () => {
    const user = userEvent.setup();
    const { store, router } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setUser({ name: 'Jane Roe' }));
    });
    act(() => {
      store.dispatch(setHeaderCampaignList(campaigns));
    });
    act(() => {
      store.dispatch(selectCampaign({ label: 'Jane for Council', value: '1' }));
    });
    document.cookie = 'i18next=en; path=/';
    sessionStorage.setItem('register', 'x');

    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(signOutCalls).toEqual([{ body: { accessToken: 'access-1' }, authorization: null }]);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(store.getState().user.name).toBe('');
    expect(store.getState().campaign.selectedCampaignId).toBeNull();
    expect(store.getState().campaign.headerCampaignList).toEqual([]);
  });

  it('leaves localStorage empty after logout, and redux-persist does not write persist:root again', async () => {
    const user = userEvent.setup();
    const { store } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setUser({ userId: 'u-1', name: 'Jane Roe', is_profile_updated: 1 }));
    });
    await waitFor(() => expect(localStorage.getItem('persist:root')).toContain('Jane Roe'));
    localStorage.setItem(STORAGE_KEYS.developer, 'true');
    sessionStorage.setItem('cdt.register', JSON.stringify({ email: 'a@example.org' }));
    sessionStorage.setItem('cdt.recover', JSON.stringify({ email: 'a@example.org' }));

    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    // Later state changes must not bring persist:root back.
    act(() => {
      store.dispatch(setUser({ name: 'Someone' }));
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(localStorage.length).toBe(0);
  });

  it('logs out even when the sign-out call fails', async () => {
    server.use(http.post('*/auth/authentication/sign-out', () => HttpResponse.json({ code: 'X' }, { status: 500 })));
    const user = userEvent.setup();
    const { router } = await openPrivate('/dashboard');
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(readSession()).toBeNull();
  });
});

describe('sidebar', () => {
  it('opens and closes with the menu toggle', async () => {
    const user = userEvent.setup();
    await openPrivate('/dashboard');
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('lists the entries, marks the active one and discloses the Reports group', async () => {
    const user = userEvent.setup();
    await openPrivate('/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Dashboard', 'Campaign', 'Payment Gateway', 'My Account', 'Donor List', 'Expenses', 'Bulk History', 'Follow-up Call', 'Purchase History', 'Roles and Access', 'Users Management']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Roles and Access' })).toHaveAttribute('href', '/user-management?tab=roles');

    const reports = within(nav).getByRole('button', { name: 'Reports' });
    expect(reports).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Donation Report' })).toBeNull();
    await user.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Donation Report', 'Pledges Receivable Report', 'Donor Limit Report', 'Donor History Report', 'Match Report', 'Due Report', 'Expense Report']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('opens the Reports group on a report page', async () => {
    await openPrivate('/match-report');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Match Report' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('sidebar expiry card', () => {
  it('is hidden when no campaign is selected', async () => {
    await openPrivate('/dashboard');
    expect(screen.queryByRole('region', { name: 'Package' })).toBeNull();
  });

  it('ticks the countdown when 30 days or fewer remain, feeding the campaign state (SPEC §3, §4)', async () => {
    const soon = new Date(Date.now() - 365 * 86_400_000 + 10 * 86_400_000).toISOString();
    const { store } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setHeaderCampaignList([{ campaign_id: '9', campaign_name: 'Soon for Council', role: 'owner', package_status: 'ACTIVE' as const, purchase_date: soon, total_purchased_year: 1 }]));
    });
    act(() => {
      store.dispatch(selectCampaign({ label: 'Soon for Council', value: '9' }));
    });
    const card = await screen.findByRole('region', { name: 'Package' });
    expect(card).toHaveTextContent(/\d+ d \d+ h \d+ m \d+ s remaining/);
    await waitFor(() => expect(store.getState().campaign.countdown).toBeGreaterThan(8 * 86_400));
    const { countdown, timeRemaining } = store.getState().campaign;
    expect(countdown).toBeLessThan(12 * 86_400);
    expect(timeRemaining.days).toBe(Math.floor(countdown! / 86_400));
  });

  it('shows Active with the expiry date for a long-running package', async () => {
    const { store } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setHeaderCampaignList(campaigns));
    });
    act(() => {
      store.dispatch(selectCampaign({ label: 'Jane for Council', value: '1' }));
    });
    const card = await screen.findByRole('region', { name: 'Package' });
    expect(card).toHaveTextContent('Active');
    expect(card).toHaveTextContent('Your campaign is active.');
    expect(card).toHaveTextContent('Expires on 01-01-2120');
  });

  it('shows Inactive with a purchase prompt, and hides on my-account', async () => {
    const { store, router } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setHeaderCampaignList(campaigns));
    });
    act(() => {
      store.dispatch(selectCampaign({ label: 'Sam for Mayor', value: '2' }));
    });
    const card = await screen.findByRole('region', { name: 'Package' });
    expect(card).toHaveTextContent('Inactive');
    expect(within(card).getByRole('link', { name: 'Purchase package' })).toHaveAttribute('href', '/purchase-package');
    await act(() => router.navigate('/my-account'));
    await screen.findByRole('heading', { level: 1, name: 'My Account' });
    expect(screen.queryByRole('region', { name: 'Package' })).toBeNull();
  });

  it('opens the purchase reminder on my-account too (SPEC §4: only the purchase pages suppress it)', async () => {
    const { store } = await openPrivate('/my-account');
    act(() => {
      store.dispatch(setHeaderCampaignList(campaigns));
    });
    act(() => {
      store.dispatch(selectCampaign({ label: 'Sam for Mayor', value: '2' }));
    });
    expect(await screen.findByRole('dialog', { name: 'No active package' })).toBeInTheDocument();
  });

  it('tells staff to ask the owner or manager instead of offering the purchase (SPEC §6)', async () => {
    const { store } = await openPrivate('/dashboard');
    act(() => {
      store.dispatch(setHeaderCampaignList(campaigns));
    });
    act(() => {
      store.dispatch(selectCampaign({ label: 'Lee for Senate', value: '3' }));
    });
    const card = await screen.findByRole('region', { name: 'Package' });
    expect(card).toHaveTextContent('Inactive');
    expect(card).toHaveTextContent('Please contact the campaign owner or manager to purchase a package.');
    expect(within(card).queryByRole('link', { name: 'Purchase package' })).toBeNull();
  });
});

describe('keyboard and screen readers (issue 33.16)', () => {
  it('offers a skip link to the main content first, and moves focus to the new heading after a route change', async () => {
    const user = userEvent.setup();
    await openPrivate('/dashboard');
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await user.tab();
    expect(skip).toHaveFocus();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Expenses' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Expenses' }, { timeout: 15_000 });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});
