/** SQL of the reconcile report (reconcile-report.ts): the refunds and the donors of the payments it compares. */
import { and, asc, eq } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/executor';
import { donors, paymentRefunds, payments } from '../../db/schema';
import type { RefundRecord } from './refund-repository';

/** Every refund asked of PayPal for these payments (of the campaign), oldest first, by payment id. */
export async function refundsOfPayments(db: Executor, campaignId: string, paymentIds: readonly string[]): Promise<Map<string, RefundRecord[]>> {
  const byPayment = new Map<string, RefundRecord[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.campaignId, campaignId), anyOf(paymentRefunds.paymentId, paymentIds, 'uuid')))
    .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id));
  for (const row of rows) byPayment.set(row.paymentId, [...(byPayment.get(row.paymentId) ?? []), row]);
  return byPayment;
}

/** The donor (id, name) of each of these payments that has one (of the campaign), by payment id. */
export async function donorsOfPayments(db: Executor, campaignId: string, paymentIds: readonly string[]): Promise<Map<string, { id: string; name: string }>> {
  const byPayment = new Map<string, { id: string; name: string }>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select({ paymentId: payments.id, donorId: donors.id, name: donors.name })
    .from(payments)
    .innerJoin(donors, and(eq(donors.id, payments.donorId), eq(donors.campaignId, campaignId)))
    .where(and(eq(payments.campaignId, campaignId), anyOf(payments.id, paymentIds, 'uuid')));
  for (const row of rows) byPayment.set(row.paymentId, { id: row.donorId, name: row.name });
  return byPayment;
}
