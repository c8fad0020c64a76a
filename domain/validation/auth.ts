/**
 * Yup schemas of the auth forms (SPEC §5), shared by the SPA forms and the server routes.
 * Field schemas do no transforms (no trim/lowercase): the server validates in strict mode and
 * normalises addresses itself. Pure: no React, no Node.
 */
import { object, string, type ObjectShape } from 'yup';
import { CODE_PURPOSES, SOCIAL_PROVIDERS } from '../auth/api-contract';

// ── messages (SPEC §5, to the letter where the spec gives them) ─────────────────────────────

export const AUTH_VALIDATION_MESSAGES = {
  EMAIL_REQUIRED: 'Email is required',
  EMAIL_INVALID: 'Please enter a valid email',
  PASSWORD_REQUIRED: 'Password is required',
  PASSWORD_MIN: 'Password must be at least 6 characters',
  PASSWORD_MAX: 'Password must be at most 128 characters',
  PASSWORD_NO_SPACE: 'Password must not contain whitespace',
  CONFIRM_PASSWORD_REQUIRED: 'Confirm password is required',
  PASSWORDS_MUST_MATCH: 'Passwords must match',
  NEW_PASSWORD_REQUIRED: 'New password is required',
  OLD_PASSWORD_REQUIRED: 'Old password is required',
  CODE_REQUIRED: 'Code is required',
  CONFIRMATION_CODE_REQUIRED: 'Confirmation code is required',
  NAME_REQUIRED: 'Name is required',
  NAME_MAX: 'Name should be less then 35 character',
  NAME_SPECIAL: 'Name does not support special characters',
  LAST_NAME_REQUIRED: 'Last name is required',
  LAST_NAME_MAX: 'Last name should be less then 35 character',
  LAST_NAME_SPECIAL: 'Last name does not support special characters',
  MOBILE_REQUIRED: 'Mobile number is required',
  MOBILE_DIGITS: 'Mobile number must be 10 digits',
  VALID_NUMBER: 'Please enter a valid number',
  OTP_REQUIRED: 'OTP is required',
  OTP_MIN: 'OTP must be at least 6 characters',
  EMAIL_OR_PHONE_REQUIRED: 'Email or mobile number is required',
  EMAIL_AND_PHONE_EXCLUSIVE: 'Use either an email or a mobile number, not both',
  ATTRIBUTE_INVALID: 'Attribute must be email or phone',
  REFRESH_TOKEN_REQUIRED: 'Refresh token is required',
  PROVIDER_INVALID: 'Unknown sign-in provider',
  REDIRECT_URI_INVALID: 'Redirect address must be a valid URL',
  GRANT_TYPE_INVALID: 'Grant type must be authorization_code',
  STATE_REQUIRED: 'State is required',
  PURPOSE_INVALID: 'Unknown code purpose',
  TOO_LONG: 'Too long',
} as const;

const M = AUTH_VALIDATION_MESSAGES;

// ── patterns and limits ─────────────────────────────────────────────────────────────────────

/** local@domain with a top-level domain of at least 2 letters, or local@[a.b.c.d]. */
export const EMAIL_PATTERN =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}])|(([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}))$/;
/** Letters (any alphabet) and spaces only. */
export const NAME_PATTERN = /^[\p{L} ]*$/u;
export const MOBILE_PATTERN = /^\d{10}$/;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 35;
/** The profile-name input is capped one above the limit so the "less then 35" message can show. */
export const NAME_INPUT_MAX_LENGTH = 36;
export const OTP_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 254;

// ── fields ──────────────────────────────────────────────────────────────────────────────────

export const emailField = string()
  .typeError(M.EMAIL_INVALID)
  .required(M.EMAIL_REQUIRED)
  .max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID)
  .matches(EMAIL_PATTERN, M.EMAIL_INVALID);

export const mobileField = string()
  .typeError(M.VALID_NUMBER)
  .required(M.MOBILE_REQUIRED)
  .matches(/^\d+$/, M.VALID_NUMBER)
  .matches(MOBILE_PATTERN, M.MOBILE_DIGITS);

