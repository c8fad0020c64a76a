import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-config';
import { get, post } from '../test/auth-helpers';
import { addMember, demoSignIn } from '../test/campaign-helpers';
import { addDonor, customCampaign, donorBody, P, path } from '../test/donor-book-helpers';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-db';
import pg from 'pg';
import { ChangeFeed } from './change-feed';
import type { DonorListData } from '../../domain/donor-book/donors-contract';

const listDonors = (t: TestApp, token: string, campaignId: string) => get(t, `${path(P.listDonor, { campaignId })}?limit=50`, token);

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000; // generous: CI runs other test files on the same 2 cores
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('read caches kept by the change feed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    await until(() => t.app.changes.ready, 'the feed');
  });
  afterAll(async () => {
    await t.close();
  });

  it('a session revoked by another writer is refused once the change is delivered', async () => {
    const owner = await demoSignIn(t, 'owner');
    expect((await get(t, `/auth/users/${owner.userId}`, owner.token)).statusCode).toBe(200); // cached now
    await t.pool.query('update sessions set revoked_at = now() where user_id = $1', [owner.userId]);
    await t.app.changes.sync();
    expect((await get(t, `/auth/users/${owner.userId}`, owner.token)).statusCode).toBe(401);
  });

  it('a blocked user is refused on every session', async () => {
    const manager = await demoSignIn(t, 'manager');
    expect((await get(t, `/auth/users/${manager.userId}`, manager.token)).statusCode).toBe(200);
    await t.pool.query(`update users set status = 'blocked' where id = $1`, [manager.userId]);
    await t.app.changes.sync();
    expect((await get(t, `/auth/users/${manager.userId}`, manager.token)).statusCode).toBe(401);
    await t.pool.query(`update users set status = 'active' where id = $1`, [manager.userId]);
  });

  it('a member removed by another writer loses the campaign on the next request', async () => {
    const owner = await demoSignIn(t, 'staff');
    const campaignId = await customCampaign(t, owner.token);
    expect((await listDonors(t, owner.token, campaignId)).statusCode).toBe(200);
    await t.pool.query('delete from campaign_members where campaign_id = $1 and user_id = $2', [campaignId, owner.userId]);
    await t.app.changes.sync();
    expect((await listDonors(t, owner.token, campaignId)).statusCode).toBe(404);
    await addMember(t, campaignId, owner.userId, 'owner');
    await t.app.changes.sync();
    expect((await listDonors(t, owner.token, campaignId)).statusCode).toBe(200);
  });

  it('reads its own writes: a donor added is on the very next page, with no wait by the caller', async () => {
    const { token } = await demoSignIn(t, 'staff');
    const campaignId = await customCampaign(t, token);
    expect((await listDonors(t, token, campaignId)).json<{ data: DonorListData }>().data.total).toBe(0);
    const donor = await addDonor(t, token, campaignId);
    const page = (await listDonors(t, token, campaignId)).json<{ data: DonorListData }>().data;
    expect(page.total).toBe(1);
    expect(page.donor_list.map((d) => d.donor_id)).toEqual([donor.donor_id]);
  });

  it('a write through another instance of the app is seen by this one', async () => {
    const other = await buildApp({ config: testConfig(), db: t.db, pool: t.pool });
    try {
      const { token } = await demoSignIn(t, 'staff');
      const campaignId = await customCampaign(t, token);
      expect((await listDonors(t, token, campaignId)).json<{ data: DonorListData }>().data.total).toBe(0);
      await addDonor({ ...t, app: other }, token, campaignId);
      await t.app.changes.sync();
      expect((await listDonors(t, token, campaignId)).json<{ data: DonorListData }>().data.total).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('while its connection is lost every read goes to the database, and caching resumes once it is back', async () => {
    const session = await demoSignIn(t, 'manager');
    expect((await get(t, `/auth/users/${session.userId}`, session.token)).statusCode).toBe(200);
    await t.pool.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN cdt_changes'`);
    await until(() => !t.app.changes.ready, 'the feed to notice');
    await t.pool.query('update sessions set revoked_at = now() where user_id = $1', [session.userId]);
    expect((await get(t, `/auth/users/${session.userId}`, session.token)).statusCode).toBe(401); // no sync possible, none needed
    await until(() => t.app.changes.ready, 'the feed to reconnect');
    const again = await demoSignIn(t, 'staff');
    expect((await get(t, `/auth/users/${again.userId}`, again.token)).statusCode).toBe(200);
    await t.pool.query('update sessions set revoked_at = now() where user_id = $1', [again.userId]);
    await t.app.changes.sync();
    expect((await get(t, `/auth/users/${again.userId}`, again.token)).statusCode).toBe(401);
  });
});

describe('TopicCache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await until(() => t.app.changes.ready, 'the feed');
  });
  afterAll(async () => {
    await t.close();
  });
  const announce = async (topic: string) => {
    await t.pool.query(`select pg_notify('cdt_changes', $1)`, [topic]);
    await t.app.changes.sync();
  };

  it('answers from memory until one of the entry’s topics is announced', async () => {
    const cache = t.app.changes.cache<number>('test-keeps', 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', ['a:1', 'b:1'], load)).toBe(1);
    expect(await cache.get('k', ['a:1', 'b:1'], load)).toBe(1);
    await announce('a:2');
    expect(await cache.get('k', ['a:1', 'b:1'], load)).toBe(1);
    await announce('b:1');
    expect(await cache.get('k', ['a:1', 'b:1'], load)).toBe(2);
    await announce('all');
    expect(await cache.get('k', ['a:1', 'b:1'], load)).toBe(3);
  });

  it('does not keep a read that overlapped an announcement (it may predate the change)', async () => {
    const cache = t.app.changes.cache<string>('test-overlap', 10);
    const first = await cache.get('k', ['x:1'], async () => {
      await announce('x:1'); // committed while this read was under way
      return 'old';
    });
    expect(first).toBe('old');
    expect(await cache.get('k', ['x:1'], async () => 'new')).toBe('new');
    expect(await cache.get('k', ['x:1'], async () => 'newer')).toBe('new');
  });

  it('holds at most its number of entries, dropping the least recently used', async () => {
    const cache = t.app.changes.cache<string>('test-bound', 2);
    await cache.get('a', [], async () => 'a1');
    await cache.get('b', [], async () => 'b1');
    await cache.get('a', [], async () => 'a2'); // a is now the most recent
    await cache.get('c', [], async () => 'c1'); // drops b
    expect(cache.size).toBe(2);
    expect(await cache.get('a', [], async () => 'a3')).toBe('a1');
    expect(await cache.get('b', [], async () => 'b2')).toBe('b2');
  });
});

