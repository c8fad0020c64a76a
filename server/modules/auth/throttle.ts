/**
 * Password sign-in throttling (OWASP ASVS 5.0 V6.3, NIST 800-63B §5.2.2): by account and by source
 * address, with locks that end by themselves. Nothing here is permanent: only an administrator's
 * block (user status 'blocked') is.
 *
 *   account (e-mail, known or not)   5 failures → locked 15 min; each consecutive lock-out doubles
 *                                    (30 min, 1 h, 2 h) up to 4 h; the streak is forgotten after 24 h
 *                                    without a failure; a correct password, a one-time-code sign-in or
 *                                    a password reset clears it.
 *   source address (IPv4, IPv6 /64)  30 failures (any accounts) → locked 15 min, doubling up to 1 h;
 *                                    forgotten after 1 h without a failure; successes do not clear it.
 *
 * While locked, attempts are refused with 429 ATTEMPT_LIMIT_EXCEEDED and `retry_after` (seconds)
 * without checking the password, and they do not count: a stranger cannot stretch a lock, only
 * start the next one once it has ended. Passwordless sign-in (a code by e-mail or text) is not
 * throttled here, so the owner of the address can always sign in during a lock (and that clears it).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { fail } from '../../plugins/errors';
import { transitionUserStatus, type UserRow } from '../users/repository';
import { deleteThrottle, findThrottle, lockThrottle, saveThrottle, type ThrottleState } from './throttle-repository';

export interface ThrottlePolicy {
  /** Failures that start a lock-out. */
  threshold: number;
  /** The first lock-out; each consecutive one lasts twice as long, up to `maxLockMs`. */
  baseLockMs: number;
  maxLockMs: number;
  /** Failures and the lock-out streak are forgotten after this long without a failure (or a lock). */
  forgetAfterMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const ACCOUNT_THROTTLE: ThrottlePolicy = { threshold: 5, baseLockMs: 15 * MINUTE, maxLockMs: 4 * HOUR, forgetAfterMs: 24 * HOUR };
export const SOURCE_THROTTLE: ThrottlePolicy = { threshold: 30, baseLockMs: 15 * MINUTE, maxLockMs: HOUR, forgetAfterMs: HOUR };

/** The throttle key of an account's (normalised) e-mail address. */
export function accountKey(email: string): string {
  return `account:${email}`;
}

/** The throttle key of a source address: IPv4 as is, IPv6 by its /64 (as the rate limits count it). */
export function sourceKey(ip: string): string {
  return `source:${normalizeIP(ip, 64)}`;
}

/** How long the lock-out number `lockouts` (0 = the first) lasts. */
export function lockDuration(policy: ThrottlePolicy, lockouts: number): number {
  return Math.min(policy.baseLockMs * 2 ** Math.min(lockouts, 30), policy.maxLockMs);
}

/** The state after one more failure at `now` (which may start a lock-out). */
export function withFailure(policy: ThrottlePolicy, state: ThrottleState, now: Date): ThrottleState {
  const lastEvent = Math.max(state.lastFailureAt.getTime(), state.lockedUntil?.getTime() ?? 0);
  const forgotten = now.getTime() - lastEvent >= policy.forgetAfterMs;
  const failures = (forgotten ? 0 : state.failures) + 1;
  const lockouts = forgotten ? 0 : state.lockouts;
  if (failures >= policy.threshold) {
    return { failures: 0, lockouts: lockouts + 1, lockedUntil: new Date(now.getTime() + lockDuration(policy, lockouts)), lastFailureAt: now };
  }
  return { failures, lockouts, lockedUntil: null, lastFailureAt: now };
}

function lockedFor(state: Pick<ThrottleState, 'lockedUntil'> | null, now: Date): number {
  return state?.lockedUntil ? Math.max(0, state.lockedUntil.getTime() - now.getTime()) : 0;
}

function refused(waitMs: number) {
  return fail(429, 'ATTEMPT_LIMIT_EXCEEDED', { retry_after: Math.ceil(waitMs / 1000) });
}

/** 429 ATTEMPT_LIMIT_EXCEEDED while `key` is locked (reads only). */
export async function assertNotThrottled(app: FastifyInstance, key: string): Promise<void> {
  const wait = lockedFor(await findThrottle(app.db, key), app.clock.now());
  if (wait > 0) throw refused(wait);
}

/**
 * Takes one attempt for `key`: 429 while locked; otherwise the attempt counts as a failure at once,
 * so parallel requests cannot all slip in before the first failure is written (`clearThrottle`
 * after a success undoes it). Returns the end of the lock-out this attempt started, if any.
 */
export async function takeAttempt(app: FastifyInstance, key: string, policy: ThrottlePolicy): Promise<Date | null> {
  const now = app.clock.now();
  const outcome = await app.db.transaction(async (tx) => {
    const row = await lockThrottle(tx, key, now);
    const wait = lockedFor(row, now);
    if (wait > 0) return { wait, lockedUntil: null };
    const next = withFailure(policy, row, now);
    await saveThrottle(tx, key, next);
    return { wait: 0, lockedUntil: next.lockedUntil };
  });
  if (outcome.wait > 0) throw refused(outcome.wait);
  return outcome.lockedUntil;
}

/** Counts a failure for `key` (a lock in force is left as it is). Returns the end of a lock-out it started. */
export async function recordThrottleFailure(app: FastifyInstance, key: string, policy: ThrottlePolicy): Promise<Date | null> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const row = await lockThrottle(tx, key, now);
    if (lockedFor(row, now) > 0) return null;
    const next = withFailure(policy, row, now);
    await saveThrottle(tx, key, next);
    return next.lockedUntil;
  });
}

/** Forgets every failure and lock of `key` (a success, or a proof of control of the mailbox). */
export async function clearThrottle(app: FastifyInstance, key: string): Promise<void> {
  await deleteThrottle(app.db, key);
}

/**
 * The owner of the address proved control of it (a one-time-code sign-in or a password reset): the
 * account's password lock ends, and so does a legacy 'locked' status (only failed sign-ins ever set
 * it; migration 0013 lifted those). An administrator's 'blocked' stays.
 */
export async function clearSigninLock(app: FastifyInstance, user: UserRow): Promise<UserRow> {
  if (user.email) await clearThrottle(app, accountKey(user.email));
  if (user.status !== 'locked') return user;
  const unlocked = await transitionUserStatus(app.db, user.id, ['locked'], { status: 'active', failedSigninCount: 0 }, app.clock.now());
  if (unlocked) app.log.info({ userId: user.id }, 'legacy sign-in lock cleared: the owner proved control of the address');
  return unlocked ?? user;
}
