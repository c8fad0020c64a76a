import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema';
import { A, activeUser, adminSignIn, DEMO_PASSWORD, get, post, signUpConfirmed } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('credential sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the seeded demo owner and admin sign in with their passwords out of the box', async () => {
    const demo = await post(t, `${A}/signin`, { email: 'owner@demo.campaign', password: DEMO_PASSWORD });
    expect(demo.statusCode).toBe(200);
    expect(demo.json().data.user).toMatchObject({ email: 'owner@demo.campaign', is_platform_admin: false, is_profile_updated: 1 });
    const admin = await adminSignIn(t);
    expect(admin.user.is_platform_admin).toBe(true);
  });

  it('a wrong password and an unknown e-mail get the same 401 INCORRECT_CREDENTIALS', async () => {
    await activeUser(t, 'known@example.org', 'right-pass-1');
    const passwordless = await signUpConfirmed(t, 'passwordless@example.org');
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, passwordless));
    const wrong = await post(t, `${A}/signin`, { email: 'known@example.org', password: 'wrong-pass-1' });
    const unknown = await post(t, `${A}/signin`, { email: 'unknown@example.org', password: 'wrong-pass-1' });
    const noPassword = await post(t, `${A}/signin`, { email: 'passwordless@example.org', password: 'wrong-pass-1' });
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'INCORRECT_CREDENTIALS', message: 'Incorrect email or password' });
    }
  });

  it('5 consecutive failures lock password sign-in for 15 minutes (429 ATTEMPT_LIMIT_EXCEEDED), not the account: status and sessions stay', async () => {
    const email = 'lockme@example.org';
    const password = 'correct-pass';
    const user = await activeUser(t, email, password);
    // A success in between resets the count.
    for (let i = 0; i < 3; i++) await post(t, `${A}/signin`, { email, password: 'bad-pass-1' });
    expect((await post(t, `${A}/signin`, { email, password })).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) expect((await post(t, `${A}/signin`, { email, password: `bad-pass-${i}` })).statusCode).toBe(401);
    // Even the right password is refused while the lock lasts (it is not checked).
    const locked = await post(t, `${A}/signin`, { email, password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'ATTEMPT_LIMIT_EXCEEDED', message: 'Attempt limit exceeded, please try after some time', details: { retry_after: 900 } });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.userId));
    expect(row.status).toBe('active');
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.userId));
    expect(live.some((s) => s.revokedAt === null)).toBe(true);
    expect((await get(t, `/auth/users/${user.userId}`, user.idToken)).statusCode).toBe(200);
  });

  it('unconfirmed → ACCOUNT_NOT_CONFIRMED_EMAIL, pending → ADMIN_APPROVAL_REQUIRED, blocked → ACCOUNT_BLOCKED (only with the right password)', async () => {
    await post(t, `${A}/signup`, { name: 'Un', last_name: 'Confirmed', email: 'unconfirmed@example.org', password: 'pass-word-1' });
    const unconfirmed = await post(t, `${A}/signin`, { email: 'unconfirmed@example.org', password: 'pass-word-1' });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({ code: 'ACCOUNT_NOT_CONFIRMED_EMAIL', message: 'Your account is not confirmed. Please confirm your e-mail' });
    expect((await post(t, `${A}/signin`, { email: 'unconfirmed@example.org', password: 'pass-word-2' })).json().code).toBe('INCORRECT_CREDENTIALS');

    await signUpConfirmed(t, 'pending@example.org', { password: 'pass-word-1' });
    expect((await post(t, `${A}/signin`, { email: 'pending@example.org', password: 'pass-word-1' })).json().code).toBe('ADMIN_APPROVAL_REQUIRED');

    const blocked = await activeUser(t, 'blocked-cred@example.org', 'pass-word-1');
    const admin = await adminSignIn(t);
    await post(t, `/auth/admin/update_user_status/${blocked.userId}`, { action: 'block' }, admin.idToken);
    const res = await post(t, `${A}/signin`, { email: 'blocked-cred@example.org', password: 'pass-word-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_BLOCKED');
  });

  it('e-mail matching ignores case', async () => {
    expect((await post(t, `${A}/signin`, { email: 'Owner@Demo.Campaign', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});