describe('the write barrier', () => {
  it('a write request answers only after its own change has been delivered', async () => {
    const t = await buildTestApp({ seed: true });
    try {
      await until(() => t.app.changes.ready, 'the feed');
      const seen: string[] = [];
      t.app.changes.onTopic((topic) => seen.push(topic));
      const { token } = await demoSignIn(t, 'owner');
      const campaignId = await customCampaign(t, token);
      seen.length = 0;
      const res = await post(t, P.addDonor, donorBody(campaignId), token);
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(seen).toContain(`book:${campaignId}`);
    } finally {
      await t.close();
    }
  });
});

describe('a feed that stops hearing the database', () => {
  it('goes down (caches off) when its own notification does not come back, then reconnects', async () => {
    const database = await createTestDatabase();
    const clients: pg.Client[] = [];
    const feed = new ChangeFeed(() => {
      const client = new pg.Client({ connectionString: database.url });
      clients.push(client);
      return client;
    }, database.pool);
    try {
      await feed.start();
      expect(feed.ready).toBe(true);
      // A listening connection busy in a statement hears nothing, like one whose network hangs.
      const busy = clients[0].query('select pg_sleep(4)').catch(() => undefined);
      await feed.sync(); // gives up after 2 s
      expect(feed.ready).toBe(false);
      await until(() => feed.ready, 'the feed to reconnect');
      expect(clients).toHaveLength(2);
      const seen: string[] = [];
      feed.onTopic((topic) => seen.push(topic));
      await database.pool.query(`select pg_notify('cdt_changes', 'book:x')`);
      await feed.sync();
      expect(seen).toEqual(['book:x']);
      await busy;
    } finally {
      await feed.stop();
      await database.drop();
    }
  });
});
