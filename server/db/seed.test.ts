import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitFor } from '../../domain/compliance/engine';
import type { ComplianceCampaign } from '../../domain/compliance/types';
import { CONTRIBUTOR_TYPES, EXPENSE_PURPOSES, PAYMENT_METHODS, type ContributorType, type Eligibility } from '../../domain/donor-book/enums';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../domain/donor-book/api-contract';
import type { CycleStatsData, MonthlyStatsData, TotalStats } from '../../domain/donor-book/dashboard-contract';
import { verifyPassword } from '../modules/auth/passwords';
import { get } from '../test/auth-helpers';
import { demoSignIn } from '../test/campaign-helpers';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../test/test-db';
import { DEMO_BOOK_MARKER, seedDemoBook } from './demo-book';
import { campaignAudit, campaignMembers, campaigns, donations, donorContacts, donorMetadata, donors, expenses, passwordHistory, pledges, users } from './schema';
import { DEMO_CAMPAIGN_SLUG, DEMO_MANAGER_EMAIL, DEMO_OWNER_EMAIL, DEMO_PENDING_CAMPAIGN_SLUG, DEMO_SECOND_CAMPAIGN_SLUG, DEMO_STAFF_EMAIL, seed } from './seed';

describe('seed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('creates the admin, the demo owner and the demo campaign, and is idempotent', async () => {
    const first = await seed(database.db, { adminEmail: 'Admin@Example.org', demo: true });
    const second = await seed(database.db, { adminEmail: 'admin@example.org', demo: true });

    expect(first.admin.created).toBe(true);
    expect(first.demoCampaign?.created).toBe(true);
    expect(second.admin).toEqual({ ...first.admin, created: false });
    expect(second.demoOwner).toEqual({ ...first.demoOwner, created: false });
    expect(second.demoCampaign).toEqual({ ...first.demoCampaign, created: false });

    const demo = await database.db.select().from(campaigns).where(eq(campaigns.slug, DEMO_CAMPAIGN_SLUG));
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ campaignName: 'Friends of Demo Candidate', status: 'active', packageStatus: 'ACTIVE', totalPurchasedYear: 1 });
    expect(demo[0].purchaseDate).toBeInstanceOf(Date);

    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.org'));
    expect(admin).toMatchObject({ isPlatformAdmin: true, status: 'active', isProfileUpdated: 1 });
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
    expect(owner).toMatchObject({ name: 'Demo Owner', status: 'active', isPlatformAdmin: false });

    const members = await database.db.select().from(campaignMembers).where(eq(campaignMembers.campaignId, demo[0].id));
    expect(members.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [owner.id, 'owner'],
        [first.demoManager!.id, 'manager'],
        [first.demoStaff!.id, 'staff'],
      ].sort(),
    );
    expect(second.demoManager).toEqual({ ...first.demoManager, created: false, email: DEMO_MANAGER_EMAIL });
    expect(second.demoStaff).toEqual({ ...first.demoStaff, created: false, email: DEMO_STAFF_EMAIL });
    const counts = await database.db.execute(sql`select (select count(*) from users)::int as users, (select count(*) from campaigns)::int as campaigns`);
    expect(counts.rows[0]).toEqual({ users: 4, campaigns: 3 });
  });

  it('gives the demo owner a second active campaign without a package and a pending one', async () => {
    const [rivera] = await database.db.select().from(campaigns).where(eq(campaigns.slug, DEMO_SECOND_CAMPAIGN_SLUG));
    expect(rivera).toMatchObject({ campaignName: 'Neighbors for Rivera', status: 'active', packageStatus: 'INACTIVE', purchaseDate: null });
    const [chen] = await database.db.select().from(campaigns).where(eq(campaigns.slug, DEMO_PENDING_CAMPAIGN_SLUG));
    expect(chen).toMatchObject({ campaignName: 'Committee to Elect Chen', status: 'pending' });
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
    for (const campaign of [rivera, chen]) {
      const members = await database.db.select().from(campaignMembers).where(eq(campaignMembers.campaignId, campaign.id));
      expect(members.map((m) => [m.userId, m.role])).toEqual([[owner.id, 'owner']]);
    }
  });

  it('does not bring back a demo member removed in the app', async () => {
    const [staff] = await database.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    await database.db.delete(campaignMembers).where(eq(campaignMembers.userId, staff.id));
    await seed(database.db, { adminEmail: 'admin@example.org', demo: true });
    expect(await database.db.select().from(campaignMembers).where(eq(campaignMembers.userId, staff.id))).toEqual([]);
  });

  it('creates only the admin when the demo is off', async () => {
    const other = await createTestDatabase();
    try {
      const result = await seed(other.db, { adminEmail: 'boss@example.org', demo: false });
      expect(result.demoCampaign).toBeNull();
      const rows = await other.db.select({ email: users.email }).from(users);
      expect(rows).toEqual([{ email: 'boss@example.org' }]);
    } finally {
      await other.drop();
    }
  });

  it('gives the admin and the demo owner a password only when they have none (never overwrites)', async () => {
    const other = await createTestDatabase();
    try {
      await seed(other.db, { adminEmail: 'boss@example.org', demo: true, adminPassword: 'first-admin', demoPassword: 'first-demo' });
      await seed(other.db, { adminEmail: 'boss@example.org', demo: true, adminPassword: 'second-admin', demoPassword: 'second-demo' });
      const [admin] = await other.db.select().from(users).where(eq(users.email, 'boss@example.org'));
      const [owner] = await other.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
      const [staff] = await other.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
      expect(await verifyPassword('first-admin', admin.passwordHash)).toBe(true);
      expect(await verifyPassword('first-demo', owner.passwordHash)).toBe(true);
      expect(await verifyPassword('first-demo', staff.passwordHash)).toBe(true);
      expect(admin.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await other.db.select().from(passwordHistory)).toHaveLength(4);
    } finally {
      await other.drop();
    }
  });
});

