import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { A, ADMIN_PASSWORD, activeUser, adminSignIn, lastCode, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { ACCOUNT_THROTTLE, lockDuration, SOURCE_THROTTLE, sourceKey } from './throttle';

const MINUTE = 60_000;
const STRANGER = '198.51.100.66';
const OWNER = '203.0.113.10';

describe('password sign-in lock-out: temporary, by account and by source address', () => {
  let t: TestApp;
  const clock = new ManualClock();
  let ip = 0;
  /** A fresh address for each call: a stranger with many machines (the per-source limit stays out of the way). */
  const anyIp = () => `192.0.2.${(ip++ % 250) + 1}`;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const signin = (email: string, password: string, from = OWNER) => post(t, `${A}/signin`, { email, password }, undefined, { remoteAddress: from });
  const otpSignin = async (email: string, from = OWNER) => {
    const start = await post(t, `${A}/signin-passwordless`, { email }, undefined, { remoteAddress: from });
    expect(start.statusCode, start.body).toBe(200);
    return post(t, `${A}/otp-passwordless`, { email, code: await lastCode(t, email) }, undefined, { remoteAddress: from });
  };
  const retryAfter = (res: { json(): unknown }) => (res.json() as { details?: { retry_after?: number } }).details?.retry_after;

  it('a stranger’s 50 wrong passwords in a row keep the owner out for 15 minutes at most', async () => {
    const email = 'burst@example.org';
    await activeUser(t, email, 'owner-pass-1');
    clock.advance(2 * MINUTE);
    const codes = [];
    for (let i = 0; i < 50; i++) codes.push((await signin(email, `guess-${i}`, STRANGER)).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(codes.slice(5))).toEqual(new Set([429]));

    const during = await signin(email, 'owner-pass-1');
    expect(during.statusCode).toBe(429);
    expect(during.json()).toEqual({ code: 'ATTEMPT_LIMIT_EXCEEDED', message: 'Attempt limit exceeded, please try after some time', details: { retry_after: 900 } });

    clock.advance(15 * MINUTE);
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('a stranger who keeps trying from many addresses: each lock-out doubles (15 min … 4 h), ends by itself, and the owner gets in after it', async () => {
    const email = 'persistent@example.org';
    await activeUser(t, email, 'owner-pass-1');
    clock.advance(2 * MINUTE);
    const windows: number[] = [];
    let attempts = 0;
    while (attempts < 50) {
      for (let i = 0; i < ACCOUNT_THROTTLE.threshold; i++, attempts++) expect((await signin(email, `guess-${attempts}`, anyIp())).statusCode).toBe(401);
      const refused = await signin(email, 'owner-pass-1');
      expect(refused.statusCode).toBe(429);
      windows.push(retryAfter(refused)!);
      // The stranger hammers on during the lock: nothing counts, nothing gets longer.
      for (let i = 0; i < 3; i++) expect(retryAfter(await signin(email, 'guess-again', anyIp()))).toBe(windows.at(-1));
      clock.advance(windows.at(-1)! * 1000);
    }
    expect(windows.map((s) => s / 60)).toEqual([15, 30, 60, 120, 240, 240, 240, 240, 240, 240]);
    expect(Math.max(...windows)).toBe(ACCOUNT_THROTTLE.maxLockMs / 1000);
    // Right after the last window.
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(200);
    // The success ended the streak: the next lock-out is 15 minutes again.
    for (let i = 0; i < 5; i++) await signin(email, 'wrong-again', anyIp());
    expect(retryAfter(await signin(email, 'owner-pass-1'))).toBe(15 * 60);
    clock.advance(15 * MINUTE);
  });

  it('the streak is forgotten after a quiet day', async () => {
    const email = 'forgotten@example.org';
    await activeUser(t, email, 'owner-pass-1');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) expect((await signin(email, 'guess-pass', anyIp())).statusCode).toBe(401);
      clock.advance(lockDuration(ACCOUNT_THROTTLE, round));
    }
    clock.advance(ACCOUNT_THROTTLE.forgetAfterMs);
    for (let i = 0; i < 5; i++) expect((await signin(email, 'guess-pass', anyIp())).statusCode).toBe(401);
    expect(retryAfter(await signin(email, 'owner-pass-1'))).toBe(15 * 60);
    clock.advance(15 * MINUTE);
  });

  it('a one-time-code sign-in always works during the lock, and ends it', async () => {
    const email = 'otp-during-lock@example.org';
    await activeUser(t, email, 'owner-pass-1');
    clock.advance(2 * MINUTE);
    for (let i = 0; i < 50; i++) await signin(email, `guess-${i}`, STRANGER);
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(429);

    const otp = await otpSignin(email);
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json().message_code).toBe('SIGN_IN_SUCCESS');
    // No waiting: the lock is gone.
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(200);
  });

  it('issue 30: 5 wrong passwords, a code request and 5 wrong codes, twice, from a stranger: the holder still signs in with a fresh code and resets', async () => {
    const email = 'locked-by-stranger@example.org';
    await activeUser(t, email, 'owner-pass-1');
    clock.advance(2 * MINUTE);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) await signin(email, `guess-${round}-${i}`, STRANGER);
      expect((await post(t, `${A}/signin-passwordless`, { email }, undefined, { remoteAddress: STRANGER })).statusCode).toBe(200);
      const guesses = [];
      for (let i = 0; i < 5; i++) guesses.push((await post(t, `${A}/otp-passwordless`, { email, code: String(100_000 + i) }, undefined, { remoteAddress: STRANGER })).statusCode);
      // The code the stranger asked for is dead after 3 tries (the holder has it in the mailbox; it is useless now).
      expect(guesses.slice(3)).toEqual([429, 429]);
      clock.advance(61_000);
    }
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(429); // the password lock may stay...

    // ...but the holder asks for a fresh code and signs in with it at once, which ends the password lock.
    const otp = await otpSignin(email);
    expect(otp.statusCode, otp.body).toBe(200);
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(200);

    // A reset too: the stranger's codes used the quick budget, so the holder waits at most 15 minutes for it.
    const asked = await post(t, `${A}/forgot-password`, { email });
    expect(asked.statusCode).toBe(429);
    expect(asked.json().code).toBe('REQUEST_LIMIT_EXCEEDED');
    expect(retryAfter(asked)).toBe(15 * 60);
    clock.advance(15 * MINUTE);
    expect((await post(t, `${A}/forgot-password`, { email })).statusCode).toBe(200);
    const reset = await post(t, `${A}/set-password`, { email, code: await lastCode(t, email), password: 'owner-pass-2' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signin(email, 'owner-pass-2')).statusCode).toBe(200);
  });

  it('the seeded administrator locked out by a stranger signs in with a one-time code', async () => {
    const admin = t.app.config.adminEmail;
    for (let i = 0; i < 50; i++) await signin(admin, `guess-${i}`, anyIp());
    expect((await signin(admin, ADMIN_PASSWORD)).statusCode).toBe(429);
    clock.advance(2 * MINUTE);
    const otp = await otpSignin(admin);
    expect(otp.statusCode, otp.body).toBe(200);
    expect(otp.json().data.user.is_platform_admin).toBe(true);
    await adminSignIn(t);
  });

  it('a completed password reset ends the lock', async () => {
    const email = 'reset-during-lock@example.org';
    await activeUser(t, email, 'owner-pass-1');
    clock.advance(2 * MINUTE);
    for (let i = 0; i < 10; i++) await signin(email, `guess-${i}`, STRANGER);
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(429);

    await post(t, `${A}/forgot-password`, { email });
    // Asking for a reset is not enough: the lock lasts until the reset is done.
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(429);
    expect((await post(t, `${A}/set-password`, { email, code: await lastCode(t, email), password: 'owner-pass-2' })).statusCode).toBe(200);
    expect((await signin(email, 'owner-pass-2')).statusCode).toBe(200);
  });

  it('an administrator’s block stays: not ended by the window, a one-time code or a reset', async () => {
    const email = 'blocked-lock@example.org';
    const user = await activeUser(t, email, 'owner-pass-1');
    const admin = await adminSignIn(t);
    expect((await post(t, `/auth/admin/update_user_status/${user.userId}`, { action: 'block' }, admin.idToken)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await signin(email, `guess-${i}`, STRANGER);
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(429);

    clock.advance(16 * MINUTE);
    expect((await signin(email, 'owner-pass-1')).json().code).toBe('ACCOUNT_BLOCKED');
    expect((await otpSignin(email)).json().code).toBe('ACCOUNT_BLOCKED');
    clock.advance(2 * MINUTE);
    await post(t, `${A}/forgot-password`, { email });
    expect((await post(t, `${A}/set-password`, { email, code: await lastCode(t, email), password: 'owner-pass-2' })).statusCode).toBe(200);
    const after = await signin(email, 'owner-pass-2');
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ code: 'ACCOUNT_BLOCKED', message: 'Your account is blocked, please contact support' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row.status).toBe('blocked');
  });

  it('an unknown address is throttled exactly like a known one (the lock tells nothing)', async () => {
    await activeUser(t, 'known-lock@example.org', 'owner-pass-1');
    const run = async (email: string) => {
      const answers = [];
      for (let i = 0; i < 7; i++) {
        const res = await signin(email, `guess-${i}`, anyIp());
        answers.push({ status: res.statusCode, body: res.json() as unknown });
      }
      return answers;
    };
    const known = await run('known-lock@example.org');
    const unknown = await run('nobody-lock@example.org');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    clock.advance(15 * MINUTE);
  });

  it('parallel guesses cannot slip past the limit: of 20 at once, 5 are checked', async () => {
    const email = 'parallel@example.org';
    await activeUser(t, email, 'owner-pass-1');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signin(email, `guess-${i}`, anyIp())));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    clock.advance(15 * MINUTE);
  });

  it('one source address failing on many accounts is refused for a while (every account, even with the right password); others are not', async () => {
    const sprayer = '198.51.100.200';
    const victim = await activeUser(t, 'sprayed@example.org', 'owner-pass-1');
    expect(victim.userId).toBeTruthy();
    for (let i = 0; i < SOURCE_THROTTLE.threshold; i++) expect((await signin(`target-${i}@example.org`, 'Password1', sprayer)).statusCode).toBe(401);
    const refused = await signin('sprayed@example.org', 'owner-pass-1', sprayer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'ATTEMPT_LIMIT_EXCEEDED', details: { retry_after: 900 } });
    // The accounts themselves are not locked (one failure each), nor is anyone else's address.
    expect((await signin('sprayed@example.org', 'owner-pass-1', OWNER)).statusCode).toBe(200);
    // Passwordless sign-in from that address still works.
    clock.advance(2 * MINUTE);
    expect((await otpSignin('sprayed@example.org', sprayer)).statusCode).toBe(200);

    clock.advance(15 * MINUTE);
    expect((await signin('sprayed@example.org', 'owner-pass-1', sprayer)).statusCode).toBe(200);
    // IPv6: one /64 is one source.
    expect(sourceKey('2001:db8:1:2:aaaa::1')).toBe(sourceKey('2001:db8:1:2:bbbb::2'));
    expect(sourceKey('::ffff:203.0.113.7')).toBe('source:203.0.113.7');
  });

  it('an account left "locked" by the old mechanism signs in with a one-time code, which makes it active again', async () => {
    const email = 'legacy-locked@example.org';
    const user = await activeUser(t, email, 'owner-pass-1');
    await t.db.update(users).set({ status: 'locked', failedSigninCount: 5 }).where(eq(users.id, user.userId));
    clock.advance(2 * MINUTE);
    const otp = await otpSignin(email);
    expect(otp.statusCode, otp.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row).toMatchObject({ status: 'active', failedSigninCount: 0 });
    expect((await signin(email, 'owner-pass-1')).statusCode).toBe(200);
  });
});
