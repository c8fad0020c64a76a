import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { A, adminSignIn, get, lastCode, messagesTo, otherCode, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('sign-up, confirmation, approval, passwordless sign-in', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signup → confirm → pending (sign-in refused) → admin approves → passwordless sign-in works', async () => {
    const email = 'Alice@Example.org';
    const signup = await post(t, `${A}/signup`, { name: 'Alice', last_name: 'Smith', email });
    expect(signup.statusCode).toBe(201);
    expect(signup.json()).toEqual({
      data: { user_id: expect.any(String), destination: 'a***@example.org', resend_in: 60 },
      message: 'Account created successfully',
      message_code: 'ACCOUNT_CREATED',
    });
    const userId = signup.json().data.user_id as string;
    const [created] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(created).toMatchObject({ email: 'alice@example.org', status: 'unconfirmed', name: 'Alice', lastName: 'Smith' });

    // An unconfirmed account gets no sign-in code, and its answer is the usual one.
    const early = await post(t, `${A}/signin-passwordless`, { email: 'alice@example.org' });
    expect(early.statusCode).toBe(200);

    const code = await lastCode(t, 'alice@example.org');
    const confirm = await post(t, `${A}/confirm-signup`, { email: 'alice@example.org', code });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({
      data: { user_id: userId, status: 'pending' },
      message: 'Email confirmed, please wait for admin approval',
      message_code: 'EMAIL_CONFIRMED_WAIT_APPROVAL',
    });

    // Pending: the code is sent, but a correct code answers ADMIN_APPROVAL_REQUIRED.
    clock.advance(61_000);
    expect((await post(t, `${A}/signin-passwordless`, { email: 'alice@example.org' })).statusCode).toBe(200);
    const pendingCode = await lastCode(t, 'alice@example.org');
    const refused = await post(t, `${A}/otp-passwordless`, { email: 'alice@example.org', code: pendingCode });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'ADMIN_APPROVAL_REQUIRED', message: 'Admin approval required' });

    const admin = await adminSignIn(t);
    const pendingList = await get(t, '/auth/admin/list_users?status=pending', admin.idToken);
    expect(pendingList.json().data.user_list.map((u: { userId: string }) => u.userId)).toContain(userId);
    const approve = await post(t, `/auth/admin/update_user_status/${userId}`, { action: 'approve' }, admin.idToken);
    expect(approve.statusCode).toBe(200);
    expect(approve.json().data).toMatchObject({ userId, status: 'active' });

    clock.advance(61_000);
    expect((await post(t, `${A}/signin-passwordless`, { email: 'alice@example.org' })).statusCode).toBe(200);
    const signin = await post(t, `${A}/otp-passwordless`, { email: 'alice@example.org', code: await lastCode(t, 'alice@example.org') });
    expect(signin.statusCode).toBe(200);
    const body = signin.json();
    expect(body.message_code).toBe('SIGN_IN_SUCCESS');
    expect(body.data).toMatchObject({
      accessToken: expect.any(String),
      idToken: expect.any(String),
      refreshToken: expect.any(String),
      signinSource: 'REGULAR',
      user: { userId, name: 'Alice', email: 'alice@example.org', phone: null, is_profile_updated: 0, profile_picture: null, is_platform_admin: false },
    });
    const me = await get(t, `/auth/users/${userId}`, body.data.idToken);
    expect(me.statusCode).toBe(200);
  });

  it('signing up with a confirmed address answers like a new sign-up, changes nothing and mails the owner "you already have an account"', async () => {
    const admin = t.app.config.adminEmail;
    const res = await post(t, `${A}/signup`, { name: 'Someone', last_name: 'Else', email: admin, password: 'taken-over-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: { user_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/), destination: 'a***@example.org', resend_in: 60 },
      message: 'Account created successfully',
      message_code: 'ACCOUNT_CREATED',
    });
    const [row] = await t.db.select().from(users).where(eq(users.email, admin));
    expect(row.id).not.toBe(res.json().data.user_id);
    expect(row).toMatchObject({ status: 'active', name: expect.not.stringMatching('Someone') });
    const [notice] = await messagesTo(t, admin);
    expect(notice).toMatchObject({ purpose: 'account_exists', subject: 'Campaign Donation Tracker: You already have an account' });
    expect(notice.body).toContain('you already have an account');
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
    // The password given was not stored.
    expect((await post(t, `${A}/signin`, { email: admin, password: 'taken-over-1' })).statusCode).toBe(401);

    await post(t, `${A}/signup`, { name: 'Phone', last_name: 'User', phone: '5550001111' });
    await post(t, `${A}/confirm-signup`, { phone: '5550001111', code: await lastCode(t, '5550001111') });
    clock.advance(61_000);
    const again = await post(t, `${A}/signup`, { name: 'Phone', last_name: 'User', phone: '5550001111' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ message_code: 'ACCOUNT_CREATED', data: { destination: '******1111', resend_in: 60 } });
    const [sms] = await messagesTo(t, '5550001111');
    expect(sms).toMatchObject({ channel: 'sms', purpose: 'account_exists' });
  });

  it('signing up again while unconfirmed resends a code and changes nothing else', async () => {
    const first = await post(t, `${A}/signup`, { name: 'Bob', last_name: 'One', email: 'bob@example.org', password: 'first-pass' });
    expect(first.statusCode).toBe(201);
    const tooSoon = await post(t, `${A}/signup`, { name: 'Bob', last_name: 'One', email: 'bob@example.org' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'REQUEST_LIMIT_EXCEEDED', details: { retry_after: 60 } });

    clock.advance(61_000);
    const again = await post(t, `${A}/signup`, { name: 'Mallory', last_name: 'Two', email: 'bob@example.org', password: 'other-pass' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ message_code: 'ACCOUNT_CREATED', data: { resend_in: 60 } });
    // A fresh id, as for an address that has an account (enumeration.test.ts).
    expect(again.json().data.user_id).not.toBe(first.json().data.user_id);
    expect(await messagesTo(t, 'bob@example.org')).toHaveLength(2);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'bob@example.org'));
    expect(row).toMatchObject({ name: 'Bob', lastName: 'One', status: 'unconfirmed' });
  });

  it('phone sign-up: PHONE_VERIFIED_WAIT_APPROVAL; confirming twice with the code: USER_ALREADY_CONFIRMED; a wrong code: CODE_EXPIRED_OR_WRONG', async () => {
    const phone = '5550002222';
    expect((await post(t, `${A}/signup`, { name: 'Carol', last_name: 'Text', phone })).statusCode).toBe(201);
    const [sms] = await messagesTo(t, phone);
    expect(sms).toMatchObject({ channel: 'sms', subject: null, purpose: 'signup' });
    const code = await lastCode(t, phone);

    const wrong = await post(t, `${A}/confirm-signup`, { phone, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'CODE_EXPIRED_OR_WRONG', message: 'Wrong or expired confirmation code' });

    const ok = await post(t, `${A}/confirm-signup`, { phone, code });
    expect(ok.json()).toMatchObject({ message_code: 'PHONE_VERIFIED_WAIT_APPROVAL', message: 'Phone number verified, please wait for admin approval' });
    // Only the holder of the code that confirmed the account learns it is confirmed.
    const twice = await post(t, `${A}/confirm-signup`, { phone, code });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'USER_ALREADY_CONFIRMED', message: 'User is already confirmed' });
    const guess = await post(t, `${A}/confirm-signup`, { phone, code: otherCode(code) });
    expect(guess.json()).toEqual({ code: 'CODE_EXPIRED_OR_WRONG', message: 'Wrong or expired confirmation code' });

    // Resending to a confirmed number answers like any other number (it gets "you already have an account").
    clock.advance(61_000);
    const resend = await post(t, `${A}/resend-confirmation-code`, { phone });
    const unknown = await post(t, `${A}/resend-confirmation-code`, { phone: phone.replace(/2$/, '9') });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ ...unknown.json(), data: { ...unknown.json().data, destination: '******2222' } });
    expect((await messagesTo(t, phone))[0].purpose).toBe('account_exists');
  });

  it('resend-confirmation-code: CONFIRMATION_EMAIL_RESENT / OTP_RESENT after the cool-down', async () => {
    await post(t, `${A}/signup`, { name: 'Dan', last_name: 'Resend', email: 'dan@example.org' });
    clock.advance(61_000);
    const res = await post(t, `${A}/resend-confirmation-code`, { email: 'dan@example.org' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'CONFIRMATION_EMAIL_RESENT', data: { destination: 'd***@example.org', resend_in: 60 } });
    const codes = (await messagesTo(t, 'dan@example.org')).map((m) => /\d{6}/.exec(m.body)?.[0]);
    expect(codes).toHaveLength(2);
    // Only the newest code counts.
    const stale = codes[1]!;
    if (stale !== codes[0]) expect((await post(t, `${A}/confirm-signup`, { email: 'dan@example.org', code: stale })).statusCode).toBe(400);
    expect((await post(t, `${A}/confirm-signup`, { email: 'dan@example.org', code: codes[0] })).statusCode).toBe(200);
  });
});

describe('AUTO_APPROVE_USERS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { autoApproveUsers: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('a confirmed sign-up is active at once and can sign in', async () => {
    await post(t, `${A}/signup`, { name: 'Eve', last_name: 'Auto', email: 'eve@example.org' });
    const confirm = await post(t, `${A}/confirm-signup`, { email: 'eve@example.org', code: await lastCode(t, 'eve@example.org') });
    expect(confirm.json().data.status).toBe('active');
    const start = await post(t, `${A}/signin-passwordless`, { email: 'eve@example.org' });
    expect(start.statusCode).toBe(200);
    const signin = await post(t, `${A}/otp-passwordless`, { email: 'eve@example.org', code: await lastCode(t, 'eve@example.org') });
    expect(signin.statusCode).toBe(200);
  });
});
