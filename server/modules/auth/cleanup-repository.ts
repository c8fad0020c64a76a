import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { authFailures, oauthStates, sessions, verificationCodes } from '../../db/schema';
import { purgeThrottles } from './throttle-repository';

const DAY_MS = 24 * 60 * 60_000;

/** Deletes auth rows nobody can use any more (a day of slack for support questions). */
export async function purgeExpiredAuthData(db: Executor, now: Date): Promise<Record<string, number>> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [codes, failures, throttles, states, ended] = await Promise.all([
    db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, dayAgo)).returning({ id: verificationCodes.id }),
    db.delete(authFailures).where(lt(authFailures.createdAt, dayAgo)).returning({ id: authFailures.id }),
    // Every throttle forgets a streak after at most a day without failures (throttle.ts).
    purgeThrottles(db, dayAgo, now),
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, dayAgo)).returning({ id: oauthStates.id }),
    // Refresh tokens go with their session (on delete cascade).
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - 7 * DAY_MS))).returning({ id: sessions.id }),
  ]);
  return { codes: codes.length, failures: failures.length, throttles, states: states.length, sessions: ended.length };
}
