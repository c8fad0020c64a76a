import { and, asc, count, desc, eq, gt, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PledgeStatus } from '../../../domain/donor-book/enums';
import { parseSort } from '../../../domain/validation/fields';
import type { Executor } from '../../db/executor';
import { donations, donors, payments, pledges } from '../../db/schema';
import { versionSql } from '../book/book-version-repository';
import { escapeLike } from '../donors/normalize';

export type PledgeRecord = typeof pledges.$inferSelect;
export type PledgeValues = Pick<typeof pledges.$inferInsert, 'commitmentDate' | 'commitmentAmountCents' | 'recipient' | 'instalments' | 'note'>;

export interface PledgeWithDonor {
  pledge: PledgeRecord;
  donorName: string;
}

/** What is still owed on a pledge, in SQL (same rule as pledgeRemainingCents). */
const remainingSql = sql<number>`(case when ${pledges.writtenOffAt} is not null then 0 else greatest(0, ${pledges.commitmentAmountCents} - ${pledges.paidCents}) end)`;

/** A donor's pledges, newest commitment first. */
export async function pledgesOfDonor(db: Executor, campaignId: string, donorId: string): Promise<PledgeRecord[]> {
  return db
    .select()
    .from(pledges)
    .where(and(eq(pledges.campaignId, campaignId), eq(pledges.donorId, donorId)))
    .orderBy(desc(pledges.commitmentDate), desc(pledges.createdAt), desc(pledges.id))
    .limit(1000);
}

export async function findPledge(db: Executor, campaignId: string, pledgeId: string): Promise<PledgeWithDonor | null> {
  const [row] = await db
    .select({ pledge: pledges, donorName: donors.name })
    .from(pledges)
    .innerJoin(donors, eq(donors.id, pledges.donorId))
    .where(and(eq(pledges.campaignId, campaignId), eq(pledges.id, pledgeId)))
    .limit(1);
  return row ?? null;
}

/**
 * Online payments towards this pledge whose money may be on its way (approved, capture under way,
 * outcome unknown, or PENDING at PayPal): not yet in its paid amount, but counted against what remains
 * by every write that pays the pledge, online (at capture) or by staff (issue 29 point 10). Read it
 * under the pledge's row lock: a capture claims its payment under that same lock.
 */
export async function pledgeInFlightCents(db: Executor, campaignId: string, pledgeId: string, exceptPaymentId: string | null = null): Promise<number> {
  const result = await db.execute(sql`
    select coalesce(sum(${payments.amountCents}), 0)::bigint as cents from ${payments}
    where ${payments.campaignId} = ${campaignId} and ${payments.pledgeId} = ${pledgeId}
      and ${payments.status} in ('approved', 'capturing', 'unknown', 'pending')
      and (${exceptPaymentId}::uuid is null or ${payments.id} <> ${exceptPaymentId}::uuid)`);
  return Number((result.rows[0] as { cents: string }).cents);
}

