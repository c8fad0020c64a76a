import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setHardNavigate } from '../../../lib/navigation';
import { readSession, STORAGE_KEYS } from '../../../lib/session';
import { signinData, userView } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';

const calls: { path: string; body: unknown }[] = [];
const server = setupServer(
  http.post('*/auth/authentication/signin-passwordless', async ({ request }) => {
    calls.push({ path: 'signin-passwordless', body: await request.json() });
    return HttpResponse.json({ data: { destination: 'j***@example.org', resend_in: 2 }, message_code: 'NEW_CONFIRMATION_SENT' });
  }),
  http.post('*/auth/authentication/otp-passwordless', async ({ request }) => {
    const body = (await request.json()) as { code: string };
    calls.push({ path: 'otp-passwordless', body });
    if (body.code === '123456') return HttpResponse.json({ data: signinData(), message_code: 'SIGN_IN_SUCCESS' });
    if (body.code === '999999') return HttpResponse.json({ code: 'ATTEMPT_LIMIT_EXCEEDED', message: 'x' }, { status: 429 });
    if (body.code === '222222') return HttpResponse.json({ code: 'ADMIN_APPROVAL_REQUIRED', message: 'x' }, { status: 403 });
    return HttpResponse.json({ code: 'OTP_INCORRECT_OR_EXPIRED', message: 'x' }, { status: 400 });
  }),
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

async function openLogin(path = '/auth/login') {
  const user = userEvent.setup();
  const result = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Sign in' });
  return { user, ...result };
}

async function sendCodeTo(user: ReturnType<typeof userEvent.setup>, email = 'jane@example.org') {
  await user.type(screen.getByLabelText(/Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText(/Verification code/);
}

describe('login: passwordless', () => {
  it('sends a code, counts down, resends, verifies and lands on the dashboard', async () => {
    const { user, router, store } = await openLogin();
    const codeInput = await sendCodeTo(user);

    expect(calls[0]).toEqual({ path: 'signin-passwordless', body: { email: 'jane@example.org' } });
    expect(screen.getByText(/We have sent a 6-digit code to j\*\*\*@example\.org/)).toBeInTheDocument();
    expect(codeInput).toHaveAttribute('maxlength', '6');
    expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('timer')).toHaveTextContent(/^[12] sec remaining$/);
    expect(screen.queryByRole('button', { name: 'Send Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the Dev outbox to read your code' })).toHaveAttribute('href', '/dev-outbox');

    const sendAgain = await screen.findByRole('button', { name: 'Send Again' }, { timeout: 4000 });
    await user.click(sendAgain);
    expect(await screen.findByText('OTP resent successfully')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === 'signin-passwordless')).toHaveLength(2);
    expect(screen.getByRole('timer')).toHaveTextContent(/sec remaining/);

    await user.type(codeInput, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.at(-1)).toEqual({ path: 'otp-passwordless', body: { email: 'jane@example.org', code: '123456' } });
    expect(readSession()).toEqual({ accessToken: 'access-new', idToken: signinData().idToken, refreshToken: 'refresh-new', signinSource: 'REGULAR' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}')).toEqual({ idToken: signinData().idToken });
    expect(store.getState().user).toMatchObject({ userId: signinData().user.userId, name: 'Jane', email: 'jane@example.org', is_platform_admin: false });
  }, 15_000);

  it('shows "Sending" while the code is requested', async () => {
    server.use(
      http.post('*/auth/authentication/signin-passwordless', async () => {
        await new Promise((r) => setTimeout(r, 150));
        return HttpResponse.json({ data: { destination: 'x', resend_in: 30 } });
      }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/Email/), 'jane@example.org');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('button', { name: 'Sending' })).toBeDisabled();
    expect(await screen.findByLabelText(/Verification code/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('30 sec remaining');
  });

  it('uses the mobile number when switched', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'try mobile number' }));
    await user.type(screen.getByLabelText(/Mobile number/), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Mobile number must be 10 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Mobile number/));
    await user.type(screen.getByLabelText(/Mobile number/), '5551234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText(/Verification code/);
    expect(calls[0]).toEqual({ path: 'signin-passwordless', body: { phone: '5551234567' } });
  });

  it('shows the catalogue message for a wrong code and keeps the step', async () => {
    const { user, router } = await openLogin();
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP incorrect or expired');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(readSession()).toBeNull();
  });

  it('shows the attempt limit message', async () => {
    const { user } = await openLogin();
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Attempt limit exceeded, please try after some time')).toBeInTheDocument();
  });

  it('explains a pending admin approval', async () => {
    const { user } = await openLogin();
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admin approval required');
    expect(alert).toHaveTextContent('User not verified yet. Please contact support.');
  });

  it('validates the code before sending it', async () => {
    const { user } = await openLogin();
    const codeInput = await sendCodeTo(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP is required')).toBeInTheDocument();
    await user.type(codeInput, '123');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('OTP must be at least 6 characters')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'otp-passwordless')).toBe(false);
  });

  it('asks "are you sure to leave" when leaving the code step with a typed code', async () => {
    const { user } = await openLogin();
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '12');
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure to leave?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText(/Verification code/)).toHaveValue('12');

    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('button', { name: 'Send code' })).toBeInTheDocument();
  });

  it('holds a route change while a code is typed', async () => {
    const { user, router } = await openLogin();
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '1');
    await act(async () => {
      void router.navigate('/auth/registration');
    });
    expect(await screen.findByRole('dialog', { name: 'Are you sure to leave?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    expect(router.state.location.pathname).toBe('/auth/registration');
  });
});

