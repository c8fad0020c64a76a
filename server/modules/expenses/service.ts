/**
 * The expenses book: add, update, delete and list a campaign's expenses. Every write and its audit
 * entry (details { entity: 'expense', entity_id, before, after }) commit in one transaction. An
 * expense id of another campaign is EXPENSE_NOT_FOUND and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ExpenseFields, ExpenseListData, ExpenseListQuery, ExpenseRow } from '../../../domain/donor-book/expenses-contract';
import type { ExpensePaymentMethod, ExpensePurpose } from '../../../domain/donor-book/enums';
import { parseSort } from '../../../domain/validation/fields';
import { EXPENSE_DEFAULT_SORT, type ExpenseSortField } from '../../../domain/validation/expenses';
import type { Executor } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { assertKeyUnused, keepKey, onceForKey, type RequestKey } from '../../plugins/request-key';
import { insertAudit } from '../campaign/audit-repository';
import { deletePrivateFiles } from '../storage/checked-upload';
import { attachmentKeysOf, countAttachments } from './attachment-repository';
import { deleteExpense, findExpense, insertExpense, listExpenses, lockExpense, updateExpense, type ExpenseRecord, type ExpenseValues } from './repository';

/** The API row of an expense record. */
export function expenseRow(record: ExpenseRecord, attachmentCount = 0): ExpenseRow {
  return {
    expense_id: record.id,
    expense_date: record.expenseDate,
    amount_cents: record.amountCents,
    payee: record.payee,
    purpose: record.purpose as ExpensePurpose,
    purpose_details: record.purposeDetails,
    payment_method: record.paymentMethod as ExpensePaymentMethod,
    reference_number: record.referenceNumber,
    memo: record.memo,
    created_at: record.createdAt.toISOString(),
    attachment_count: attachmentCount,
  };
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Validated request fields → stored values (trimmed; empty optional text is null; details only where they mean something). */
function toValues(fields: Partial<ExpenseFields> & Pick<ExpenseFields, 'expense_date' | 'amount_cents' | 'payee' | 'purpose' | 'payment_method'>): ExpenseValues {
  return {
    expenseDate: fields.expense_date,
    amountCents: fields.amount_cents,
    payee: fields.payee.trim(),
    purpose: fields.purpose,
    purposeDetails: blankToNull(fields.purpose_details),
    paymentMethod: fields.payment_method,
    referenceNumber: blankToNull(fields.reference_number),
    memo: blankToNull(fields.memo),
  };
}

async function audit(tx: Executor, ctx: CampaignContext, auth: AuthUser, action: string, id: string, before: ExpenseRow | null, after: ExpenseRow | null, now: Date) {
  await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action, details: { entity: 'expense', entity_id: id, before, after } }, now);
}

type ExpenseInput = Parameters<typeof toValues>[0];

/**
 * add_expense (money going out); with an Idempotency-Key (plugins/request-key.ts) a retried write
 * answers the first one's expense: two tries at once both insert, the second waits on the key's
 * primary key until the first commits, then rolls back and replays.
 */
export async function addExpense(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: ExpenseInput, key: RequestKey | null = null): Promise<ExpenseRow> {
  const now = app.clock.now();
  return onceForKey(
    key,
    () =>
      app.db.transaction(async (tx) => {
        await assertKeyUnused(tx, ctx.id, key);
        const row = expenseRow(await insertExpense(tx, ctx.id, toValues(body), auth.id, now));
        await keepKey(tx, ctx.id, key, row.expense_id);
        await audit(tx, ctx, auth, 'expense.created', row.expense_id, null, row, now);
        return row;
      }),
    async (expenseId) => {
      const found = await findExpense(app.db, ctx.id, expenseId);
      if (!found) throw fail(404, 'EXPENSE_NOT_FOUND');
      return expenseRow(found, await countAttachments(app.db, ctx.id, expenseId));
    },
  );
}

/** A full replacement of the expense's fields. */
export async function changeExpense(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, expenseId: string, body: ExpenseInput): Promise<ExpenseRow> {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const before = await lockExpense(tx, ctx.id, expenseId);
    if (!before) throw fail(404, 'EXPENSE_NOT_FOUND');
    const updated = await updateExpense(tx, ctx.id, expenseId, toValues(body), now);
    if (!updated) throw fail(404, 'EXPENSE_NOT_FOUND');
    const attachments = await countAttachments(tx, ctx.id, expenseId);
    const row = expenseRow(updated, attachments);
    await audit(tx, ctx, auth, 'expense.updated', expenseId, expenseRow(before, attachments), row, now);
    return row;
  });
}

/**
 * Deletes the expense and its attachments' rows (cascade); their stored files are deleted after the
 * commit, best effort (a file left behind is unreachable: no row names it). The expense is locked
 * first, so an attachment added meanwhile is either refused (404) or among the files deleted.
 */
export async function removeExpense(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, expenseId: string): Promise<{ expense_id: string }> {
  const now = app.clock.now();
  const keys = await app.db.transaction(async (tx) => {
    if (!(await lockExpense(tx, ctx.id, expenseId))) throw fail(404, 'EXPENSE_NOT_FOUND');
    const attached = await attachmentKeysOf(tx, ctx.id, expenseId);
    const deleted = await deleteExpense(tx, ctx.id, expenseId);
    if (!deleted) throw fail(404, 'EXPENSE_NOT_FOUND');
    await audit(tx, ctx, auth, 'expense.deleted', expenseId, expenseRow(deleted, attached.length), null, now);
    return attached;
  });
  if (keys.length > 0) await deletePrivateFiles(app, keys);
  return { expense_id: expenseId };
}

export async function listCampaignExpenses(
  app: FastifyInstance,
  ctx: CampaignContext,
  query: Omit<ExpenseListQuery, 'page' | 'limit' | 'start_date' | 'end_date'> & { page: number; limit: number; start_date?: string | null; end_date?: string | null },
): Promise<ExpenseListData> {
  const { rows, total, amountCents } = await listExpenses(app.db, ctx.id, {
    page: query.page,
    limit: query.limit,
    sort: parseSort<ExpenseSortField>(query.sort ?? EXPENSE_DEFAULT_SORT),
    purpose: query.purpose,
    paymentMethod: query.payment_method,
    startDate: query.start_date ?? undefined,
    endDate: query.end_date ?? undefined,
    search: query.search,
  });
  return { expense_list: rows.map((row) => expenseRow(row, row.attachmentCount)), totals: { amount_cents: amountCents }, total, page: query.page, limit: query.limit };
}
