/**
 * One-time codes: 6 digits from a CSPRNG, stored as sha256(code + pepper), single use, 10 minutes,
 * 5 attempts per code and 10 failures per address per hour (ATTEMPT_LIMIT_EXCEEDED), a 60 s resend
 * cool-down per purpose and at most 5 codes per address per 15 minutes (REQUEST_LIMIT_EXCEEDED).
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CodePurpose, CodeValidityData } from '../../../domain/auth/api-contract';
import type { ErrorCode } from '../../../domain/error-codes';
import { fail } from '../../plugins/errors';
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
  const last = recent.find((row) => row.purpose === purpose);
  const cooldown = last ? last.createdAt.getTime() + cooldownMs - now.getTime() : 0;
  const oldestInWindow = recent.length >= SENDS_PER_WINDOW ? recent[SENDS_PER_WINDOW - 1] : null;
  const window = oldestInWindow ? oldestInWindow.createdAt.getTime() + SEND_WINDOW_MS - now.getTime() : 0;
  return Math.max(0, cooldown, window);
}

export interface IssueCodeOptions {
  purpose: CodePurpose;
  destination: Destination;
  /** The account the code belongs to; null writes a decoy (same limits, nothing is sent). */
  userId: string | null;
}

/**
 * Issues a code and sends it (unless a decoy). 429 REQUEST_LIMIT_EXCEEDED with
 * `details.retry_after` (seconds) inside the cool-down or over the 15-minute budget.
 */
export async function issueCode(app: FastifyInstance, { purpose, destination, userId }: IssueCodeOptions): Promise<{ resendIn: number }> {
  const now = app.clock.now();
  const code = generateCode();
  await app.db.transaction(async (tx) => {
    await lockTarget(tx, targetKey(destination));
    const recent = await listCodesSince(tx, destination.channel, destination.value, new Date(now.getTime() - SEND_WINDOW_MS));
    const wait = waitBeforeSend(recent, purpose, now, app.config.codeResendSeconds * 1000);
    if (wait > 0) throw fail(429, 'REQUEST_LIMIT_EXCEEDED', { retry_after: Math.ceil(wait / 1000) });
    await insertCode(tx, {
      purpose,
      channel: destination.channel,
      destination: destination.value,
      userId,
      codeHash: hashCode(code, app.config.tokenSecret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
  });
  if (userId) await app.outbox.send(codeMessage(purpose, destination, code, CODE_TTL_MS / 60_000));
  return { resendIn: app.config.codeResendSeconds };
}

export interface VerifyCodeOptions {
  purpose: CodePurpose;
  destination: Destination;
  code: string;
  /** The error for a wrong, expired, used or unknown code. */
  wrong: ErrorCode;
  /** The code must have been issued to this user (verify_user_attribute). */
  userId?: string;
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
