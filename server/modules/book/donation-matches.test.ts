/**
 * donation_matches where a write left its marks (written straight to the database here, as a write
 * that does not keep its donors' parts would): after any sequence of writes to the demo book
 * (donations added, changed, refunded, moved, deleted; donors moving house or changing type), the
 * rows and totals a read leaves are exactly those of a computation from scratch, and a read only
 * computes the donors marked. Marks made while a computation runs are kept. The writers that keep
 * their own parts are tested in dashboard/totals-under-writers.test.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, donationMatchDirty, donationMatchStates, donationMatches, donations, donors } from '../../db/schema';
import { refundInDb, unrefundInDb } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { loadBookCampaign } from './book-campaign';
import { donorCycleDonations, findMatchStatus, writeDonationMatches } from './donation-match-repository';
import { donationMatchRows, freshDonationMatches, matchTermsOf } from './donation-matches';

describe('donation matches, kept as writes happen', () => {
  let t: TestApp;
  let campaignId: string;
  let donorIds: string[];
  let cycle: { start: string; end: string };

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, demoBook: true });
    campaignId = t.seeded!.demoCampaign!.id;
    const campaign = await loadBookCampaign(t.db, campaignId);
    cycle = campaign.cycle!;
    donorIds = (await t.db.select({ id: donors.id }).from(donors).where(eq(donors.campaignId, campaignId))).map((d) => d.id);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** The table, the totals and the marks after a read, and what a computation from scratch says. */
  async function readAndRecompute() {
    const campaign = await loadBookCampaign(t.db, campaignId);
    const totals = await freshDonationMatches(t.app, campaign);
    const stored = await t.db
      .select({ donationId: donationMatches.donationId, donorId: donationMatches.donorId, m: donationMatches.matchableCents, f: donationMatches.publicFundsCents, reason: donationMatches.reason })
      .from(donationMatches)
      .where(eq(donationMatches.campaignId, campaignId));
    const scratch = donationMatchRows(campaign, await donorCycleDonations(t.db, campaignId, campaign.cycle, null));
    const key = (r: { donationId: string }) => r.donationId;
    const byId = (rows: { donationId: string; donorId: string; m: number; f: number; reason: string | null }[]) => rows.sort((a, b) => (key(a) < key(b) ? -1 : 1));
    return {
      totals,
      stored: byId(stored),
      scratch: byId(scratch.map((r) => ({ donationId: r.donationId, donorId: r.donorId, m: r.matchableCents, f: r.publicFundsCents, reason: r.reason }))),
      marks: (await findMatchStatus(t.db, campaignId)).dirty.length,
    };
  }

  function expectSame(state: Awaited<ReturnType<typeof readAndRecompute>>, where: string) {
    expect(state.stored, where).toEqual(state.scratch);
    expect(state.totals.matchableCents, where).toBe(state.scratch.reduce((s, r) => s + r.m, 0));
    expect(state.totals.publicFundsCents, where).toBe(state.scratch.reduce((s, r) => s + r.f, 0));
    expect(state.marks, `${where}: no donor left marked`).toBe(0);
  }

  const day = (offset: number) => {
    const d = new Date(`${cycle.start}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };

  type Op =
    | { kind: 'add'; donor: number; cents: number; method: 'card' | 'cash' | 'check'; day: number }
    | { kind: 'amount'; pick: number; cents: number }
    | { kind: 'method'; pick: number; method: 'card' | 'cash' }
    | { kind: 'date'; pick: number; day: number }
    | { kind: 'refund'; pick: number; share: number }
    | { kind: 'unrefund'; pick: number }
    | { kind: 'move'; pick: number; donor: number }
    | { kind: 'delete'; pick: number }
    | { kind: 'residence'; donor: number; nyc: boolean }
    | { kind: 'type'; donor: number; person: boolean };

  const opArb: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('add' as const), donor: fc.nat(), cents: fc.integer({ min: 1, max: 40_000 }), method: fc.constantFrom('card' as const, 'cash' as const, 'check' as const), day: fc.integer({ min: -400, max: 900 }) }),
    fc.record({ kind: fc.constant('amount' as const), pick: fc.nat(), cents: fc.integer({ min: 1, max: 40_000 }) }),
    fc.record({ kind: fc.constant('method' as const), pick: fc.nat(), method: fc.constantFrom('card' as const, 'cash' as const) }),
    fc.record({ kind: fc.constant('date' as const), pick: fc.nat(), day: fc.integer({ min: -400, max: 900 }) }),
    fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }) }),
    fc.record({ kind: fc.constant('unrefund' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), donor: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    fc.record({ kind: fc.constant('residence' as const), donor: fc.nat(), nyc: fc.boolean() }),
    fc.record({ kind: fc.constant('type' as const), donor: fc.nat(), person: fc.boolean() }),
  );

  async function someDonation(pick: number) {
    const rows = await t.db
      .select({ id: donations.id, paid: donations.paidAmountCents, refunded: donations.refundedCents })
      .from(donations)
      .where(eq(donations.campaignId, campaignId))
      .orderBy(donations.id);
    return rows[pick % rows.length]!;
  }

  async function apply(op: Op): Promise<void> {
    const donorId = 'donor' in op ? donorIds[op.donor % donorIds.length]! : '';
    switch (op.kind) {
      case 'add':
        await t.db.insert(donations).values({ campaignId, donorId, payingDate: day(op.day), paidAmountCents: op.cents, paymentMethod: op.method });
        return;
      case 'amount': {
        const d = await someDonation(op.pick);
        await t.db.update(donations).set({ paidAmountCents: Math.max(op.cents, d.refunded) }).where(eq(donations.id, d.id));
        return;
      }
      case 'method':
        await t.db.update(donations).set({ paymentMethod: op.method }).where(eq(donations.id, (await someDonation(op.pick)).id));
        return;
      case 'date':
        await t.db.update(donations).set({ payingDate: day(op.day) }).where(eq(donations.id, (await someDonation(op.pick)).id));
        return;
      case 'refund': {
        const d = await someDonation(op.pick);
        const left = d.paid - d.refunded;
        if (left > 0) await refundInDb(t, d.id, day(10), 'test', Math.max(1, Math.floor(left * op.share)));
        return;
      }
      case 'unrefund':
        await unrefundInDb(t, (await someDonation(op.pick)).id);
        return;
      case 'move':
        await t.db.update(donations).set({ donorId }).where(eq(donations.id, (await someDonation(op.pick)).id));
        return;
      case 'delete': {
        const d = await someDonation(op.pick);
        await t.db.execute(sql`delete from donation_refunds where donation_id = ${d.id}`);
        await t.db.delete(donations).where(eq(donations.id, d.id));
        return;
      }
      case 'residence':
        await t.db
          .update(donors)
          .set(op.nyc ? { state: 'new_york', city: 'Brooklyn', zip: '11201' } : { state: 'new_jersey', city: 'Hoboken', zip: '07030' })
          .where(eq(donors.id, donorId));
        return;
      case 'type':
        await t.db
          .update(donors)
          .set({ contributorType: op.person ? 'individual' : 'labor_unions' })
          .where(eq(donors.id, donorId));
        return;
    }
  }

  it('computes everything on the first read, then only the donors a write touched, always equal to a computation from scratch', async () => {
    expectSame(await readAndRecompute(), 'first read');
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 4 }), async (ops) => {
        for (const op of ops) await apply(op);
        expectSame(await readAndRecompute(), JSON.stringify(ops));
      }),
      { seed: 20_261_126, numRuns: 40 },
    );
  }, 120_000);

  it('marks only the donors a write touches, and a read after one write rewrites only theirs', async () => {
    await readAndRecompute();
    const [donation] = await t.db.select().from(donations).where(eq(donations.campaignId, campaignId)).limit(1);
    const others = await t.db.execute<{ n: string }>(sql`select count(*) as n from donation_matches where campaign_id = ${campaignId} and donor_id <> ${donation!.donorId}`);
    await t.db.update(donations).set({ memo: 'not a matching attribute' }).where(eq(donations.id, donation!.id));
    expect((await findMatchStatus(t.db, campaignId)).dirty).toEqual([]);
    await t.db.update(donations).set({ paymentMethod: donation!.paymentMethod === 'card' ? 'check' : 'card' }).where(eq(donations.id, donation!.id));
    const status = await findMatchStatus(t.db, campaignId);
    expect(status.dirty.map((d) => d.donorId)).toEqual([donation!.donorId]);
    // The other donors' rows stay as they were (same physical rows: their ctid does not change).
    const before = await t.db.execute<{ ctid: string }>(sql`select ctid::text from donation_matches where campaign_id = ${campaignId} and donor_id <> ${donation!.donorId} order by donation_id`);
    expectSame(await readAndRecompute(), 'after one write');
    const after = await t.db.execute<{ ctid: string }>(sql`select ctid::text from donation_matches where campaign_id = ${campaignId} and donor_id <> ${donation!.donorId} order by donation_id`);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows).toHaveLength(Number(others.rows[0]!.n));
  });

  it('keeps a mark made after the marks were read (the next read computes that donor again)', async () => {
    await readAndRecompute();
    const [donation] = await t.db.select().from(donations).where(eq(donations.campaignId, campaignId)).limit(1);
    await t.db.update(donations).set({ paidAmountCents: donation!.paidAmountCents + 1 }).where(eq(donations.id, donation!.id));
    const read = await findMatchStatus(t.db, campaignId);
    // Another write of the same donor after that read: its mark has another transaction id.
    await t.db.update(donations).set({ paidAmountCents: donation!.paidAmountCents + 2 }).where(eq(donations.id, donation!.id));
    const campaign = await loadBookCampaign(t.db, campaignId);
    await t.db.transaction((tx) => writeDonationMatches(tx, campaignId, { terms: matchTermsOf(campaign), donorIds: [donation!.donorId], rows: [], marks: read.dirty }));
    const left = await t.db.select().from(donationMatchDirty).where(and(eq(donationMatchDirty.campaignId, campaignId), eq(donationMatchDirty.donorId, donation!.donorId)));
    expect(left).toHaveLength(1);
    expectSame(await readAndRecompute(), 'after the second write');
  });

  it('marks each donor of a statement of many donations (an import batch), however many, and computes them', async () => {
    await readAndRecompute();
    const rows = Array.from({ length: 600 }, (_, i) => ({
      campaignId,
      donorId: donorIds[i % donorIds.length]!,
      payingDate: day(i % 300),
      paidAmountCents: 1_000 + i,
      paymentMethod: i % 7 === 0 ? 'cash' : 'card',
    }));
    await t.db.insert(donations).values(rows);
    const marks = (await findMatchStatus(t.db, campaignId)).dirty;
    expect(marks.map((m) => m.donorId).sort()).toEqual([...new Set(rows.map((r) => r.donorId))].sort());
    expectSame(await readAndRecompute(), 'after 600 donations in one statement');
  });

  it("computes everything again when the campaign's match terms change", async () => {
    await readAndRecompute();
    await t.db.update(campaigns).set({ officeSought: 'city_council' }).where(eq(campaigns.id, campaignId));
    try {
      const state = await readAndRecompute();
      expectSame(state, 'council');
      const [stored] = await t.db.select().from(donationMatchStates).where(eq(donationMatchStates.campaignId, campaignId));
      expect(JSON.parse(stored!.terms).compliance.office_sought).toBe('city_council');
      expect(state.scratch.some((r) => r.reason === 'Over the $175.00 matchable per contributor.')).toBe(true);
    } finally {
      await t.db.update(campaigns).set({ officeSought: 'mayor' }).where(eq(campaigns.id, campaignId));
    }
    expectSame(await readAndRecompute(), 'mayor again');
  });
});
