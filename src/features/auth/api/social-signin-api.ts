import type { SigninData } from '../../../../domain/auth/api-contract';
import { api, type ApiError } from '../../../lib/api';
import { exchangeSocialCode } from './auth-api';

/** An axios error of the plain client as the api-error helpers read it (a serializable copy). */
function toApiError(error: unknown): ApiError {
  const err = error as { message?: unknown; response?: { status?: unknown; data?: unknown } };
  const message = typeof err?.message === 'string' ? err.message : 'Request failed';
  const status = err?.response?.status;
  if (typeof status !== 'number') return { status: null, message };
  return { status, message, response: { status, data: err.response?.data ?? null, headers: {} } };
}

export const socialSigninApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The provider's code at /oauth2/token, through the plain client (no bearer token, no refresh:
     * auth-api.ts). A query keyed by the code: one exchange per code even if the page mounts twice.
     * The answer holds tokens: dropped as soon as the page is gone.
     */
    socialCodeExchange: build.query<SigninData, { code: string; state: string }>({
      queryFn: async ({ code, state }) => {
        try {
          return { data: await exchangeSocialCode(code, state) };
        } catch (error) {
          return { error: toApiError(error) };
        }
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useSocialCodeExchangeQuery } = socialSigninApi;
