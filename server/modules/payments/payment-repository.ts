import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { payments } from '../../db/schema';

export type PaymentRecord = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentPatch = Partial<
  Pick<PaymentRecord, 'status' | 'orderId' | 'captureId' | 'donorId' | 'donationId' | 'receiptNumber' | 'failureCode' | 'completedAt' | 'refundedCents'>
>;

/** Inserts the payment, or answers the one this campaign already has for the key (a second press of Pay). */
export async function insertPaymentOnce(db: Executor, values: NewPayment): Promise<{ row: PaymentRecord; created: boolean }> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing({ target: [payments.campaignId, payments.idempotencyKey] }).returning();
  if (row) return { row, created: true };
  const [existing] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.campaignId, values.campaignId), eq(payments.idempotencyKey, values.idempotencyKey)))
    .limit(1);
  return { row: existing!, created: false };
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row ?? null;
}

export async function lockPayment(tx: Executor, id: string): Promise<PaymentRecord | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function findPaymentByCapture(db: Executor, captureId: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.captureId, captureId)).limit(1);
  return row ?? null;
}

export async function findPaymentByOrder(db: Executor, orderId: string): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row ?? null;
}

export async function findPaymentOfDonation(db: Executor, campaignId: string, donationId: string): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.campaignId, campaignId), eq(payments.donationId, donationId)))
    .limit(1);
  return row ?? null;
}

export async function updatePayment(db: Executor, id: string, patch: PaymentPatch, now: Date): Promise<PaymentRecord> {
  const [row] = await db
    .update(payments)
    .set({ ...patch, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** Moves a payment from one of `from` to `patch.status`; null when it was not in one of them. */
export async function transitionPayment(db: Executor, id: string, from: readonly string[], patch: PaymentPatch, now: Date): Promise<PaymentRecord | null> {
  const [row] = await db
    .update(payments)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning();
  return row ?? null;
}

/** Marks a payment as looked at now (the reconciliation's queue is oldest-updated first). */
export async function touchPayment(db: Executor, id: string, now: Date): Promise<void> {
  await db.update(payments).set({ updatedAt: now }).where(eq(payments.id, id));
}

export async function nextReceiptNumber(db: Executor): Promise<string> {
  const result = await db.execute(sql`select nextval('payment_receipt_seq')::text as n`);
  return `R-${(result.rows[0] as { n: string }).n.padStart(6, '0')}`;
}

/** Statuses of a payment whose money may be on its way: counted against limits and pledges until settled. */
const MONEY_ON_ITS_WAY = sql`('capturing', 'unknown', 'pending')`;

/**
 * Online gifts of this e-mail in the campaign whose capture is under way, unknown or pending: they
 * count against the limit until recorded or released, so two tabs cannot both pass it.
 */
export async function capturingCents(db: Executor, campaignId: string, email: string, exceptId: string): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(${payments.amountCents}), 0)::bigint as cents from ${payments}
    where ${payments.campaignId} = ${campaignId} and ${payments.kind} = 'donation' and ${payments.status} in ${MONEY_ON_ITS_WAY}
      and lower(${payments.donorDetails}->>'email') = ${email.toLowerCase()} and ${payments.id} <> ${exceptId}`);
  return Number((result.rows[0] as { cents: string }).cents);
}

/** Payments left open (created, approved, capturing, unknown, pending) since before `before`: the reconciliation reads them again. */
export async function listStalePayments(db: Executor, before: Date, limit: number): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(inArray(payments.status, ['created', 'approved', 'capturing', 'unknown', 'pending']), lt(payments.updatedAt, before)))
    .orderBy(payments.updatedAt)
    .limit(limit);
}

/** The campaign's newest online payments that reached PayPal (have an order): the reconcile report. */
export async function listOrderedPayments(db: Executor, campaignId: string, limit: number): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.campaignId, campaignId), isNotNull(payments.orderId)))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

export async function listPurchases(db: Executor, campaignId: string): Promise<PaymentRecord[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.campaignId, campaignId), eq(payments.kind, 'package'), inArray(payments.status, ['completed', 'declined', 'failed', 'approved', 'capturing'])))
    .orderBy(desc(payments.createdAt))
    .limit(500);
}

/** Records a webhook event id; false when it was already there (processed before). */
/** Serializes every write about one donor e-mail of a campaign (the donor row may not exist yet). */
export async function lockDonorEmail(tx: Executor, campaignId: string, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${campaignId}:${email.toLowerCase()}`}, 7))`);
}
