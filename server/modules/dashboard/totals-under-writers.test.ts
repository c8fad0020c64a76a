/**
 * The dashboard's matchable amount and public funds while donations are written (issue 30 point 7,
 * issue 32 point 4): writers looping through the API while readers read total-stats and the report
 * data get no answer but 2xx, and once the writers stop the totals equal a computation from scratch
 * to the cent. Every write path the API offers (add, edit, refund, delete a donation; a donor moving
 * or changing type; a merge; a payment import) keeps the stored parts itself: right after it, with no
 * read in between, no donor is left marked and each donor's stored part equals a computation from
 * scratch.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../domain/donor-book/api-contract';
import type { TotalStats } from '../../../domain/donor-book/dashboard-contract';
import type { DonorRow } from '../../../domain/donor-book/donors-contract';
import { reportDataUrl } from '../../../domain/reports/api-contract';
import { isoDay } from '../../../domain/dates';
import { get, post } from '../../test/auth-helpers';
import { del, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonor, donorBody } from '../../test/donor-book-helpers';
import { importRows, uploadAndValidate } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { loadBookCampaign } from '../book/book-campaign';
import { donorCycleDonations } from '../book/donation-match-repository';
import { donationMatchRows } from '../book/donation-matches';

const P = DONOR_BOOK_PATHS;
const NYC = { state: 'new_york', city: 'Brooklyn', zip: '11201' };
const UPSTATE = { state: 'new_york', city: 'Albany', zip: '12207' };

describe('matchable totals under writers', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const today = isoDay(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, demoBook: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** What a computation from scratch says: every donation's part, summed per donor and in all. */
  async function scratch() {
    const campaign = await loadBookCampaign(t.db, campaignId);
    const rows = donationMatchRows(campaign, await donorCycleDonations(t.db, campaignId, campaign.cycle, null));
    const perDonor = new Map<string, { m: number; f: number }>();
    for (const r of rows) {
      const sums = perDonor.get(r.donorId) ?? { m: 0, f: 0 };
      sums.m += r.matchableCents;
      sums.f += r.publicFundsCents;
      perDonor.set(r.donorId, sums);
    }
    return {
      rows: rows.map((r) => ({ donationId: r.donationId, donorId: r.donorId, m: r.matchableCents, f: r.publicFundsCents, reason: r.reason })).sort((a, b) => (a.donationId < b.donationId ? -1 : 1)),
      perDonor: [...perDonor].map(([donorId, s]) => ({ donorId, m: s.m, f: s.f })).sort((a, b) => (a.donorId < b.donorId ? -1 : 1)),
      matchable: rows.reduce((s, r) => s + r.matchableCents, 0),
      funds: rows.reduce((s, r) => s + r.publicFundsCents, 0),
    };
  }

  /** What is stored, read directly (no read through the app, which could compute what a writer left). */
  async function stored() {
    const rows = await t.db.execute<{ donation_id: string; donor_id: string; m: string; f: string; reason: string | null }>(sql`
      select donation_id::text, donor_id::text, matchable_cents as m, public_funds_cents as f, reason from donation_matches where campaign_id = ${campaignId} order by donation_id`);
    const perDonor = await t.db.execute<{ donor_id: string; m: string; f: string }>(sql`
      select donor_id::text, matchable_cents as m, public_funds_cents as f from donor_matches where campaign_id = ${campaignId} order by donor_id`);
    const marks = await t.db.execute<{ n: string }>(sql`select count(*) as n from donation_match_dirty where campaign_id = ${campaignId}`);
    return {
      rows: rows.rows.map((r) => ({ donationId: r.donation_id, donorId: r.donor_id, m: Number(r.m), f: Number(r.f), reason: r.reason })),
      perDonor: perDonor.rows.map((r) => ({ donorId: r.donor_id, m: Number(r.m), f: Number(r.f) })),
      marks: Number(marks.rows[0]!.n),
    };
  }

  async function expectKept(where: string) {
    const [now, fresh] = await Promise.all([stored(), scratch()]);
    expect(now.marks, `${where}: no donor left marked by a write`).toBe(0);
    expect(now.rows, `${where}: each donation's part`).toEqual(fresh.rows);
    expect(now.perDonor, `${where}: each donor's part`).toEqual(fresh.perDonor);
  }

  async function totalStats(): Promise<TotalStats> {
    const res = await get(t, donorBookPath(P.totalStats, { campaignId }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as TotalStats;
  }

  const addGift = async (donorId: string, cents: number, method = 'card') => {
    const res = await post(t, P.addDonation, { campaign_id: campaignId, donor_id: donorId, paying_date: today, paid_amount_cents: cents, payment_method: method, confirm_outside_cycle: true }, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().data as { donation: { donation_id: string } }).donation.donation_id;
  };

  it('8 writers looping while readers read total-stats and the reports: no answer but 2xx, and the totals after equal a computation from scratch', async () => {
    await totalStats(); // the first read computes the demo book's parts
    const writers = 8;
    const rounds = 12;
    const mine = await Promise.all(Array.from({ length: writers * 2 }, (_, i) => addDonor(t, owner.token, campaignId, i % 2 === 0 ? NYC : UPSTATE)));
    let writing = writers;
    const failures: string[] = [];
    let reads = 0;
    const writer = async (w: number) => {
      try {
        for (let round = 0; round < rounds; round += 1) {
          const donorId = mine[(w * 2 + (round % 2)) % mine.length]!.donor_id;
          const id = await addGift(donorId, 500 + ((w * 37 + round * 11) % 1_500), round % 3 === 0 ? 'cash' : 'card');
          const next = round % 4;
          const res =
            next === 0
              ? await post(t, P.refundDonation, { campaign_id: campaignId, donation_id: id, refund_amount_cents: 100, refund_date: today, refund_reason: 'Part back' }, owner.token)
              : next === 1
                ? await post(t, P.updateDonation, { campaign_id: campaignId, donation_id: id, donor_id: donorId, paying_date: today, paid_amount_cents: 250, payment_method: 'check', confirm_outside_cycle: true }, owner.token)
                : next === 2
                  ? await del(t, donorBookPath(P.deleteDonation, { campaignId, donationId: id }), owner.token)
                  : null;
          if (res && res.statusCode >= 300) failures.push(`writer ${res.statusCode} ${res.body}`);
        }
      } finally {
        writing -= 1;
      }
    };
    const urls = [donorBookPath(P.totalStats, { campaignId }), `${reportDataUrl(campaignId, 'match')}?limit=50`, `${reportDataUrl(campaignId, 'donation')}?limit=50`];
    const reader = async (r: number) => {
      for (let i = r; writing > 0; i += 1) {
        const res = await get(t, urls[i % urls.length]!, owner.token);
        reads += 1;
        if (res.statusCode < 200 || res.statusCode >= 300) failures.push(`read ${urls[i % urls.length]} ${res.statusCode} ${res.body}`);
      }
    };
    await Promise.all([...Array.from({ length: writers }, (_, w) => writer(w)), ...Array.from({ length: 4 }, (_, r) => reader(r))]);
    expect(failures.slice(0, 5), `${failures.length} failed of ${reads} reads and the writes`).toEqual([]);
    expect(reads).toBeGreaterThan(0);

    const [after, fresh] = await Promise.all([totalStats(), scratch()]);
    expect({ matchable: after.matchable_cents, funds: after.public_funds_cents }).toEqual({ matchable: fresh.matchable, funds: fresh.funds });
    await expectKept('after the writers');
    const match = await get(t, `${reportDataUrl(campaignId, 'match')}?limit=1`, owner.token);
    const figure = (key: string) => (match.json().data.summary as { key: string; value: number }[]).find((f) => f.key === key)?.value;
    expect({ matchable: figure('matchable_cents'), funds: figure('public_funds_cents') }).toEqual({ matchable: fresh.matchable, funds: fresh.funds });
  }, 180_000);

  type Op =
    | { kind: 'add'; donor: number; cents: number; cash: boolean }
    | { kind: 'edit'; pick: number; cents: number; cash: boolean }
    | { kind: 'refund'; pick: number; share: number }
    | { kind: 'delete'; pick: number }
    | { kind: 'move'; donor: number; nyc: boolean }
    | { kind: 'type'; donor: number; person: boolean }
    | { kind: 'merge'; donor: number };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), donor: fc.nat(), cents: fc.integer({ min: 100, max: 30_000 }), cash: fc.boolean() }),
    fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), cents: fc.integer({ min: 100, max: 30_000 }), cash: fc.boolean() }),
    fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), donor: fc.nat(), nyc: fc.boolean() }),
    fc.record({ kind: fc.constant('type' as const), donor: fc.nat(), person: fc.boolean() }),
    fc.record({ kind: fc.constant('merge' as const), donor: fc.nat() }),
  );

  it('every write path keeps the stored parts itself: after any sequence of writes, stored = recomputed, no donor left marked', async () => {
    await totalStats();
    const pool: DonorRow[] = await Promise.all(Array.from({ length: 6 }, (_, i) => addDonor(t, owner.token, campaignId, i % 2 === 0 ? NYC : UPSTATE)));
    const gifts: { id: string; donorId: string; left: number }[] = [];
    const pickGift = (n: number) => (gifts.length === 0 ? null : gifts[n % gifts.length]!);
    const apply = async (op: Op) => {
      switch (op.kind) {
        case 'add': {
          const donorId = pool[op.donor % pool.length]!.donor_id;
          const res = await post(t, P.addDonation, { campaign_id: campaignId, donor_id: donorId, paying_date: today, paid_amount_cents: op.cents, payment_method: op.cash ? 'cash' : 'card', confirm_outside_cycle: true }, owner.token);
          if (res.statusCode === 201) gifts.push({ id: res.json().data.donation.donation_id, donorId, left: op.cents });
          else expect(res.statusCode, res.body).toBe(422); // over the donor's limit: nothing written
          return;
        }
        case 'edit': {
          const gift = pickGift(op.pick);
          if (!gift) return;
          const res = await post(t, P.updateDonation, { campaign_id: campaignId, donation_id: gift.id, donor_id: gift.donorId, paying_date: today, paid_amount_cents: op.cents, payment_method: op.cash ? 'cash' : 'card', confirm_outside_cycle: true }, owner.token);
          expect([200, 422], res.body).toContain(res.statusCode);
          return;
        }
        case 'refund': {
          const gift = pickGift(op.pick);
          if (!gift) return;
          const res = await post(t, P.refundDonation, { campaign_id: campaignId, donation_id: gift.id, refund_amount_cents: 1, refund_date: today, refund_reason: 'Back' }, owner.token);
          expect([200, 409, 422], res.body).toContain(res.statusCode);
          return;
        }
        case 'delete': {
          const gift = pickGift(op.pick);
          if (!gift) return;
          const res = await del(t, donorBookPath(P.deleteDonation, { campaignId, donationId: gift.id }), owner.token);
          expect(res.statusCode, res.body).toBe(200);
          gifts.splice(gifts.indexOf(gift), 1);
          return;
        }
        case 'move':
        case 'type': {
          const donor = pool[op.donor % pool.length]!;
          const change = op.kind === 'move' ? (op.nyc ? NYC : UPSTATE) : { contributor_type: op.person ? 'individual' : 'labor_unions', eligibility: op.person ? 'un' : 'np' };
          const res = await post(t, P.updateDonor, { ...donorBody(campaignId), donor_id: donor.donor_id, name: donor.name, donor_email: donor.donor_email, donor_phone: donor.donor_phone, ...change }, owner.token);
          expect(res.statusCode, res.body).toBe(200);
          return;
        }
        case 'merge': {
          if (pool.length < 3) return;
          const duplicate = pool[op.donor % pool.length]!;
          const survivor = pool.find((d) => d !== duplicate)!;
          const res = await post(t, P.mergeDonor, { campaign_id: campaignId, survivor_id: survivor.donor_id, duplicate_id: duplicate.donor_id }, owner.token);
          expect(res.statusCode, res.body).toBe(200);
          pool.splice(pool.indexOf(duplicate), 1);
          for (const g of gifts) if (g.donorId === duplicate.donor_id) g.donorId = survivor.donor_id;
          pool.push(await addDonor(t, owner.token, campaignId, NYC));
          return;
        }
      }
    };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 5 }), async (ops) => {
        for (const op of ops) await apply(op);
        await expectKept(JSON.stringify(ops));
      }),
      { seed: 20_261_128, numRuns: 25 },
    );
  }, 180_000);

  it('a payment import keeps the parts of the donors it wrote in its own batches', async () => {
    await totalStats();
    const [first, second] = await Promise.all([addDonor(t, owner.token, campaignId, NYC), addDonor(t, owner.token, campaignId, NYC)]);
    const csv = [
      'donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone',
      `${first.donor_email},${today},,"$120.00",Card,`,
      `${first.donor_email},${today},,"$90.00",Cash,`,
      `${second.donor_email},${today},,40,check,`,
      `${second.donor_email},${today},,20,card,`,
    ].join('\r\n');
    const review = await uploadAndValidate(t, owner.token, campaignId, 'payment', 'totals-payments.csv', csv, { confirm_outside_cycle: true });
    expect(review.counts.valid, JSON.stringify(review.rows)).toBe(4);
    const done = await importRows(t, owner.token, campaignId, review.id);
    expect(done.status).toBe('completed');
    await expectKept('after the import');
    const [row] = await t.db.execute<{ m: string }>(sql`select matchable_cents as m from donor_matches where campaign_id = ${campaignId} and donor_id = ${first.donor_id}`).then((r) => r.rows);
    // $120 by card and $90 in cash, both under the cap: all matchable (NYC).
    expect(Number(row!.m)).toBe(21_000);
  }, 60_000);

});
