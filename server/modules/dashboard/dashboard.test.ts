/**
 * The dashboard figures on a real database, exact to the cent: totals, months and the election
 * cycle, with refunds, written-off pledges, out-of-cycle rows and another campaign's rows around.
 * The book is written directly (the donor API is tested on its own); the database triggers keep
 * the stored pledge figures.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../domain/donor-book/api-contract';
import type { CycleStatsData, MonthlyStatsData, TotalStats } from '../../../domain/donor-book/dashboard-contract';
import { campaigns, donations, donors, expenses, pledges } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { activeUser, get, post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { refundInDb, unrefundInDb } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { lastMonths } from './service';

const P = DONOR_BOOK_PATHS;

type DonorInput = Partial<typeof donors.$inferInsert> & { name: string };

describe('dashboard stats', () => {
  let t: TestApp;
  let campaignId: string;
  let otherCampaignId: string;
  let owner: Session;
  let staff: Session;
  let outsider: Session;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const ids: Record<string, string> = {};

  const addDonor = async (key: string, values: DonorInput, campaign = campaignId) => {
    const [row] = await t.db
      .insert(donors)
      .values({ campaignId: campaign, contributorType: 'individual', eligibility: 'p-a', state: 'new_york', country: 'US', ...values })
      .returning({ id: donors.id });
    ids[key] = row.id;
  };
  const give = async (key: string, donor: string, payingDate: string, cents: number, method: string, extra: Partial<typeof donations.$inferInsert> = {}, campaign = campaignId) => {
    const [row] = await t.db
      .insert(donations)
      .values({ campaignId: campaign, donorId: ids[donor], payingDate, paidAmountCents: cents, paymentMethod: method, ...extra })
      .returning({ id: donations.id });
    ids[key] = row.id;
  };
  const pledge = async (key: string, donor: string, commitmentDate: string, cents: number, extra: Partial<typeof pledges.$inferInsert> = {}, campaign = campaignId) => {
    const [row] = await t.db
      .insert(pledges)
      .values({ campaignId: campaign, donorId: ids[donor], commitmentDate, commitmentAmountCents: cents, ...extra })
      .returning({ id: pledges.id });
    ids[key] = row.id;
  };
  const spend = (expenseDate: string, amountCents: number, campaign = campaignId) =>
    t.db.insert(expenses).values({ campaignId: campaign, expenseDate, amountCents, payee: 'Vendor', purpose: 'office', paymentMethod: 'check' });

  const stats = async <T>(path: string, query = '', token = owner.token, campaign = campaignId): Promise<T> => {
    const res = await get(t, `${donorBookPath(path, { campaignId: campaign })}${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    // The demo campaign: NYC CFB, participant, mayor (citywide: limit $2,100 for p-a, match cap $250 at 8:1), cycle 2025 = 2024-01-01..2025-12-31.
    campaignId = t.seeded!.demoCampaign!.id;
    await t.db.update(campaigns).set({ electionCycle: '2025' }).where(eq(campaigns.id, campaignId)); // the demo runs for 2029; these figures are dated in 2025
    await t.app.changes.sync();
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
    outsider = toSession(await activeUser(t, 'dashboard-outsider@example.org'));
    otherCampaignId = (await createCampaign(t, outsider.token, { campaign_name: 'Other Campaign' })).campaign_id;

    await addDonor('A', { name: 'Ada Brooklyn', city: 'Brooklyn', zip: '11215' });
    await addDonor('B', { name: 'Ben Manhattan', city: 'New York', zip: '10025' });
    await addDonor('C', { name: 'Cy Albany', city: 'Albany', zip: '12207', eligibility: 'np' });
    await addDonor('D', { name: 'Dee Queens', city: 'Queens', zip: '11375' });
    await addDonor('E', { name: 'Empire PAC', contributorType: 'political_action_committee', eligibility: 'np', city: 'New York', zip: '10001' });
    await addDonor('F', { name: 'Foo LLC', contributorType: 'limited_liability_company', eligibility: 'np', city: 'New York', zip: '10001' });
    await addDonor('G', { name: 'Gus Bronx', city: 'Bronx', zip: '10451' });

    await pledge('pA', 'A', '2025-05-02', 100_000);
    await pledge('pB', 'B', '2024-11-10', 9_900);
    await pledge('pD', 'D', '2025-02-14', 50_000);
    await pledge('pF', 'F', '2025-03-01', 5_000, { writtenOffAt: new Date('2025-04-01T00:00:00Z'), writeOffReason: 'Prohibited source' });

    await give('a1', 'A', '2025-03-10', 10_000, 'card');
    await give('a2', 'A', '2025-05-02', 20_000, 'paypal', { pledgeId: ids.pA });
    await give('b1', 'B', '2025-04-01', 15_000, 'cash'); // cash over $100: not matchable
    await give('b2', 'B', '2025-04-15', 5_000, 'zelle');
    await give('b3', 'B', '2025-06-01', 9_900, 'venmo', { pledgeId: ids.pB });
    await refundInDb(t, ids.b3, '2025-06-05', 'Asked back');
    await give('c1', 'C', '2025-01-20', 50_000, 'card');
    await give('d1', 'D', '2025-02-14', 200_000, 'card');
    await give('d2', 'D', '2025-06-10', 10_000, 'card', { pledgeId: ids.pD });
    await give('e1', 'E', '2025-05-20', 100_000, 'card');
    await give('g1', 'G', '2023-12-20', 30_000, 'card'); // before the cycle

    await spend('2025-02-03', 12_345);
    await spend('2025-06-01', 100_000);
    await spend('2023-11-30', 5_000); // before the cycle

    // Another campaign's book, which must never show.
    await addDonor('X', { name: 'Xavier Other', city: 'Brooklyn', zip: '11215' }, otherCampaignId);
    await give('x1', 'X', '2025-05-05', 999_999, 'card', {}, otherCampaignId);
    await pledge('pX', 'X', '2025-05-05', 123_456, {}, otherCampaignId);
    await spend('2025-05-05', 444_444, otherCampaignId);
  });
  afterAll(async () => {
    await t.close();
  });

  it('total-stats: the whole book, exact to the cent', async () => {
    expect(await stats<TotalStats>(P.totalStats)).toEqual({
      total_raised_cents: 440_000, // every donation not refunded, g1 (before the cycle) included
      total_pledged_cents: 159_900, // pA + pB + pD; pF is written off
      outstanding_cents: 129_900, // 80,000 + 9,900 (its payment was refunded) + 40,000
      total_spent_cents: 117_345,
      cash_on_hand_cents: 440_000 - 117_345,
      donor_count: 7,
      donation_count: 9,
      // In the cycle, NYC residents: A min(30,000, cap 25,000) + B 5,000 (cash over $100 excluded) + D 25,000. C lives in Albany, E is a PAC, G gave before the cycle.
      matchable_cents: 55_000,
      public_funds_cents: 55_000 * 8,
    });
  });

  it('monthly-stats: the last 12 months by the app clock, oldest first, empty months included', async () => {
    const data = await stats<MonthlyStatsData>(P.monthlyStats);
    expect(data.monthly_stats.map((m) => m.month)).toEqual([
      '2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06',
    ]);
    const nonEmpty = data.monthly_stats.filter((m) => m.raised_cents || m.pledged_cents || m.spent_cents);
    expect(nonEmpty).toEqual([
      { month: '2024-11', raised_cents: 0, pledged_cents: 9_900, spent_cents: 0 },
      { month: '2025-01', raised_cents: 50_000, pledged_cents: 0, spent_cents: 0 },
      { month: '2025-02', raised_cents: 200_000, pledged_cents: 50_000, spent_cents: 12_345 },
      { month: '2025-03', raised_cents: 10_000, pledged_cents: 0, spent_cents: 0 },
      { month: '2025-04', raised_cents: 20_000, pledged_cents: 0, spent_cents: 0 },
      { month: '2025-05', raised_cents: 120_000, pledged_cents: 100_000, spent_cents: 0 },
      { month: '2025-06', raised_cents: 10_000, pledged_cents: 0, spent_cents: 100_000 },
    ]);
    expect(data.monthly_stats[0]).toEqual({ month: '2024-07', raised_cents: 0, pledged_cents: 0, spent_cents: 0 });
  });

  it('monthly-stats: ?months=1..36 (400 otherwise)', async () => {
    expect((await stats<MonthlyStatsData>(P.monthlyStats, '?months=3')).monthly_stats.map((m) => m.month)).toEqual(['2025-04', '2025-05', '2025-06']);
    const longest = await stats<MonthlyStatsData>(P.monthlyStats, '?months=36');
    expect(longest.monthly_stats).toHaveLength(36);
    expect(longest.monthly_stats[0].month).toBe('2022-07');
    expect(longest.monthly_stats.find((m) => m.month === '2023-12')?.raised_cents).toBe(30_000);
    expect(longest.monthly_stats.find((m) => m.month === '2023-11')?.spent_cents).toBe(5_000);
    for (const bad of ['0', '37', 'x', '1.5']) {
      const res = await get(t, `${donorBookPath(P.monthlyStats, { campaignId })}?months=${bad}`, owner.token);
      expect([res.statusCode, res.json().details?.fields], bad).toEqual([400, { months: 'Months must be a whole number from 1 to 36' }]);
    }
  });

  it('cycle-stats: the cycle dates and what happened inside them', async () => {
    const data = await stats<CycleStatsData>(P.cycleStats);
    expect(data).toMatchObject({
      election_cycle: '2025',
      start_date: '2024-01-01',
      end_date: '2025-12-31',
      raised_cents: 410_000,
      spent_cents: 112_345,
      // D: 210,000 given + 40,000 still promised ≥ the $2,100 limit. A: 110,000; C and E: under the non-participant $3,700; F: nothing.
      donors_at_limit: 1,
    });
    expect(data.by_contributor_type.filter((row) => row.raised_cents > 0)).toEqual([
      { contributor_type: 'individual', raised_cents: 310_000, donor_count: 4 },
      { contributor_type: 'political_action_committee', raised_cents: 100_000, donor_count: 1 },
    ]);
    expect(data.by_contributor_type).toHaveLength(9);
    expect(data.by_payment_method).toEqual([
      { payment_method: 'paypal', raised_cents: 20_000 },
      { payment_method: 'cash', raised_cents: 15_000 },
      { payment_method: 'check', raised_cents: 0 },
      { payment_method: 'card', raised_cents: 370_000 },
      { payment_method: 'zelle', raised_cents: 5_000 },
      { payment_method: 'venmo', raised_cents: 0 },
    ]);
  });

  it('a refund reduces raised, cash on hand, the donation count, the month, the match and the cycle', async () => {
    await refundInDb(t, ids.a1, '2025-06-14', 'Duplicate');
    await t.app.changes.sync();
    const totals = await stats<TotalStats>(P.totalStats);
    expect(totals).toMatchObject({
      total_raised_cents: 430_000,
      cash_on_hand_cents: 430_000 - 117_345,
      donation_count: 8,
      matchable_cents: 50_000, // A: 20,000
      public_funds_cents: 400_000,
    });
    // Refunds count on the refund's own date (issue 33): March keeps the gift whole, June carries the refund.
    const months = await stats<MonthlyStatsData>(P.monthlyStats, '?months=4');
    expect(months.monthly_stats.find((m) => m.month === '2025-03')?.raised_cents).toBe(10_000);
    // June before: b3 9,900 given and refunded in June, d2 10,000: 10,000; now less a1's 10,000 refund.
    expect(months.monthly_stats.find((m) => m.month === '2025-06')?.raised_cents).toBe(0);
    const cycle = await stats<CycleStatsData>(P.cycleStats);
    expect(cycle.raised_cents).toBe(400_000);
    expect(cycle.by_payment_method.find((row) => row.payment_method === 'card')?.raised_cents).toBe(360_000);
    // The per-donor figures are cached against the book version: the refund (a write) recomputed them.
    expect(cycle.by_contributor_type.find((row) => row.contributor_type === 'individual')).toEqual({ contributor_type: 'individual', raised_cents: 300_000, donor_count: 4 });
    // A refund of a pledge payment brings the pledge's remainder back.
    await refundInDb(t, ids.d2, '2025-06-14', 'Bounced');
    await t.app.changes.sync();
    expect(await stats<TotalStats>(P.totalStats)).toMatchObject({ total_raised_cents: 420_000, outstanding_cents: 139_900 });
    await unrefundInDb(t, ids.d2);
    await t.app.changes.sync();
    await unrefundInDb(t, ids.a1);
    await t.app.changes.sync();
    expect((await stats<TotalStats>(P.totalStats)).total_raised_cents).toBe(440_000);
  });

  it("cycle-stats count a refund on its own date: a gift from before the cycle refunded inside it lowers the cycle's raised", async () => {
    await refundInDb(t, ids.g1, '2025-06-20', 'Returned');
    await t.app.changes.sync();
    const cycle = await stats<CycleStatsData>(P.cycleStats);
    expect(cycle.raised_cents).toBe(410_000 - 30_000);
    expect(cycle.by_payment_method.find((row) => row.payment_method === 'card')?.raised_cents).toBe(370_000 - 30_000);
    // The types add up to the cycle's raised; G gave nothing in the cycle (net -30,000): not a donor of it.
    expect(cycle.by_contributor_type.reduce((sum, row) => sum + row.raised_cents, 0)).toBe(cycle.raised_cents);
    expect(cycle.by_contributor_type.find((row) => row.contributor_type === 'individual')).toEqual({ contributor_type: 'individual', raised_cents: 280_000, donor_count: 4 });
    const months = await stats<MonthlyStatsData>(P.monthlyStats, '?months=36');
    expect(months.monthly_stats.find((m) => m.month === '2023-12')?.raised_cents).toBe(30_000);
    expect(months.monthly_stats.find((m) => m.month === '2025-06')?.raised_cents).toBe(10_000 - 30_000);
    await unrefundInDb(t, ids.g1);
    await t.app.changes.sync();
    expect((await stats<CycleStatsData>(P.cycleStats)).raised_cents).toBe(410_000);
  });

  it('an expense shows at once in spent and cash on hand (expenses are never cached)', async () => {
    const before = await stats<TotalStats>(P.totalStats);
    const res = await post(t, P.addExpense, {
      campaign_id: campaignId,
      expense_date: '2025-06-14',
      amount_cents: 655,
      payee: 'Late Vendor',
      purpose: 'postage',
      purpose_details: null,
      payment_method: 'cash',
      reference_number: null,
      memo: null,
    }, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    const after = await stats<TotalStats>(P.totalStats);
    expect(after).toEqual({ ...before, total_spent_cents: before.total_spent_cents + 655, cash_on_hand_cents: before.cash_on_hand_cents - 655 });
    expect((await stats<MonthlyStatsData>(P.monthlyStats, '?months=1')).monthly_stats).toEqual([{ month: '2025-06', raised_cents: 10_000, pledged_cents: 0, spent_cents: 100_655 }]);
    expect((await stats<CycleStatsData>(P.cycleStats)).spent_cents).toBe(112_345 + 655);
    await t.db.delete(expenses).where(eq(expenses.payee, 'Late Vendor'));
    await t.app.changes.sync();
  });

  it('a change of the compliance settings changes the match and the limits at once (no stale cache)', async () => {
    expect((await stats<TotalStats>(P.totalStats)).matchable_cents).toBe(55_000);
    await t.db.update(campaigns).set({ participantStatus: 'non_participant' }).where(eq(campaigns.id, campaignId));
    await t.app.changes.sync();
    expect(await stats<TotalStats>(P.totalStats)).toMatchObject({ matchable_cents: 0, public_funds_cents: 0 });
    await t.db.update(campaigns).set({ officeSought: 'city_council', participantStatus: 'participant' }).where(eq(campaigns.id, campaignId));
    await t.app.changes.sync();
    // City Council: $1,050 limit for p-a donors (A: 110,000 and D now at it), match cap $175 per donor: A 17,500 + B 5,000 + D 17,500.
    expect((await stats<TotalStats>(P.totalStats)).matchable_cents).toBe(40_000);
    expect((await stats<CycleStatsData>(P.cycleStats)).donors_at_limit).toBe(2);
    await t.db.update(campaigns).set({ officeSought: 'mayor' }).where(eq(campaigns.id, campaignId));
    await t.app.changes.sync();
    expect((await stats<CycleStatsData>(P.cycleStats)).donors_at_limit).toBe(1);
  });

  it('staff (dashboard.read) sees the same figures; another campaign sees only its own; outsiders get 404', async () => {
    expect((await stats<TotalStats>(P.totalStats, '', staff.token)).total_raised_cents).toBe(440_000);
    expect(await stats<TotalStats>(P.totalStats, '', outsider.token, otherCampaignId)).toMatchObject({
      total_raised_cents: 999_999,
      total_pledged_cents: 123_456,
      outstanding_cents: 123_456,
      total_spent_cents: 444_444,
      donor_count: 1,
      donation_count: 1,
    });
    for (const path of [P.totalStats, P.monthlyStats, P.cycleStats]) {
      const res = await get(t, donorBookPath(path, { campaignId }), outsider.token);
      expect([res.statusCode, res.json()], path).toEqual([404, { code: 'NOT_FOUND', message: 'Campaign not found' }]);
      const anonymous = await get(t, donorBookPath(path, { campaignId }));
      expect(anonymous.statusCode, path).toBe(401);
    }
  });

  it('a campaign without an election cycle counts everything in cycle-stats', async () => {
    await t.db.update(campaigns).set({ electionCycle: null }).where(eq(campaigns.id, otherCampaignId));
    await t.app.changes.sync();
    expect(await stats<CycleStatsData>(P.cycleStats, '', outsider.token, otherCampaignId)).toMatchObject({
      election_cycle: null,
      start_date: null,
      end_date: null,
      raised_cents: 999_999,
      spent_cents: 444_444,
      donors_at_limit: 1, // X: $9,999.99 given + $1,234.56 promised, over the $2,100 limit of its NYC mayoral race
    });
  });

  it('an empty book answers zeros', async () => {
    const empty = (await createCampaign(t, outsider.token, { campaign_name: 'Empty Campaign' })).campaign_id;
    expect(await stats<TotalStats>(P.totalStats, '', outsider.token, empty)).toEqual({
      total_raised_cents: 0,
      total_pledged_cents: 0,
      outstanding_cents: 0,
      total_spent_cents: 0,
      cash_on_hand_cents: 0,
      donor_count: 0,
      donation_count: 0,
      matchable_cents: 0,
      public_funds_cents: 0,
    });
    const months = await stats<MonthlyStatsData>(P.monthlyStats, '', outsider.token, empty);
    expect(months.monthly_stats).toHaveLength(12);
    expect(months.monthly_stats.every((m) => m.raised_cents === 0 && m.pledged_cents === 0 && m.spent_cents === 0)).toBe(true);
  });
});

describe('lastMonths', () => {
  it('counts calendar months in UTC back from the clock, across years', () => {
    expect(lastMonths(new Date('2025-01-31T23:30:00Z'), 3)).toEqual(['2024-11', '2024-12', '2025-01']);
    expect(lastMonths(new Date('2024-03-31T00:00:00Z'), 2)).toEqual(['2024-02', '2024-03']);
    expect(lastMonths(new Date('2025-12-01T00:00:00Z'), 1)).toEqual(['2025-12']);
  });
});
