import {
  AUTH_PATHS,
  type ApiSuccess,
  type CodePurpose,
  type CodeValidityData,
  type ConfirmSignupData,
  type DestinationInput,
  type ForgotPasswordData,
  type ResendConfirmationCodeData,
  type SigninData,
  type SigninPasswordlessData,
  type SignupData,
  type SignupRequest,
  type SocialProvider,
  type SocialSigninData,
} from '../../../../domain/auth/api-contract';
import { config } from '../../../config/env';
import { paths } from '../../../config/paths';
import { socialHostUrl } from '../../../lib/social-host';
import { loadApi } from '../../../lib/load-api';

/** Auth calls (SPEC §7). axios is loaded on first call, keeping it out of the login page's first paint. */

async function post<T>(path: string, body: unknown): Promise<ApiSuccess<T>> {
  const { apiClient } = await loadApi();
  const response = await apiClient.post<ApiSuccess<T>>(path, body);
  return response.data;
}

export async function requestSigninCode(destination: DestinationInput): Promise<SigninPasswordlessData> {
  return (await post<SigninPasswordlessData>(AUTH_PATHS.signinPasswordless, destination)).data;
}

export async function verifySigninCode(destination: DestinationInput, code: string): Promise<SigninData> {
  return (await post<SigninData>(AUTH_PATHS.otpPasswordless, { ...destination, code })).data;
}

export async function signinWithPassword(email: string, password: string): Promise<SigninData> {
  return (await post<SigninData>(AUTH_PATHS.signin, { email, password })).data;
}

/** Where the provider sends the browser back: the SPA's social-login intermediary. */
export function socialRedirectUri(): string {
  return `${window.location.origin}${paths.socialLoginInt}`;
}

export async function startSocialSignin(provider: SocialProvider): Promise<string> {
  return (await post<SocialSigninData>(socialHostUrl(AUTH_PATHS.socialSignin, config), { provider, redirect_uri: socialRedirectUri() })).data.authorization_url;
}

/** POST /oauth2/token (on the social host when configured), form-encoded, without Authorization. */
export async function exchangeSocialCode(code: string, state: string): Promise<SigninData> {
  const { plainClient } = await loadApi();
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, state, redirect_uri: socialRedirectUri() });
  const response = await plainClient.post<ApiSuccess<SigninData>>(socialHostUrl(AUTH_PATHS.oauthToken, config), form, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return response.data.data;
}

export async function signup(request: SignupRequest): Promise<ApiSuccess<SignupData>> {
  return post<SignupData>(AUTH_PATHS.signup, request);
}

export async function confirmSignup(destination: DestinationInput, code: string): Promise<ApiSuccess<ConfirmSignupData>> {
  return post<ConfirmSignupData>(AUTH_PATHS.confirmSignup, { ...destination, code });
}

export async function resendConfirmationCode(destination: DestinationInput): Promise<ResendConfirmationCodeData> {
  return (await post<ResendConfirmationCodeData>(AUTH_PATHS.resendConfirmationCode, destination)).data;
}

export async function codeValidity(destination: DestinationInput, purpose: CodePurpose): Promise<CodeValidityData> {
  const { apiClient } = await loadApi();
  const response = await apiClient.get<ApiSuccess<CodeValidityData>>(AUTH_PATHS.confirmationCodeValidity, { params: { ...destination, purpose } });
  return response.data.data;
}

export async function forgotPassword(destination: DestinationInput): Promise<ApiSuccess<ForgotPasswordData>> {
  return post<ForgotPasswordData>(AUTH_PATHS.forgotPassword, destination);
}

export async function setPassword(destination: DestinationInput, code: string, password: string): Promise<ApiSuccess<unknown>> {
  return post<unknown>(AUTH_PATHS.setPassword, { ...destination, code, password });
}
