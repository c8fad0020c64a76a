/**
 * The open API calls of the donors' pages (/{slug}, /pay-your-donation, the payment result pages)
 * over `fetch`: no axios on a donor's phone, and no staff session sent (those routes are public).
 * Answers are read like axios's (`(await publicApi.get<T>(url)).data`); a failed call throws a
 * `PublicApiError` whose `response` has the `status`, `data` (`{ code, message }`) and `headers`
 * that lib/api-error.ts reads, as an axios error has. No answer at all (offline) throws fetch's
 * own TypeError, which api-error.ts tells as "Something went wrong" as it does an axios network error.
 */
import { config } from '../config/env';

export class PublicApiError extends Error {
  readonly response: { status: number; data: unknown; headers: Record<string, string> };

  constructor(status: number, data: unknown, headers: Record<string, string>) {
    super(`Request failed with status code ${status}`);
    this.name = 'PublicApiError';
    this.response = { status, data, headers };
  }
}

interface PublicAnswer<T> {
  status: number;
  data: T;
}

async function send<T>(method: 'GET' | 'POST', path: string, params?: Record<string, string>, body?: unknown, signal?: AbortSignal): Promise<PublicAnswer<T>> {
  const url = new URL(`${config.apiBaseUrl}${path}`, window.location.href);
  for (const [name, value] of Object.entries(params ?? {})) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method,
    headers: { Accept: 'application/json', 'Accept-Language': 'en', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (a proxy's error page): kept as text, as axios does.
  }
  if (!response.ok) throw new PublicApiError(response.status, data, Object.fromEntries(response.headers.entries()));
  return { status: response.status, data: data as T };
}

export const publicApi = {
  /** `signal`: aborting it cancels the request (a page that no longer wants the answer). */
  get: <T>(path: string, options: { params?: Record<string, string>; signal?: AbortSignal } = {}) => send<T>('GET', path, options.params, undefined, options.signal),
  post: <T>(path: string, body: unknown) => send<T>('POST', path, undefined, body),
};
