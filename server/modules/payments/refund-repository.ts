/**
 * SQL of refunds asked of PayPal (payment_refunds, migration 0026): one row per refund, with its own
 * invoice id and PayPal-Request-Id; requested → pending → completed | failed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { paymentRefunds } from '../../db/schema';

export type RefundRecord = typeof paymentRefunds.$inferSelect;
export type RefundStatus = 'requested' | 'pending' | 'completed' | 'failed';

export async function findRefund(db: Executor, campaignId: string, id: string): Promise<RefundRecord | null> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.campaignId, campaignId), eq(paymentRefunds.id, id)))
    .limit(1);
  return row ?? null;
}

/** A refund of this payment and amount asked of PayPal whose answer never came (a retry asks the same). */
export async function findUnansweredRefund(db: Executor, campaignId: string, paymentId: string, amountCents: number): Promise<RefundRecord | null> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.campaignId, campaignId), eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'requested'), eq(paymentRefunds.amountCents, amountCents)))
    .limit(1);
  return row ?? null;
}

/** Cents of this payment's refunds under way (asked, or PENDING at PayPal): not refundable again. */
export async function openRefundCents(db: Executor, campaignId: string, paymentId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<string>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.campaignId, campaignId), eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, ['requested', 'pending'])));
  return Number(row?.cents ?? 0);
}

export async function insertRefund(
  db: Executor,
  values: { id: string; campaignId: string; paymentId: string; amountCents: number; reason: string; createdBy: string | null },
  now: Date,
): Promise<RefundRecord> {
  const [row] = await db
    .insert(paymentRefunds)
    .values({ ...values, invoiceId: `refund-${values.id}`, requestId: `refund-${values.id}`, status: 'requested', createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function updateRefund(
  db: Executor,
  id: string,
  patch: { status: RefundStatus; providerRefundId?: string | null; failureReason?: string | null },
  now: Date,
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ ...patch, updatedAt: now })
    .where(eq(paymentRefunds.id, id));
}

/** The refund PayPal knows by this id ends completed (a webhook or the answer said so). */
export async function completeRefundByProviderId(db: Executor, providerRefundId: string, now: Date): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ status: 'completed', updatedAt: now })
    .where(and(eq(paymentRefunds.providerRefundId, providerRefundId), inArray(paymentRefunds.status, ['requested', 'pending'])));
}

/** Refunds still pending at PayPal, of these donations' payments (shown as pending). */
export async function pendingRefundsOfPayment(db: Executor, campaignId: string, paymentId: string): Promise<RefundRecord[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.campaignId, campaignId), eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, ['requested', 'pending'])))
    .orderBy(paymentRefunds.createdAt);
}