describe('demo book', () => {
  let database: TestDatabase;
  let campaignId: string;
  const seedOptions = { adminEmail: 'admin@example.org', demo: true, demoBook: true };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const countsOf = async (id: string) => {
    const result = await database.db.execute<Record<string, number>>(sql`
      select
        (select count(*)::int from donors where campaign_id = ${id}) as donors,
        (select count(*)::int from pledges where campaign_id = ${id}) as pledges,
        (select count(*)::int from donations where campaign_id = ${id}) as donations,
        (select count(*)::int from expenses where campaign_id = ${id}) as expenses,
        (select count(*)::int from donor_contacts where campaign_id = ${id}) as calls,
        (select count(*)::int from donor_metadata where campaign_id = ${id}) as metadata`);
    return result.rows[0];
  };

  it('fills the demo campaign once, and only the demo campaign', async () => {
    const first = await seed(database.db, seedOptions);
    campaignId = first.demoCampaign!.id;
    expect(first.demoBook).toEqual({ donors: 40, pledges: 7, donations: expect.any(Number), expenses: 26, calls: 6 });
    expect(first.demoBook!.donations).toBeGreaterThanOrEqual(80);
    const counts = await countsOf(campaignId);
    expect(counts).toMatchObject({ donors: 40, pledges: 7, donations: first.demoBook!.donations, expenses: 26, calls: 6 });
    expect(counts.metadata).toBeGreaterThanOrEqual(25);

    const second = await seed(database.db, seedOptions);
    expect(second.demoBook).toBeNull();
    expect(await countsOf(campaignId)).toEqual(counts);
    for (const other of [first.secondCampaign!.id, first.pendingCampaign!.id]) {
      expect(await countsOf(other)).toEqual({ donors: 0, pledges: 0, donations: 0, expenses: 0, calls: 0, metadata: 0 });
    }
    const markers = await database.db.select().from(campaignAudit).where(and(eq(campaignAudit.campaignId, campaignId), eq(campaignAudit.action, DEMO_BOOK_MARKER)));
    expect(markers).toHaveLength(1);
  });

  it('leaves alone a campaign whose book is already in use', async () => {
    const other = await createTestDatabase();
    try {
      const { demoCampaign } = await seed(other.db, { adminEmail: 'admin@example.org', demo: true });
      await other.db.insert(donors).values({ campaignId: demoCampaign!.id, name: 'Someone Real', contributorType: 'individual' });
      const [owner] = await other.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
      expect(await seedDemoBook(other.db, { campaignId: demoCampaign!.id, ownerId: owner.id, now: new Date() })).toBeNull();
      expect(await other.db.select().from(donors).where(eq(donors.campaignId, demoCampaign!.id))).toHaveLength(1);
    } finally {
      await other.drop();
    }
  });

  it('covers every contributor type, payment method and pledge state, with tags, notes and calls', async () => {
    const donorRows = await database.db.select().from(donors).where(eq(donors.campaignId, campaignId));
    expect(new Set(donorRows.map((d) => d.contributorType))).toEqual(new Set(CONTRIBUTOR_TYPES));
    expect(new Set(donorRows.map((d) => d.eligibility))).toEqual(new Set(['p-a', 'p-b', 'np', 'un']));
    expect(donorRows.filter((d) => d.country !== 'US').map((d) => [d.contributorType, d.state])).toEqual([
      ['individual', null],
      ['individual', null],
      ['individual', null],
    ]);
    expect(donorRows.filter((d) => d.state === 'new_york').length).toBeGreaterThanOrEqual(30);
    expect(new Set(donorRows.map((d) => d.donorEmail)).size).toBe(40);

    const donationRows = await database.db.select().from(donations).where(eq(donations.campaignId, campaignId));
    expect(new Set(donationRows.map((d) => d.paymentMethod))).toEqual(new Set(PAYMENT_METHODS));
    expect(new Set(donationRows.map((d) => d.source))).toEqual(new Set(['manual', 'import', 'online']));
    // One donation refunded in full, one in part (the excess over the limit).
    expect(donationRows.filter((d) => d.refundedCents === d.paidAmountCents).map((d) => d.refundReason)).toEqual(['Duplicate online charge']);
    expect(donationRows.filter((d) => d.refundedCents > 0 && d.refundedCents < d.paidAmountCents).map((d) => d.refundReason)).toEqual(['Excess over the contribution limit']);
    // Cash up to the $100 cap per contributor, never over it; checks carry their numbers.
    const cashByDonor = new Map<string, number>();
    for (const d of donationRows.filter((row) => row.paymentMethod === 'cash')) cashByDonor.set(d.donorId, (cashByDonor.get(d.donorId) ?? 0) + d.paidAmountCents - d.refundedCents);
    expect(Math.max(...cashByDonor.values())).toBe(10_000);
    expect(donationRows.filter((d) => d.paymentMethod === 'check').every((d) => /^\d+$/.test(d.checkNumber ?? ''))).toBe(true);
    const llc = donorRows.find((d) => d.contributorType === 'limited_liability_company')!;
    expect(donationRows.filter((d) => d.donorId === llc.id)).toEqual([]);

    const pledgeRows = await database.db.select().from(pledges).where(eq(pledges.campaignId, campaignId));
    expect(pledgeRows.filter((p) => p.writtenOffAt !== null)).toHaveLength(1);
    const open = pledgeRows.filter((p) => p.writtenOffAt === null);
    expect(open.some((p) => p.paidCents === 0)).toBe(true); // open
    expect(open.some((p) => p.paidCents > 0 && p.paidCents < p.commitmentAmountCents && p.instalments.length > 0)).toBe(true); // partly paid by instalments
    expect(open.some((p) => p.paidCents === p.commitmentAmountCents)).toBe(true); // paid
    for (const p of pledgeRows) {
      if (p.instalments.length > 0) expect(p.instalments.reduce((sum, i) => sum + i.amount_cents, 0)).toBe(p.commitmentAmountCents);
    }

    const expenseRows = await database.db.select().from(expenses).where(eq(expenses.campaignId, campaignId));
    expect(new Set(expenseRows.map((e) => e.purpose)).size).toBeGreaterThanOrEqual(20);
    expect(expenseRows.every((e) => (EXPENSE_PURPOSES as readonly string[]).includes(e.purpose))).toBe(true);
    for (const purpose of ['other', 'credit_card_payment', 'reimbursement']) {
      const row = expenseRows.find((e) => e.purpose === purpose);
      expect(row?.purposeDetails, purpose).toBeTruthy();
    }

    const tags = await database.db.select().from(donorMetadata).where(and(eq(donorMetadata.campaignId, campaignId), eq(donorMetadata.kind, 'tag')));
    expect(tags.map((tag) => tag.value)).toEqual(expect.arrayContaining(['host committee', 'volunteer']));
    const calls = await database.db.select().from(donorContacts).where(eq(donorContacts.campaignId, campaignId));
    expect(calls.every((call) => call.kind === 'call' && call.outcome !== null)).toBe(true);
  });

  it('spreads the activity over the last 12 months, nothing in the future but pledge instalments', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const donationRows = await database.db.select().from(donations).where(eq(donations.campaignId, campaignId));
    const expenseRows = await database.db.select().from(expenses).where(eq(expenses.campaignId, campaignId));
    const dates = [...donationRows.map((d) => d.payingDate), ...expenseRows.map((e) => e.expenseDate)];
    expect(dates.every((date) => date <= today)).toBe(true);
    const recentMonths = new Set(dates.filter((date) => date > yearAgo).map((date) => date.slice(0, 7)));
    expect(recentMonths.size).toBeGreaterThanOrEqual(10);
  });

  it('keeps every donor within the limit of the campaign rules (four exactly at it)', async () => {
    const [campaign] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign).toMatchObject({ complianceRuleSet: 'nyc_cfb', participantStatus: 'participant', officeSought: 'mayor', electionCycle: '2029' });
    const rules: ComplianceCampaign = {
      rule_set: 'nyc_cfb',
      participant_status: 'participant',
      office_sought: campaign.officeSought,
      custom_limit_individual_cents: null,
      custom_limit_organization_cents: null,
    };
    // Whatever the seed date: every gift and every open pledge remainder, all time.
    const result = await database.db.execute<{ id: string; contributor_type: string; eligibility: string; country: string; aggregate: string }>(sql`
      select d.id, d.contributor_type, d.eligibility, d.country,
        coalesce((select sum(paid_amount_cents - refunded_cents) from donations x where x.donor_id = d.id), 0)
        + coalesce((select sum(greatest(0, p.commitment_amount_cents - p.paid_cents)) from pledges p where p.donor_id = d.id and p.written_off_at is null), 0) as aggregate
      from donors d where d.campaign_id = ${campaignId}`);
    let atLimit = 0;
    for (const row of result.rows) {
      const { limit_cents } = limitFor(rules, {
        contributor_type: row.contributor_type as ContributorType,
        eligibility: row.eligibility as Eligibility,
        is_international: row.country !== 'US',
        state: null,
        city: null,
        zip: null,
        district: null,
      });
      if (limit_cents === null) continue;
      expect(Number(row.aggregate), row.id).toBeLessThanOrEqual(limit_cents);
      if (Number(row.aggregate) > 0 && Number(row.aggregate) === limit_cents) atLimit += 1;
    }
    expect(atLimit).toBe(4);
  });

  it('never writes the book again once written, even after everything was deleted in the app', async () => {
    await database.db.delete(expenses).where(eq(expenses.campaignId, campaignId));
    await seed(database.db, seedOptions);
    expect((await countsOf(campaignId)).expenses).toBe(0);
  });
});

