import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;

export async function findCampaignBySlug(db: Db, slug: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.slug, slug)).limit(1);
  return row ?? null;
}
