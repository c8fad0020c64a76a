/**
 * Deep pages of list_donor and list_donation (keyset seeks after cached page boundaries) answer
 * exactly what OFFSET paging answers — same rows, same order, same totals — for every sort (both
 * directions, NULLs and ties included) and every filter, and never a stale page after a write.
 *
 * Three apps on ONE database: `deep` seeks from row 3 with a boundary every 4 rows (so that small
 * books have deep pages, and pages cross boundaries and regions), `offset` never seeks (the oracle:
 * OFFSET paging as it always was), and the test app itself keeps the production policy.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONATION_LIST_SORTS, DONOR_LIST_SORTS } from '../../../domain/validation/donors';
import { buildApp } from '../../app';
import { ManualClock } from '../../plugins/clock';
import { type Session, demoSignIn } from '../../test/campaign-helpers';
import { customCampaign, P, path, refundInDb } from '../../test/donor-book-helpers';
import { testConfig } from '../../test/test-config';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { FILL_MAX_ROWS, listMirrorStats, setListFill } from '../donations/list-mirror';
import { deepPageStats, setDeepPagePolicy } from './deep-page';
import { listCacheStats, setListCacheCarry } from './list-cache';
import { boundaryCacheStats } from './page-boundary-cache';

const SEED = 20_250_615;
const NAMES = ['Ann Lee', 'ann lee', 'ANN LEE', 'Bob Ray', 'bob ray', 'Zoë Ng', 'Émile Roy', "O'Brien", 'Mary Fox', 'mary fox b.'];
const sqlNames = `array[${NAMES.map((n) => `'${n.replace(/'/g, "''")}'`).join(',')}]`;

/** `donors` donors (names, types, eligibilities and creation times with ties), `donations` donations of 3 in 4 of them, tags, pledges and refunds. */
async function seedBook(t: TestApp, campaignId: string, userId: string, donors: number, donations: number): Promise<void> {
  await t.pool.query(
    `insert into donors (campaign_id, name, contributor_type, eligibility, created_by, created_at, updated_at)
     select $1, (${sqlNames})[1 + g % ${NAMES.length}],
       (array['individual','political_action_committee','labor_unions','party_committee'])[1 + (g * 7) % 4],
       (array['p-a','np','un'])[1 + (g * 5) % 3],
       $2,
       timestamptz '2025-01-01 00:00:00+00' + make_interval(secs => g % 37) + make_interval(secs => (g % 3) / 1000000.0),
       now()
     from generate_series(1, $3::int) g`,
    [campaignId, userId, donors],
  );
  // Donors numbered by id; those whose number is a multiple of 4 never give (no last donation date).
  const numbered = `(select id, row_number() over (order by id) as n from donors where campaign_id = $1) d`;
  await t.pool.query(
    `insert into pledges (campaign_id, donor_id, commitment_date, commitment_amount_cents, created_by, created_at, updated_at)
     select $1, d.id, date '2025-03-01', 5000, $2, now(), now() from ${numbered} where d.n % 6 = 0`,
    [campaignId, userId],
  );
  await t.pool.query(
    `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, reference_number, source, created_by, created_at, updated_at)
     select $1, d.id, date '2023-06-01' + ((g * 13) % 25) * 40, (array[1000, 2500, 5000, 10000, 2500])[1 + g % 5],
       (array['card','cash','zelle','paypal'])[1 + g % 4], case when g % 3 = 0 then 'REF-' || g end, (array['manual','import','online'])[1 + g % 3],
       $2, now(), now()
     from generate_series(1, $3::int) g join ${numbered} on d.n = 1 + (g * 7) % ${donors}
     where d.n % 4 <> 0`,
    [campaignId, userId, donations],
  );
  // Donors numbered 12k paid their pledge (settled); 12k + 6 still owe theirs (outstanding).
  await t.pool.query(
    `insert into donations (campaign_id, donor_id, pledge_id, paying_date, paid_amount_cents, payment_method, source, created_by, created_at, updated_at)
     select $1, p.donor_id, p.id, date '2025-04-01', 5000, 'check', 'manual', $2, now(), now()
     from pledges p join ${numbered} on d.id = p.donor_id where p.campaign_id = $1 and d.n % 12 = 0`,
    [campaignId, userId],
  );
  await t.pool.query(
    `insert into donor_metadata (campaign_id, donor_id, kind, value, created_by, created_at, updated_at)
     select $1, d.id, 'tag', case when d.n % 2 = 0 then 'VIP' else 'vip' end, $2, now(), now() from ${numbered} where d.n % 5 = 0`,
    [campaignId, userId],
  );
  const refunded = await t.pool.query<{ id: string; n: number }>(
    `select x.id, row_number() over (order by x.id)::int as n from donations x where x.campaign_id = $1 and x.pledge_id is null order by x.id limit 12`,
    [campaignId],
  );
  for (const row of refunded.rows) await refundInDb(t, row.id, '2026-12-31', 'Asked back', row.n % 2 === 0 ? undefined : 500);
}

