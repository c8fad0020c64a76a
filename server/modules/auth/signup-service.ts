/**
 * Sign-up: an account starts 'unconfirmed' and gets a code; entering it makes the account
 * 'pending' (admin approval) or, with AUTO_APPROVE_USERS, 'active'. Signing up again with an
 * unconfirmed address resends the code and changes nothing else (so nobody can set the password
 * of an address they do not own).
 */
import type { FastifyInstance } from 'fastify';
import type { ConfirmSignupData, ResendConfirmationCodeData, SignupData } from '../../../domain/auth/api-contract';
import type { SuccessMessageCode } from '../../../domain/messages';
import { isUniqueViolation } from '../../db/errors';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, insertUser, transitionUserStatus } from '../users/repository';
import { checkCode, issueCode, spendCode } from './codes';
import { maskDestination, type Destination } from './destination';
import { insertPasswordHistory } from './password-history-repository';
import { hashPassword } from './passwords';

export interface SignupInput {
  destination: Destination;
  name: string;
  lastName: string;
  password?: string;
}

function existsError(destination: Destination) {
  return fail(409, destination.attribute === 'email' ? 'EMAIL_EXISTS' : 'PHONE_EXISTS');
}

export async function signup(app: FastifyInstance, input: SignupInput): Promise<{ created: boolean; data: SignupData }> {
  const { destination } = input;
  const existing = await findUserByAttribute(app.db, destination.attribute, destination.value);
  if (existing && existing.status !== 'unconfirmed') throw existsError(destination);

  let userId = existing?.id;
  if (!userId) {
    const now = app.clock.now();
    const passwordHash = input.password ? await hashPassword(input.password) : null;
    try {
      userId = await app.db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          [destination.attribute]: destination.value,
          name: input.name.trim(),
          lastName: input.lastName.trim(),
          status: 'unconfirmed',
          passwordHash,
          createdAt: now,
          updatedAt: now,
        });
        if (passwordHash) await insertPasswordHistory(tx, user.id, passwordHash, now);
        return user.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw existsError(destination);
      throw error;
    }
  }
  const { resendIn } = await issueCode(app, { purpose: 'signup', destination, userId });
  return { created: !existing, data: { user_id: userId, destination: maskDestination(destination), resend_in: resendIn } };
}

export async function confirmSignup(
  app: FastifyInstance,
  destination: Destination,
  code: string,
): Promise<{ data: ConfirmSignupData; messageCode: SuccessMessageCode }> {
  const user = await findUserByAttribute(app.db, destination.attribute, destination.value);
  if (user && user.status !== 'unconfirmed') throw fail(409, 'USER_ALREADY_CONFIRMED');
  const row = await checkCode(app, { purpose: 'signup', destination, code, wrong: 'CODE_EXPIRED_OR_WRONG' });
  if (!user || row.userId !== user.id) throw fail(400, 'CODE_EXPIRED_OR_WRONG');
  await spendCode(app, row, 'CODE_EXPIRED_OR_WRONG');

  const now = app.clock.now();
  const verified = destination.attribute === 'email' ? { emailVerifiedAt: now } : { phoneVerifiedAt: now };
  const status = app.config.autoApproveUsers ? 'active' : 'pending';
  const updated = await transitionUserStatus(app.db, user.id, ['unconfirmed'], { status, ...verified }, now);
  if (!updated) throw fail(409, 'USER_ALREADY_CONFIRMED');
  return {
    data: { user_id: updated.id, status: updated.status },
    messageCode: destination.attribute === 'email' ? 'EMAIL_CONFIRMED_WAIT_APPROVAL' : 'PHONE_VERIFIED_WAIT_APPROVAL',
  };
}

/** Unknown addresses get the same answer (a decoy code is recorded, nothing is sent). */
export async function resendConfirmationCode(app: FastifyInstance, destination: Destination): Promise<ResendConfirmationCodeData> {
  const user = await findUserByAttribute(app.db, destination.attribute, destination.value);
  if (user && user.status !== 'unconfirmed') throw fail(409, 'USER_ALREADY_CONFIRMED');
  const { resendIn } = await issueCode(app, { purpose: 'signup', destination, userId: user?.id ?? null });
  return { destination: maskDestination(destination), resend_in: resendIn };
}
