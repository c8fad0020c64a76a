/**
 * Sign-in: passwordless (a code by e-mail or text) and credential (e-mail + password).
 * Passwordless never reveals whether an account exists. Credential sign-in answers
 * INCORRECT_CREDENTIALS for unknown e-mails and wrong passwords alike (a hash is computed either
 * way); 5 consecutive failures lock an active account (ACCOUNT_LOCKED) until an admin unlocks it.
 */
import type { FastifyInstance } from 'fastify';
import type { SigninData, SigninPasswordlessData } from '../../../domain/auth/api-contract';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, findUserById, incrementFailedSignins, resetFailedSignins, transitionUserStatus, updateUser } from '../users/repository';
import { countFailuresSince, recordFailure } from './codes-repository';
import { checkCode, issueCode, spendCode } from './codes';
import { emailDestination, maskDestination, type Destination } from './destination';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { assertCanSignIn, revokeAllSessions, startSession } from './session-service';

export const LOCK_AFTER_FAILURES = 5;
/** Failed credential sign-ins per e-mail per hour (unknown and not-active accounts, which never lock). */
export const PASSWORD_FAILURES_PER_HOUR = 20;
const HOUR_MS = 60 * 60_000;

/** Always the same answer. A code is sent only to a confirmed account (pending, active, blocked, locked). */
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
  assertCanSignIn(user);
  const verifiedColumn = destination.attribute === 'email' ? 'emailVerifiedAt' : 'phoneVerifiedAt';
  const current = user[verifiedColumn] ? user : ((await updateUser(app.db, user.id, { [verifiedColumn]: app.clock.now() }, app.clock.now())) ?? user);
  return startSession(app, current, 'REGULAR');
}

export async function credentialSignin(app: FastifyInstance, email: string, password: string): Promise<SigninData> {
  const destination = emailDestination(email);
  const now = app.clock.now();
  const failureKey = `password:${destination.value}`;
  if ((await countFailuresSince(app.db, failureKey, new Date(now.getTime() - HOUR_MS))) >= PASSWORD_FAILURES_PER_HOUR) {
    throw fail(429, 'ATTEMPT_LIMIT_EXCEEDED');
  }

  const user = await findUserByAttribute(app.db, 'email', destination.value);
  if (!user || !user.passwordHash) {
    await verifyAgainstDummy(password);
    await recordFailure(app.db, failureKey, now);
    throw fail(401, 'INCORRECT_CREDENTIALS');
  }
  const correct = await verifyPassword(password, user.passwordHash);
  if (user.status === 'locked') throw fail(403, 'ACCOUNT_LOCKED');
  if (!correct) {
    await recordFailure(app.db, failureKey, now);
    const failures = await incrementFailedSignins(app.db, user.id);
    if (user.status === 'active' && failures >= LOCK_AFTER_FAILURES) {
      const locked = await transitionUserStatus(app.db, user.id, ['active'], { status: 'locked' }, now);
      if (locked) {
        await revokeAllSessions(app, user.id, 'account_locked');
        app.log.warn({ userId: user.id }, 'account locked after repeated failed sign-ins');
      }
      throw fail(403, 'ACCOUNT_LOCKED');
    }
    throw fail(401, 'INCORRECT_CREDENTIALS');
  }
  assertCanSignIn(user);
  if (user.failedSigninCount > 0) await resetFailedSignins(app.db, user.id);
  return startSession(app, user, 'REGULAR');
}
