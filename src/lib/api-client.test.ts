import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeStore } from '../app/store';
import { setPaymentFlag } from '../features/campaign/campaign-slice';
import { apiClient, apiErrorMessage } from './api-client';
import { setBeforeSessionEnd } from './session-end';
import { stopPersistence } from './persistence-control';
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

  it('on TOKEN_EXPIRED stops redux-persist before clearing: a later state change writes nothing back', async () => {
    const { store, persistor } = makeStore();
    setBeforeSessionEnd(() => stopPersistence(persistor));
    signIn();
    setHardNavigate(vi.fn());
    server.use(
      http.post('*/auth/authentication/refresh-token', () => HttpResponse.json({ code: 'TOKEN_EXPIRED', message: 'expired' }, { status: 401 })),
      http.get('*/secure', () => HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 })),
    );
    await expect(apiClient.get('/secure')).rejects.toMatchObject({ response: { status: 401 } });
    store.dispatch(setPaymentFlag(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem('persist:root')).toBeNull();
    expect(localStorage.length).toBe(0);
    setBeforeSessionEnd(() => Promise.resolve());
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

describe('api client: rotating refresh tokens', () => {
  it('stores the rotated refresh token and sends it on the next refresh', async () => {
    signIn();
    const refreshBodies: unknown[] = [];
    let generation = 1;
    server.use(
      http.post('*/auth/authentication/refresh-token', async ({ request }) => {
        refreshBodies.push(await request.json());
        generation += 1;
        return HttpResponse.json({ data: { accessToken: `access-${generation}`, idToken: `id-${generation}`, refreshToken: `refresh-${generation}` } });
      }),
      http.get('*/probe', ({ request }) =>
        request.headers.get('authorization') === `Bearer id-${generation}` && generation > 1
          ? HttpResponse.json({ data: generation })
          : HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );

    await apiClient.get('/probe');
    expect(readSession()).toMatchObject({ accessToken: 'access-2', idToken: 'id-2', refreshToken: 'refresh-2', signinSource: 'REGULAR' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}')).toEqual({ idToken: 'id-2' });

    // The server rejects id-2 now (expired): the next refresh must spend refresh-2, not refresh-1.
    generation = 2;
    server.use(
      http.get('*/probe2', ({ request }) =>
        request.headers.get('authorization') === 'Bearer id-3' ? HttpResponse.json({ data: 'ok' }) : HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 }),
      ),
    );
    await apiClient.get('/probe2');
    expect(refreshBodies).toEqual([{ refresh_token: 'refresh-1' }, { refresh_token: 'refresh-2' }]);
    expect(readSession()?.refreshToken).toBe('refresh-3');
  });

  it('does not refresh for 401s that are not about the token (e.g. a wrong password)', async () => {
    signIn();
    let refreshCalls = 0;
    server.use(
      http.post('*/auth/authentication/refresh-token', () => {
        refreshCalls += 1;
        return HttpResponse.json({ data: { accessToken: 'a', idToken: 'i', refreshToken: 'r' } });
      }),
      http.post('*/auth/authentication/change_password', () => HttpResponse.json({ code: 'INCORRECT_CREDENTIALS', message: 'x' }, { status: 401 })),
    );
    await expect(apiClient.post('/auth/authentication/change_password', {})).rejects.toMatchObject({ response: { status: 401 } });
    expect(refreshCalls).toBe(0);
  });

  it('does not refresh when another tab already rotated the tokens while the request was in flight', async () => {
    signIn();
    let refreshCalls = 0;
    const seen: string[] = [];
    server.use(
      http.post('*/auth/authentication/refresh-token', () => {
        refreshCalls += 1;
        return HttpResponse.json({ code: 'TOKEN_EXPIRED', message: 'reused' }, { status: 401 });
      }),
      http.get('*/secure', ({ request }) => {
        const auth = request.headers.get('authorization') ?? '';
        seen.push(auth);
        if (auth === 'Bearer id-tab2') return HttpResponse.json({ data: 'ok' });
        // Meanwhile the other tab refreshed and stored its new tokens.
        writeSession({ accessToken: 'access-tab2', idToken: 'id-tab2', refreshToken: 'refresh-tab2', signinSource: 'REGULAR' });
        return HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 });
      }),
    );
    const response = await apiClient.get('/secure');
    expect(response.data.data).toBe('ok');
    expect(refreshCalls).toBe(0);
    expect(seen).toEqual(['Bearer old-id', 'Bearer id-tab2']);
    expect(readSession()?.refreshToken).toBe('refresh-tab2');
  });
});

