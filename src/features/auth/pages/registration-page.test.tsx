import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderApp } from '../../../test/render-app';

const bodies: Record<string, unknown[]> = {};
function record(path: string, body: unknown) {
  (bodies[path] ??= []).push(body);
}

const server = setupServer(
  http.post('*/auth/authentication/signup', async ({ request }) => {
    const body = (await request.json()) as { email?: string };
    record('signup', body);
    if (body.email === 'taken@example.org') return HttpResponse.json({ code: 'EMAIL_EXISTS', message: 'x' }, { status: 409 });
    return HttpResponse.json(
      { data: { user_id: 'u-1', destination: 'n***@example.org', resend_in: 60 }, message: 'Account created successfully', message_code: 'ACCOUNT_CREATED' },
      { status: 201 },
    );
  }),
  http.post('*/auth/authentication/confirm-signup', async ({ request }) => {
    const body = (await request.json()) as { code: string; email?: string };
    record('confirm-signup', body);
    if (body.code !== '654321') return HttpResponse.json({ code: 'CODE_EXPIRED_OR_WRONG', message: 'x' }, { status: 400 });
    return HttpResponse.json({
      data: { user_id: 'u-1', status: 'pending' },
      message_code: body.email ? 'EMAIL_CONFIRMED_WAIT_APPROVAL' : 'PHONE_VERIFIED_WAIT_APPROVAL',
    });
  }),
  http.get('*/auth/authentication/get-confirmation-code-validity', ({ request }) => {
    record('validity', Object.fromEntries(new URL(request.url).searchParams));
    return HttpResponse.json({ data: { valid: true, expires_in: 500, resend_in: 42 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  for (const key of Object.keys(bodies)) delete bodies[key];
});
afterAll(() => server.close());

async function openRegistration() {
  const user = userEvent.setup();
  const result = renderApp('/auth/registration');
  await screen.findByRole('heading', { level: 1, name: 'Create an account' });
  return { user, ...result };
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('registration: validation (SPEC §5 messages)', () => {
  it('requires name, last name and e-mail', async () => {
    const { user } = await openRegistration();
    await user.click(submit());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(bodies.signup).toBeUndefined();
  });

  it('rejects an invalid e-mail and special characters in names on blur', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText(/^Name/), 'Jane!');
    await user.type(screen.getByLabelText(/^Last name/), 'R0e');
    await user.type(screen.getByLabelText(/^Email/), 'jane@example');
    await user.tab();
    expect(await screen.findByText('Name does not support special characters')).toBeInTheDocument();
    expect(screen.getByText('Last name does not support special characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
  });

  it('checks the mobile number', async () => {
    const { user } = await openRegistration();
    await user.click(screen.getByRole('button', { name: 'try mobile number' }));
    await user.click(submit());
    expect(await screen.findByText('Mobile number is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Mobile number/), '55512');
    expect(await screen.findByText('Mobile number must be 10 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Mobile number/));
    await user.type(screen.getByLabelText(/^Mobile number/), '555-123-45');
    expect(await screen.findByText('Please enter a valid number')).toBeInTheDocument();
  });

  it('checks the optional password and its confirmation', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText(/^Password \(optional\)/), 'abc');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Password \(optional\)/));
    await user.type(screen.getByLabelText(/^Password \(optional\)/), 'has space');
    expect(await screen.findByText('Password must not contain whitespace')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Password \(optional\)/));
    await user.type(screen.getByLabelText(/^Password \(optional\)/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret2');
    await user.tab();
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret1');
    await waitFor(() => expect(screen.queryByText('Passwords must match')).toBeNull());
  });

  it('shows EMAIL_EXISTS under the e-mail field', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText(/^Name/), 'Jane');
    await user.type(screen.getByLabelText(/^Last name/), 'Roe');
    await user.type(screen.getByLabelText(/^Email/), 'taken@example.org');
    await user.click(submit());
    expect(await screen.findByText('Email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('registration → verify e-mail', () => {
  it('signs up, then confirms the code and shows the wait-for-approval message', async () => {
    const { user, router } = await openRegistration();
    await user.type(screen.getByLabelText(/^Name/), 'Nina');
    await user.type(screen.getByLabelText(/^Last name/), 'Lee');
    await user.type(screen.getByLabelText(/^Email/), 'nina@example.org');
    await user.click(submit());

    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(router.state.location.pathname).toBe('/auth/verify-registration-email');
    expect(bodies.signup).toEqual([{ name: 'Nina', last_name: 'Lee', email: 'nina@example.org' }]);
    expect(await screen.findByText('Account created successfully')).toBeInTheDocument();
    expect(screen.getByText(/n\*\*\*@example\.org/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(59|60) sec remaining$/);

    await user.type(screen.getByLabelText(/Verification code/), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong or expired confirmation code')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Verification code/));
    await user.type(screen.getByLabelText(/Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Email confirmed, please wait for admin approval')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(bodies['confirm-signup']?.at(-1)).toEqual({ email: 'nina@example.org', code: '654321' });
    expect(sessionStorage.getItem('cdt.register')).toBeNull();
  });

  it('sends the password too when one is chosen', async () => {
    const { user } = await openRegistration();
    await user.type(screen.getByLabelText(/^Name/), 'Nina');
    await user.type(screen.getByLabelText(/^Last name/), 'Lee');
    await user.type(screen.getByLabelText(/^Email/), 'nina@example.org');
    await user.type(screen.getByLabelText(/^Password \(optional\)/), 'secret1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'secret1');
    await user.click(submit());
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    expect(bodies.signup).toEqual([{ name: 'Nina', last_name: 'Lee', email: 'nina@example.org', password: 'secret1' }]);
  });

  it('verifies a mobile number reached with ?phone= (asks the server for the cool-down)', async () => {
    const user = userEvent.setup();
    renderApp('/auth/verify-registration-mobile?phone=5551234567');
    await screen.findByRole('heading', { level: 1, name: 'Verify your mobile number' });
    expect(await screen.findByRole('timer')).toHaveTextContent(/^4[12] sec remaining$/);
    expect(bodies.validity).toEqual([{ phone: '5551234567', purpose: 'signup' }]);
    await user.type(screen.getByLabelText(/Verification code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Phone number verified, please wait for admin approval');
  });

  it('asks for the address when it does not know it', async () => {
    const user = userEvent.setup();
    renderApp('/auth/verify-registration-email');
    await screen.findByRole('heading', { level: 1, name: 'Verify your email' });
    await user.type(screen.getByLabelText(/^Email/), 'nina@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/Verification code/)).toBeInTheDocument();
    await waitFor(() => expect(bodies.validity).toEqual([{ email: 'nina@example.org', purpose: 'signup' }]));
  });
});

describe('confirm-signup from a link', () => {
  it('confirms ?email=&code= once and shows the outcome', async () => {
    renderApp('/auth/confirm-signup?email=nina%40example.org&code=654321');
    await screen.findByRole('heading', { level: 1, name: 'Confirm sign-up' });
    expect(await screen.findByText('Email confirmed, please wait for admin approval')).toBeInTheDocument();
    expect(bodies['confirm-signup']).toEqual([{ email: 'nina@example.org', code: '654321' }]);
  });

  it('shows the error and a way to get a new code', async () => {
    renderApp('/auth/confirm-signup?email=nina%40example.org&code=000000');
    expect(await screen.findByText('Wrong or expired confirmation code')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Request a new code' })).toHaveAttribute('href', '/auth/verify-registration-email?email=nina%40example.org');
  });
});
