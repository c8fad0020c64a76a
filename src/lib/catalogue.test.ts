import { ERROR_MESSAGES } from '../../domain/error-codes';
import { SUCCESS_MESSAGES } from '../../domain/messages';
import { AUTH_VALIDATION_MESSAGES } from '../../domain/validation/auth';
import { USERS_VALIDATION_MESSAGES } from '../../domain/validation/users';
import enErrors from '../locales/en/errors.json';
import enValidation from '../locales/en/validation.json';
import { apiErrorMessage, successMessage } from './api-error';
import { i18n } from './i18n';
import { validationText } from './validation-text';

/** The codes the accounts and sign-in screens can receive (other features check their own). */
const ACCOUNT_ERROR_CODES = [
  'SOMETHING_WENT_WRONG', 'NOT_FOUND', 'USER_ALREADY_CONFIRMED', 'ATTEMPT_LIMIT_EXCEEDED', 'CONFIRMATION_CODE_DELIVERY_FAILED',
  'CONFIRMATION_CODE_REQUIRED', 'CODE_EXPIRED_OR_WRONG', 'INVALID_CODE', 'INVALID_EMAIL_OR_PHONE', 'USER_NOT_FOUND', 'CODE_MISMATCH',
  'REQUEST_LIMIT_EXCEEDED', 'OTP_EXPIRED', 'OTP_INCORRECT', 'OTP_INCORRECT_OR_EXPIRED', 'LINK_EXPIRED', 'PASSWORD_REUSE', 'EMAIL_EXISTS',
  'PHONE_EXISTS', 'NO_USER_OR_NOT_VERIFIED', 'ACCOUNT_NOT_CONFIRMED_EMAIL', 'ACCOUNT_NOT_CONFIRMED_PHONE', 'ADMIN_APPROVAL_REQUIRED',
  'ACCOUNT_LOCKED', 'ACCOUNT_BLOCKED', 'INCORRECT_CREDENTIALS', 'SOCIAL_LOGIN_ROLE_BLOCKED', 'TOKEN_EXPIRED', 'UNAUTHORIZED', 'FORBIDDEN',
  'VALIDATION_ERROR', 'RATE_LIMITED', 'IMAGE_REQUIRED', 'IMAGE_TOO_LARGE', 'IMAGE_TOO_SMALL', 'INVALID_STATUS_TRANSITION',
  'SOCIAL_PROVIDER_NOT_CONFIGURED', 'SOCIAL_SIGNIN_FAILED', 'BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE',
] as const;
const ACCOUNT_MESSAGE_CODES = [
  'ACCOUNT_CREATED', 'EMAIL_CONFIRMED_WAIT_APPROVAL', 'PHONE_VERIFIED_WAIT_APPROVAL', 'PASSWORD_RESET_SUCCESS', 'SIGN_IN_SUCCESS',
  'NEW_CONFIRMATION_SENT', 'RESET_SENT', 'CONFIRMATION_EMAIL_RESENT', 'OTP_RESENT', 'PROFILE_UPDATED',
] as const;

describe('en catalogue vs the domain', () => {
  it('has a text for every accounts and sign-in error and message code the server defines', () => {
    expect(ACCOUNT_ERROR_CODES.filter((code) => !(code in ERROR_MESSAGES))).toEqual([]);
    expect(ACCOUNT_MESSAGE_CODES.filter((code) => !(code in SUCCESS_MESSAGES))).toEqual([]);
    const missingErrors = ACCOUNT_ERROR_CODES.filter((code) => !(code in enErrors.errors));
    const missingMessages = ACCOUNT_MESSAGE_CODES.filter((code) => !(code in enErrors.messages));
    expect(missingErrors).toEqual([]);
    expect(missingMessages).toEqual([]);
  });

  it('holds every validation message of the domain schemas, with the same text', () => {
    expect(enValidation.validation).toEqual({ ...AUTH_VALIDATION_MESSAGES, ...USERS_VALIDATION_MESSAGES });
    expect(validationText('Name should be less then 35 character')).toBe(i18n.t('validation.NAME_MAX'));
    expect(validationText('some unknown server text')).toBe('some unknown server text');
  });

  it('maps codes to catalogue texts', () => {
    const err = { response: { data: { code: 'OTP_INCORRECT_OR_EXPIRED', message: 'server words' } } };
    expect(apiErrorMessage(err)).toBe('OTP incorrect or expired');
    expect(successMessage('EMAIL_CONFIRMED_WAIT_APPROVAL', 'messages.PROFILE_UPDATED')).toBe('Email confirmed, please wait for admin approval');
    expect(successMessage(undefined, 'messages.PROFILE_UPDATED')).toBe('Profile info updated successfully');
    const tooSmall = { response: { data: { code: 'IMAGE_TOO_SMALL', message: 'x', details: { width: 200, height: 200 } } } };
    expect(apiErrorMessage(tooSmall)).toBe("Image width and height can't be less than 200X200");
  });
});

describe('en catalogue covers every server code', () => {
  it('has a text for every error and success code of the domain (login catalogue or staff catalogue)', async () => {
    const { default: enStaff } = await import('../locales/en/staff.json');
    const staff = enStaff as { errors?: Record<string, string>; messages?: Record<string, string> };
    const errorTexts: Record<string, string> = { ...enErrors.errors, ...(staff.errors ?? {}) };
    const messageTexts: Record<string, string> = { ...enErrors.messages, ...(staff.messages ?? {}) };
    expect(Object.keys(ERROR_MESSAGES).filter((code) => !(code in errorTexts))).toEqual([]);
    expect(Object.keys(SUCCESS_MESSAGES).filter((code) => !(code in messageTexts))).toEqual([]);
  });
});
