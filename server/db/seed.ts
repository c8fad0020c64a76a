import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { WELL_KNOWN_PASSWORDS } from '../config';
import { hashPassword, verifyPassword } from '../modules/auth/passwords';
import type { Db } from './client';
import { seedDemoBook, type DemoBookResult } from './demo-book';
import { campaignGateways, campaignMembers, campaigns, passwordHistory, users } from './schema';

export const DEMO_OWNER_EMAIL = 'owner@demo.campaign';
export const DEMO_MANAGER_EMAIL = 'manager@demo.campaign';
export const DEMO_STAFF_EMAIL = 'staff@demo.campaign';
export const DEMO_CAMPAIGN_SLUG = 'demo-campaign';
/** A second active campaign of the demo owner, without a package (the purchase reminder shows). */
export const DEMO_SECOND_CAMPAIGN_SLUG = 'rivera-2026';
/** A campaign of the demo owner awaiting activation by the administrator. */
export const DEMO_PENDING_CAMPAIGN_SLUG = 'chen-for-council';

interface SeededUser {
  id: string;
  email: string;
  created: boolean;
}
interface SeededCampaign {
  id: string;
  slug: string;
  campaignName: string;
  created: boolean;
}

export interface SeedResult {
  admin: SeededUser;
  demoOwner: SeededUser | null;
  demoManager: SeededUser | null;
  demoStaff: SeededUser | null;
  demoCampaign: SeededCampaign | null;
  /** 'Neighbors for Rivera': active, package INACTIVE, owned by the demo owner. */
  secondCampaign: SeededCampaign | null;
  /** 'Committee to Elect Chen': pending, created by the demo owner. */
  pendingCampaign: SeededCampaign | null;
  /** What was written into the demo campaign's book by this run (null: nothing, or `demoBook` off). */
  demoBook: DemoBookResult | null;
  /** `demoPassword` was given to at least one demo account by this run (false: they all had one). */
  demoPasswordSet: boolean;
}

export interface SeedOptions {
  adminEmail: string;
  /**
   * Also create the demo (DEMO_SEED): owner, manager and staff of 'Friends of Demo Candidate'
   * (active, package ACTIVE); 'Neighbors for Rivera' (active, package INACTIVE) and 'Committee to
   * Elect Chen' (pending activation), both of the demo owner.
   */
  demo: boolean;
  /** ADMIN_PASSWORD: set on the admin when it has no password yet; null/undefined = passwordless only. */
  adminPassword?: string | null;
  /** DEMO_PASSWORD (default 'demo-pass-123'): set on the demo owner, manager and staff when they have none yet. */
  demoPassword?: string | null;
  /**
   * Also fill the demo campaign's book (donors, pledges, donations, expenses, calls: server/db/demo-book.ts),
   * once per campaign. Off by default so that tests start from an empty book; `npm start` turns it on with DEMO_SEED.
   */
  demoBook?: boolean;
  /** The demo campaign's payment gateway (server/modules/payments/demo-gateway.ts), added once when missing. */
  demoGateway?: DemoGatewaySeed | null;
}

export interface DemoGatewaySeed {
  mode: 'local';
  clientId: string;
  secretCiphertext: string;
  secretLast4: string;
  webhookId: string;
}

