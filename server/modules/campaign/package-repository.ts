import type { Executor } from '../../db/executor';
import { campaignPackages } from '../../db/schema';

export type NewCampaignPackage = typeof campaignPackages.$inferInsert;

export async function insertCampaignPackage(db: Executor, values: NewCampaignPackage): Promise<void> {
  await db.insert(campaignPackages).values(values);
}
