import { and, eq, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import type { Db } from './client';
import { campaignMembers, campaigns, passwordHistory, users } from './schema';

export const DEMO_OWNER_EMAIL = 'owner@demo.campaign';
export const DEMO_CAMPAIGN_SLUG = 'demo-campaign';

export interface SeedResult {
  admin: { id: string; email: string; created: boolean };
  demoOwner: { id: string; email: string; created: boolean } | null;
  demoCampaign: { id: string; slug: string; campaignName: string; created: boolean } | null;
}

export interface SeedOptions {
  adminEmail: string;
  /** Also create the demo owner and demo campaign (DEMO_SEED). */
  demo: boolean;
  /** ADMIN_PASSWORD: set on the admin when it has no password yet; null/undefined = passwordless only. */
  adminPassword?: string | null;
  /** DEMO_PASSWORD (default 'demo-pass-123'): set on the demo owner when it has no password yet. */
  demoPassword?: string | null;
}

/** Idempotent: creates only what is missing and never overwrites existing rows. Prints nothing. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  // Hashing is slow: done before the transaction.
  const adminHash = options.adminPassword ? await hashPassword(options.adminPassword) : null;
  const demoHash = options.demo && options.demoPassword ? await hashPassword(options.demoPassword) : null;
  return db.transaction(async (tx) => {
    const ensureUser = async (email: string, values: Omit<typeof users.$inferInsert, 'email'>, passwordHash: string | null) => {
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
        if (set.length > 0) await tx.insert(passwordHistory).values({ userId: id, passwordHash, createdAt: sql`now()` });
      }
      return { id, email, created: inserted.length > 0 };
    };

    const admin = await ensureUser(
      options.adminEmail.toLowerCase(),
      {
        name: 'Platform Administrator',
        status: 'active',
        isPlatformAdmin: true,
      },
      adminHash,
    );
    if (!options.demo) return { admin, demoOwner: null, demoCampaign: null };

    const demoOwner = await ensureUser(DEMO_OWNER_EMAIL, { name: 'Demo Owner', status: 'active', isProfileUpdated: 1 }, demoHash);

    const campaignName = 'Friends of Demo Candidate';
    const inserted = await tx
      .insert(campaigns)
      .values({
        slug: DEMO_CAMPAIGN_SLUG,
        campaignName,
        committeeName: campaignName,
        status: 'active',
        packageStatus: 'ACTIVE',
        purchaseDate: sql`now()`,
        totalPurchasedYear: 1,
        officeSought: 'mayor',
        party: 'Democratic',
        electionCycle: '2025',
        complianceRuleSet: 'nyc_cfb',
        createdBy: demoOwner.id,
      })
      .onConflictDoNothing({ target: campaigns.slug })
      .returning({ id: campaigns.id });
    const campaignId = inserted[0]?.id ?? (await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, DEMO_CAMPAIGN_SLUG)))[0].id;

    await tx.insert(campaignMembers).values({ campaignId, userId: demoOwner.id, role: 'owner' }).onConflictDoNothing();

    return {
      admin,
      demoOwner,
      demoCampaign: { id: campaignId, slug: DEMO_CAMPAIGN_SLUG, campaignName, created: inserted.length > 0 },
    };
  });
}
