import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFailures, oauthStates, sessions, verificationCodes } from '../../db/schema';
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
    expect(await purgeExpiredAuthData(t.db, clock.now())).toEqual({ codes: 0, failures: 0, states: 0, sessions: 0 });

    clock.advance(2 * 24 * 60 * 60_000);
    const purged = await purgeExpiredAuthData(t.db, clock.now());
    expect(purged).toMatchObject({ codes: 1, failures: 1, sessions: 0 });
    expect(await t.db.select().from(verificationCodes)).toHaveLength(0);
    expect(await t.db.select().from(oauthStates)).toHaveLength(0);
    expect(await t.db.select().from(sessions)).toHaveLength(1);

    clock.advance(40 * 24 * 60 * 60_000);
    expect((await purgeExpiredAuthData(t.db, clock.now())).sessions).toBe(1);
  });
});
