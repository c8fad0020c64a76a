/**
 * SQL of the expenses book. Every query is scoped by campaign_id: an id of another campaign's
 * expense finds nothing. Sums are bigint in SQL, read back as numbers (cents well below 2^53).
 */
import { and, asc, desc, eq, getTableColumns, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseSortField } from '../../../domain/validation/expenses';
import type { Executor } from '../../db/executor';
import { expenseAttachments, expenses } from '../../db/schema';

export type ExpenseRecord = typeof expenses.$inferSelect;
/** An expense with the number of files attached to it. */
export type ExpenseListRecord = ExpenseRecord & { attachmentCount: number };

/** A correlated count (columns written out: inside the subquery drizzle would leave them unqualified). */
const attachmentCount = sql<number>`(select count(*)::int from ${expenseAttachments} as ea where ea.expense_id = "expenses"."id")`;

/** The fields a form edits, in the table's naming. */
export interface ExpenseValues {
  expenseDate: string;
  amountCents: number;
  payee: string;
  purpose: string;
  purposeDetails: string | null;
  paymentMethod: string;
  referenceNumber: string | null;
  memo: string | null;
}

export interface ExpenseFilter {
  purpose?: string;
  paymentMethod?: string;
  startDate?: string;
  endDate?: string;
  search?: string;
}

export interface ExpenseListFilter extends ExpenseFilter {
  page: number;
  limit: number;
  sort: { field: ExpenseSortField; descending: boolean };
}

export async function insertExpense(db: Executor, campaignId: string, values: ExpenseValues, createdBy: string | null, now: Date): Promise<ExpenseRecord> {
  const [row] = await db
    .insert(expenses)
    .values({ ...values, campaignId, createdBy, createdAt: now, updatedAt: now })
    .returning();
  return row;
}

/** The expense; null when it is not this campaign's. */
export async function findExpense(db: Executor, campaignId: string, id: string): Promise<ExpenseRecord | null> {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.campaignId, campaignId)))
    .limit(1);
  return row ?? null;
}

/** The expense, locked until the transaction ends; null when it is not this campaign's. */
export async function lockExpense(tx: Executor, campaignId: string, id: string): Promise<ExpenseRecord | null> {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.campaignId, campaignId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateExpense(db: Executor, campaignId: string, id: string, values: ExpenseValues, now: Date): Promise<ExpenseRecord | null> {
  const [row] = await db
    .update(expenses)
    .set({ ...values, updatedAt: now })
    .where(and(eq(expenses.id, id), eq(expenses.campaignId, campaignId)))
    .returning();
  return row ?? null;
}

export async function deleteExpense(db: Executor, campaignId: string, id: string): Promise<ExpenseRecord | null> {
  const [row] = await db
    .delete(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.campaignId, campaignId)))
    .returning();
  return row ?? null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The WHERE of a list: the campaign and every filter given. */
export function expenseConditions(campaignId: string, filter: ExpenseFilter): SQL {
  const conditions: (SQL | undefined)[] = [eq(expenses.campaignId, campaignId)];
  if (filter.purpose) conditions.push(eq(expenses.purpose, filter.purpose));
  if (filter.paymentMethod) conditions.push(eq(expenses.paymentMethod, filter.paymentMethod));
  if (filter.startDate) conditions.push(gte(expenses.expenseDate, filter.startDate));
  if (filter.endDate) conditions.push(lte(expenses.expenseDate, filter.endDate));
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    conditions.push(or(ilike(expenses.payee, pattern), ilike(expenses.memo, pattern), ilike(expenses.referenceNumber, pattern)));
  }
  return and(...conditions)!;
}

const SORT_COLUMNS: Record<ExpenseSortField, SQL | typeof expenses.expenseDate | typeof expenses.amountCents> = {
  expense_date: expenses.expenseDate,
  amount_cents: expenses.amountCents,
  payee: sql`lower(${expenses.payee})`,
};

/** One page of a campaign's expenses, the count and the total of the whole filtered set. */
export async function listExpenses(db: Executor, campaignId: string, filter: ExpenseListFilter): Promise<{ rows: ExpenseListRecord[]; total: number; amountCents: number }> {
  const where = expenseConditions(campaignId, filter);
  const direction = filter.sort.descending ? desc : asc;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...getTableColumns(expenses), attachmentCount })
      .from(expenses)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[filter.sort.field]), direction(expenses.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ total: sql<number>`count(*)::int`, amountCents: sql<string>`coalesce(sum(${expenses.amountCents}), 0)::bigint` })
      .from(expenses)
      .where(where),
  ]);
  return { rows, total: totals.total, amountCents: Number(totals.amountCents) };
}
