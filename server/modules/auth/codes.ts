/**
 * One-time codes: 6 digits from a CSPRNG, stored as sha256(code + pepper), single use, 10 minutes,
 * 5 attempts per code and 10 failures per address per hour (ATTEMPT_LIMIT_EXCEEDED), a 60 s resend
 * cool-down and at most 5 codes per address and purpose per 15 minutes (REQUEST_LIMIT_EXCEEDED).
 * The budget is per purpose so that requests nobody can tell apart from a real send (decoys for
 * unknown or already confirmed addresses) never use up the sign-in codes of a real account.
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
  countFailuresSince,
  findLatestCode,
  insertCode,
  listCodesSince,
  lockTarget,
  recordFailure,
  takeAttempt,
  type CodeRow,
} from './codes-repository';
import { targetKey, type Destination } from './destination';

export const CODE_TTL_MS = 10 * 60_000;
export const SEND_WINDOW_MS = 15 * 60_000;
export const SENDS_PER_WINDOW = 5;
export const ATTEMPTS_PER_CODE = 5;
export const FAILURES_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

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

/** Milliseconds before another `purpose` code may be sent to the address (0 = now). */
function waitBeforeSend(recent: { purpose: string; createdAt: Date }[], purpose: CodePurpose, now: Date, cooldownMs: number): number {
  const sameUse = recent.filter((row) => row.purpose === purpose);
  const last = sameUse[0];
  const cooldown = last ? last.createdAt.getTime() + cooldownMs - now.getTime() : 0;
  const oldestInWindow = sameUse.length >= SENDS_PER_WINDOW ? sameUse[SENDS_PER_WINDOW - 1] : null;
  const window = oldestInWindow ? oldestInWindow.createdAt.getTime() + SEND_WINDOW_MS - now.getTime() : 0;
  return Math.max(0, cooldown, window);
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
 * 400 `wrong` for a wrong / expired / used / unknown code, 429 ATTEMPT_LIMIT_EXCEEDED past the limits.
 */
export async function checkCode(app: FastifyInstance, options: VerifyCodeOptions): Promise<CodeRow> {
  const { purpose, destination, code, wrong } = options;
  const now = app.clock.now();
  const key = targetKey(destination);
  const failures = await countFailuresSince(app.db, key, new Date(now.getTime() - HOUR_MS));
  if (failures >= FAILURES_PER_HOUR) throw fail(429, 'ATTEMPT_LIMIT_EXCEEDED');

  const row = await findLatestCode(app.db, purpose, destination.channel, destination.value);
  const usable = row !== null && row.consumedAt === null && row.expiresAt > now && (options.userId === undefined || row.userId === options.userId);
  if (!usable) {
    await recordFailure(app.db, key, now);
    const spentByHolder = row !== null && row.consumedAt !== null && options.spent?.userId != null && row.userId === options.spent.userId;
    if (sameHash(hashCode(code, app.config.tokenSecret), row?.codeHash ?? '') && spentByHolder && options.spent) throw fail(409, options.spent.error);
    throw fail(400, wrong);
  }
  if ((await takeAttempt(app.db, row.id, ATTEMPTS_PER_CODE)) === null) throw fail(429, 'ATTEMPT_LIMIT_EXCEEDED');
  if (!sameHash(hashCode(code, app.config.tokenSecret), row.codeHash)) {
    await recordFailure(app.db, key, now);
    throw fail(400, wrong);
  }
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
