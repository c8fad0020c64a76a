import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigninData } from '../../../domain/auth/api-contract';
import { A, activeUser, adminSignIn, get, post, put, signUpConfirmed } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('users', () => {
  let t: TestApp;
  let alice: SigninData & { userId: string };
  let bob: SigninData & { userId: string };
  let admin: SigninData;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    alice = await activeUser(t, 'alice@example.org');
    bob = await activeUser(t, 'bob@example.org');
    admin = await adminSignIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /auth/users/:id: yourself yes, someone else 403, a platform admin anyone; signed out 401', async () => {
    const self = await get(t, `/auth/users/${alice.userId}`, alice.idToken);
    expect(self.statusCode).toBe(200);
    expect(self.json()).toEqual({
      data: {
        userId: alice.userId,
        name: 'Test',
        last_name: 'User',
        email: 'alice@example.org',
        phone: null,
        is_profile_updated: 0,
        profile_picture: null,
        is_platform_admin: false,
        status: 'active',
        created_at: expect.any(String),
      },
    });
    expect(self.json().data).not.toHaveProperty('passwordHash');
    const other = await get(t, `/auth/users/${bob.userId}`, alice.idToken);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('FORBIDDEN');
    expect((await get(t, `/auth/users/${bob.userId}`, admin.idToken)).statusCode).toBe(200);
    expect((await get(t, `/auth/users/${bob.userId}`)).statusCode).toBe(401);
    expect((await get(t, '/auth/users/not-a-uuid', alice.idToken)).statusCode).toBe(400);
    expect((await get(t, '/auth/users/00000000-0000-4000-8000-000000000000', admin.idToken)).json().code).toBe('USER_NOT_FOUND');
  });

  it('PUT /auth/users/:id updates name, is_profile_updated and picture (PROFILE_UPDATED); others 403', async () => {
    // Picture keys other than null / '' are checked in profile-picture.test.ts (only uploaded keys).
    const res = await put(t, `/auth/users/${alice.userId}`, { name: 'Alice Cooper', is_profile_updated: 1, profile_picture: '' }, alice.idToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile info updated successfully',
      message_code: 'PROFILE_UPDATED',
      data: { name: 'Alice Cooper', is_profile_updated: 1, profile_picture: null },
    });
    const forbidden = await put(t, `/auth/users/${bob.userId}`, { name: 'Hacked' }, alice.idToken);
    expect(forbidden.statusCode).toBe(403);
    expect((await get(t, `/auth/users/${bob.userId}`, bob.idToken)).json().data.name).toBe('Test');
    expect((await put(t, `/auth/users/${bob.userId}`, { name: 'Bobby' }, admin.idToken)).statusCode).toBe(200);
  });

  it('PUT validates the profile name with the SPEC §5 messages', async () => {
    const cases: [unknown, string][] = [
      ['', 'Name is required'],
      ['   ', 'Name is required'],
      ['A'.repeat(36), 'Name should be less then 35 character'],
      ['Alice!', 'Name does not support special characters'],
      [42, 'Name is required'],
    ];
    for (const [name, message] of cases) {
      const res = await put(t, `/auth/users/${alice.userId}`, { name }, alice.idToken);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Please check the highlighted fields', details: { in: 'body', fields: { name: message } } });
    }
    expect((await put(t, `/auth/users/${alice.userId}`, { name: 'A'.repeat(35) }, alice.idToken)).statusCode).toBe(200);
    expect((await put(t, `/auth/users/${alice.userId}`, { name: 'Zoë Ångström' }, alice.idToken)).statusCode).toBe(200);
  });

  it('GET /auth/users/email/:email: yourself or a platform admin; anyone else 404 (no enumeration)', async () => {
    expect((await get(t, '/auth/users/email/Alice@Example.org', alice.idToken)).json().data.userId).toBe(alice.userId);
    const other = await get(t, '/auth/users/email/bob@example.org', alice.idToken);
    const missing = await get(t, '/auth/users/email/nobody@example.org', alice.idToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await get(t, '/auth/users/email/bob@example.org', admin.idToken)).json().data.userId).toBe(bob.userId);
    expect((await get(t, '/auth/users/email/bob@example.org')).statusCode).toBe(401);
  });

  it('admin list: server-side paging, status filter, search, sort; not for regular users', async () => {
    for (let i = 0; i < 3; i++) await signUpConfirmed(t, `pending${i}@example.org`);
    const page1 = await get(t, '/auth/admin/list_users?status=pending&limit=2&page=1&sort=email', admin.idToken);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page1.json().data.user_list.map((u: { email: string }) => u.email)).toEqual(['pending0@example.org', 'pending1@example.org']);
    const page2 = await get(t, '/auth/admin/list_users?status=pending&limit=2&page=2&sort=email', admin.idToken);
    expect(page2.json().data.user_list.map((u: { email: string }) => u.email)).toEqual(['pending2@example.org']);

    const search = await get(t, '/auth/admin/list_users?search=BOB', admin.idToken);
    expect(search.json().data.user_list.map((u: { email: string }) => u.email)).toEqual(['bob@example.org']);
    const percent = await get(t, `/auth/admin/list_users?search=${encodeURIComponent('%')}`, admin.idToken);
    expect(percent.json().data.total).toBe(0);

    const bad = await get(t, '/auth/admin/list_users?limit=1000&sort=password', admin.idToken);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields).sort()).toEqual(['limit', 'sort']);

    const notAdmin = await get(t, '/auth/admin/list_users', alice.idToken);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().code).toBe('FORBIDDEN');
    expect((await post(t, `/auth/admin/update_user_status/${bob.userId}`, { action: 'block' }, alice.idToken)).statusCode).toBe(403);
  });

  it('admin status actions: invalid transitions 409, own status 403, unknown user 404', async () => {
    const approveActive = await post(t, `/auth/admin/update_user_status/${bob.userId}`, { action: 'approve' }, admin.idToken);
    expect(approveActive.statusCode).toBe(409);
    expect(approveActive.json().code).toBe('INVALID_STATUS_TRANSITION');
    expect((await post(t, `/auth/admin/update_user_status/${admin.user.userId}`, { action: 'block' }, admin.idToken)).statusCode).toBe(403);
    expect((await post(t, '/auth/admin/update_user_status/00000000-0000-4000-8000-000000000000', { action: 'block' }, admin.idToken)).statusCode).toBe(404);
    const badAction = await post(t, `/auth/admin/update_user_status/${bob.userId}`, { action: 'delete' }, admin.idToken);
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().details.fields.action).toBeDefined();
  });

  it('global-logout of one user leaves the others signed in', async () => {
    const carol = await activeUser(t, 'carol@example.org');
    await post(t, `${A}/global-logout`, undefined, carol.idToken);
    expect((await get(t, `/auth/users/${alice.userId}`, alice.idToken)).statusCode).toBe(200);
  });
});
