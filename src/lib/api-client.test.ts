import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiClient, apiErrorMessage } from './api-client';
import { setHardNavigate } from './navigation';
import { readSession, STORAGE_KEYS, writeSession } from './session';

const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function signIn() {
  writeSession({ accessToken: 'old-access', idToken: 'old-id', refreshToken: 'refresh-1', signinSource: 'REGULAR' });
}

describe('api client', () => {
  it('sends JSON headers, Accept-Language en and the stored idToken as Bearer', async () => {
    signIn();
    let seen: Headers | null = null;
    server.use(
      http.get('*/probe', ({ request }) => {
        seen = request.headers;
        return HttpResponse.json({ data: 'ok' });
      }),
    );
    await apiClient.get('/probe');
    expect(seen!.get('authorization')).toBe('Bearer old-id');
    expect(seen!.get('accept')).toBe('application/json');
    expect(seen!.get('accept-language')).toBe('en');
  });

  it('refreshes once for three concurrent 401s and retries each with the new idToken', async () => {
    signIn();
    let refreshCalls = 0;
    let refreshBody: unknown = null;
    const authHeaders: string[] = [];
    server.use(
      http.post('*/auth/authentication/refresh-token', async ({ request }) => {
        refreshCalls += 1;
        refreshBody = await request.json();
        await new Promise((r) => setTimeout(r, 30));
        return HttpResponse.json({ data: { accessToken: 'new-access', idToken: 'new-id' } });
      }),
      http.get('*/items/:n', ({ request, params }) => {
        const auth = request.headers.get('authorization') ?? '';
        authHeaders.push(auth);
        if (auth !== 'Bearer new-id') return HttpResponse.json({ code: 'UNAUTHORIZED', message: 'x' }, { status: 401 });
        return HttpResponse.json({ data: Number(params.n) });
      }),
    );

    const results = await Promise.all([apiClient.get('/items/1'), apiClient.get('/items/2'), apiClient.get('/items/3')]);

    expect(refreshCalls).toBe(1);
    expect(refreshBody).toEqual({ refresh_token: 'refresh-1' });
    expect(results.map((r) => r.data.data)).toEqual([1, 2, 3]);
    expect(authHeaders.filter((h) => h === 'Bearer old-id')).toHaveLength(3);
    expect(authHeaders.filter((h) => h === 'Bearer new-id')).toHaveLength(3);
    expect(readSession()).toMatchObject({ accessToken: 'new-access', idToken: 'new-id', refreshToken: 'refresh-1' });
  });

  it('on TOKEN_EXPIRED clears storage and cookies and goes to login with path and query', async () => {
    signIn();
    localStorage.setItem('persist:root', '{}');
    sessionStorage.setItem('draft', 'x');
    document.cookie = 'i18next=en; path=/';
    window.history.pushState({}, '', '/donor-list?page=2&q=a%20b');
    const navigate = vi.fn();
    setHardNavigate(navigate);
    server.use(
      http.post('*/auth/authentication/refresh-token', () => HttpResponse.json({ code: 'TOKEN_EXPIRED', message: 'expired' }, { status: 401 })),
      http.get('*/secure', () => HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 })),
    );

    await expect(apiClient.get('/secure')).rejects.toMatchObject({ response: { status: 401 } });

    expect(localStorage.length).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(`/auth/login?redirect_to=${encodeURIComponent('/donor-list?page=2&q=a%20b')}`);
    window.history.pushState({}, '', '/');
  });

  it('does not loop when the retried request gets 401 again', async () => {
    signIn();
    let refreshCalls = 0;
    let requests = 0;
    const navigate = vi.fn();
    setHardNavigate(navigate);
    server.use(
      http.post('*/auth/authentication/refresh-token', () => {
        refreshCalls += 1;
        return HttpResponse.json({ data: { accessToken: 'a2', idToken: 'id2' } });
      }),
      http.get('*/always-401', () => {
        requests += 1;
        return HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );

    await expect(apiClient.get('/always-401')).rejects.toMatchObject({ response: { status: 401 } });
    expect(requests).toBe(2);
    expect(refreshCalls).toBe(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects with the original error when refresh fails for another reason, keeping the session', async () => {
    signIn();
    const navigate = vi.fn();
    setHardNavigate(navigate);
    server.use(
      http.post('*/auth/authentication/refresh-token', () => HttpResponse.json({ code: 'INTERNAL' }, { status: 500 })),
      http.get('*/secure', () => HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 })),
    );
    await expect(apiClient.get('/secure')).rejects.toMatchObject({ response: { status: 401 } });
    expect(navigate).not.toHaveBeenCalled();
    expect(readSession()?.idToken).toBe('old-id');
  });

  it('maps error codes to catalogue texts with a fallback', async () => {
    server.use(
      http.get('*/donor', () => HttpResponse.json({ code: 'DONOR_ALREADY_EXISTS', message: 'server text' }, { status: 409 })),
      http.get('*/weird', () => HttpResponse.json({ code: 'NO_SUCH_CODE' }, { status: 400 })),
    );
    const err1 = await apiClient.get('/donor').catch((e: unknown) => e);
    const err2 = await apiClient.get('/weird').catch((e: unknown) => e);
    expect(apiErrorMessage(err1)).toBe('Donor already exist');
    expect(apiErrorMessage(err2)).toBe('Something went wrong, please try again');
    expect(apiErrorMessage(new Error('boom'))).toBe('Something went wrong, please try again');
  });
});
