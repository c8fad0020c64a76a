import type { CodePurpose } from '../../../domain/auth/api-contract';
import type { Destination } from './destination';

const PRODUCT = 'Campaign Donation Tracker';

const WHAT: Record<CodePurpose, { subject: string; line: string }> = {
  signup: { subject: 'Confirm your account', line: 'Your account confirmation code is' },
  signin: { subject: 'Your sign-in code', line: 'Your sign-in code is' },
  forgot_password: { subject: 'Reset your password', line: 'Your password reset code is' },
  verify_attribute: { subject: 'Confirm your new address', line: 'Your verification code is' },
};

/** The e-mail or text carrying a one-time code. */
export function codeMessage(purpose: CodePurpose, destination: Destination, code: string, ttlMinutes: number) {
  const { subject, line } = WHAT[purpose];
  if (destination.channel === 'sms') {
    return { channel: 'sms' as const, recipient: destination.value, subject: null, body: `${PRODUCT}: ${line} ${code}. It expires in ${ttlMinutes} minutes.`, purpose };
  }
  const body = [
    'Hello,',
    '',
    `${line} ${code}`,
    '',
    `It expires in ${ttlMinutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail.`,
    '',
    PRODUCT,
  ].join('\n');
  return { channel: 'email' as const, recipient: destination.value, subject: `${PRODUCT}: ${subject}`, body, purpose };
}

/**
 * Sent instead of a code when someone signs up with, or asks for a confirmation code for, an address
 * that already has a confirmed account: the answer to the request is the usual one, and only the
 * owner of the address learns that the account exists.
 */
export function accountExistsMessage(destination: Destination, reason: 'signup' | 'resend', origin: string) {
  const purpose = 'account_exists';
  const base = origin.replace(/\/+$/, '');
  if (destination.channel === 'sms') {
    return {
      channel: 'sms' as const,
      recipient: destination.value,
      subject: null,
      body: `${PRODUCT}: this number already has an account. Sign in with a one-time code at ${base}/auth/login`,
      purpose,
    };
  }
  const what = reason === 'signup' ? 'to create an account with this e-mail address' : 'a new account confirmation code for this e-mail address';
  const body = [
    'Hello,',
    '',
    `Someone (maybe you) asked ${what}, but you already have an account.`,
    '',
    `Sign in at ${base}/auth/login, with your password or a one-time code sent to this address.`,
    `Forgot your password? Choose a new one at ${base}/auth/recover-password.`,
    '',
    'If it was not you, you can ignore this e-mail: nothing has changed.',
    '',
    PRODUCT,
  ].join('\n');
  return { channel: 'email' as const, recipient: destination.value, subject: `${PRODUCT}: You already have an account`, body, purpose };
}
