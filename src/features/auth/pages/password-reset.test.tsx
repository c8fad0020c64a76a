import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { renderApp } from '../../../test/render-app';

const forgot: unknown[] = [];
const setPasswordBodies: unknown[] = [];
const server = setupServer(
  http.post('*/auth/authentication/forgot-password', async ({ request }) => {
    forgot.push(await request.json());
    return HttpResponse.json({ data: { destination: 'n***@example.org', resend_in: 60 }, message_code: 'RESET_SENT' });
  }),
  http.post('*/auth/authentication/set-password', async ({ request }) => {
    const body = (await request.json()) as { code: string; password: string };
    setPasswordBodies.push(body);
    if (body.code !== '246810') return HttpResponse.json({ code: 'CODE_EXPIRED_OR_WRONG', message: 'x' }, { status: 400 });
    if (body.password === 'oldpass1') return HttpResponse.json({ code: 'PASSWORD_REUSE', message: 'x' }, { status: 422 });
    return HttpResponse.json({ data: null, message_code: 'PASSWORD_RESET_SUCCESS' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  forgot.length = 0;
  setPasswordBodies.length = 0;
});
afterAll(() => server.close());

describe('password recovery', () => {
  it('offers e-mail and mobile recovery', async () => {
    renderApp('/auth/recover-password');
    await screen.findByRole('heading', { level: 1, name: 'Recover password' });
    expect(screen.getByRole('link', { name: /Reset with e-mail/ })).toHaveAttribute('href', '/auth/forget-password-email');
    expect(screen.getByRole('link', { name: /Reset with mobile number/ })).toHaveAttribute('href', '/auth/forget-password-mobile');
  });

  it('requests a code by e-mail, then sets the new password with it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/auth/forget-password-email');
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nina@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));

    await screen.findByRole('heading', { level: 1, name: 'Reset password' });
    expect(forgot).toEqual([{ email: 'nina@example.org' }]);
    expect(screen.getByText('Set a password. Use at least 6 letters.')).toBeInTheDocument();
    expect(screen.getByText(/n\*\*\*@example\.org/)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Verification code/), '111111');
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    expect(setPasswordBodies).toEqual([]);

    await user.clear(screen.getByLabelText(/^Confirm password/));
    await user.type(screen.getByLabelText(/^Confirm password/), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Wrong or expired confirmation code')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Verification code/));
    await user.type(screen.getByLabelText(/Verification code/), '246810');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByText('Password reset successful')).toBeInTheDocument();
    expect(setPasswordBodies.at(-1)).toEqual({ email: 'nina@example.org', code: '246810', password: 'newpass1' });
    expect(sessionStorage.getItem('cdt.recover')).toBeNull();
  });

  it('set-password asks for the address first when it does not know it', async () => {
    const user = userEvent.setup();
    renderApp('/auth/set-password');
    await screen.findByRole('heading', { level: 1, name: 'Set a password' });
    await user.click(screen.getByRole('button', { name: 'try mobile number' }));
    await user.type(screen.getByLabelText(/^Mobile number/), '5551234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByLabelText(/Verification code/)).toBeInTheDocument();
    expect(forgot).toEqual([{ phone: '5551234567' }]);
    await user.type(screen.getByLabelText(/Verification code/), '246810');
    await user.type(screen.getByLabelText(/^New password/), 'oldpass1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'oldpass1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText("Can't reuse previous password")).toBeInTheDocument();
  });

  it('takes ?email=&code= from the URL', async () => {
    renderApp('/auth/reset-password?email=nina%40example.org&code=246810');
    expect(await screen.findByLabelText(/Verification code/)).toHaveValue('246810');
    expect(screen.getByText(/nina@example\.org/)).toBeInTheDocument();
  });
});
