import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { STORAGE_KEYS } from '../lib/session';
import { NOTICES } from '../features/payments/test-fixtures';
import { renderApp, signIn } from '../test/render-app';

const server = setupServer(
  http.get('*/payment/giving-page/:slug', ({ params }) =>
    params.slug === 'friends-of-jane'
      ? HttpResponse.json({
          data: {
            campaign_id: '11111111-1111-4111-8111-111111111111',
            slug: 'friends-of-jane',
            campaign_name: 'Friends of Jane',
            office: null,
            logo: null,
            appeal: 'Help Jane win.',
            suggested_amounts_cents: [2500],
            min_cents: 100,
            limit_cents: 210000,
            attestations: [],
            giving: { available: false, reason: 'NO_GATEWAY' },
            require_phone: false,
            notices: NOTICES,
          },
        })
      : HttpResponse.json({ data: null }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('route guards', () => {
  it('sends a visitor without a session from a private route to login, keeping path and query', async () => {
    const { router } = renderApp('/donor-list?page=2&sort=name');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect_to')).toBe('/donor-list?page=2&sort=name');
  });

  it('sends a signed-in visitor on /auth/login to the dashboard', async () => {
    signIn();
    const { router } = renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it.each(['/auth/confirm-signup', '/auth/reset-password'])('keeps a signed-in visitor on %s (an e-mail link must work; SPEC §2 public-only is login only)', async (path) => {
    signIn();
    const { router, container } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(container.querySelector('[data-layout="auth"]')).not.toBeNull();
  });

  it('redirects / to /dashboard (and on to login without a session)', async () => {
    signIn();
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('treats a session record without an idToken as signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it.each(['/pages/errors/error400', '/no/such/page'])('%s shows the 404 page with Back to Home', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'The page you are attempting to reach is currently not available...' })).toBeInTheDocument();
    expect(screen.getByText('It may not exist, or it may have moved.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    // One main landmark: the page does not nest a second one in the layout's (issue 33.16).
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });
});

describe('layouts', () => {
  it('renders a private page inside header, sidebar and footer with the page title', async () => {
    signIn();
    renderApp('/donation-report');
    expect(await screen.findByRole('heading', { level: 1, name: 'Donation Report' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Campaign Donation Tracker`);
    expect(document.title).toBe('Donation Report | Campaign Donation Tracker');
  });

  it('renders the login page in the auth layout', async () => {
    const { container } = renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(container.querySelector('[data-layout="auth"]')).not.toBeNull();
    expect(screen.getByLabelText(/Email/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'try mobile number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(document.title).toBe('Sign in | Campaign Donation Tracker');
  });

  it('renders the activate-campaign page (private) in the auth layout', async () => {
    signIn();
    const { container } = renderApp('/campaign/approve_campaign');
    await screen.findByRole('heading', { level: 1, name: 'Activate Campaign' });
    expect(container.querySelector('[data-layout="auth"]')).not.toBeNull();
  });

  it('renders /payment-success in the plain layout without a sidebar', async () => {
    const { container } = renderApp('/payment-success');
    // No payment in the address: the page says so (never "Payment Successful").
    await screen.findByRole('heading', { level: 1, name: 'We could not find this payment' });
    expect(container.querySelector('[data-layout="plain"]')).not.toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows the public donation page for a known slug', async () => {
    renderApp('/friends-of-jane');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Your Donation' })).toBeInTheDocument();
    expect(await screen.findByText('Friends of Jane')).toBeInTheDocument();
    expect(document.title).toBe('Pay Your Donation | Campaign Donation Tracker');
  });

  it('shows the 404 page for an unknown slug', async () => {
    renderApp('/nobody-here');
    expect(await screen.findByRole('heading', { name: 'The page you are attempting to reach is currently not available...' })).toBeInTheDocument();
  });
});

describe('maintenance', () => {
  it('shows the maintenance page when the flag is on', async () => {
    renderApp('/auth/login', { maintenance: true });
    expect(await screen.findByRole('heading', { name: 'We are down for maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });

  it('is bypassed when the local-storage override equals true', async () => {
    localStorage.setItem(STORAGE_KEYS.maintenanceOverride, 'true');
    renderApp('/auth/login', { maintenance: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('is not bypassed by other override values', async () => {
    localStorage.setItem(STORAGE_KEYS.maintenanceOverride, 'yes');
    renderApp('/auth/login', { maintenance: true });
    expect(await screen.findByRole('heading', { name: 'We are down for maintenance' })).toBeInTheDocument();
  });
});

describe('login page', () => {
  it('validates the e-mail on submit', async () => {
    const user = userEvent.setup();
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server error through the catalogue', async () => {
    server.use(
      http.post('*/auth/authentication/signin-passwordless', () =>
        HttpResponse.json({ code: 'ADMIN_APPROVAL_REQUIRED', message: 'x' }, { status: 403 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.type(screen.getByLabelText(/Email/), 'jane@example.org');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Admin approval required')).toBeInTheDocument();
  });

  it('switches to a mobile number field', async () => {
    const user = userEvent.setup();
    renderApp('/auth/login');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await user.click(screen.getByRole('button', { name: 'try mobile number' }));
    expect(screen.getByLabelText(/Mobile number/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'try email' })).toBeInTheDocument();
  });
});

describe('every route renders', () => {
  const privatePages: [string, string][] = [
    ['/dashboard', 'Dashboard'],
    ['/campaign', 'Campaign'],
    ['/campaign/campaign-details', 'Campaign Details'],
    ['/payment_gateway', 'Payment Gateway'],
    ['/my-account', 'My Account'],
    ['/donor-list', 'Donor List'],
    ['/expenses', 'Expenses'],
    ['/pledges-receivable-report', 'Pledges Receivable Report'],
    ['/donor-limit-report', 'Donor Limit Report'],
    ['/donor-history-report', 'Donor History Report'],
    ['/match-report', 'Match Report'],
    ['/due-report', 'Due Report'],
    ['/expense-report', 'Expense Report'],
    ['/follow-up-call', 'Follow-up Call'],
    ['/purchase-history', 'Purchase History'],
    ['/purchase-package', 'Purchase Package'],
    ['/bulk-history', 'Bulk History'],
    ['/filings', 'Filings'],
    ['/user-management', 'User Management'],
  ];
  it.each(privatePages)('%s (signed in) shows %s', async (path, title) => {
    signIn();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Campaign Donation Tracker`));
  });

  const authPages = [
    '/auth/registration',
    '/auth/verify-registration-mobile',
    '/auth/verify-registration-email',
    '/auth/confirm-signup',
    '/auth/recover-password',
    '/auth/forget-password-email',
    '/auth/forget-password-mobile',
    '/auth/set-password',
    '/auth/reset-password',
    '/auth/social-login-int',
  ];
  it.each(authPages)('%s renders in the auth layout when signed out', async (path) => {
    const { container } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(container.querySelector('[data-layout="auth"]')).not.toBeNull();
  });
});
