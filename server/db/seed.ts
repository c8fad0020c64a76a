import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { campaignMembers, campaigns, users } from './schema';

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
}

/** Idempotent: creates only what is missing and never overwrites existing rows. Prints nothing. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const ensureUser = async (values: typeof users.$inferInsert) => {
      const inserted = await tx.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning({ id: users.id });
      if (inserted[0]) return { id: inserted[0].id, email: values.email, created: true };
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, values.email));
      return { id: existing.id, email: values.email, created: false };
    };

    const admin = await ensureUser({
      email: options.adminEmail.toLowerCase(),
      name: 'Platform Administrator',
      status: 'active',
      isPlatformAdmin: true,
    });
    if (!options.demo) return { admin, demoOwner: null, demoCampaign: null };

    const demoOwner = await ensureUser({ email: DEMO_OWNER_EMAIL, name: 'Demo Owner', status: 'active', isProfileUpdated: 1 });

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
