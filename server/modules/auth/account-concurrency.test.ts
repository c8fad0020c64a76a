/**
 * Concurrency on the routes that write accounts: the same request from many clients at once. Every
 * answer is a known one (never a 5xx, every error the §4 `{ code, message }` body), and the
 * invariants hold afterwards (one account per address, one live code per request, a code used once).
 */
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { A, activeUser, post } from '../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const CLIENTS = 8;
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
});
