import axios, { AxiosHeaders, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { AUTH_PATHS } from '../../domain/auth/api-contract';
import { config } from '../config/env';
import { loginPathWithRedirect } from '../config/paths';
import { apiRetryAfter, isRateLimitError, rateLimitMessage } from './api-error';
import { hardNavigate } from './navigation';
import { withRefreshLock } from './refresh-lock';
import { clearAllClientState, readSession, updateSessionTokens } from './session';
import { notify } from './toast';
import { runBeforeSessionEnd } from './session-end';

export const REFRESH_TOKEN_PATH = AUTH_PATHS.refreshToken;
export const SIGN_OUT_PATH = AUTH_PATHS.signOut;

const baseHeaders = {
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'Accept-Language': 'en',
};

/** The one axios instance of the SPA. */
export const apiClient: AxiosInstance = axios.create({ baseURL: config.apiBaseUrl, headers: baseHeaders });

/** Plain instance with no interceptors: token refresh and sign-out. */
export const plainClient: AxiosInstance = axios.create({ baseURL: config.apiBaseUrl, headers: baseHeaders });

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
  /** Already sent again after a 429: a second 429 is handed to the caller. */
  _rateRetried?: boolean;
  /** The refresh token stored when this request was sent: tells whether someone refreshed since. */
  _sentRefreshToken?: string;
}

interface RefreshResponse {
  data?: { accessToken?: string; idToken?: string; refreshToken?: string };
}

class SessionExpiredError extends Error {}

/** 401 codes that mean "your token is not (or no longer) good": others (wrong password …) are not refreshed. */
const REFRESHABLE_CODES = new Set(['UNAUTHORIZED', 'TOKEN_EXPIRED']);

let refreshInFlight: Promise<string> | null = null;

/**
 * Refresh tokens are single use and rotate (reusing a spent one revokes the whole session), so:
 * one refresh per tab at a time (shared promise), one tab at a time (cross-tab lock), and inside
 * the lock the stored session is read again: when its refresh token is no longer the one the
 * failing request was sent with, another tab (or an earlier refresh here) already rotated it and
 * the stored idToken is simply used.
 */
function refreshTokens(sentRefreshToken: string | undefined): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  refreshInFlight = withRefreshLock(async () => {
    const current = readSession();
    if (!current?.refreshToken) throw new SessionExpiredError('No refresh token');
    if (sentRefreshToken !== undefined && current.refreshToken !== sentRefreshToken) return current.idToken;
    try {
      const response = await plainClient.post<RefreshResponse>(REFRESH_TOKEN_PATH, { refresh_token: current.refreshToken });
      const tokens = response.data?.data;
      if (!tokens?.idToken || !tokens.accessToken) throw new Error('Malformed refresh response');
      updateSessionTokens({ accessToken: tokens.accessToken, idToken: tokens.idToken, refreshToken: tokens.refreshToken });
      return tokens.idToken;
    } catch (err) {
      if (axios.isAxiosError(err) && (err.response?.data as { code?: string } | undefined)?.code === 'TOKEN_EXPIRED') {
        throw new SessionExpiredError('TOKEN_EXPIRED');
      }
      throw err;
    }
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function endSession(): Promise<void> {
  const here = `${window.location.pathname}${window.location.search}`;
  try {
    await runBeforeSessionEnd();
  } catch {
    // Clearing goes on whatever happens.
  }
  clearAllClientState();
  hardNavigate(loginPathWithRedirect(here));
}

apiClient.interceptors.request.use((request) => {
  const session = readSession();
  if (session) {
    const headers = AxiosHeaders.from(request.headers);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${session.idToken}`);
    request.headers = headers;
    (request as RetriableConfig)._sentRefreshToken = session.refreshToken;
  }
  return request;
});

/** A 429 whose wait is at most this (seconds) is waited out and an idempotent request sent again, once. */
export const RATE_LIMIT_RETRY_MAX_SECONDS = 10;
const IDEMPOTENT_METHODS = new Set(['get', 'head']);

let waitMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Tests replace the wait before a 429 retry (default: a real timer). */
export function setRateLimitWait(wait: (ms: number) => Promise<void>): void {
  waitMs = wait;
}

/**
 * 429 RATE_LIMITED (the server's request budget): a calm "Too many requests — please wait N seconds"
 * toast (one at a time), then a GET/HEAD is sent again once after Retry-After when that is short;
 * anything else is handed to the caller, whose apiErrorMessage / notify.apiError show the same text.
 */
apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || !error.config || !isRateLimitError(error)) throw error;
  const original = error.config as RetriableConfig;
  const seconds = apiRetryAfter(error);
  notify.rateLimited(rateLimitMessage(seconds));
  const idempotent = IDEMPOTENT_METHODS.has((original.method ?? 'get').toLowerCase());
  if (!idempotent || original._rateRetried || seconds === undefined || seconds > RATE_LIMIT_RETRY_MAX_SECONDS) throw error;
  original._rateRetried = true;
  await waitMs(seconds * 1000);
  return apiClient.request(original);
});

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const original = error.config as RetriableConfig;
  if (original._retried) throw error;
  const code = (error.response.data as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && !REFRESHABLE_CODES.has(code)) throw error;
  const sentToken = AxiosHeaders.from(original.headers).has('Authorization');
  if (!sentToken && !readSession()) throw error;

  let idToken: string;
  try {
    idToken = await refreshTokens(original._sentRefreshToken);
  } catch (refreshError) {
    if (refreshError instanceof SessionExpiredError) {
      await endSession();
    }
    throw error;
  }
  original._retried = true;
  const headers = AxiosHeaders.from(original.headers);
  headers.set('Authorization', `Bearer ${idToken}`);
  original.headers = headers;
  return apiClient.request(original);
});

export { apiErrorMessage } from './api-error';