describe('demo book on the dashboard', () => {
  it('gives every dashboard figure something to show', async () => {
    const t = await buildTestApp({ seed: true });
    try {
      const campaignId = t.seeded!.demoCampaign!.id;
      await seedDemoBook(t.db, { campaignId, ownerId: t.seeded!.demoOwner!.id, now: new Date() });
      const owner = await demoSignIn(t, 'owner');
      const read = async <T>(path: string) => {
        const res = await get(t, donorBookPath(path, { campaignId }), owner.token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as T;
      };
      const totals = await read<TotalStats>(DONOR_BOOK_PATHS.totalStats);
      expect(totals.donor_count).toBe(40);
      for (const key of ['total_raised_cents', 'total_pledged_cents', 'outstanding_cents', 'total_spent_cents', 'cash_on_hand_cents', 'donation_count', 'matchable_cents', 'public_funds_cents'] as const) {
        expect(totals[key], key).toBeGreaterThan(0);
      }
      const months = await read<MonthlyStatsData>(DONOR_BOOK_PATHS.monthlyStats);
      expect(months.monthly_stats.filter((m) => m.raised_cents > 0).length).toBeGreaterThanOrEqual(8);
      expect(months.monthly_stats.filter((m) => m.spent_cents > 0).length).toBeGreaterThanOrEqual(8);
      const cycle = await read<CycleStatsData>(DONOR_BOOK_PATHS.cycleStats);
      expect(cycle.raised_cents).toBeGreaterThan(0);
      expect(cycle.spent_cents).toBeGreaterThan(0);
      expect(cycle.donors_at_limit).toBeGreaterThanOrEqual(3);
      expect(cycle.by_payment_method.filter((row) => row.raised_cents > 0).length).toBeGreaterThanOrEqual(4);
    } finally {
      await t.close();
    }
  });
});
