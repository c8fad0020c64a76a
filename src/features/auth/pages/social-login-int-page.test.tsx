import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { readSession } from '../../../lib/session';
import { signinData, userView } from '../../../test/auth-fixtures';
import { renderApp } from '../../../test/render-app';

const exchanges: { contentType: string | null; authorization: string | null; form: Record<string, string> }[] = [];
const server = setupServer(
  http.post('*/oauth2/token', async ({ request }) => {
    const form = Object.fromEntries(new URLSearchParams(await request.text()));
    exchanges.push({ contentType: request.headers.get('content-type'), authorization: request.headers.get('authorization'), form });
    await new Promise((r) => setTimeout(r, 50));
    if (form.code === 'bad') return HttpResponse.json({ code: 'SOCIAL_SIGNIN_FAILED', message: 'x' }, { status: 400 });
    return HttpResponse.json({ data: signinData({ signinSource: 'GOOGLE' }) });
  }),
  http.get('*/auth/users/:id', () => HttpResponse.json({ data: userView() })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  exchanges.length = 0;
});
afterAll(() => server.close());

describe('social login intermediary', () => {
  it('shows "processing", exchanges the code form-encoded once, signs in and returns to the saved page', async () => {
    sessionStorage.setItem('cdt.redirectTo', '/my-account');
    const { router, store } = renderApp('/auth/social-login-int?code=abc&state=xyz');
    expect(await screen.findByText('Authentication is processing…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
    expect(exchanges).toEqual([
      {
        contentType: expect.stringContaining('application/x-www-form-urlencoded') as unknown as string,
        authorization: null,
        form: { grant_type: 'authorization_code', code: 'abc', state: 'xyz', redirect_uri: `${window.location.origin}/auth/social-login-int` },
      },
    ]);
    expect(readSession()?.signinSource).toBe('GOOGLE');
    expect(store.getState().user.name).toBe('Jane');
    expect(sessionStorage.getItem('cdt.redirectTo')).toBeNull();
  });

  it('shows the failure with a way back to sign in', async () => {
    renderApp('/auth/social-login-int?code=bad&state=xyz');
    expect(await screen.findByText('Social sign-in failed, please try again')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
    expect(readSession()).toBeNull();
  });

  it('says so when the provider sent no code', async () => {
    renderApp('/auth/social-login-int?error=access_denied');
    expect(await screen.findByText('The sign-in provider did not send us back a code. Please try again.')).toBeInTheDocument();
    expect(exchanges).toEqual([]);
  });
});