export const passwordField = string()
  .typeError(M.PASSWORD_REQUIRED)
  .required(M.PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, M.PASSWORD_MIN)
  .max(PASSWORD_MAX_LENGTH, M.PASSWORD_MAX)
  .matches(/^\S*$/, M.PASSWORD_NO_SPACE);

export const newPasswordField = string()
  .typeError(M.NEW_PASSWORD_REQUIRED)
  .required(M.NEW_PASSWORD_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, M.PASSWORD_MIN)
  .max(PASSWORD_MAX_LENGTH, M.PASSWORD_MAX)
  .matches(/^\S*$/, M.PASSWORD_NO_SPACE);

export const oldPasswordField = string().typeError(M.OLD_PASSWORD_REQUIRED).required(M.OLD_PASSWORD_REQUIRED).max(PASSWORD_MAX_LENGTH, M.PASSWORD_MAX);

/** Confirm password: required, at least 6, no whitespace, equal to the field `matches`. */
export const confirmPasswordField = (matches = 'new_password') =>
  string()
    .typeError(M.CONFIRM_PASSWORD_REQUIRED)
    .required(M.CONFIRM_PASSWORD_REQUIRED)
    .min(PASSWORD_MIN_LENGTH, M.PASSWORD_MIN)
    .matches(/^\S*$/, M.PASSWORD_NO_SPACE)
    // A test, not oneOf: oneOf runs before `required`, so an empty field would say "must match".
    .test('matches', M.PASSWORDS_MUST_MATCH, function matchesOther(value) {
      return !value || value === this.parent[matches];
    });

export const codeField = string().typeError(M.CODE_REQUIRED).required(M.CODE_REQUIRED).max(12, M.TOO_LONG);
export const confirmationCodeField = string().typeError(M.CONFIRMATION_CODE_REQUIRED).required(M.CONFIRMATION_CODE_REQUIRED).max(12, M.TOO_LONG);
export const otpField = string().typeError(M.OTP_REQUIRED).required(M.OTP_REQUIRED).min(OTP_MIN_LENGTH, M.OTP_MIN).max(12, M.TOO_LONG);

