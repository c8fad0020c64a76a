import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignPackages } from '../../db/schema';

export type NewCampaignPackage = typeof campaignPackages.$inferInsert;
export type CampaignPackageRow = typeof campaignPackages.$inferSelect;

export async function insertCampaignPackage(db: Executor, values: NewCampaignPackage): Promise<void> {
  await db.insert(campaignPackages).values(values);
}

/** The package a payment bought (null before the payment was captured). */
export async function findPackageOfPayment(db: Executor, paymentId: string): Promise<CampaignPackageRow | null> {
  const [row] = await db.select().from(campaignPackages).where(eq(campaignPackages.paymentId, paymentId)).limit(1);
  return row ?? null;
}

/** Every package of a campaign, oldest first: purchases and administrators' grants. */
export async function listCampaignPackages(db: Executor, campaignId: string): Promise<CampaignPackageRow[]> {
  return db.select().from(campaignPackages).where(and(eq(campaignPackages.campaignId, campaignId))).orderBy(asc(campaignPackages.createdAt));
}
