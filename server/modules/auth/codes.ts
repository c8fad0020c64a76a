/**
 * One-time codes: 6 digits from a CSPRNG, stored as sha256(code + pepper), single use, 10 minutes.
 *
 * Nobody but the holder of the mailbox sees a code, so nothing a stranger does may keep the holder
 * out (issue 30): the wrong-code counter belongs to one issued code (3 tries, then that code is dead
 * and answers ATTEMPT_LIMIT_EXCEEDED; a new code starts fresh), there is no lock on the address, and
 * a right code of a live code always works. Asking for a new code is rate-limited per address, never
 * locked (REQUEST_LIMIT_EXCEEDED with `retry_after`): 60 s after the previous code of its group, and
 * 15 minutes after it once 3 codes of the group went out in the last hour. That bounds guessing:
 * at most 6 codes of a group in any hour (4 an hour kept up) × 3 tries (docs/security-sign-in.md).
 * Sign-in and password-reset codes are one group (both let the holder in); sign-up and address
 * verification codes have a group each, so that requests nobody can tell apart from a real send
 * (decoys for unknown or already confirmed addresses) never use up the sign-in codes of a real account.
 * Messages leave the request path (mail-queue.ts): a code and a decoy cost the request the same.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/executor';
import type { CodePurpose, CodeValidityData } from '../../../domain/auth/api-contract';
import type { ErrorCode } from '../../../domain/error-codes';
import { fail } from '../../plugins/errors';
import type { NewOutboxMessage } from '../outbox/repository';
import { codeMessage } from './code-messages';
import {
  consumeCode,
  findLatestCode,
  insertCode,
  listCodesSince,
  lockTarget,
  takeAttempt,
  type CodeRow,
} from './codes-repository';
import { targetKey, type Destination } from './destination';

export const CODE_TTL_MS = 10 * 60_000;
/** Tries per issued code: the 4th try of a code is refused, right or wrong. */
export const ATTEMPTS_PER_CODE = 3;
/** Codes of a group sent in the last hour before the next one waits SLOW_RESEND_MS after the previous. */
export const SEND_WINDOW_MS = 60 * 60_000;
export const QUICK_SENDS_PER_WINDOW = 3;
export const SLOW_RESEND_MS = 15 * 60_000;

