import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures, oauthStates, sessions, signinThrottles, verificationCodes } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { activeUser } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { purgeExpiredAuthData } from './cleanup-repository';

describe('purging expired sign-in data', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await buildTestApp({ clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps what is live and deletes what expired more than a day ago (sessions: a week)', async () => {
    await activeUser(t, 'purge@example.org');
    await t.db.insert(authFailures).values({ key: 'email:purge@example.org', createdAt: clock.now() });
    await t.db.insert(signinThrottles).values({ key: 'account:purge@example.org', failures: 2, lastFailureAt: clock.now() });
    // A lock still in force is kept even when its last failure is old.
    await t.db.insert(signinThrottles).values({ key: 'source:203.0.113.9', lastFailureAt: clock.now(), lockedUntil: new Date(clock.now().getTime() + 3 * 24 * 60 * 60_000) });
    expect(await purgeExpiredAuthData(t.db, clock.now())).toEqual({ codes: 0, failures: 0, throttles: 0, states: 0, sessions: 0 });

    clock.advance(2 * 24 * 60 * 60_000);
    const purged = await purgeExpiredAuthData(t.db, clock.now());
    expect(purged).toMatchObject({ codes: 1, failures: 1, throttles: 1, sessions: 0 });
    expect((await t.db.select().from(signinThrottles)).map((row) => row.key)).toEqual(['source:203.0.113.9']);
    expect(await t.db.select().from(verificationCodes)).toHaveLength(0);
    expect(await t.db.select().from(oauthStates)).toHaveLength(0);
    expect(await t.db.select().from(sessions)).toHaveLength(1);

    clock.advance(40 * 24 * 60 * 60_000);
    expect((await purgeExpiredAuthData(t.db, clock.now())).sessions).toBe(1);
  });
});
