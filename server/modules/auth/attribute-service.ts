/**
 * verify_user_attribute: a signed-in user changes their e-mail or phone. Without a code, a code is
 * sent to the NEW address; with the code, the address is verified and stored. An address another
 * account holds gets the same answer and a decoy code (nothing is sent), so the answer does not tell
 * that the address has an account; ALIAS_EXISTS only reaches someone who holds a valid code for it
 * (another account took the address in the meantime).
 */
import type { FastifyInstance } from 'fastify';
import type { UserView, VerifyAttributeCodeSentData } from '../../../domain/auth/api-contract';
import { isUniqueViolation } from '../../db/errors';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, updateUser } from '../users/repository';
import { toUserView } from '../users/view';
import { checkCode, issueCode, spendCode } from './codes';
import { maskDestination, type Destination } from './destination';

async function assertFree(app: FastifyInstance, auth: AuthUser, destination: Destination): Promise<void> {
  const holder = await findUserByAttribute(app.db, destination.attribute, destination.value);
  if (holder && holder.id !== auth.id) throw fail(409, 'ALIAS_EXISTS');
}

export async function sendAttributeCode(app: FastifyInstance, auth: AuthUser, destination: Destination): Promise<VerifyAttributeCodeSentData> {
  const holder = await findUserByAttribute(app.db, destination.attribute, destination.value);
  const taken = holder !== null && holder.id !== auth.id;
  const { resendIn } = await issueCode(app, { purpose: 'verify_attribute', destination, userId: taken ? null : auth.id });
  return { destination: maskDestination(destination), resend_in: resendIn };
}

export async function confirmAttribute(app: FastifyInstance, auth: AuthUser, destination: Destination, code: string): Promise<UserView> {
  const row = await checkCode(app, { purpose: 'verify_attribute', destination, code, wrong: 'CODE_EXPIRED_OR_WRONG', userId: auth.id });
  await assertFree(app, auth, destination);
  await spendCode(app, row, 'CODE_EXPIRED_OR_WRONG');
  const now = app.clock.now();
  const patch =
    destination.attribute === 'email' ? { email: destination.value, emailVerifiedAt: now } : { phone: destination.value, phoneVerifiedAt: now };
  try {
    const user = await updateUser(app.db, auth.id, patch, now);
    if (!user) throw fail(401, 'UNAUTHORIZED');
    return toUserView(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail(409, 'ALIAS_EXISTS');
    throw error;
  }
}
