import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../modules/auth/passwords';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { campaignMembers, campaigns, passwordHistory, users } from './schema';
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