describe('deep pages answer what OFFSET paging answers', () => {
  let t: TestApp;
  let deep: FastifyInstance;
  let offset: FastifyInstance;
  let owner: Session;
  let campaignId: string;
  let bigCampaignId: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    const limits = { custom_limit_individual_cents: 50_000_000, custom_limit_organization_cents: 50_000_000 };
    campaignId = await customCampaign(t, owner.token, limits);
    bigCampaignId = await customCampaign(t, owner.token, limits);
    await seedBook(t, campaignId, owner.userId, 130, 420);
    await seedBook(t, bigCampaignId, owner.userId, 1_150, 2_600);
    await t.pool.query('analyze donors, donations, pledges, donor_metadata');
    deep = await buildApp({ config: testConfig(), db: t.db, pool: t.pool, clock });
    setDeepPagePolicy(deep, { from: 3, step: 4 });
    // Kept donation lists read whole in small chunks: the writes below meet lists half read.
    setListFill(deep, { maxRows: FILL_MAX_ROWS, chunkRows: 40 });
    offset = await buildApp({ config: testConfig(), db: t.db, pool: t.pool, clock });
    setDeepPagePolicy(offset, { from: Number.MAX_SAFE_INTEGER, step: 1 });
    // The oracle never carries a page across a write (what `deep` does after the writes it can rule out).
    setListCacheCarry(offset, false);
    // Everything seeded straight in SQL has been announced to every app.
    await Promise.all([t.app.changes.sync(), deep.changes.sync(), offset.changes.sync()]);
  });
  afterAll(async () => {
    await deep?.close();
    await offset?.close();
    await t?.close();
  });

  const urlOf = (list: 'donor' | 'donation', campaign: string, query: string) => `${path(list === 'donor' ? P.listDonor : P.listDonation, { campaignId: campaign })}?${query}`;

  async function data(app: FastifyInstance, url: string): Promise<{ total: number; donor_list?: { donor_id: string }[]; donation_list?: { donation_id: string }[] }> {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}`, accept: 'application/json' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  /** The page from `app` and from the OFFSET oracle: equal, whole answers. */
  async function samePage(app: FastifyInstance, url: string) {
    await offset.changes.sync();
    const [got, expected] = [await data(app, url), await data(offset, url)];
    expect(got, url).toEqual(expected);
    return got;
  }

  const rowsOf = (page: Awaited<ReturnType<typeof data>>) => (page.donor_list ?? page.donation_list ?? []) as unknown[];

  /** Every page of `limit` rows, in turn, then one past the end: together, the whole list as OFFSET answers it in one page. */
  async function walk(app: FastifyInstance, list: 'donor' | 'donation', campaign: string, query: string, limit: number) {
    const whole = await data(offset, urlOf(list, campaign, `${query}&limit=500`));
    const rows: unknown[] = [];
    for (let page = 1; page <= Math.ceil(whole.total / limit) + 1; page++) {
      const got = await samePage(app, urlOf(list, campaign, `${query}&limit=${limit}&page=${page}`));
      expect(got.total).toBe(whole.total);
      rows.push(...rowsOf(got));
    }
    if (whole.total <= 500) expect(rows).toEqual(rowsOf(whole));
    else expect(rows).toHaveLength(whole.total);
  }

  const sortsOf = (sorts: readonly string[]) => sorts.flatMap((s) => [s, `-${s}`]);

  it('list_donor: every page of every sort, both directions', async () => {
    for (const sort of sortsOf(DONOR_LIST_SORTS)) await walk(deep, 'donor', campaignId, `sort=${sort}`, 9);
  });

  it('list_donation: every page of every sort, both directions', async () => {
    for (const sort of sortsOf(DONATION_LIST_SORTS)) await walk(deep, 'donation', campaignId, `sort=${sort}`, 23);
  });

  it('the production policy on a book past its first 1,000 rows', async () => {
    await walk(t.app, 'donor', bigCampaignId, 'sort=-last_donation_date', 250);
    await walk(t.app, 'donation', bigCampaignId, 'sort=donor_name', 500);
    for (const page of [41, 42, 46, 47]) await samePage(t.app, urlOf('donor', bigCampaignId, `sort=name&limit=25&page=${page}`));
    for (const page of [40, 41, 77, 80, 105]) await samePage(t.app, urlOf('donation', bigCampaignId, `sort=-paying_date&limit=25&page=${page}`));
  });

  const DONOR_FILTERS = [
    '',
    'contributor_type=individual',
    'contributor_type=political_action_committee',
    'eligibility=np',
    'search=ann',
    "search=o'b",
    'tag=vip',
    'balance=outstanding',
    'balance=settled',
    'balance=none',
    'cycle=2025',
    'cycle=2026&contributor_type=individual',
  ];
  const DONATION_FILTERS = ['', 'payment_method=cash', 'source=import', 'refunded=true', 'refunded=false', 'start_date=2024-01-01&end_date=2025-06-30', 'cycle=2026', 'search=ann', 'search=REF-1', 'payment_method=card&refunded=false'];

  /** Writes another user (the API) or another writer (SQL, then announced) makes between two reads. */
  const WRITES = [
    'none',
    'add donation',
    'delete donation',
    'add donation in SQL',
    'delete donation in SQL',
    'refund in SQL',
    'add donor',
    'tag in SQL',
    'untag in SQL',
    'pledge in SQL',
    'gift to another donor in SQL',
    'rename donor in SQL',
    'redate and reprice donation in SQL',
  ] as const;

  async function write(kind: (typeof WRITES)[number], pick: number): Promise<void> {
    const donor = (await t.pool.query<{ id: string }>('select id from donors where campaign_id = $1 order by id offset $2 limit 1', [campaignId, pick % 130])).rows[0]!.id;
    const gift = (await t.pool.query<{ id: string }>('select id from donations where campaign_id = $1 and refunded_cents = 0 order by id offset $2 limit 1', [campaignId, pick % 200])).rows[0]?.id;
    const date = `2025-0${1 + (pick % 5)}-1${pick % 10}`; // not after the clock's day
    const asOwner = { authorization: `Bearer ${owner.token}`, accept: 'application/json' };
    switch (kind) {
      case 'none':
        return;
      case 'add donation': {
        const res = await deep.inject({ method: 'POST', url: P.addDonation, headers: asOwner, payload: { campaign_id: campaignId, donor_id: donor, paying_date: date, paid_amount_cents: 2_500, payment_method: 'card' } });
        expect(res.statusCode, res.body).toBe(201);
        return;
      }
      case 'delete donation': {
        if (!gift) return;
        const res = await deep.inject({ method: 'DELETE', url: path(P.deleteDonation, { campaignId, donationId: gift }), headers: asOwner });
        expect(res.statusCode, res.body).toBe(200);
        return;
      }
      case 'add donor': {
        const res = await deep.inject({
          method: 'POST',
          url: P.addDonor,
          headers: asOwner,
          payload: { campaign_id: campaignId, name: NAMES[pick % NAMES.length], contributor_type: 'individual', eligibility: 'un', state: 'new_york', city: 'Albany', zip: '12207', country: 'US' },
        });
        expect(res.statusCode, res.body).toBe(201);
        return;
      }
      case 'add donation in SQL':
        await t.pool.query(
          `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source, created_at, updated_at) values ($1, $2, $3, 1000, 'cash', 'manual', now(), now())`,
          [campaignId, donor, date],
        );
        break;
      case 'delete donation in SQL':
        if (gift) await t.pool.query('delete from donations where campaign_id = $1 and id = $2', [campaignId, gift]);
        break;
      case 'refund in SQL':
        if (gift) await refundInDb(t, gift, '2026-12-31', 'Asked back');
        break;
      case 'tag in SQL':
        await t.pool.query(
          `insert into donor_metadata (campaign_id, donor_id, kind, value, created_at, updated_at) values ($1, $2, 'tag', 'VIP', now(), now()) on conflict do nothing`,
          [campaignId, donor],
        );
        break;
      case 'untag in SQL':
        await t.pool.query(`delete from donor_metadata where campaign_id = $1 and donor_id = $2 and kind = 'tag'`, [campaignId, donor]);
        break;
      case 'pledge in SQL':
        await t.pool.query(
          `insert into pledges (campaign_id, donor_id, commitment_date, commitment_amount_cents, created_at, updated_at) values ($1, $2, $3, 3000, now(), now())`,
          [campaignId, donor, date],
        );
        break;
      case 'gift to another donor in SQL':
        if (gift) await t.pool.query('update donations set donor_id = $3 where campaign_id = $1 and id = $2 and pledge_id is null', [campaignId, gift, donor]);
        break;
      case 'redate and reprice donation in SQL':
        // Moves the gift within lists by date and by amount (another writer's edit).
        if (gift) await t.pool.query('update donations set paying_date = $3, paid_amount_cents = $4 where campaign_id = $1 and id = $2', [campaignId, gift, date, 1_000 + (pick % 7) * 500]);
        break;
      case 'rename donor in SQL':
        await t.pool.query('update donors set name = $3 where campaign_id = $1 and id = $2', [campaignId, donor, NAMES[(pick * 3) % NAMES.length]]);
        break;
    }
    // Another writer's change reaches the app through the change feed (what a request after it sees).
    await deep.changes.sync();
  }

  it('a row added or deleted before a deep page moves it by one row at once (API or another writer)', async () => {
    const asOwner = { authorization: `Bearer ${owner.token}`, accept: 'application/json' };
    const donationsPage = urlOf('donation', campaignId, 'sort=paying_date&limit=5&page=12');
    const idsOf = (page: Awaited<ReturnType<typeof data>>) => (page.donation_list ?? page.donor_list ?? []).map((row) => ('donation_id' in row ? row.donation_id : row.donor_id));
    const before = idsOf(await samePage(deep, donationsPage));
    // Older than every gift: first by date, so every later row moves one place on.
    const donor = (await t.pool.query<{ id: string }>('select id from donors where campaign_id = $1 order by id limit 1', [campaignId])).rows[0]!.id;
    const res = await deep.inject({
      method: 'POST',
      url: P.addDonation,
      headers: asOwner,
      payload: { campaign_id: campaignId, donor_id: donor, paying_date: '2023-01-02', paid_amount_cents: 1_000, payment_method: 'card', confirm_outside_cycle: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = idsOf(await samePage(deep, donationsPage));
    expect(added.slice(1)).toEqual(before.slice(0, 4));
    const gift = res.json().data.donation.donation_id as string;
    expect((await deep.inject({ method: 'DELETE', url: path(P.deleteDonation, { campaignId, donationId: gift }), headers: asOwner })).statusCode).toBe(200);
    expect(idsOf(await samePage(deep, donationsPage))).toEqual(before);
    // The same through another writer, once the change feed has announced it.
    const inserted = await t.pool.query<{ id: string }>(
      `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source) values ($1, $2, '2023-01-03', 1000, 'cash', 'manual') returning id`,
      [campaignId, donor],
    );
    await deep.changes.sync();
    expect(idsOf(await samePage(deep, donationsPage)).slice(1)).toEqual(before.slice(0, 4));
    await t.pool.query('delete from donations where id = $1', [inserted.rows[0]!.id]);
    await deep.changes.sync();
    expect(idsOf(await samePage(deep, donationsPage))).toEqual(before);

    // A new donor is the newest: first by -created_at.
    const donorsPage = urlOf('donor', campaignId, 'sort=-created_at&limit=4&page=9');
    const donorsBefore = idsOf(await samePage(deep, donorsPage));
    const newDonor = await deep.inject({
      method: 'POST',
      url: P.addDonor,
      headers: asOwner,
      payload: { campaign_id: campaignId, name: 'Zed Newcomer', contributor_type: 'individual', eligibility: 'un', state: 'new_york', city: 'Albany', zip: '12207', country: 'US' },
    });
    expect(newDonor.statusCode, newDonor.body).toBe(201);
    expect(idsOf(await samePage(deep, donorsPage)).slice(1)).toEqual(donorsBefore.slice(0, 3));
    const removed = await deep.inject({ method: 'DELETE', url: path(P.deleteDonor, { campaignId, donorId: newDonor.json().data.donor_id }), headers: asOwner });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(idsOf(await samePage(deep, donorsPage))).toEqual(donorsBefore);
  });

  it('any list, sort, filter, page size and page, after any write: the same answer', async () => {
    const query = fc.oneof(
      fc.record({ list: fc.constant('donor' as const), sort: fc.constantFrom(...sortsOf(DONOR_LIST_SORTS)), filter: fc.constantFrom(...DONOR_FILTERS) }),
      fc.record({ list: fc.constant('donation' as const), sort: fc.constantFrom(...sortsOf(DONATION_LIST_SORTS)), filter: fc.constantFrom(...DONATION_FILTERS) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WRITES),
        fc.nat(10_000),
        query,
        fc.constantFrom(1, 2, 3, 5, 8, 25),
        fc.double({ min: 0, max: 1.1, noNaN: true }),
        async (kind, pick, { list, sort, filter }, limit, depth) => {
          const base = `sort=${sort}${filter ? `&${filter}` : ''}`;
          // The page read before the write (its boundaries cached), then again after it.
          const total = (await data(offset, urlOf(list, campaignId, `${base}&limit=1`))).total;
          const page = 1 + Math.floor((depth * total) / limit);
          const url = urlOf(list, campaignId, `${base}&limit=${limit}&page=${page}`);
          await samePage(deep, url);
          await write(kind, pick);
          await samePage(deep, url);
          await samePage(deep, urlOf(list, campaignId, `${base}&limit=${limit}&page=${Math.max(1, page - 1)}`));
        },
      ),
      { seed: SEED, numRuns: 120 },
    );
  });

  it('deep donation pages by date or amount follow any run of writes from the list kept in memory', async () => {
    const LISTS = ['sort=-paying_date', 'sort=paying_date&payment_method=cash', 'sort=-paid_amount_cents', 'sort=paid_amount_cents&refunded=false&start_date=2024-01-01'];
    const updates = listMirrorStats(deep).updates;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...WRITES), fc.nat(10_000)), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(...LISTS),
        fc.constantFrom(4, 7, 25),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (writes, list, limit, depth) => {
          const total = (await data(offset, urlOf('donation', campaignId, `${list}&limit=1`))).total;
          // From the second page on: every page past the deep policy's first rows.
          const page = Math.max(2, 1 + Math.floor((depth * total) / limit));
          const at = (n: number) => urlOf('donation', campaignId, `${list}&limit=${limit}&page=${n}`);
          await samePage(deep, at(page));
          for (const [kind, pick] of writes) {
            await write(kind, pick);
            await samePage(deep, at(page));
            await samePage(deep, at(page + 1));
          }
        },
      ),
      { seed: SEED, numRuns: 40 },
    );
    // The lists were moved by the writes, not read again whole, most of the time.
    expect(listMirrorStats(deep).updates - updates).toBeGreaterThan(40);

    // A row of the page that another writer changes in place (same place in the list) is read again.
    const url = urlOf('donation', campaignId, 'sort=-paid_amount_cents&limit=5&page=3');
    const shown = (await samePage(deep, url)).donation_list!;
    await t.pool.query(`update donations set memo = 'Changed elsewhere' where id = $1`, [shown[2]!.donation_id]);
    await deep.changes.sync();
    expect((await samePage(deep, url)).donation_list![2]).toMatchObject({ donation_id: shown[2]!.donation_id, memo: 'Changed elsewhere' });
    const unrefunded = (await data(offset, urlOf('donation', campaignId, 'sort=-paid_amount_cents&refunded=false&limit=5&page=4'))).donation_list![1]!.donation_id;
    const byAmount = urlOf('donation', campaignId, 'sort=-paid_amount_cents&limit=500&page=1');
    const place = (await data(offset, byAmount)).donation_list!.findIndex((row) => row.donation_id === unrefunded);
    const refundedPage = urlOf('donation', campaignId, `sort=-paid_amount_cents&limit=5&page=${1 + Math.floor(place / 5)}`);
    await samePage(deep, refundedPage);
    await refundInDb(t, unrefunded, '2025-06-01', 'Asked back', 100);
    await deep.changes.sync();
    expect((await samePage(deep, refundedPage)).donation_list!.find((row) => row.donation_id === unrefunded)).toMatchObject({ refunded_cents: 100 });
  });

  it('a donation list of at most FILL_MAX_ROWS rows is read whole once built, its chunk first for a page that waits: then every page answers from memory', async () => {
    // A fresh server: nothing of the big book kept yet.
    const fresh = await buildApp({ config: testConfig(), db: t.db, pool: t.pool, clock });
    try {
      setDeepPagePolicy(fresh, { from: 3, step: 4 });
      setListFill(fresh, { maxRows: FILL_MAX_ROWS, chunkRows: 100 });
      await Promise.all([fresh.changes.sync(), offset.changes.sync()]);
      const list = 'sort=paying_date&limit=25';
      const total = (await data(offset, urlOf('donation', bigCampaignId, `${list}&page=1`))).total;
      const pages = Math.ceil(total / 25);
      const at = (page: number) => urlOf('donation', bigCampaignId, `${list}&page=${page}`);
      const stats = () => ({ ...listMirrorStats(fresh) });
      expect(total).toBeGreaterThan(2_000);
      // The last page, asked as the list is built: its chunk (the last of 20-odd) is read next, not after the others.
      const last = await data(fresh, at(pages));
      expect(stats().rowsRead).toBeLessThan(total / 2);
      expect(last).toEqual(await data(offset, at(pages)));
      await expect.poll(() => stats().rowsRead, { timeout: 20_000 }).toBe(total);
      const filled = stats();
      for (let page = 2; page <= pages; page++) await samePage(fresh, at(page));
      // No row read twice, no page missed a row, one build.
      expect(stats()).toMatchObject({ rowsRead: total, rowMisses: filled.rowMisses, builds: 1 });
      expect(stats().rowHits - filled.rowHits).toBe(total - 25);
      // A list over the bound is not read whole: a page that misses reads its block of 200 rows.
      const small = (await data(offset, urlOf('donation', campaignId, 'sort=-paying_date&limit=1'))).total;
      setListFill(fresh, { maxRows: small - 1, chunkRows: 100 });
      await samePage(fresh, urlOf('donation', campaignId, 'sort=-paying_date&limit=25&page=3'));
      expect(stats().rowsRead - total).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('a deep donation page that misses reads the rows of its block of the list: the pages near it come from memory', async () => {
    // Lists read whole are the test above: here only the pages' own reads.
    setListFill(deep, { maxRows: 0, chunkRows: 40 });
    const at = (page: number) => urlOf('donation', bigCampaignId, `sort=-paid_amount_cents&limit=25&page=${page}`);
    const stats = () => ({ ...listMirrorStats(deep) });
    const first = stats();
    await samePage(deep, at(3)); // rows 50–74 of the block of rows 0–199: read with the block
    const read = stats();
    expect(read.rowMisses - first.rowMisses).toBe(25);
    for (const page of [2, 4, 5, 8]) await samePage(deep, at(page));
    const near = stats();
    expect(near.rowMisses).toBe(read.rowMisses);
    expect(near.rowHits - read.rowHits).toBe(100);
    await samePage(deep, at(9)); // rows 200–224: the next block
    expect(stats().rowMisses - near.rowMisses).toBe(25);
    expect(stats().rowsRead - first.rowsRead).toBe(400);
    // Two pages of one block asked at once: the second waits for the first one's read.
    const before = stats();
    await Promise.all([samePage(deep, at(17)), samePage(deep, at(18))]);
    expect(stats().rowsRead - before.rowsRead).toBe(200);
    setListFill(deep, { maxRows: FILL_MAX_ROWS, chunkRows: 40 });
  });

  it('a donor’s own edit moves a kept donation list by that donor’s entries and rows, not by reading it again', async () => {
    const url = urlOf('donation', campaignId, 'sort=paying_date&limit=5&page=4');
    const shown = (await samePage(deep, url)).donation_list! as { donation_id: string; donor_id: string; donor_name: string }[];
    const before = { ...listMirrorStats(deep) };
    await t.pool.query(`update donors set name = 'Renamed Elsewhere' where id = $1`, [shown[1]!.donor_id]);
    await deep.changes.sync();
    // samePage: the oracle's rows, the new name among them.
    expect((await samePage(deep, url)).donation_list![1]).toMatchObject({ donation_id: shown[1]!.donation_id, donor_name: 'Renamed Elsewhere' });
    expect(listMirrorStats(deep).builds).toBe(before.builds);
    expect(listMirrorStats(deep).updates).toBe(before.updates + 1);
  });

  it('a deep donor page that misses is read with the other pages of its block, once for the pages asked together: they answer from the page cache', async () => {
    // Policy from row 3: with 10 rows a page, blocks of 8 pages start at rows 80, 160, …
    const at = (page: number) => urlOf('donor', bigCampaignId, `sort=-paid_cents&contributor_type=individual&limit=10&page=${page}`);
    const cache = () => ({ ...listCacheStats(deep) });
    const sought = () => deepPageStats(deep).sought;
    const first = { cache: cache(), sought: sought() };
    await samePage(deep, at(11)); // rows 100–109 of the block of rows 80–159
    expect(sought() - first.sought).toBe(1);
    const read = cache();
    for (const page of [9, 10, 12, 16]) await samePage(deep, at(page));
    expect(cache().misses).toBe(read.misses);
    expect(cache().hits - read.hits).toBe(4);
    expect(sought() - first.sought).toBe(1);
    await samePage(deep, at(17)); // the next block
    expect(sought() - first.sought).toBe(2);
    // Two pages of another block asked at once: one seek reads the block for both.
    await Promise.all([samePage(deep, at(25)), samePage(deep, at(26))]);
    expect(sought() - first.sought).toBe(3);
    // A page of the block read ahead follows a write like any kept page (samePage: the oracle's rows).
    const shown = (await samePage(deep, at(13))).donor_list!;
    await t.pool.query(
      `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source, created_at, updated_at) values ($1, $2, '2025-02-01', 900000, 'cash', 'manual', now(), now())`,
      [bigCampaignId, shown[4]!.donor_id],
    );
    await deep.changes.sync();
    // Page 14, kept from the block and never asked yet, moved up by one row: the oracle's rows, not the kept ones.
    await samePage(deep, at(14));
    expect((await samePage(deep, at(13))).donor_list).not.toEqual(shown);
  });

  it('a donor page is kept across a write to donors not on it, and read again after a write to one of its donors', async () => {
    const giftInSql = async (donorId: string) => {
      await t.pool.query(
        `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source, created_at, updated_at) values ($1, $2, '2025-02-01', 1500, 'cash', 'manual', now(), now())`,
        [campaignId, donorId],
      );
      await deep.changes.sync();
    };
    const tagInSql = async (donorId: string, tag = 'Kept') => {
      await t.pool.query(`insert into donor_metadata (campaign_id, donor_id, kind, value, created_at, updated_at) values ($1, $2, 'tag', $3, now(), now())`, [campaignId, donorId, tag]);
      await deep.changes.sync();
    };
    const byName = urlOf('donor', campaignId, 'sort=name&limit=10&page=2');
    const page = await samePage(deep, byName);
    const onPage = page.donor_list![3]!.donor_id;
    const elsewhere = (await data(offset, urlOf('donor', campaignId, 'sort=name&limit=10&page=5'))).donor_list![0]!.donor_id;
    const carried = () => listCacheStats(deep).carried;
    const before = carried();

    await giftInSql(elsewhere);
    expect(await samePage(deep, byName)).toEqual(page);
    await tagInSql(elsewhere, 'Other');
    expect(await samePage(deep, byName)).toEqual(page);
    expect(carried()).toBe(before + 2);

    // A gift to a donor on the page changes its row: read again (samePage compares with the oracle);
    // the list's count is kept (the gift moved no donor in or out).
    await giftInSql(onPage);
    expect(await samePage(deep, byName)).not.toEqual(page);
    expect(carried()).toBe(before + 3);

    // Lists that a gift or a tag can reorder or refilter are read again after any of them.
    for (const [query, write] of [
      ['sort=-paid_cents&limit=10&page=3', giftInSql],
      ['sort=name&balance=none&limit=10&page=2', giftInSql],
      ['sort=name&cycle=2025&limit=10&page=2', giftInSql],
      ['sort=name&tag=kept&limit=10&page=1', tagInSql],
    ] as const) {
      const url = urlOf('donor', campaignId, query);
      await samePage(deep, url);
      await write(elsewhere);
      await samePage(deep, url);
      expect(carried(), query).toBe(before + 3);
    }

    // A donor's own fields may move it anywhere: nothing is kept.
    await samePage(deep, byName);
    const kept = carried();
    await t.pool.query(`update donors set employer = 'Kept Inc.' where id = $1`, [elsewhere]);
    await deep.changes.sync();
    await samePage(deep, byName);
    expect(carried()).toBe(kept);
  });

  it('(after the others) the deep pages were sought after boundaries kept between requests, never read by OFFSET', () => {
    expect(deepPageStats(deep)).toMatchObject({ retried: 0, fellBack: 0 });
    // (Fewer than the deep pages asked: a seek reads a block of pages, the others answer from the page cache.)
    expect(deepPageStats(deep).sought).toBeGreaterThan(120);
    expect(deepPageStats(t.app).sought).toBeGreaterThan(5);
    expect(boundaryCacheStats(deep).hits).toBeGreaterThan(boundaryCacheStats(deep).misses);
    expect(deepPageStats(offset).sought).toBe(0);
    // Pages were kept across writes that could not change them, and never by the oracle.
    expect(listCacheStats(deep).carried).toBeGreaterThan(10);
    expect(listCacheStats(offset).carried).toBe(0);
    // Deep donation pages by date or amount came from lists kept in memory, moved by the writes (not read again).
    expect(listMirrorStats(deep).pages).toBeGreaterThan(300);
    expect(listMirrorStats(deep).updates).toBeGreaterThan(listMirrorStats(deep).builds);
    expect(listMirrorStats(offset).pages).toBe(0);
  });
});
