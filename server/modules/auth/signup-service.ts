/**
 * Sign-up: an account starts 'unconfirmed' and gets a code; entering it makes the account
 * 'pending' (admin approval) or, with AUTO_APPROVE_USERS, 'active'. Signing up again with an
 * unconfirmed address resends the code and changes nothing else (so nobody can set the password
 * of an address they do not own).
 *
 * No answer tells whether an address has an account (ASVS 5.0 6.3.8): signing up with, or asking
 * for a confirmation code for, an address whose account is confirmed answers exactly like a new
 * sign-up (a decoy code under the same limits) and mails that address "you already have an
 * account" instead; confirming such an address answers like a wrong code, unless the caller holds
 * the code that confirmed it (then USER_ALREADY_CONFIRMED, which tells them nothing new).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ConfirmSignupData, ResendConfirmationCodeData, SignupData } from '../../../domain/auth/api-contract';
import type { SuccessMessageCode } from '../../../domain/messages';
import { fail } from '../../plugins/errors';
import { findUserByAttribute, transitionUserStatus, type UserRow } from '../users/repository';
import { accountExistsMessage } from './code-messages';
import { checkCode, issueCode, spendCode } from './codes';
import { maskDestination, type Destination } from './destination';
import { insertPasswordHistory } from './password-history-repository';
import { hashPassword } from './passwords';
import { insertUserUnlessTaken } from './signup-repository';

export interface SignupInput {
  destination: Destination;
  name: string;
  lastName: string;
  password?: string;
}

/** The id of a confirmed account (any status past 'unconfirmed'), else null. */
const confirmedId = (user: UserRow | null): string | null => (user !== null && user.status !== 'unconfirmed' ? user.id : null);

/** A decoy code (same limits as a real one) and the "you already have an account" message. */
async function alreadyRegistered(app: FastifyInstance, destination: Destination, reason: 'signup' | 'resend', origin: string): Promise<{ resendIn: number }> {
  return issueCode(app, { purpose: 'signup', destination, userId: null, notice: accountExistsMessage(destination, reason, origin) });
}

/** Always the answer of a new sign-up (the route says 201 ACCOUNT_CREATED); see the module comment. */
export async function signup(app: FastifyInstance, input: SignupInput, origin: string): Promise<SignupData> {
  const { destination } = input;
  const now = app.clock.now();
  // Hashed whoever the address belongs to: the answer time must not depend on it.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const existing = await findUserByAttribute(app.db, destination.attribute, destination.value);
  const pendingId = existing?.status === 'unconfirmed' ? existing.id : null;

  // One transaction whoever the address belongs to: the insert runs every time (it conflicts when the
  // address is taken) with the code (or decoy) and its hand-over, so every case costs the same and
  // commits once. A sign-up that raced with another one for the same address gets the decoy.
  let createdId: string | null = null;
  const { resendIn } = await issueCode(app, {
    purpose: 'signup',
    destination,
    notice: accountExistsMessage(destination, 'signup', origin),
    userId: async (tx) => {
      const user = await insertUserUnlessTaken(tx, {
        [destination.attribute]: destination.value,
        name: input.name.trim(),
        lastName: input.lastName.trim(),
        status: 'unconfirmed',
        passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      if (user && passwordHash) await insertPasswordHistory(tx, user.id, passwordHash, now);
      createdId = user?.id ?? null;
      return user?.id ?? pendingId;
    },
  });
  // The new account's id only to the call that created it; every other call (unconfirmed or taken
  // address) gets a fresh random id, so no two answers share one whoever the address belongs to.
  return { user_id: createdId ?? randomUUID(), destination: maskDestination(destination), resend_in: resendIn };
}

export async function confirmSignup(
  app: FastifyInstance,
  destination: Destination,
  code: string,
): Promise<{ data: ConfirmSignupData; messageCode: SuccessMessageCode }> {
  const user = await findUserByAttribute(app.db, destination.attribute, destination.value);
  const row = await checkCode(app, {
    purpose: 'signup',
    destination,
    code,
    wrong: 'CODE_EXPIRED_OR_WRONG',
    spent: { userId: confirmedId(user), error: 'USER_ALREADY_CONFIRMED' },
  });
  if (!user || user.status !== 'unconfirmed' || row.userId !== user.id) throw fail(400, 'CODE_EXPIRED_OR_WRONG');
  await spendCode(app, row, 'CODE_EXPIRED_OR_WRONG');

  const now = app.clock.now();
  const verified = destination.attribute === 'email' ? { emailVerifiedAt: now } : { phoneVerifiedAt: now };
  const status = app.config.autoApproveUsers ? 'active' : 'pending';
  const updated = await transitionUserStatus(app.db, user.id, ['unconfirmed'], { status, ...verified }, now);
  // Only the holder of the right code gets here.
  if (!updated) throw fail(409, 'USER_ALREADY_CONFIRMED');
  return {
    data: { user_id: updated.id, status: updated.status },
    messageCode: destination.attribute === 'email' ? 'EMAIL_CONFIRMED_WAIT_APPROVAL' : 'PHONE_VERIFIED_WAIT_APPROVAL',
  };
}

/** The same answer for unconfirmed, confirmed and unknown addresses (decoy codes for the last two). */
export async function resendConfirmationCode(app: FastifyInstance, destination: Destination, origin: string): Promise<ResendConfirmationCodeData> {
  const user = await findUserByAttribute(app.db, destination.attribute, destination.value);
  const { resendIn } = confirmedId(user)
    ? await alreadyRegistered(app, destination, 'resend', origin)
    : await issueCode(app, { purpose: 'signup', destination, userId: user?.id ?? null });
  return { destination: maskDestination(destination), resend_in: resendIn };
}
