/**
 * What each book version is logged to have changed (migrations 0023, 0024), as changesBetween answers
 * it: the donors a statement's donations, pledges, refunds, tags or donor rows touched; both donors
 * when a gift moves; nothing (null: anything may have changed) for a write of over 1,000 donors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, demoSignIn } from '../../test/campaign-helpers';
import { customCampaign, P, refundInDb } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { changesBetween } from './book-changes';
import { findBookVersion } from './book-version-repository';

describe('the book versions’ logged changes', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  let donors: string[];

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    const inserted = await t.pool.query<{ id: string }>(
      `insert into donors (campaign_id, name, contributor_type, eligibility, created_at, updated_at)
       select $1, 'Donor ' || g, 'individual', 'un', now(), now() from generate_series(1, 3) g returning id`,
      [campaignId],
    );
    donors = inserted.rows.map((row) => row.id).sort();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The changes logged by `write` (one statement: one version). */
  async function changesOf(write: () => Promise<unknown>) {
    const from = await findBookVersion(t.db, campaignId);
    await write();
    const to = await findBookVersion(t.db, campaignId);
    expect(to).toBe(from + 1);
    const changes = await changesBetween(t.app, campaignId, from, to);
    return changes?.map((change) => ({ kind: change.kind, donorIds: [...change.donorIds].sort() })) ?? null;
  }

  const gift = (donorId: string) =>
    t.pool.query<{ id: string }>(
      `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source) values ($1, $2, '2025-02-01', 1000, 'cash', 'manual') returning id`,
      [campaignId, donorId],
    );

  it('a gift, a pledge, a tag and a refund name their donor', async () => {
    expect(await changesOf(() => gift(donors[0]!))).toEqual([{ kind: 'figures', donorIds: [donors[0]] }]);
    expect(
      await changesOf(() =>
        t.pool.query(`insert into pledges (campaign_id, donor_id, commitment_date, commitment_amount_cents) values ($1, $2, '2025-02-01', 2000)`, [campaignId, donors[1]]),
      ),
    ).toEqual([{ kind: 'figures', donorIds: [donors[1]] }]);
    expect(await changesOf(() => t.pool.query(`insert into donor_metadata (campaign_id, donor_id, kind, value) values ($1, $2, 'tag', 'VIP')`, [campaignId, donors[2]]))).toEqual([
      { kind: 'tags', donorIds: [donors[2]] },
    ]);
    const { rows } = await gift(donors[2]!);
    expect(await changesOf(() => refundInDb(t, rows[0]!.id, '2025-03-01', 'Asked back'))).toEqual([{ kind: 'figures', donorIds: [donors[2]] }]);
  });

  it('a gift recorded through the API (every statement it makes) is logged, naming its donor', async () => {
    const asOwner = { authorization: `Bearer ${owner.token}`, accept: 'application/json' };
    const from = await findBookVersion(t.db, campaignId);
    const gift = await t.app.inject({ method: 'POST', url: P.addDonation, headers: asOwner, payload: { campaign_id: campaignId, donor_id: donors[0], paying_date: '2025-02-01', paid_amount_cents: 2_500, payment_method: 'card', confirm_outside_cycle: true } });
    expect(gift.statusCode, gift.body).toBe(201);
    const to = await findBookVersion(t.db, campaignId);
    const changes = await changesBetween(t.app, campaignId, from, to);
    expect(changes, 'every version the API wrote is logged').not.toBeNull();
    expect(new Set(changes!.flatMap((change) => change.donorIds))).toEqual(new Set([donors[0]]));
  });

  it('a gift moved to another donor names both; a deleted one its donor', async () => {
    const { rows } = await gift(donors[0]!);
    expect(await changesOf(() => t.pool.query('update donations set donor_id = $2 where id = $1', [rows[0]!.id, donors[1]]))).toEqual([
      { kind: 'figures', donorIds: [donors[0], donors[1]].sort() },
    ]);
    expect(await changesOf(() => t.pool.query('delete from donations where id = $1', [rows[0]!.id]))).toEqual([{ kind: 'figures', donorIds: [donors[1]] }]);
  });

  it('a donor’s own fields, a new donor and a deleted one name their donors', async () => {
    expect(await changesOf(() => t.pool.query(`update donors set employer = 'Acme' where id = $1`, [donors[0]]))).toEqual([{ kind: 'donor', donorIds: [donors[0]] }]);
    expect(await changesOf(() => t.pool.query(`update donors set name = name || '.' where id = any($1::uuid[])`, [donors.slice(1)]))).toEqual([
      { kind: 'donor', donorIds: donors.slice(1) },
    ]);
    const added = await t.pool.query<{ id: string }>(
      `insert into donors (campaign_id, name, contributor_type, eligibility) values ($1, 'Newly Added', 'individual', 'un') returning id`,
      [campaignId],
    );
    const id = added.rows[0]!.id;
    expect(await changesOf(() => t.pool.query('update donors set zip = $2 where id = $1', [id, '02134']))).toEqual([{ kind: 'donor', donorIds: [id] }]);
    expect(await changesOf(() => t.pool.query('delete from donors where id = $1', [id]))).toEqual([{ kind: 'donor', donorIds: [id] }]);
  });

  it('over 1,000 donors at once may have changed anything', async () => {
    await t.pool.query(
      `insert into donors (campaign_id, name, contributor_type, eligibility) select $1, 'Many ' || g, 'individual', 'un' from generate_series(1, 1001) g`,
      [campaignId],
    );
    expect(await changesOf(() => t.pool.query(`update donors set employer = 'Acme' where campaign_id = $1 and name like 'Many %'`, [campaignId]))).toBeNull();
    expect(
      await changesOf(() =>
        t.pool.query(
          `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source)
           select campaign_id, id, '2025-02-01', 500, 'cash', 'manual' from donors where campaign_id = $1 and name like 'Many %'`,
          [campaignId],
        ),
      ),
    ).toBeNull();
    // A later logged change is still read as one.
    expect(await changesOf(() => gift(donors[1]!))).toEqual([{ kind: 'figures', donorIds: [donors[1]] }]);
  });
});
