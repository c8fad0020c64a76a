import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, get, lastCode, otherCode, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const MINUTE = 60_000;

describe('one-time codes', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a code expires after 10 minutes: refused at minute 11, accepted at minute 9', async () => {
    const email = 'expiry@example.org';
    await post(t, `${A}/signup`, { name: 'Exp', last_name: 'Iry', email });
    const code = await lastCode(t, email);
    clock.advance(11 * MINUTE);
    const late = await post(t, `${A}/confirm-signup`, { email, code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('CODE_EXPIRED_OR_WRONG');

    await post(t, `${A}/resend-confirmation-code`, { email });
    const fresh = await lastCode(t, email);
    clock.advance(9 * MINUTE);
    expect((await post(t, `${A}/confirm-signup`, { email, code: fresh })).statusCode).toBe(200);
  });

  it('a sign-in code expires too (OTP_INCORRECT_OR_EXPIRED at minute 11)', async () => {
    const { userId } = await activeUser(t, 'otp-expiry@example.org');
    expect(userId).toBeTruthy();
    clock.advance(2 * MINUTE);
    await post(t, `${A}/signin-passwordless`, { email: 'otp-expiry@example.org' });
    const code = await lastCode(t, 'otp-expiry@example.org');
    clock.advance(11 * MINUTE);
    const res = await post(t, `${A}/otp-passwordless`, { email: 'otp-expiry@example.org', code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'OTP_INCORRECT_OR_EXPIRED', message: 'OTP incorrect or expired' });
  });

  it('a code is single use', async () => {
    const email = 'reuse@example.org';
    await activeUser(t, email);
    clock.advance(2 * MINUTE);
    await post(t, `${A}/signin-passwordless`, { email });
    const code = await lastCode(t, email);
    expect((await post(t, `${A}/otp-passwordless`, { email, code })).statusCode).toBe(200);
    const again = await post(t, `${A}/otp-passwordless`, { email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('OTP_INCORRECT_OR_EXPIRED');
  });

  it('5 wrong tries use a code up: the 6th try is ATTEMPT_LIMIT_EXCEEDED even with the right code', async () => {
    const email = 'attempts@example.org';
    await activeUser(t, email);
    clock.advance(2 * MINUTE);
    await post(t, `${A}/signin-passwordless`, { email });
    const code = await lastCode(t, email);
    for (let i = 0; i < 5; i++) {
      const wrong = await post(t, `${A}/otp-passwordless`, { email, code: otherCode(code) });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('OTP_INCORRECT_OR_EXPIRED');
    }
    const sixth = await post(t, `${A}/otp-passwordless`, { email, code });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ code: 'ATTEMPT_LIMIT_EXCEEDED', message: 'Attempt limit exceeded, please try after some time' });
    const validity = await get(t, `${A}/get-confirmation-code-validity?email=${email}&purpose=signin`);
    expect(validity.json().data.valid).toBe(false);
  });

  it('10 failures per address per hour: a fresh code is refused too, until the hour has passed', async () => {
    const email = 'hourly@example.org';
    await activeUser(t, email);
    for (let round = 0; round < 2; round++) {
      clock.advance(2 * MINUTE);
      await post(t, `${A}/signin-passwordless`, { email });
      const code = await lastCode(t, email);
      for (let i = 0; i < 5; i++) expect((await post(t, `${A}/otp-passwordless`, { email, code: otherCode(code) })).statusCode).toBe(400);
    }
    clock.advance(2 * MINUTE);
    await post(t, `${A}/signin-passwordless`, { email });
    const code = await lastCode(t, email);
    expect((await post(t, `${A}/otp-passwordless`, { email, code })).json().code).toBe('ATTEMPT_LIMIT_EXCEEDED');

    clock.advance(61 * MINUTE);
    await post(t, `${A}/signin-passwordless`, { email });
    expect((await post(t, `${A}/otp-passwordless`, { email, code: await lastCode(t, email) })).statusCode).toBe(200);
  });

  it('resend cool-down of 60 s and at most 5 codes per address per 15 minutes (REQUEST_LIMIT_EXCEEDED with retry_after)', async () => {
    const email = 'cooldown@example.org';
    await activeUser(t, email);
    clock.advance(16 * MINUTE); // the sign-up code leaves the 15-minute window
    expect((await post(t, `${A}/signin-passwordless`, { email })).statusCode).toBe(200);
    clock.advance(20_000);
    const soon = await post(t, `${A}/signin-passwordless`, { email });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toEqual({ code: 'REQUEST_LIMIT_EXCEEDED', message: 'Request limit exceeded', details: { retry_after: 40 } });

    // Sends so far in the window: sign-in (1). Four more, a minute apart, then the budget is spent.
    for (let i = 0; i < 4; i++) {
      clock.advance(MINUTE);
      expect((await post(t, `${A}/signin-passwordless`, { email })).statusCode).toBe(200);
    }
    clock.advance(MINUTE);
    const over = await post(t, `${A}/signin-passwordless`, { email });
    expect(over.statusCode).toBe(429);
    expect(over.json().details.retry_after).toBeGreaterThan(60);
  });

  it('get-confirmation-code-validity: {valid, expires_in, resend_in}, the same shape for unknown addresses', async () => {
    const email = 'validity@example.org';
    await post(t, `${A}/signup`, { name: 'Val', last_name: 'Id', email });
    clock.advance(30_000);
    const known = await get(t, `${A}/get-confirmation-code-validity?email=${email}&purpose=signup`);
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ data: { valid: true, expires_in: 570, resend_in: 30 } });

    const unknownNever = await get(t, `${A}/get-confirmation-code-validity?email=nobody@example.org`);
    expect(unknownNever.json()).toEqual({ data: { valid: false, expires_in: 0, resend_in: 0 } });

    // An unknown address that asked for a code looks exactly like a known one.
    await post(t, `${A}/resend-confirmation-code`, { email: 'ghost@example.org' });
    clock.advance(30_000);
    const ghost = await get(t, `${A}/get-confirmation-code-validity?email=ghost@example.org&purpose=signup`);
    expect(ghost.json()).toEqual({ data: { valid: true, expires_in: 570, resend_in: 30 } });

    const bad = await get(t, `${A}/get-confirmation-code-validity?email=x&purpose=nope`);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields).sort()).toEqual(['email', 'purpose']);
  });
});