/** Codes that count against one budget: sign-in and reset codes both let the holder in. */
const SEND_GROUP: Record<CodePurpose, string> = { signin: 'access', forgot_password: 'access', signup: 'signup', verify_attribute: 'verify_attribute' };

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(code: string, pepper: string): string {
  return createHash('sha256').update(code + pepper).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Milliseconds before another `purpose` code may be sent to the address (0 = now): `cooldownMs`
 * (CODE_RESEND_SECONDS) after the previous code of its group, SLOW_RESEND_MS once
 * QUICK_SENDS_PER_WINDOW of them went out in the last hour. Never longer than SLOW_RESEND_MS.
 * `recent` holds the codes of the last SEND_WINDOW_MS, newest first.
 */
function waitBeforeSend(recent: { purpose: string; createdAt: Date }[], purpose: CodePurpose, now: Date, cooldownMs: number): number {
  const sameGroup = recent.filter((row) => SEND_GROUP[row.purpose as CodePurpose] === SEND_GROUP[purpose]);
  const last = sameGroup[0];
  if (!last) return 0;
  const gap = sameGroup.length >= QUICK_SENDS_PER_WINDOW ? Math.max(SLOW_RESEND_MS, cooldownMs) : cooldownMs;
  return Math.max(0, last.createdAt.getTime() + gap - now.getTime());
}

export interface IssueCodeOptions {
  purpose: CodePurpose;
  destination: Destination;
  /**
   * The account the code belongs to — or a function that finds (or creates) it in the issuing
   * transaction once the limits passed (sign-up) — null for a decoy (same limits, the code is never sent).
   */
  userId: string | null | ((tx: Tx) => Promise<string | null>);
  /** With a decoy: a message sent instead of the code (e.g. "you already have an account"). */
  notice?: NewOutboxMessage;
}

/**
 * Issues a code and hands it over for sending (unless a decoy), all in one transaction. 429
 * REQUEST_LIMIT_EXCEEDED with `details.retry_after` (seconds) inside the cool-down or over the
 * 15-minute budget. Answers the account the code went to (null for a decoy).
 */
export async function issueCode(app: FastifyInstance, { purpose, destination, userId: account, notice }: IssueCodeOptions): Promise<{ resendIn: number; userId: string | null }> {
  const now = app.clock.now();
  const code = generateCode();
  const userId = await app.db.transaction(async (tx) => {
    await lockTarget(tx, targetKey(destination));
    const recent = await listCodesSince(tx, destination.channel, destination.value, new Date(now.getTime() - SEND_WINDOW_MS));
    const wait = waitBeforeSend(recent, purpose, now, app.config.codeResendSeconds * 1000);
    if (wait > 0) throw fail(429, 'REQUEST_LIMIT_EXCEEDED', { retry_after: Math.ceil(wait / 1000) });
    const owner = typeof account === 'function' ? await account(tx) : account;
    await insertCode(tx, {
      purpose,
      channel: destination.channel,
      destination: destination.value,
      userId: owner,
      codeHash: hashCode(code, app.config.tokenSecret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await app.authMail.handOver(tx, owner ? codeMessage(purpose, destination, code, CODE_TTL_MS / 60_000) : (notice ?? null));
    return owner;
  });
  return { resendIn: app.config.codeResendSeconds, userId };
}

export interface VerifyCodeOptions {
  purpose: CodePurpose;
  destination: Destination;
  code: string;
  /** The error for a wrong, expired, used or unknown code. */
  wrong: ErrorCode;
  /** The code must have been issued to this user (verify_user_attribute). */
  userId?: string;
  /**
   * The right code, already used by this user, answers 409 `error` instead of `wrong` (confirming a
   * sign-up twice): only the holder of the code learns it. A null user never matches.
   */
  spent?: { userId: string | null; error: ErrorCode };
}

/**
 * Checks a code without using it up (call `spendCode` once the action is sure to happen).
 * 400 `wrong` for a wrong / expired / used / unknown code, 429 ATTEMPT_LIMIT_EXCEEDED once this code
 * had its ATTEMPTS_PER_CODE tries. Nothing else refuses a right code: no count per address, no lock.
 */
export async function checkCode(app: FastifyInstance, options: VerifyCodeOptions): Promise<CodeRow> {
  const { purpose, destination, code, wrong } = options;
  const now = app.clock.now();
  const row = await findLatestCode(app.db, purpose, destination.channel, destination.value);
  const usable = row !== null && row.consumedAt === null && row.expiresAt > now && (options.userId === undefined || row.userId === options.userId);
  if (!usable) {
    const spentByHolder = row !== null && row.consumedAt !== null && options.spent?.userId != null && row.userId === options.spent.userId;
    if (sameHash(hashCode(code, app.config.tokenSecret), row?.codeHash ?? '') && spentByHolder && options.spent) throw fail(409, options.spent.error);
    throw fail(400, wrong);
  }
  if ((await takeAttempt(app.db, row.id, ATTEMPTS_PER_CODE)) === null) throw fail(429, 'ATTEMPT_LIMIT_EXCEEDED');
  if (!sameHash(hashCode(code, app.config.tokenSecret), row.codeHash)) throw fail(400, wrong);
  return row;
}

/** Uses a checked code up; 400 `wrong` when another request used it first. */
export async function spendCode(app: FastifyInstance, row: CodeRow, wrong: ErrorCode): Promise<void> {
  if (!(await consumeCode(app.db, row.id, app.clock.now()))) throw fail(400, wrong);
}

/** The state of the newest code for an address; decoys answer like real codes. */
export async function codeValidity(app: FastifyInstance, purpose: CodePurpose, destination: Destination): Promise<CodeValidityData> {
  const now = app.clock.now();
  const [row, recent] = await Promise.all([
    findLatestCode(app.db, purpose, destination.channel, destination.value),
    listCodesSince(app.db, destination.channel, destination.value, new Date(now.getTime() - SEND_WINDOW_MS)),
  ]);
  const valid = row !== null && row.consumedAt === null && row.expiresAt > now && row.attempts < ATTEMPTS_PER_CODE;
  return {
    valid,
    expires_in: valid ? Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000) : 0,
    resend_in: Math.ceil(waitBeforeSend(recent, purpose, now, app.config.codeResendSeconds * 1000) / 1000),
  };
}