/** The pledge row locked until the transaction ends. */
export async function lockPledge(tx: Executor, campaignId: string, pledgeId: string): Promise<PledgeRecord | null> {
  const [row] = await tx
    .select()
    .from(pledges)
    .where(and(eq(pledges.campaignId, campaignId), eq(pledges.id, pledgeId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertPledge(
  db: Executor,
  values: PledgeValues & { campaignId: string; donorId: string; createdBy: string | null; createdAt: Date; updatedAt: Date },
): Promise<PledgeRecord> {
  const [row] = await db.insert(pledges).values(values).returning();
  return row;
}

export async function updatePledgeRow(db: Executor, campaignId: string, pledgeId: string, values: Partial<PledgeValues> & Partial<Pick<PledgeRecord, 'writtenOffAt' | 'writeOffReason'>>, now: Date): Promise<PledgeRecord | null> {
  const [row] = await db
    .update(pledges)
    .set({ ...values, updatedAt: now })
    .where(and(eq(pledges.campaignId, campaignId), eq(pledges.id, pledgeId)))
    .returning();
  return row ?? null;
}

export async function deletePledgeRow(db: Executor, campaignId: string, pledgeId: string): Promise<boolean> {
  const rows = await db
    .delete(pledges)
    .where(and(eq(pledges.campaignId, campaignId), eq(pledges.id, pledgeId)))
    .returning({ id: pledges.id });
  return rows.length > 0;
}

export async function pledgeHasDonations(db: Executor, pledgeId: string): Promise<boolean> {
  const [row] = await db.select({ id: donations.id }).from(donations).where(eq(donations.pledgeId, pledgeId)).limit(1);
  return !!row;
}

// ── list_donor_pledge_info ──────────────────────────────────────────────────────────────────

export interface PledgeListFilter {
  page: number;
  limit: number;
  sort: string;
  search?: string;
  status?: PledgeStatus;
  donor_id?: string;
  start_date?: string | null;
  end_date?: string | null;
}

function statusCondition(status: PledgeStatus): SQL | undefined {
  switch (status) {
    case 'written_off':
      return isNotNull(pledges.writtenOffAt);
    case 'paid':
      return and(isNull(pledges.writtenOffAt), gte(pledges.paidCents, pledges.commitmentAmountCents));
    case 'open':
      return and(isNull(pledges.writtenOffAt), lte(pledges.paidCents, 0));
    case 'partly_paid':
      return and(isNull(pledges.writtenOffAt), gt(pledges.paidCents, 0), sql`${pledges.paidCents} < ${pledges.commitmentAmountCents}`);
  }
}

function pledgeOrder(sort: string): SQL[] {
  const { field, descending } = parseSort(sort);
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const id = sql`${pledges.id}`;
  switch (field) {
    case 'remaining_cents':
      return [dir(remainingSql), dir(id)];
    case 'donor_name':
      return [dir(sql`lower(${donors.name})`), dir(sql`${donors.id}`), dir(sql`${pledges.commitmentDate}`), dir(id)];
    case 'commitment_amount_cents':
      return [dir(sql`${pledges.commitmentAmountCents}`), dir(id)];
    case 'commitment_date':
    default:
      return [dir(sql`${pledges.commitmentDate}`), dir(id)];
  }
}

function pledgeConditions(campaignId: string, filter: PledgeListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(pledges.campaignId, campaignId)];
  if (filter.donor_id) conditions.push(eq(pledges.donorId, filter.donor_id));
  if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.start_date) conditions.push(gte(pledges.commitmentDate, filter.start_date));
  if (filter.end_date) conditions.push(lte(pledges.commitmentDate, filter.end_date));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(donors.name, pattern), ilike(pledges.recipient, pattern), ilike(pledges.note, pattern)));
  }
  return and(...conditions);
}

/** One page of pledges with the donor's name. */
export async function listPledgeRows(db: Executor, campaignId: string, filter: PledgeListFilter): Promise<PledgeWithDonor[]> {
  return db
    .select({ pledge: pledges, donorName: donors.name })
    .from(pledges)
    .innerJoin(donors, eq(donors.id, pledges.donorId))
    .where(pledgeConditions(campaignId, filter))
    .orderBy(...pledgeOrder(filter.sort))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
}

export interface PledgeTotals {
  total: number;
  totals: { commitment_amount_cents: number; paid_cents: number; remaining_cents: number };
}

/** Count and totals of the matching pledges, and the donor-book version seen by the same statement. */
export async function pledgeTotals(db: Executor, campaignId: string, filter: PledgeListFilter): Promise<{ value: PledgeTotals; version: number }> {
  const [row] = await db
    .select({
      total: count(),
      commitment: sql<number>`coalesce(sum(${pledges.commitmentAmountCents}), 0)`.mapWith(Number),
      paid: sql<number>`coalesce(sum(${pledges.paidCents}), 0)`.mapWith(Number),
      remaining: sql<number>`coalesce(sum(${remainingSql}), 0)`.mapWith(Number),
      version: versionSql(campaignId),
    })
    .from(pledges)
    .innerJoin(donors, eq(donors.id, pledges.donorId))
    .where(pledgeConditions(campaignId, filter));
  return {
    value: { total: row!.total, totals: { commitment_amount_cents: row!.commitment, paid_cents: row!.paid, remaining_cents: row!.remaining } },
    version: row!.version,
  };
}
