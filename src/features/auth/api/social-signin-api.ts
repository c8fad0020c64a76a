import type { SigninData } from '../../../../domain/auth/api-contract';
import { api, toApiError } from '../../../lib/api';
import { exchangeSocialCode } from './auth-api';

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