export const nameField = string()
  .typeError(M.NAME_REQUIRED)
  .required(M.NAME_REQUIRED)
  .test('not-blank', M.NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(NAME_MAX_LENGTH, M.NAME_MAX)
  .matches(NAME_PATTERN, M.NAME_SPECIAL);

export const lastNameField = string()
  .typeError(M.LAST_NAME_REQUIRED)
  .required(M.LAST_NAME_REQUIRED)
  .test('not-blank', M.LAST_NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(NAME_MAX_LENGTH, M.LAST_NAME_MAX)
  .matches(NAME_PATTERN, M.LAST_NAME_SPECIAL);

// ── "exactly one of email / phone" ─────────────────────────────────────────────────────────

const optionalEmail = string().typeError(M.EMAIL_INVALID).nullable().max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID).matches(EMAIL_PATTERN, { message: M.EMAIL_INVALID, excludeEmptyString: true });
const optionalMobile = string()
  .typeError(M.VALID_NUMBER)
  .nullable()
  .matches(/^\d+$/, { message: M.VALID_NUMBER, excludeEmptyString: true })
  .matches(MOBILE_PATTERN, { message: M.MOBILE_DIGITS, excludeEmptyString: true });

const present = (value: unknown) => typeof value === 'string' && value !== '';

/** An absolute http(s) URL; localhost and IP hosts allowed (yup's url() refuses them). */
function isHttpUrl(value: string | undefined): boolean {
  if (value === undefined) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
const redirectUriField = string()
  .typeError(M.REDIRECT_URI_INVALID)
  .required(M.REDIRECT_URI_INVALID)
  .max(2048, M.TOO_LONG)
  .test('http-url', M.REDIRECT_URI_INVALID, isHttpUrl);

/** Adds `email` and `phone` (both optional) and requires exactly one of them. */
function withDestination<S extends ObjectShape>(shape: S) {
  return object({ email: optionalEmail, phone: optionalMobile, ...shape }).test('one-destination', function (value) {
    if (value === null || value === undefined || typeof value !== 'object') return true;
    const { email, phone } = value as { email?: unknown; phone?: unknown };
    const hasEmail = present(email);
    const hasPhone = present(phone);
    if (!hasEmail && !hasPhone) return this.createError({ path: 'email', message: M.EMAIL_OR_PHONE_REQUIRED });
    if (hasEmail && hasPhone) return this.createError({ path: 'phone', message: M.EMAIL_AND_PHONE_EXCLUSIVE });
    return true;
  });
}

// ── SPA forms ───────────────────────────────────────────────────────────────────────────────

export const signinEmailFormSchema = object({ email: emailField });
export const signinMobileFormSchema = object({ phone: mobileField });
export const otpFormSchema = object({ code: otpField });
export const confirmationCodeFormSchema = object({ code: confirmationCodeField });
export const credentialSigninFormSchema = object({ email: emailField, password: passwordField });
export const registrationMobileFormSchema = object({ name: nameField, last_name: lastNameField, phone: mobileField });
export const forgotPasswordEmailFormSchema = object({ email: emailField });
export const forgotPasswordMobileFormSchema = object({ phone: mobileField });
export const setPasswordFormSchema = object({ code: codeField, new_password: newPasswordField, confirm_password: confirmPasswordField('new_password') });
export const changePasswordFormSchema = object({
  old_password: oldPasswordField,
  new_password: newPasswordField,
  confirm_password: confirmPasswordField('new_password'),
});

// ── server requests (SPEC §7 bodies) ────────────────────────────────────────────────────────

export const signupRequestSchema = withDestination({
  name: nameField,
  last_name: lastNameField,
  password: string()
    .typeError(M.PASSWORD_REQUIRED)
    .optional()
    .min(PASSWORD_MIN_LENGTH, M.PASSWORD_MIN)
    .max(PASSWORD_MAX_LENGTH, M.PASSWORD_MAX)
    .matches(/^\S*$/, M.PASSWORD_NO_SPACE),
});
/** resend-confirmation-code, signin-passwordless, forgot-password. */
export const destinationRequestSchema = withDestination({});
export const confirmSignupRequestSchema = withDestination({ code: confirmationCodeField });
export const otpPasswordlessRequestSchema = withDestination({ code: otpField });
export const setPasswordRequestSchema = withDestination({ code: codeField, password: passwordField });
/** Query of get-confirmation-code-validity (validated with casting: query values are strings). */
export const codeValidityQuerySchema = withDestination({
  purpose: string().oneOf(CODE_PURPOSES, M.PURPOSE_INVALID).default('signup'),
});
export const signinRequestSchema = object({ email: emailField, password: passwordField });
export const changePasswordRequestSchema = object({ old_password: oldPasswordField, new_password: newPasswordField });
export const verifyUserAttributeRequestSchema = object({
  attribute: string().typeError(M.ATTRIBUTE_INVALID).required(M.ATTRIBUTE_INVALID).oneOf(['email', 'phone'], M.ATTRIBUTE_INVALID),
  value: string()
    .typeError(M.EMAIL_OR_PHONE_REQUIRED)
    .when('attribute', ([attribute], schema) => (attribute === 'phone' ? mobileField : attribute === 'email' ? emailField : schema.required(M.EMAIL_OR_PHONE_REQUIRED))),
  code: string().typeError(M.CODE_REQUIRED).optional().max(12, M.TOO_LONG),
});
export const refreshTokenRequestSchema = object({
  refresh_token: string().typeError(M.REFRESH_TOKEN_REQUIRED).required(M.REFRESH_TOKEN_REQUIRED).max(512, M.TOO_LONG),
});
export const socialSigninRequestSchema = object({
  provider: string().typeError(M.PROVIDER_INVALID).required(M.PROVIDER_INVALID).oneOf(SOCIAL_PROVIDERS, M.PROVIDER_INVALID),
  redirect_uri: redirectUriField,
});
export const oauthTokenRequestSchema = object({
  grant_type: string().typeError(M.GRANT_TYPE_INVALID).required(M.GRANT_TYPE_INVALID).oneOf(['authorization_code'], M.GRANT_TYPE_INVALID),
  code: codeField.max(4096, M.TOO_LONG),
  state: string().typeError(M.STATE_REQUIRED).required(M.STATE_REQUIRED).max(512, M.TOO_LONG),
  redirect_uri: redirectUriField,
});