/** Idempotent: creates only what is missing and never overwrites existing rows. Prints nothing. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  // Hashing is slow: done before the transaction.
  const adminHash = options.adminPassword ? await hashPassword(options.adminPassword) : null;
  const demoHash = options.demo && options.demoPassword ? await hashPassword(options.demoPassword) : null;
  const passwordsSet = new Set<string>();
  return db.transaction(async (tx) => {
    const ensureUser = async (email: string, values: Omit<typeof users.$inferInsert, 'email'>, passwordHash: string | null): Promise<SeededUser> => {
      const inserted = await tx
        .insert(users)
        .values({ ...values, email, emailVerifiedAt: sql`now()` })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      const id = inserted[0]?.id ?? (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
      if (passwordHash) {
        // Only fills a missing password: never overwrites one the user chose.
        const set = await tx
          .update(users)
          .set({ passwordHash })
          .where(and(eq(users.id, id), isNull(users.passwordHash)))
          .returning({ id: users.id });
        if (set.length > 0) {
          await tx.insert(passwordHistory).values({ userId: id, passwordHash, createdAt: sql`now()` });
          passwordsSet.add(email);
        }
      }
      return { id, email, created: inserted.length > 0 };
    };

    const admin = await ensureUser(
      options.adminEmail.toLowerCase(),
      {
        name: 'Platform Administrator',
        status: 'active',
        isPlatformAdmin: true,
        isProfileUpdated: 1,
      },
      adminHash,
    );
    if (!options.demo) return { admin, demoOwner: null, demoManager: null, demoStaff: null, demoCampaign: null, secondCampaign: null, pendingCampaign: null, demoBook: null, demoPasswordSet: false };

    const demoOwner = await ensureUser(DEMO_OWNER_EMAIL, { name: 'Demo Owner', status: 'active', isProfileUpdated: 1 }, demoHash);
    const demoManager = await ensureUser(DEMO_MANAGER_EMAIL, { name: 'Demo Manager', status: 'active', isProfileUpdated: 1 }, demoHash);
    const demoStaff = await ensureUser(DEMO_STAFF_EMAIL, { name: 'Demo Staff', status: 'active', isProfileUpdated: 1 }, demoHash);

    const seededAt = new Date();
    const ensureCampaign = async (values: typeof campaigns.$inferInsert): Promise<SeededCampaign> => {
      const inserted = await tx.insert(campaigns).values(values).onConflictDoNothing({ target: campaigns.slug }).returning({ id: campaigns.id });
      const id = inserted[0]?.id ?? (await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, values.slug)))[0].id;
      return { id, slug: values.slug, campaignName: values.campaignName, created: inserted.length > 0 };
    };
    // A membership is added only with a new campaign or a new user: one removed in the app stays removed.
    const ensureMember = async (campaign: SeededCampaign, user: SeededUser, role: string) => {
      if (campaign.created || user.created) await tx.insert(campaignMembers).values({ campaignId: campaign.id, userId: user.id, role }).onConflictDoNothing();
    };

    const demoCampaign = await ensureCampaign({
      slug: DEMO_CAMPAIGN_SLUG,
      campaignName: 'Friends of Demo Candidate',
      committeeName: 'Friends of Demo Candidate',
      status: 'active',
      activatedAt: seededAt,
      packageStatus: 'ACTIVE',
      purchaseDate: seededAt,
      totalPurchasedYear: 1,
      officeSought: 'mayor',
      party: 'Democratic',
      electionCycle: '2029',
      complianceRuleSet: 'nyc_cfb',
      participantStatus: 'participant',
      // Demo identifiers (not a real CFB filer): C-SMART's import file needs both (column B and D).
      cfbCandidateId: 'DEMO',
      cfbCommitteeId: 'A',
      treasurerName: 'Demo Owner',
      treasurerEmail: DEMO_OWNER_EMAIL,
      city: 'New York',
      state: 'new_york',
      createdBy: demoOwner.id,
    });
    await ensureMember(demoCampaign, demoOwner, 'owner');
    await ensureMember(demoCampaign, demoManager, 'manager');
    await ensureMember(demoCampaign, demoStaff, 'staff');

    const secondCampaign = await ensureCampaign({
      slug: DEMO_SECOND_CAMPAIGN_SLUG,
      campaignName: 'Neighbors for Rivera',
      committeeName: 'Neighbors for Rivera',
      status: 'active',
      activatedAt: seededAt,
      packageStatus: 'INACTIVE',
      officeSought: 'state_assembly',
      district: 'Assembly District 74',
      party: 'Democratic',
      electionCycle: '2026',
      complianceRuleSet: 'nys_pcf',
      participantStatus: 'participant',
      state: 'new_york',
      createdBy: demoOwner.id,
    });
    await ensureMember(secondCampaign, demoOwner, 'owner');

    const pendingCampaign = await ensureCampaign({
      slug: DEMO_PENDING_CAMPAIGN_SLUG,
      campaignName: 'Committee to Elect Chen',
      committeeName: 'Committee to Elect Chen',
      status: 'pending',
      packageStatus: 'INACTIVE',
      officeSought: 'city_council',
      district: 'Council District 1',
      electionCycle: '2029',
      complianceRuleSet: 'custom',
      customLimitIndividualCents: 150_000,
      customLimitOrganizationCents: 0,
      state: 'new_york',
      createdBy: demoOwner.id,
    });
    await ensureMember(pendingCampaign, demoOwner, 'owner');

    if (options.demoGateway) {
      await tx
        .insert(campaignGateways)
        .values({ campaignId: demoCampaign.id, provider: 'paypal', ...options.demoGateway, configuredBy: demoOwner.id })
        .onConflictDoNothing();
    }
    const demoBook = options.demoBook ? await seedDemoBook(tx, { campaignId: demoCampaign.id, ownerId: demoOwner.id, now: seededAt }) : null;

    const demoPasswordSet = [demoOwner, demoManager, demoStaff].some((user) => passwordsSet.has(user.email));
    return { admin, demoOwner, demoManager, demoStaff, demoCampaign, secondCampaign, pendingCampaign, demoBook, demoPasswordSet };
  });
}

/** The seeded accounts (`adminEmail` and the demo team) whose password is one the README publishes. */
export async function accountsWithPublishedPassword(db: Db, adminEmail: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(inArray(users.email, [adminEmail.toLowerCase(), DEMO_OWNER_EMAIL, DEMO_MANAGER_EMAIL, DEMO_STAFF_EMAIL]), isNotNull(users.passwordHash)));
  const found: string[] = [];
  for (const row of rows) {
    for (const password of WELL_KNOWN_PASSWORDS) {
      if (row.email && (await verifyPassword(password, row.passwordHash))) found.push(row.email);
    }
  }
  return found.sort();
}
