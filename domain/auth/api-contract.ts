/**
 * Request and response shapes of the auth and users API (SPEC §7, ARCHITECTURE §4/§5), shared by
 * the SPA and the server. Success bodies are `ApiSuccess<T>`; errors are `ApiErrorBody`.
 * Pure TypeScript: no React, no Node.
 */
import type { ErrorCode } from '../error-codes';
import type { SuccessMessageCode } from '../messages';

// ── envelopes ───────────────────────────────────────────────────────────────────────────────

export interface ApiSuccess<T> {
  data: T;
  /** English text of `message_code`; present on answers that show a toast. */
  message?: string;
  message_code?: SuccessMessageCode;
}

export interface ApiErrorBody {
  code: ErrorCode | (string & {});
  message: string;
  /** VALIDATION_ERROR: `{ in, fields: { name: message } }`; 429: `{ retry_after }` (seconds). */
  details?: Record<string, unknown>;
}

// ── enumerations ────────────────────────────────────────────────────────────────────────────

export const USER_STATUSES = ['unconfirmed', 'pending', 'active', 'blocked', 'locked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** REGULAR = passwordless or credential sign-in on this server; the others are social providers. */
export const SIGNIN_SOURCES = ['REGULAR', 'GOOGLE', 'AUTH0'] as const;
export type SigninSource = (typeof SIGNIN_SOURCES)[number];

export const SOCIAL_PROVIDERS = ['google', 'auth0'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** What a one-time code is for (query `purpose` of get-confirmation-code-validity). */
export const CODE_PURPOSES = ['signup', 'signin', 'forgot_password', 'verify_attribute'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const USER_STATUS_ACTIONS = ['approve', 'block', 'unblock', 'unlock'] as const;
export type UserStatusAction = (typeof USER_STATUS_ACTIONS)[number];

export const USER_LIST_SORTS = ['created_at', '-created_at', 'name', '-name', 'email', '-email', 'status', '-status'] as const;
export type UserListSort = (typeof USER_LIST_SORTS)[number];

// ── paths ───────────────────────────────────────────────────────────────────────────────────

const A = '/auth/authentication';
export const AUTH_PATHS = {
  signup: `${A}/signup`,
  confirmSignup: `${A}/confirm-signup`,
  resendConfirmationCode: `${A}/resend-confirmation-code`,
  confirmationCodeValidity: `${A}/get-confirmation-code-validity`,
  signinPasswordless: `${A}/signin-passwordless`,
  otpPasswordless: `${A}/otp-passwordless`,
  signin: `${A}/signin`,
  forgotPassword: `${A}/forgot-password`,
  setPassword: `${A}/set-password`,
  changePassword: `${A}/change_password`,
  verifyUserAttribute: `${A}/verify_user_attribute`,
  refreshToken: `${A}/refresh-token`,
  signOut: `${A}/sign-out`,
  globalLogout: `${A}/global-logout`,
  socialSignin: `${A}/social-signin`,
  oauthToken: '/oauth2/token',
  user: (id: string) => `/auth/users/${encodeURIComponent(id)}`,
  userByEmail: (email: string) => `/auth/users/email/${encodeURIComponent(email)}`,
  adminListUsers: '/auth/admin/list_users',
  adminUpdateUserStatus: (id: string) => `/auth/admin/update_user_status/${encodeURIComponent(id)}`,
  devOutbox: '/dev/outbox',
} as const;

// ── addresses ───────────────────────────────────────────────────────────────────────────────

/** Exactly one of the two: an e-mail address, or a 10-digit mobile number. */
export type DestinationInput = { email: string; phone?: undefined } | { phone: string; email?: undefined };

interface CodeSentData {
  /** The address the code went to, masked (`j***@example.org`, `******7890`). */
  destination: string;
  /** Seconds before another code can be requested. */
  resend_in: number;
}

// ── sign-up ─────────────────────────────────────────────────────────────────────────────────

/** POST signup → 201 ACCOUNT_CREATED (200 NEW_CONFIRMATION_SENT when an unconfirmed account re-signs up). */
export type SignupRequest = DestinationInput & { name: string; last_name: string; password?: string };
export interface SignupData extends CodeSentData {
  user_id: string;
}

/** POST confirm-signup → EMAIL_CONFIRMED_WAIT_APPROVAL | PHONE_VERIFIED_WAIT_APPROVAL. */
export type ConfirmSignupRequest = DestinationInput & { code: string };
export interface ConfirmSignupData {
  user_id: string;
  /** 'pending' (admin approval needed) or 'active' (AUTO_APPROVE_USERS). */
  status: UserStatus;
}

/** POST resend-confirmation-code → CONFIRMATION_EMAIL_RESENT | OTP_RESENT. */
export type ResendConfirmationCodeRequest = DestinationInput;
export type ResendConfirmationCodeData = CodeSentData;

/** GET get-confirmation-code-validity?email=|phone=&purpose= (same shape for unknown addresses). */
export type CodeValidityQuery = DestinationInput & { purpose?: CodePurpose };
export interface CodeValidityData {
  valid: boolean;
  /** Seconds until the current code expires (0 when none is valid). */
  expires_in: number;
  /** Seconds before a new code can be requested (0 = now). */
  resend_in: number;
}

// ── sign-in ─────────────────────────────────────────────────────────────────────────────────

/** POST signin-passwordless → always 200 NEW_CONFIRMATION_SENT, whether or not the account exists. */
export type SigninPasswordlessRequest = DestinationInput;
export type SigninPasswordlessData = CodeSentData;

/** POST otp-passwordless → SIGN_IN_SUCCESS with `SigninData`. */
export type OtpPasswordlessRequest = DestinationInput & { code: string };

/** POST signin (credential sign-in) → SIGN_IN_SUCCESS with `SigninData`. */
export interface SigninRequest {
  email: string;
  password: string;
}

export interface SessionUser {
  userId: string;
  name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  is_profile_updated: 0 | 1;
  profile_picture: string | null;
  is_platform_admin: boolean;
}

export interface TokenSet {
  /** JWT, 15 minutes. */
  accessToken: string;
  /** JWT, 15 minutes: send it as `Authorization: Bearer <idToken>`. */
  idToken: string;
  /** Opaque, single use: every refresh answers a new one. */
  refreshToken: string;
}

export interface SigninData extends TokenSet {
  signinSource: SigninSource;
  user: SessionUser;
}

/** POST refresh-token → new TokenSet (the old refresh token is spent; reusing it ends the session). */
export interface RefreshTokenRequest {
  refresh_token: string;
}
export type RefreshTokenData = TokenSet;

/** POST sign-out (no Authorization header) → always 200. */
export interface SignOutRequest {
  accessToken: string;
}
/** POST sign-out and global-logout answer this. */
export interface SignedOutData {
  signed_out: true;
}

// ── passwords and attributes ───────────────────────────────────────────────────────────────

/** POST forgot-password → always 200 RESET_SENT. */
export type ForgotPasswordRequest = DestinationInput;
export type ForgotPasswordData = CodeSentData;

/** POST set-password → PASSWORD_RESET_SUCCESS (every session of the user is signed out). */
export type SetPasswordRequest = DestinationInput & { code: string; password: string };

/** POST change_password (signed in) → PASSWORD_RESET_SUCCESS (other sessions are signed out). */
export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
}

/**
 * POST verify_user_attribute (signed in). Without `code`: sends a code to `value`
 * (NEW_CONFIRMATION_SENT, `VerifyAttributeCodeSentData`). With `code`: verifies it and updates the
 * user (PROFILE_UPDATED, `UserView`).
 */
export interface VerifyUserAttributeRequest {
  attribute: 'email' | 'phone';
  value: string;
  code?: string;
}
export type VerifyAttributeCodeSentData = CodeSentData;

// ── social sign-in ──────────────────────────────────────────────────────────────────────────

/** POST social-signin → `{ authorization_url }`: send the browser there. */
export interface SocialSigninRequest {
  provider: SocialProvider;
  /** Where the provider sends the browser back (the SPA's /auth/social-login-int); same origin as PUBLIC_URL. */
  redirect_uri: string;
}
export interface SocialSigninData {
  authorization_url: string;
}

/** POST /oauth2/token, form-encoded (JSON also accepted) → SIGN_IN_SUCCESS with `SigninData`. */
export interface OAuthTokenRequest {
  grant_type: 'authorization_code';
  code: string;
  state: string;
  redirect_uri: string;
}

// ── users ───────────────────────────────────────────────────────────────────────────────────

/** GET/PUT /auth/users/{id}, GET /auth/users/email/{email}, admin list rows. */
export interface UserView extends SessionUser {
  status: UserStatus;
  created_at: string;
}

/** PUT /auth/users/{id} → PROFILE_UPDATED with `UserView`. */
export interface UpdateUserRequest {
  name: string;
  is_profile_updated?: 0 | 1;
  profile_picture?: string | null;
}

/** GET /auth/admin/list_users (platform admin). */
export interface ListUsersQuery {
  status?: UserStatus;
  search?: string;
  page?: number;
  limit?: number;
  sort?: UserListSort;
}
export interface UserListData {
  user_list: UserView[];
  total: number;
  page: number;
  limit: number;
}

/** POST /auth/admin/update_user_status/{id} (platform admin) → `UserView`. */
export interface UpdateUserStatusRequest {
  action: UserStatusAction;
}

// ── dev outbox ──────────────────────────────────────────────────────────────────────────────

/** GET /dev/outbox?limit=50 (not in production): the newest messages first, codes readable. */
export interface OutboxMessageView {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  status: 'queued' | 'sent' | 'failed' | 'logged';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}
export interface OutboxListData {
  message_list: OutboxMessageView[];
}
