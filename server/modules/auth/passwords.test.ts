import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, get, lastCode, messagesTo, otherCode, post, signIn } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { hashPassword, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('scrypt with salt and parameters in the stored string', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });
});

describe('forgot-password, set-password, change_password', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a reset code sets a new password and signs out every session; PASSWORD_REUSE for the last 3', async () => {
    const email = 'reset@example.org';
    const session = await activeUser(t, email, 'password-1');
    clock.advance(16 * 60_000);
    const forgot = await post(t, `${A}/forgot-password`, { email });
    expect(forgot.json()).toEqual({
      data: { destination: 'r***@example.org', resend_in: 60 },
      message: 'Password reset e-mail or code sent',
      message_code: 'RESET_SENT',
    });
    const code = await lastCode(t, email);

    const wrong = await post(t, `${A}/set-password`, { email, code: otherCode(code), password: 'password-2' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_EXPIRED_OR_WRONG');

    const reuse = await post(t, `${A}/set-password`, { email, code, password: 'password-1' });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json()).toEqual({ code: 'PASSWORD_REUSE', message: "Can't reuse previous password" });

    // The code survives a refused password and works once.
    const ok = await post(t, `${A}/set-password`, { email, code, password: 'password-2' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message_code: 'PASSWORD_RESET_SUCCESS', message: 'Password reset successful' });
    expect((await post(t, `${A}/set-password`, { email, code, password: 'password-3' })).json().code).toBe('CODE_EXPIRED_OR_WRONG');

    expect((await get(t, `/auth/users/${session.userId}`, session.idToken)).statusCode).toBe(401);
    expect((await post(t, `${A}/signin`, { email, password: 'password-1' })).statusCode).toBe(401);
    const fresh = await signIn(t, email, 'password-2');

    // change_password: history of 3 (password-1, password-2 are refused; a 4th-oldest would be allowed).
    const change = (old_password: string, new_password: string, token = fresh.idToken) =>
      post(t, `${A}/change_password`, { old_password, new_password }, token);
    expect((await change('password-2', 'password-1')).json().code).toBe('PASSWORD_REUSE');
    expect((await change('password-2', 'password-2')).json().code).toBe('PASSWORD_REUSE');
    const wrongOld = await change('nope-nope', 'password-3');
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().code).toBe('INCORRECT_CREDENTIALS');
    const other = await signIn(t, email, 'password-2');
    expect((await change('password-2', 'password-3')).statusCode).toBe(200);
    // The current session stays; the others are signed out.
    expect((await get(t, `/auth/users/${session.userId}`, fresh.idToken)).statusCode).toBe(200);
    expect((await get(t, `/auth/users/${session.userId}`, other.idToken)).statusCode).toBe(401);
    expect((await change('password-3', 'password-4')).statusCode).toBe(200);
    // Last three: password-4, password-3, password-2 → password-1 is allowed again.
    expect((await change('password-4', 'password-2')).json().code).toBe('PASSWORD_REUSE');
    expect((await change('password-4', 'password-1')).statusCode).toBe(200);
  });

  it('a completed reset ends the password sign-in lock at once', async () => {
    const email = 'locked-reset@example.org';
    await activeUser(t, email, 'password-1');
    for (let i = 0; i < 5; i++) await post(t, `${A}/signin`, { email, password: 'bad-password' });
    expect((await post(t, `${A}/signin`, { email, password: 'password-1' })).json().code).toBe('ATTEMPT_LIMIT_EXCEEDED');

    clock.advance(2 * 60_000);
    await post(t, `${A}/forgot-password`, { email });
    expect((await post(t, `${A}/set-password`, { email, code: await lastCode(t, email), password: 'password-9' })).statusCode).toBe(200);
    // Well inside the 15 minutes of the lock.
    expect((await post(t, `${A}/signin`, { email, password: 'password-9' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row.status).toBe('active');
  });

  it('set-password for an unknown address answers like a wrong code', async () => {
    clock.advance(16 * 60_000);
    await post(t, `${A}/forgot-password`, { email: 'ghost@example.org' });
    const res = await post(t, `${A}/set-password`, { email: 'ghost@example.org', code: '123456', password: 'password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CODE_EXPIRED_OR_WRONG');
  });
});

describe('verify_user_attribute', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends a code to the new address, then verifies and stores it; a taken address answers alike, ALIAS_EXISTS only to a code holder', async () => {
    const session = await activeUser(t, 'change@example.org');
    await activeUser(t, 'taken@example.org');
    const verify = (body: Record<string, string>) => post(t, `${A}/verify_user_attribute`, body, session.idToken);

    // An address another account holds answers like a free one (nothing tells it has an account);
    // it gets no code, so it can never be confirmed.
    const taken = await verify({ attribute: 'email', value: 'taken@example.org' });
    const free = await verify({ attribute: 'email', value: 'tfree@example.org' });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ ...free.json(), data: { ...free.json().data, destination: 't***@example.org' } });
    expect((await messagesTo(t, 'taken@example.org')).map((m) => m.purpose)).toEqual(['signup']);
    expect((await verify({ attribute: 'email', value: 'taken@example.org', code: '123456' })).json().code).toBe('CODE_EXPIRED_OR_WRONG');

    const send = await verify({ attribute: 'phone', value: '5551234567' });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ message_code: 'NEW_CONFIRMATION_SENT', data: { destination: '******4567', resend_in: 60 } });
    const code = await lastCode(t, '5551234567');
    expect((await verify({ attribute: 'phone', value: '5551234567', code: otherCode(code) })).json().code).toBe('CODE_EXPIRED_OR_WRONG');
    const done = await verify({ attribute: 'phone', value: '5551234567', code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ message_code: 'PROFILE_UPDATED', data: { userId: session.userId, phone: '5551234567', email: 'change@example.org' } });

    // Someone else's code cannot be used: codes are bound to the user who asked.
    const intruder = await activeUser(t, 'intruder@example.org');
    await verify({ attribute: 'email', value: 'new-address@example.org' });
    const stolen = await lastCode(t, 'new-address@example.org');
    const res = await post(t, `${A}/verify_user_attribute`, { attribute: 'email', value: 'new-address@example.org', code: stolen }, intruder.idToken);
    expect(res.json().code).toBe('CODE_EXPIRED_OR_WRONG');

    expect((await post(t, `${A}/verify_user_attribute`, { attribute: 'email', value: 'x@example.org' })).statusCode).toBe(401);

    // Another account takes the address after the code was sent: only the holder of the code learns it.
    await verify({ attribute: 'email', value: 'race@example.org' });
    const raceCode = await lastCode(t, 'race@example.org');
    expect((await post(t, `${A}/signup`, { name: 'Quick', last_name: 'Er', email: 'race@example.org' })).statusCode).toBe(201);
    const raced = await verify({ attribute: 'email', value: 'race@example.org', code: raceCode });
    expect(raced.statusCode).toBe(409);
    expect(raced.json()).toEqual({ code: 'ALIAS_EXISTS', message: 'Alias already exists' });
  });
});