/** Two "tabs": two independent copies of the api-client module sharing one localStorage. */
async function loadTab() {
  vi.resetModules();
  const mod = await import('./api-client');
  return mod.apiClient;
}

function refreshServerWithReuseDetection() {
  const spent = new Set<string>();
  const calls: string[] = [];
  let generation = 1;
  server.use(
    http.post('*/auth/authentication/refresh-token', async ({ request }) => {
      const { refresh_token: token } = (await request.json()) as { refresh_token: string };
      calls.push(token);
      await new Promise((r) => setTimeout(r, 40));
      if (spent.has(token) || token !== `refresh-${generation}`) {
        return HttpResponse.json({ code: 'TOKEN_EXPIRED', message: 'reused: family revoked' }, { status: 401 });
      }
      spent.add(token);
      generation += 1;
      return HttpResponse.json({ data: { accessToken: `access-${generation}`, idToken: `id-${generation}`, refreshToken: `refresh-${generation}` } });
    }),
    http.get('*/tab/:n', ({ request, params }) =>
      request.headers.get('authorization') === 'Bearer id-2'
        ? HttpResponse.json({ data: Number(params.n) })
        : HttpResponse.json({ code: 'UNAUTHORIZED' }, { status: 401 }),
    ),
  );
  return calls;
}

describe('api client: two tabs refreshing at once', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'locks');
    vi.resetModules();
  });

  it('spends the refresh token once (localStorage lease), the other tab reuses the new tokens', async () => {
    expect((navigator as Navigator & { locks?: unknown }).locks).toBeUndefined();
    writeSession({ accessToken: 'access-1', idToken: 'id-1', refreshToken: 'refresh-1', signinSource: 'REGULAR' });
    const navigate = vi.fn();
    setHardNavigate(navigate);
    const calls = refreshServerWithReuseDetection();
    const tabA = await loadTab();
    const tabB = await loadTab();
    expect(tabA).not.toBe(tabB);

    const [a, b] = await Promise.all([tabA.get('/tab/1'), tabB.get('/tab/2')]);

    expect([a.data.data, b.data.data]).toEqual([1, 2]);
    expect(calls).toEqual(['refresh-1']);
    expect(readSession()).toMatchObject({ idToken: 'id-2', refreshToken: 'refresh-2' });
    expect(navigate).not.toHaveBeenCalled();
    expect(localStorage.getItem('cdt.refreshLease')).toBeNull();
  });

  it('uses navigator.locks when the browser has it', async () => {
    const held: string[] = [];
    let queue: Promise<unknown> = Promise.resolve();
    const request = vi.fn(<T,>(name: string, task: () => Promise<T>): Promise<T> => {
      const run = queue.then(async () => {
        held.push(name);
        return task();
      });
      queue = run.catch(() => undefined);
      return run;
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    writeSession({ accessToken: 'access-1', idToken: 'id-1', refreshToken: 'refresh-1', signinSource: 'REGULAR' });
    const calls = refreshServerWithReuseDetection();
    const tabA = await loadTab();
    const tabB = await loadTab();

    const [a, b] = await Promise.all([tabA.get('/tab/1'), tabB.get('/tab/2')]);

    expect([a.data.data, b.data.data]).toEqual([1, 2]);
    expect(calls).toEqual(['refresh-1']);
    expect(held).toEqual(['cdt-refresh', 'cdt-refresh']);
    expect(localStorage.getItem('cdt.refreshLease')).toBeNull();
  });
});
