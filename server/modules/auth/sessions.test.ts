import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions, users } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, adminSignIn, get, post, signIn } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { REFRESH_REUSE_GRACE_MS } from './session-service';

const expired = { code: 'TOKEN_EXPIRED', message: 'Your session has expired, please sign in again' };
const unauthorized = { code: 'UNAUTHORIZED', message: 'Please sign in to continue' };

describe('sessions and tokens', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const refresh = (token: string) => post(t, `${A}/refresh-token`, { refresh_token: token });
  const me = (userId: string, token: string) => get(t, `/auth/users/${userId}`, token);

  it('tokens: HS256 JWTs with sub, sid, email, name, token_use, aud and iss; the refresh token is stored hashed', async () => {
    const session = await activeUser(t, 'claims@example.org');
    const [, payload] = session.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({
      sub: session.userId,
      sid: expect.any(String),
      email: 'claims@example.org',
      name: 'Test',
      token_use: 'id',
      aud: 'campaign-donation-tracker',
      iss: 'http://localhost:3000',
    });
    expect(claims.exp - claims.iat).toBe(15 * 60);
    expect(JSON.parse(Buffer.from(session.idToken.split('.')[0], 'base64url').toString()).alg).toBe('HS256');
    // Access tokens are accepted as Bearer too.
    expect((await me(session.userId, session.accessToken)).statusCode).toBe(200);
    const rows = await t.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, claims.sid));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(session.refreshToken);
    expect(Buffer.from(session.refreshToken, 'base64url')).toHaveLength(32);
  });

  it('an expired id token is refused (401 UNAUTHORIZED) and a refresh brings a working one', async () => {
    const session = await activeUser(t, 'expire@example.org');
    clock.advance(16 * 60_000);
    const stale = await me(session.userId, session.idToken);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual(unauthorized);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { accessToken: expect.any(String), idToken: expect.any(String), refreshToken: expect.any(String) } });
    expect((await me(session.userId, res.json().data.idToken)).statusCode).toBe(200);
  });

  it('rotation: a used refresh token presented again after the grace window revokes the whole family (the new token stops working too)', async () => {
    const session = await activeUser(t, 'rotate@example.org');
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data.refreshToken as string;
    expect(rotated).not.toBe(session.refreshToken);
    expect(Buffer.from(rotated, 'base64url')).toHaveLength(32);
    clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const second = await refresh(rotated);
    expect(second.statusCode).toBe(200);
    const newest = second.json().data;

    clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(expired);

    const afterTheft = await refresh(newest.refreshToken);
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json()).toEqual(expired);
    expect((await me(session.userId, newest.idToken)).statusCode).toBe(401);
    const sid = JSON.parse(Buffer.from(newest.idToken.split('.')[1], 'base64url').toString()).sid;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.revokedReason).toBe('refresh_token_reuse');
  });

  it('four simultaneous refreshes with one token all succeed with the same new pair, and the session stays usable', async () => {
    const session = await activeUser(t, 'concurrent@example.org');
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(session.refreshToken)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const refreshTokensAnswered = new Set(answers.map((res) => res.json().data.refreshToken as string));
    expect(refreshTokensAnswered.size).toBe(1);
    const [next] = refreshTokensAnswered;
    expect(next).not.toBe(session.refreshToken);
    for (const res of answers) expect((await me(session.userId, res.json().data.idToken)).statusCode).toBe(200);

    // One chain: a single live token in the session, and it rotates normally.
    const sid = JSON.parse(Buffer.from(session.idToken.split('.')[1], 'base64url').toString()).sid;
    const live = (await t.db.select().from(refreshTokens).where(eq(refreshTokens.sessionId, sid))).filter((row) => row.usedAt === null);
    expect(live).toHaveLength(1);
    clock.advance(60_000);
    const later = await refresh(next);
    expect(later.statusCode).toBe(200);
    expect((await me(session.userId, later.json().data.idToken)).statusCode).toBe(200);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row.revokedAt).toBeNull();
  });

  it('a retry inside the grace window after the new token was rotated too gets the newest token; after the window it revokes the family', async () => {
    const session = await activeUser(t, 'grace@example.org');
    const first = (await refresh(session.refreshToken)).json().data;
    clock.advance(2000);
    const second = (await refresh(first.refreshToken)).json().data;
    clock.advance(2000);
    // The answer to the first refresh was lost: the client tries again with the original token.
    const retry = await refresh(session.refreshToken);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.refreshToken).toBe(second.refreshToken);
    expect((await me(session.userId, retry.json().data.idToken)).statusCode).toBe(200);

    // REFRESH_REUSE_GRACE_MS after its first use, the same token is theft: the whole session goes.
    clock.advance(REFRESH_REUSE_GRACE_MS - 4000 + 1);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(expired);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await me(session.userId, second.idToken)).statusCode).toBe(401);
  });

  it('four simultaneous refreshes, then a reuse after the grace window: the family is revoked', async () => {
    const session = await activeUser(t, 'concurrent-late@example.org');
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(session.refreshToken)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const { refreshToken: next, idToken } = answers[0].json().data;
    clock.advance(REFRESH_REUSE_GRACE_MS + 1);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(401);
    expect((await me(session.userId, idToken)).statusCode).toBe(401);
  });

  it('unknown refresh tokens and sessions past 30 days answer TOKEN_EXPIRED', async () => {
    expect((await refresh('not-a-real-token')).json()).toEqual(expired);
    const session = await activeUser(t, 'thirty@example.org');
    clock.advance(30 * 24 * 60 * 60_000 + 1000);
    const res = await refresh(session.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(expired);
  });

  it('a blocked user is refused at sign-in, at refresh and on an authenticated route', async () => {
    const session = await activeUser(t, 'blockme@example.org', 'block-pass-1');
    const other = await signIn(t, 'blockme@example.org', 'block-pass-1');
    const admin = await adminSignIn(t);
    const block = await post(t, `/auth/admin/update_user_status/${session.userId}`, { action: 'block' }, admin.idToken);
    expect(block.statusCode).toBe(200);

    expect((await me(session.userId, session.idToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).json()).toEqual(expired);
    const signin = await post(t, `${A}/signin`, { email: 'blockme@example.org', password: 'block-pass-1' });
    expect(signin.statusCode).toBe(403);
    expect(signin.json().code).toBe('ACCOUNT_BLOCKED');

    // Unblocked, they sign in again; the old sessions stay revoked.
    await post(t, `/auth/admin/update_user_status/${session.userId}`, { action: 'unblock' }, admin.idToken);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await post(t, `${A}/signin`, { email: 'blockme@example.org', password: 'block-pass-1' })).statusCode).toBe(200);
  });

  it('a user blocked directly in the database loses refresh at once (session revoked)', async () => {
    const session = await activeUser(t, 'dbblock@example.org');
    await t.db.update(users).set({ status: 'blocked' }).where(eq(users.id, session.userId));
    await t.app.changes.sync();
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.id, session.userId));
    await t.app.changes.sync();
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('sign-out (body accessToken, no Authorization header) revokes that session only; always 200', async () => {
    const session = await activeUser(t, 'signout@example.org', 'sign-out-1');
    const other = await signIn(t, 'signout@example.org', 'sign-out-1');
    const res = await post(t, `${A}/sign-out`, { accessToken: session.accessToken });
    expect(res.statusCode).toBe(200);
    expect((await me(session.userId, session.idToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).json()).toEqual(expired);
    expect((await me(session.userId, other.idToken)).statusCode).toBe(200);

    for (const body of [{}, { accessToken: 'garbage' }, { accessToken: 42 }, null]) {
      expect((await post(t, `${A}/sign-out`, body)).statusCode).toBe(200);
    }
    // An expired access token still signs its session out.
    clock.advance(20 * 60_000);
    expect((await post(t, `${A}/sign-out`, { accessToken: other.accessToken })).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
  });

  it('global-logout revokes every session of the user', async () => {
    const a = await activeUser(t, 'global@example.org', 'global-pass');
    const b = await signIn(t, 'global@example.org', 'global-pass');
    const stranger = await activeUser(t, 'stranger@example.org');
    const res = await post(t, `${A}/global-logout`, undefined, a.idToken);
    expect(res.statusCode).toBe(200);
    for (const s of [a, b]) {
      expect((await me(a.userId, s.idToken)).statusCode).toBe(401);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    }
    expect((await me(stranger.userId, stranger.idToken)).statusCode).toBe(200);
    expect((await post(t, `${A}/global-logout`)).json()).toEqual(unauthorized);
  });

  it('forged tokens are refused: another secret, alg none, wrong audience', async () => {
    const { SignJWT, UnsecuredJWT } = await import('jose');
    const session = await activeUser(t, 'forge@example.org');
    const claims = JSON.parse(Buffer.from(session.idToken.split('.')[1], 'base64url').toString());
    const otherKey = new TextEncoder().encode('another-secret-another-secret-another');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(otherKey);
    const none = new UnsecuredJWT(claims).encode();
    const key = new TextEncoder().encode(t.app.config.tokenSecret);
    const wrongAud = await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256' }).sign(key);
    for (const token of [forged, none, wrongAud, 'nonsense']) expect((await me(session.userId, token)).statusCode).toBe(401);
  });
});
