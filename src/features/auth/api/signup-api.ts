import {
  AUTH_PATHS,
  type ApiSuccess,
  type CodePurpose,
  type CodeValidityData,
  type ConfirmSignupData,
  type DestinationInput,
  type ResendConfirmationCodeData,
} from '../../../../domain/auth/api-contract';
import { api } from '../../../lib/api';
import { registerData } from '../../../lib/auth-flow-storage';

/**
 * The sign-up confirmation pages (not the sign-in page: it stays free of RTK Query). Same requests
 * as auth-api.ts's functions of the same names.
 */
export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** How long before a new code may be sent to an address taken from the URL. */
    codeValidity: build.query<CodeValidityData, { destination: DestinationInput; purpose: CodePurpose }>({
      query: ({ destination, purpose }) => ({ url: AUTH_PATHS.confirmationCodeValidity, params: { ...destination, purpose } }),
      transformResponse: (response: ApiSuccess<CodeValidityData>) => response.data,
    }),
    /**
     * The confirmation link (?email=&code=): a query, so one link is confirmed by one request even
     * when React mounts the page twice (the code is single use); the stored sign-up data goes on success.
     */
    confirmSignupLink: build.query<ApiSuccess<ConfirmSignupData>, { destination: DestinationInput; code: string }>({
      query: ({ destination, code }) => ({ url: AUTH_PATHS.confirmSignup, method: 'POST', data: { ...destination, code } }),
      async onQueryStarted(_arg, { queryFulfilled }) {
        if (await queryFulfilled.then(() => true, () => false)) registerData.clear();
      },
    }),
    /** The code typed on the verify page. */
    confirmSignup: build.mutation<ApiSuccess<ConfirmSignupData>, { destination: DestinationInput; code: string }>({
      query: ({ destination, code }) => ({ url: AUTH_PATHS.confirmSignup, method: 'POST', data: { ...destination, code } }),
    }),
    resendConfirmationCode: build.mutation<ResendConfirmationCodeData, DestinationInput>({
      query: (destination) => ({ url: AUTH_PATHS.resendConfirmationCode, method: 'POST', data: destination }),
      transformResponse: (response: ApiSuccess<ResendConfirmationCodeData>) => response.data,
    }),
  }),
});

export const { useCodeValidityQuery, useConfirmSignupLinkQuery, useConfirmSignupMutation, useResendConfirmationCodeMutation } = signupApi;
