import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore, PERSIST_KEY } from '../app/store';
import { resetUser } from '../features/user/user-slice';
import { api, useCampaignData } from './api';
import { apiErrorCode, apiErrorMessage, apiFieldErrors, apiRetryAfter } from './api-error';
import { writeSession } from './session';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    testThing: build.query<{ data: { name: string } }, { campaign_id: string; page: number }>({
      query: (params) => ({ url: '/test/thing', params }),
      providesTags: ['Donor'],
    }),
    testSave: build.mutation<{ data: null }, { name: string }>({
      query: (data) => ({ url: '/test/thing', method: 'POST', data }),
      invalidatesTags: ['Donor'],
    }),
  }),
});

const seen: { auth: string | null; query: string }[] = [];
let answer = (campaign: string, page: number): Response => HttpResponse.json({ data: { name: `${campaign} page ${page}` } });
const server = setupServer(
  http.get('*/test/thing', ({ request }) => {
    const url = new URL(request.url);
    seen.push({ auth: request.headers.get('authorization'), query: url.search });
    return answer(url.searchParams.get('campaign_id') ?? '', Number(url.searchParams.get('page')));
  }),
  http.post('*/test/thing', () => HttpResponse.json({ code: 'VALIDATION_ERROR', message: 'Bad', details: { fields: { name: 'Name is required' } } }, { status: 400 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

function setup() {
  const { store } = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, wrapper };
}

describe('api (RTK Query over the axios client)', () => {
  it('sends through the one axios instance (bearer token), caches, and refetches what a write invalidates', async () => {
    writeSession({ accessToken: 'a', idToken: 'id-token-1', refreshToken: 'r', signinSource: 'REGULAR' } as Parameters<typeof writeSession>[0]);
    const { store, wrapper } = setup();
    const { result } = renderHook(() => testApi.useTestThingQuery({ campaign_id: 'c1', page: 1 }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ data: { name: 'c1 page 1' } }));
    expect(seen).toEqual([{ auth: 'Bearer id-token-1', query: '?campaign_id=c1&page=1' }]);
    // An error keeps the shape the api-error helpers read.
    const failed = await store.dispatch(testApi.endpoints.testSave.initiate({ name: '' }));
    expect(apiErrorCode(failed.error)).toBe('VALIDATION_ERROR');
    expect(apiFieldErrors(failed.error)).toEqual({ name: 'Name is required' });
    await waitFor(() => expect(seen.length).toBeGreaterThan(1)); // a write invalidates its tags (RTK Query: even when it fails)
    const before = seen.length;
    act(() => {
      store.dispatch(api.util.invalidateTags(['Donor']));
    });
    await waitFor(() => expect(seen.length).toBe(before + 1));
  });

  it('reads a 429 wait and the catalogue text from a stored error', async () => {
    answer = () => new HttpResponse(JSON.stringify({ code: 'RATE_LIMITED', message: 'Slow down' }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '70' } });
    const { store } = setup();
    const result = await store.dispatch(testApi.endpoints.testThing.initiate({ campaign_id: 'c1', page: 9 }));
    expect(result.error).toMatchObject({ status: 429 });
    expect(apiRetryAfter(result.error)).toBe(70); // over the wait the client sits out itself
    expect(apiErrorMessage(result.error)).toMatch(/70 seconds/);
    answer = (campaign, page) => HttpResponse.json({ data: { name: `${campaign} page ${page}` } });
  });

  it('is never persisted and is emptied on sign-out', async () => {
    const { store } = setup();
    await store.dispatch(testApi.endpoints.testThing.initiate({ campaign_id: 'c1', page: 1 }));
    expect(testApi.endpoints.testThing.select({ campaign_id: 'c1', page: 1 })(store.getState()).data).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem(`persist:${PERSIST_KEY}`) ?? '').not.toContain('page 1');
    act(() => {
      store.dispatch(resetUser());
    });
    expect(testApi.endpoints.testThing.select({ campaign_id: 'c1', page: 1 })(store.getState()).data).toBeUndefined();
  });

  it('useCampaignData keeps the same campaign’s last page while the next loads, never another campaign’s', async () => {
    const { wrapper } = setup();
    let release: () => void = () => undefined;
    const { result, rerender } = renderHook(
      ({ campaign, page }: { campaign: string; page: number }) => useCampaignData(testApi.useTestThingQuery({ campaign_id: campaign, page }), campaign),
      { wrapper, initialProps: { campaign: 'a', page: 1 } },
    );
    await waitFor(() => expect(result.current?.data.name).toBe('a page 1'));
    answer = (campaign, page) => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.json({ data: { name: `${campaign} page ${page}` } })))) as unknown as Response;
    rerender({ campaign: 'a', page: 2 });
    expect(result.current?.data.name).toBe('a page 1');
    await waitFor(() => expect(seen.length).toBe(2));
    release();
    await waitFor(() => expect(result.current?.data.name).toBe('a page 2'));
    rerender({ campaign: 'b', page: 1 });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(seen.length).toBe(3));
    release();
    await waitFor(() => expect(result.current?.data.name).toBe('b page 1'));
    answer = (campaign, page) => HttpResponse.json({ data: { name: `${campaign} page ${page}` } });
  });
});
