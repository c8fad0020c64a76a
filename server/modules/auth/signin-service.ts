/**
 * Sign-in: passwordless (a code by e-mail or text) and credential (e-mail + password).
 * Passwordless never reveals whether an account exists. Credential sign-in answers
 * INCORRECT_CREDENTIALS for unknown e-mails and wrong passwords alike (a hash is computed either
 * way) and is throttled by account and by source address with locks that end by themselves
 * (throttle.ts: 429 ATTEMPT_LIMIT_EXCEEDED with retry_after). Unknown addresses are throttled
 * exactly like known ones. A one-time-code sign-in proves control of the address and clears the
 * account's lock; it is never refused because of one.
 */
import type { FastifyInstance } from 'fastify';
import type { SigninData, SigninPasswordlessData } from '../../../domain/auth/api-contract';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, findUserById, updateUser } from '../users/repository';
import { checkCode, issueCode, spendCode } from './codes';
import { emailDestination, maskDestination, type Destination } from './destination';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { assertCanSignIn, startSession } from './session-service';
import {
  ACCOUNT_THROTTLE,
  accountKey,
  assertNotThrottled,
  clearSigninLock,
  clearThrottle,
  recordThrottleFailure,
  SOURCE_THROTTLE,
  sourceKey,
  takeAttempt,
} from './throttle';

/** Always the same answer. A code is sent only to a confirmed account (pending, active, blocked). */
export async function signinPasswordless(app: FastifyInstance, destination: Destination): Promise<SigninPasswordlessData> {
  const user = await findUserByAttribute(app.db, destination.attribute, destination.value);
  const eligible = user !== null && user.status !== 'unconfirmed';
  const { resendIn } = await issueCode(app, { purpose: 'signin', destination, userId: eligible ? user.id : null });
  return { destination: maskDestination(destination), resend_in: resendIn };
}

export async function otpPasswordless(app: FastifyInstance, destination: Destination, code: string): Promise<SigninData> {
  const row = await checkCode(app, { purpose: 'signin', destination, code, wrong: 'OTP_INCORRECT_OR_EXPIRED' });
  const user = row.userId ? await findUserById(app.db, row.userId) : null;
  const holder = await findUserByAttribute(app.db, destination.attribute, destination.value);
  if (!user || holder?.id !== user.id || user.status === 'unconfirmed') throw fail(400, 'OTP_INCORRECT_OR_EXPIRED');
  await spendCode(app, row, 'OTP_INCORRECT_OR_EXPIRED');
  const cleared = await clearSigninLock(app, user);
  assertCanSignIn(cleared);
  const verifiedColumn = destination.attribute === 'email' ? 'emailVerifiedAt' : 'phoneVerifiedAt';
  const current = cleared[verifiedColumn] ? cleared : ((await updateUser(app.db, cleared.id, { [verifiedColumn]: app.clock.now() }, app.clock.now())) ?? cleared);
  return startSession(app, current, 'REGULAR');
}

/** `source` is the client's address (request.ip). */
export async function credentialSignin(app: FastifyInstance, email: string, password: string, source: string): Promise<SigninData> {
  const destination = emailDestination(email);
  const fromSource = sourceKey(source);
  const ofAccount = accountKey(destination.value);
  await assertNotThrottled(app, fromSource);
  // Counted before the password is checked (parallel guesses cannot slip through); a success clears it.
  const accountLockedUntil = await takeAttempt(app, ofAccount, ACCOUNT_THROTTLE);
  if (accountLockedUntil) app.log.warn({ lockedUntil: accountLockedUntil }, 'password sign-in of an account locked for a while after repeated failures');

  const user = await findUserByAttribute(app.db, 'email', destination.value);
  const correct = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
  if (!user || !correct) {
    const sourceLockedUntil = await recordThrottleFailure(app, fromSource, SOURCE_THROTTLE);
    if (sourceLockedUntil) app.log.warn({ source: fromSource, lockedUntil: sourceLockedUntil }, 'password sign-in from a source address locked for a while after repeated failures');
    throw fail(401, 'INCORRECT_CREDENTIALS');
  }
  await clearThrottle(app, ofAccount);
  assertCanSignIn(user);
  return startSession(app, user, 'REGULAR');
}
