import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ToastHost } from '../components/toast-host';
import { apiClient, RATE_LIMIT_RETRY_MAX_SECONDS, setRateLimitWait } from './api-client';
import { apiErrorMessage, apiRetryAfter } from './api-error';
import { notify } from './toast';

const server = setupServer();
const waits: number[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  waits.length = 0;
  setRateLimitWait(async (ms) => {
    waits.push(ms);
  });
  render(<ToastHost />);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function limited(seconds: number) {
  return HttpResponse.json(
    { code: 'RATE_LIMITED', message: 'Request limit exceeded', details: { retry_after: seconds } },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  );
}

/** GET/POST /busy: 429 for the first `failures` calls, then 200. */
function busy(failures: number, seconds: number, method: 'get' | 'post' = 'get') {
  const calls = { count: 0 };
  server.use(
    http[method]('*/busy', () => {
      calls.count += 1;
      return calls.count <= failures ? limited(seconds) : HttpResponse.json({ data: 'ok' });
    }),
  );
  return calls;
}

describe('429 Too many requests in the SPA', () => {
  it('shows "please wait N seconds" and sends a GET again once after Retry-After', async () => {
    const calls = busy(1, 3);
    const response = await apiClient.get('/busy');
    expect(response.data).toEqual({ data: 'ok' });
    expect(calls.count).toBe(2);
    expect(waits).toEqual([3000]);
    expect(await screen.findByText('Too many requests — please wait 3 seconds')).toBeInTheDocument();
  });

  it('retries a GET only once: a second 429 goes to the caller, whose message is the wait, in one toast', async () => {
    const calls = busy(5, 4);
    const error = await apiClient.get('/busy').catch((err: unknown) => err);
    expect(calls.count).toBe(2);
    expect(waits).toEqual([4000]);
    expect(apiRetryAfter(error)).toBe(4);
    expect(apiErrorMessage(error)).toBe('Too many requests — please wait 4 seconds');
    // The page toasts the error too: still one toast on screen, never raw JSON.
    notify.apiError(error);
    await screen.findByText('Too many requests — please wait 4 seconds');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Too many requests — please wait 4 seconds')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('RATE_LIMITED');
  });

  it('does not send a POST again, nor wait out a long Retry-After', async () => {
    const posts = busy(1, 2, 'post');
    const postError = await apiClient.post('/busy', {}).catch((err: unknown) => err);
    expect(posts.count).toBe(1);
    expect(apiErrorMessage(postError)).toBe('Too many requests — please wait 2 seconds');

    const long = RATE_LIMIT_RETRY_MAX_SECONDS + 35;
    const gets = busy(1, long);
    const getError = await apiClient.get('/busy').catch((err: unknown) => err);
    expect(gets.count).toBe(1);
    expect(waits).toEqual([]);
    expect(apiErrorMessage(getError)).toBe(`Too many requests — please wait ${long} seconds`);
    expect(await screen.findByText(`Too many requests — please wait ${long} seconds`)).toBeInTheDocument();
  });

  it('reads the wait from Retry-After when the body is not ours (a proxy), and says "a moment" without one', async () => {
    let withHeader = true;
    server.use(
      http.get('*/proxy', () =>
        withHeader
          ? new HttpResponse('Too Many Requests', { status: 429, headers: { 'Content-Type': 'text/plain', 'Retry-After': '20' } })
          : new HttpResponse('Too Many Requests', { status: 429, headers: { 'Content-Type': 'text/plain' } }),
      ),
    );
    const first = await apiClient.get('/proxy').catch((err: unknown) => err);
    expect(apiErrorMessage(first)).toBe('Too many requests — please wait 20 seconds');
    withHeader = false;
    const second = await apiClient.get('/proxy').catch((err: unknown) => err);
    expect(apiErrorMessage(second)).toBe('Too many requests — please wait a moment and try again');
  });

  it('leaves 429s with a meaning of their own (wrong codes, code resend) to their screens', async () => {
    let calls = 0;
    server.use(
      http.get('*/attempts', () => {
        calls += 1;
        return HttpResponse.json({ code: 'ATTEMPT_LIMIT_EXCEEDED', message: 'x' }, { status: 429, headers: { 'Retry-After': '1' } });
      }),
    );
    const error = await apiClient.get('/attempts').catch((err: unknown) => err);
    expect(calls).toBe(1);
    expect(apiErrorMessage(error)).toBe('Attempt limit exceeded, please try after some time');
    await waitFor(() => expect(waits).toEqual([]));
  });
});
