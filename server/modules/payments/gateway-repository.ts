import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignGateways, givingPages, paymentProviders } from '../../db/schema';

export type GatewayRecord = typeof campaignGateways.$inferSelect;
export type ProviderRecord = typeof paymentProviders.$inferSelect;
export type GivingPageRecord = typeof givingPages.$inferSelect;

export async function listProviders(db: Executor): Promise<ProviderRecord[]> {
  return db.select().from(paymentProviders).orderBy(asc(paymentProviders.provider));
}

export async function findProvider(db: Executor, provider: string): Promise<ProviderRecord | null> {
  const [row] = await db.select().from(paymentProviders).where(eq(paymentProviders.provider, provider)).limit(1);
  return row ?? null;
}

export async function upsertProvider(db: Executor, values: { provider: string; name: string; isActive: boolean }, now: Date): Promise<ProviderRecord> {
  const [row] = await db
    .insert(paymentProviders)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: paymentProviders.provider, set: { name: values.name, isActive: values.isActive, updatedAt: now } })
    .returning();
  return row!;
}

export async function findGateway(db: Executor, campaignId: string, provider = 'paypal'): Promise<GatewayRecord | null> {
  const [row] = await db
    .select()
    .from(campaignGateways)
    .where(and(eq(campaignGateways.campaignId, campaignId), eq(campaignGateways.provider, provider)))
    .limit(1);
  return row ?? null;
}

export async function listGateways(db: Executor, campaignId: string): Promise<GatewayRecord[]> {
  return db.select().from(campaignGateways).where(eq(campaignGateways.campaignId, campaignId)).orderBy(asc(campaignGateways.provider));
}

export type GatewayValues = Pick<GatewayRecord, 'mode' | 'clientId' | 'secretCiphertext' | 'secretLast4' | 'webhookId'>;

export async function upsertGateway(db: Executor, campaignId: string, values: GatewayValues & { configuredBy: string | null }, now: Date): Promise<GatewayRecord> {
  const [row] = await db
    .insert(campaignGateways)
    .values({ campaignId, provider: 'paypal', ...values, verifiedAt: null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [campaignGateways.campaignId, campaignGateways.provider],
      set: { ...values, verifiedAt: null, updatedAt: now },
    })
    .returning();
  return row!;
}

export async function markGatewayVerified(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(campaignGateways).set({ verifiedAt: now }).where(eq(campaignGateways.id, id));
}

export async function findGivingPage(db: Executor, campaignId: string): Promise<GivingPageRecord | null> {
  const [row] = await db.select().from(givingPages).where(eq(givingPages.campaignId, campaignId)).limit(1);
  return row ?? null;
}

export type GivingPageValues = Pick<GivingPageRecord, 'appeal' | 'suggestedAmountsCents'> & Partial<Pick<GivingPageRecord, 'paidForBy' | 'taxNotice' | 'privacyUrl' | 'rulesNotice' | 'requirePhone'>>;

/** Saves the page's settings; notices and require-phone left out (undefined) keep their stored value. */
export async function upsertGivingPage(db: Executor, campaignId: string, values: GivingPageValues, now: Date): Promise<GivingPageRecord> {
  const [row] = await db
    .insert(givingPages)
    .values({ campaignId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: givingPages.campaignId, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}