describe('login: redirect_to', () => {
  it('lands on redirect_to (path and query) after sign-in', async () => {
    const { user, router } = await openLogin(`/auth/login?redirect_to=${encodeURIComponent('/donor-list?page=2&sort=name')}`);
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/donor-list'));
    expect(router.state.location.search).toBe('?page=2&sort=name');
  });

  it.each(['https://evil.example.com/steal', '//evil.example.com/x'])('ignores the absolute URL %s and goes to the dashboard', async (target) => {
    const { user, router } = await openLogin(`/auth/login?redirect_to=${encodeURIComponent(target)}`);
    const codeInput = await sendCodeTo(user);
    await user.type(codeInput, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('login: password and social sign-in', () => {
  it('signs in with e-mail and password', async () => {
    let body: unknown = null;
    server.use(
      http.post('*/auth/authentication/signin', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: signinData() });
      }),
    );
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    await user.type(await screen.findByLabelText(/^Email/), 'jane@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(body).toEqual({ email: 'jane@example.org', password: 'secret1' });
  });

  it('shows INCORRECT_CREDENTIALS from the catalogue', async () => {
    server.use(http.post('*/auth/authentication/signin', () => HttpResponse.json({ code: 'INCORRECT_CREDENTIALS', message: 'x' }, { status: 401 })));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with password' }));
    await user.type(await screen.findByLabelText(/^Email/), 'jane@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
  });

  it.each([
    ['Login with Google', 'google'],
    ['continue with a social provider', 'auth0'],
  ])('%s asks the server for the provider address and goes there', async (name, provider) => {
    let body: unknown = null;
    server.use(
      http.post('*/auth/authentication/social-signin', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: { authorization_url: `https://id.example.org/authorize?p=${provider}` } });
      }),
    );
    const navigate = vi.fn();
    setHardNavigate(navigate);
    const { user } = await openLogin('/auth/login?redirect_to=%2Fmy-account');
    await user.click(screen.getByRole('button', { name }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`https://id.example.org/authorize?p=${provider}`));
    expect(body).toEqual({ provider, redirect_uri: `${window.location.origin}/auth/social-login-int` });
    expect(sessionStorage.getItem('cdt.redirectTo')).toBe('/my-account');
  });

  it('says when social sign-in is not configured', async () => {
    server.use(http.post('*/auth/authentication/social-signin', () => HttpResponse.json({ code: 'SOCIAL_PROVIDER_NOT_CONFIGURED', message: 'x' }, { status: 422 })));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Social sign-in is not configured on this server');
  });
});
