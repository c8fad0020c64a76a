import axios, { AxiosHeaders, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { config } from '../config/env';
import { loginPathWithRedirect } from '../config/paths';
import { hardNavigate } from './navigation';
import { clearAllClientState, readSession, updateSessionTokens } from './session';

export const REFRESH_TOKEN_PATH = '/auth/authentication/refresh-token';
export const SIGN_OUT_PATH = '/auth/authentication/sign-out';

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
}

interface RefreshResponse {
  data?: { accessToken?: string; idToken?: string; refreshToken?: string };
}

class SessionExpiredError extends Error {}

let refreshInFlight: Promise<string> | null = null;

function refreshTokens(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  refreshInFlight = (async () => {
    const refreshToken = readSession()?.refreshToken;
    if (!refreshToken) throw new SessionExpiredError('No refresh token');
    try {
      const response = await plainClient.post<RefreshResponse>(REFRESH_TOKEN_PATH, { refresh_token: refreshToken });
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
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function endSession(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  clearAllClientState();
  hardNavigate(loginPathWithRedirect(here));
}

apiClient.interceptors.request.use((request) => {
  const idToken = readSession()?.idToken;
  if (idToken) {
    const headers = AxiosHeaders.from(request.headers);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${idToken}`);
    request.headers = headers;
  }
  return request;
});

apiClient.interceptors.response.use(undefined, async (error: unknown) => {
  if (!axios.isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
  const original = error.config as RetriableConfig;
  if (original._retried) throw error;
  const sentToken = AxiosHeaders.from(original.headers).has('Authorization');
  if (!sentToken && !readSession()) throw error;

  let idToken: string;
  try {
    idToken = await refreshTokens();
  } catch (refreshError) {
    if (refreshError instanceof SessionExpiredError) {
      endSession();
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
