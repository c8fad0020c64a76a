/** SQL of PayPal disputes (payment_disputes, migration 0026). */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { paymentDisputes } from '../../db/schema';

export type DisputeRecord = typeof paymentDisputes.$inferSelect;

/** Records a dispute or its new status; answers whether the dispute is new (this call created it). */
export async function upsertDispute(
  db: Executor,
  values: { disputeId: string; campaignId: string; paymentId: string; status: string; reason: string | null; amountCents: number | null; outcome: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insert(paymentDisputes)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: paymentDisputes.disputeId,
      set: { status: values.status, outcome: sql`coalesce(${values.outcome}, ${paymentDisputes.outcome})`, updatedAt: now },
      where: and(eq(paymentDisputes.campaignId, values.campaignId), eq(paymentDisputes.paymentId, values.paymentId)),
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });
  return rows[0]?.created === true;
}

export async function disputesOfPayment(db: Executor, campaignId: string, paymentId: string): Promise<DisputeRecord[]> {
  return db
    .select()
    .from(paymentDisputes)
    .where(and(eq(paymentDisputes.campaignId, campaignId), eq(paymentDisputes.paymentId, paymentId)))
    .orderBy(paymentDisputes.createdAt);
}
