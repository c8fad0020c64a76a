/**
 * Concurrency on the routes that write accounts: the same request from many clients at once. Every
 * answer is a known one (never a 5xx, every error the §4 `{ code, message }` body), and the
 * invariants hold afterwards (one account per address, one live code per request, a code used once).
 */
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, verificationCodes } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, lastCode, messagesTo, otherCode, post } from '../../test/auth-helpers';
import { ATTEMPTS_PER_CODE } from './codes';
import { buildTestApp, type TestApp } from '../../test/test-db';

const CLIENTS = 8;
const MINUTE = 60_000;
const ROUNDS = 15;

/** Never a 5xx; a 4xx is the §4 error body. Returns the statuses. */
function known(answers: LightMyRequestResponse[]): number[] {
  for (const res of answers) {
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (res.statusCode >= 400) expect(Object.keys(res.json() as object).sort()).toEqual(expect.arrayContaining(['code', 'message']));
  }
  return answers.map((res) => res.statusCode);
}

describe('account routes under concurrency: the same request from many clients at once', () => {
  let t: TestApp;
  const clock = new ManualClock();
  let ip = 0;
  const anyIp = () => `192.0.2.${(ip++ % 250) + 1}`;
  /** The same request from CLIENTS clients (each its own address) at once. */
  const atOnce = (url: string, body: object) => Promise.all(Array.from({ length: CLIENTS }, () => post(t, url, body, undefined, { remoteAddress: anyIp() })));
  const codesOf = async (destination: string, purpose: string) =>
    t.db.select().from(verificationCodes).where(and(eq(verificationCodes.destination, destination), eq(verificationCodes.purpose, purpose)));

  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('right password sign-ins of one account at once: never a 500 (the throttle row another sign-in just deleted)', async () => {
    const email = 'parallel-right@example.org';
    const { userId } = await activeUser(t, email, 'owner-pass-1');
    // Clients that keep signing in, so that one's delete of the throttle row lands between another's steps.
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < ROUNDS; i++) statuses.push(...known([await post(t, `${A}/signin`, { email, password: 'owner-pass-1' }, undefined, { remoteAddress: anyIp() })]));
      }),
    );
    // Each attempt counts until its success clears it: some may meet a short lock (429), none fails.
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(statuses).toContain(200);
    const [{ n }] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
    expect(n).toBeGreaterThan(1);
  }, 120_000);

  it('signup of one new address from many clients at once: 201 or 429, one account, one code sent', async () => {
    const email = 'race-signup@example.org';
    const statuses = known(await atOnce(`${A}/signup`, { name: 'Race', last_name: 'Signup', email, password: 'race-pass-1' }));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await codesOf(email, 'signup')).toHaveLength(1);
    expect(await messagesTo(t, email)).toHaveLength(1);
  });

  it('confirm-signup with the right code from many clients at once: one 200 (the rest 400/409, or 429 past the code’s 3 tries), the code used once', async () => {
    const email = 'race-confirm@example.org';
    expect((await post(t, `${A}/signup`, { name: 'Race', last_name: 'Confirm', email })).statusCode).toBe(201);
    const code = await lastCode(t, email);
    const statuses = known(await atOnce(`${A}/confirm-signup`, { email, code }));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 409 && s !== 429)).toEqual([]);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row.status).toBe('pending');
    const codes = await codesOf(email, 'signup');
    expect(codes.filter((c) => c.consumedAt !== null)).toHaveLength(1);
  });

  for (const [path, purpose] of [
    ['signin-passwordless', 'signin'],
    ['forgot-password', 'forgot_password'],
    ['resend-confirmation-code', 'signup'],
  ] as const) {
    it(`${path} from many clients at once: 200 or 429, one code issued and sent per request that got 200`, async () => {
      const email = `race-code-${purpose}@example.org`;
      await activeUser(t, email);
      clock.advance(61 * MINUTE);
      const before = (await codesOf(email, purpose)).length;
      const mailsBefore = (await messagesTo(t, email)).length;
      const statuses = known(await atOnce(`${A}/${path}`, { email }));
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      expect((await codesOf(email, purpose)).length - before).toBe(1);
      // Sign-up codes of a confirmed address are decoys: the address is mailed "you already have an account" instead.
      expect((await messagesTo(t, email)).length - mailsBefore).toBe(1);
    });
  }

  it('otp-passwordless with the right code from many clients at once: one sign-in, the code used once', async () => {
    const email = 'race-otp@example.org';
    const { userId } = await activeUser(t, email);
    clock.advance(61 * MINUTE);
    expect((await post(t, `${A}/signin-passwordless`, { email })).statusCode).toBe(200);
    const code = await lastCode(t, email);
    const [{ n: sessionsBefore }] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
    const statuses = known(await atOnce(`${A}/otp-passwordless`, { email, code }));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 429)).toEqual([]);
    const [{ n: sessionsAfter }] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId));
    expect(sessionsAfter - sessionsBefore).toBe(1);
  });

  it('wrong codes from many clients at once: at most 3 are checked, the rest refused; the code is dead for everyone', async () => {
    const email = 'race-guess@example.org';
    await activeUser(t, email);
    clock.advance(61 * MINUTE);
    expect((await post(t, `${A}/signin-passwordless`, { email })).statusCode).toBe(200);
    const code = await lastCode(t, email);
    const statuses = known(await atOnce(`${A}/otp-passwordless`, { email, code: otherCode(code) }));
    expect(statuses.filter((s) => s === 400)).toHaveLength(ATTEMPTS_PER_CODE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CLIENTS - ATTEMPTS_PER_CODE);
    expect((await post(t, `${A}/otp-passwordless`, { email, code })).statusCode).toBe(429);
    // The next code starts fresh.
    clock.advance(MINUTE);
    expect((await post(t, `${A}/signin-passwordless`, { email })).statusCode).toBe(200);
    expect((await post(t, `${A}/otp-passwordless`, { email, code: await lastCode(t, email) })).statusCode).toBe(200);
  });

  it('set-password with the right reset code from many clients at once: one 200, the code used once', async () => {
    const email = 'race-reset@example.org';
    await activeUser(t, email, 'old-pass-1');
    clock.advance(61 * MINUTE);
    expect((await post(t, `${A}/forgot-password`, { email })).statusCode).toBe(200);
    const code = await lastCode(t, email);
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => post(t, `${A}/set-password`, { email, code, password: `new-pass-${i}` }, undefined, { remoteAddress: anyIp() })),
    );
    const statuses = known(answers);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 400 && s !== 429)).toEqual([]);
    const winner = statuses.indexOf(200);
    expect((await post(t, `${A}/signin`, { email, password: `new-pass-${winner}` })).statusCode).toBe(200);
    expect((await codesOf(email, 'forgot_password')).filter((c) => c.consumedAt !== null)).toHaveLength(1);
  });
});
