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
