import { renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { publicApi } from './public-api';
import { usePublicData } from './use-public-data';

/** The slow page answers when the test says so. */
let release: () => void = () => undefined;
/** Each request the server saw: its slug, and whether the page gave it up before it was answered. */
const seen: { slug: string; aborted: boolean }[] = [];
const server = setupServer(
  http.get('*/test/public/:slug', async ({ request, params }) => {
    const entry = { slug: String(params.slug), aborted: false };
    seen.push(entry);
    request.signal.addEventListener('abort', () => {
      entry.aborted = true;
    });
    if (entry.slug === 'slow') await new Promise<void>((resolve) => (release = resolve));
    return HttpResponse.json({ data: `page ${entry.slug}` });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
});
afterAll(() => server.close());

const load = (slug: string) => async (signal: AbortSignal) => (await publicApi.get<{ data: string }>(`/test/public/${slug}`, { signal })).data.data;

describe('usePublicData (the donors’ pages, no store)', () => {
  it('cancels the request it no longer wants: a new key aborts the old request, and its answer is never shown', async () => {
    const { result, rerender } = renderHook(({ slug }) => usePublicData(`page:${slug}`, load(slug)), { initialProps: { slug: 'slow' } });
    await waitFor(() => expect(seen).toHaveLength(1));
    rerender({ slug: 'fast' });
    await waitFor(() => expect(result.current.data).toBe('page fast'));
    expect(seen).toEqual([
      { slug: 'slow', aborted: true },
      { slug: 'fast', aborted: false },
    ]);
    release();
    await delay(50); // the old request's answer, had it been read, would be set by now
    expect(result.current).toMatchObject({ data: 'page fast', error: null, loading: false });
  });

  it('cancels the request when the page goes away', async () => {
    const { unmount } = renderHook(() => usePublicData('page:slow', load('slow')));
    await waitFor(() => expect(seen).toHaveLength(1));
    unmount();
    await waitFor(() => expect(seen).toEqual([{ slug: 'slow', aborted: true }]));
    release();
  });
});
