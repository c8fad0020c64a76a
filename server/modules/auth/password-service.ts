/**
 * Passwords: forgot-password / set-password (a code), change_password (signed in), and the rule
 * that a new password may not equal any of the last 3. A completed reset proves control of the
 * address: it ends the account's password sign-in lock (throttle.ts), but never unblocks an account
 * an administrator blocked; it signs out every session.
 */
import type { FastifyInstance } from 'fastify';
import type { ChangePasswordRequest, ForgotPasswordData } from '../../../domain/auth/api-contract';
import { fail } from '../../plugins/errors';
import type { AuthUser } from '../../plugins/auth';
import { findUserByAttribute, findUserById, updateUser } from '../users/repository';
import { checkCode, issueCode, spendCode } from './codes';
import { maskDestination, type Destination } from './destination';
import { insertPasswordHistory, recentPasswordHashes } from './password-history-repository';
import { hashPassword, verifyPassword } from './passwords';
import { revokeAllSessions } from './session-service';
import { clearSigninLock } from './throttle';

export const PASSWORD_HISTORY_DEPTH = 3;

/** 422 PASSWORD_REUSE when `password` equals the current one or one of the 2 before it. */
async function assertNotReused(app: FastifyInstance, userId: string, currentHash: string | null, password: string): Promise<void> {
  const history = await recentPasswordHashes(app.db, userId, PASSWORD_HISTORY_DEPTH);
  const hashes = [...new Set([...(currentHash ? [currentHash] : []), ...history])].slice(0, PASSWORD_HISTORY_DEPTH);
  for (const hash of hashes) {
    if (await verifyPassword(password, hash)) throw fail(422, 'PASSWORD_REUSE');
  }
}

/** Hashes and stores a password (and its history row). */
export async function storePassword(app: FastifyInstance, userId: string, password: string): Promise<void> {
  const now = app.clock.now();
  const hash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash: hash }, now);
    await insertPasswordHistory(tx, userId, hash, now);
  });
}

/** Always the same answer; a code goes only to a confirmed account. */
export async function forgotPassword(app: FastifyInstance, destination: Destination): Promise<ForgotPasswordData> {
  const user = await findUserByAttribute(app.db, destination.attribute, destination.value);
  const eligible = user !== null && user.status !== 'unconfirmed';
  const { resendIn } = await issueCode(app, { purpose: 'forgot_password', destination, userId: eligible ? user.id : null });
  return { destination: maskDestination(destination), resend_in: resendIn };
}

export async function setPasswordWithCode(app: FastifyInstance, destination: Destination, code: string, password: string): Promise<void> {
  const row = await checkCode(app, { purpose: 'forgot_password', destination, code, wrong: 'CODE_EXPIRED_OR_WRONG' });
  const user = row.userId ? await findUserById(app.db, row.userId) : null;
  const holder = await findUserByAttribute(app.db, destination.attribute, destination.value);
  if (!user || holder?.id !== user.id) throw fail(400, 'CODE_EXPIRED_OR_WRONG');
  await assertNotReused(app, user.id, user.passwordHash, password);
  await spendCode(app, row, 'CODE_EXPIRED_OR_WRONG');
  await storePassword(app, user.id, password);
  await clearSigninLock(app, user);
  await revokeAllSessions(app, user.id, 'password_reset');
}

/** 400 INCORRECT_CREDENTIALS for a wrong old password (not 401: the session itself is fine). */
export async function changePassword(app: FastifyInstance, auth: AuthUser, body: ChangePasswordRequest): Promise<void> {
  const user = await findUserById(app.db, auth.id);
  if (!user) throw fail(401, 'UNAUTHORIZED');
  if (!(await verifyPassword(body.old_password, user.passwordHash))) throw fail(400, 'INCORRECT_CREDENTIALS');
  await assertNotReused(app, user.id, user.passwordHash, body.new_password);
  await storePassword(app, user.id, body.new_password);
  await revokeAllSessions(app, user.id, 'password_changed', auth.sessionId);
}
