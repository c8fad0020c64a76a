/**
 * The expenses API (SPEC §7 Expenses) on a real database: validation, writes with their audit rows,
 * paging, sorting, filters and totals, permissions and tenancy.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../domain/donor-book/api-contract';
import type { ExpenseListData, ExpenseRow } from '../../../domain/donor-book/expenses-contract';
import { campaignAudit, expenses } from '../../db/schema';
import { activeUser, get, post } from '../../test/auth-helpers';
import { createCampaign, del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const P = DONOR_BOOK_PATHS;

describe('expenses API', () => {
  let t: TestApp;
  let campaignA: string;
  let campaignB: string;
  let owner: Session;
  let manager: Session;
  let staff: Session;
  let outsider: Session;

  const body = (overrides: Record<string, unknown> = {}) => ({
    campaign_id: campaignA,
    expense_date: '2026-03-15',
    amount_cents: 12_550,
    payee: 'Brooklyn Print Shop',
    purpose: 'campaign_literature',
    purpose_details: null,
    payment_method: 'check',
    reference_number: '1042',
    memo: 'Door hangers',
    ...overrides,
  });

  const add = async (overrides: Record<string, unknown> = {}, token = owner.token): Promise<ExpenseRow> => {
    const res = await post(t, P.addExpense, body(overrides), token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as ExpenseRow;
  };

  const list = async (campaignId: string, query = '', token = owner.token): Promise<ExpenseListData> => {
    const res = await get(t, `${donorBookPath(P.listExpense, { campaignId })}${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseListData;
  };

  const auditOf = (expenseId: string) =>
    t.db
      .select()
      .from(campaignAudit)
      .where(and(eq(campaignAudit.campaignId, campaignA)))
      .then((rows) => rows.filter((row) => (row.details as { entity_id?: string }).entity_id === expenseId));

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    campaignA = t.seeded!.demoCampaign!.id;
    owner = await demoSignIn(t, 'owner');
    manager = await demoSignIn(t, 'manager');
    staff = await demoSignIn(t, 'staff');
    outsider = toSession(await activeUser(t, 'expenses-outsider@example.org'));
    campaignB = (await createCampaign(t, outsider.token, { campaign_name: 'Other Campaign' })).campaign_id;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('add_expense', () => {
    it('stores the expense, answers the row with EXPENSE_ADDED and records the audit entry', async () => {
      const res = await post(t, P.addExpense, body({ payee: '  Brooklyn Print Shop  ', reference_number: '', memo: '' }), manager.token);
      expect(res.statusCode, res.body).toBe(201);
      const { data, message, message_code } = res.json();
      expect(message_code).toBe('EXPENSE_ADDED');
      expect(message).toBe('Expense added successfully');
      expect(data).toEqual({
        expense_id: expect.any(String),
        expense_date: '2026-03-15',
        amount_cents: 12_550,
        payee: 'Brooklyn Print Shop',
        purpose: 'campaign_literature',
        purpose_details: null,
        payment_method: 'check',
        reference_number: null,
        memo: null,
        created_at: expect.any(String),
        attachment_count: 0,
      });
      const [stored] = await t.db.select().from(expenses).where(eq(expenses.id, data.expense_id));
      expect(stored).toMatchObject({ campaignId: campaignA, createdBy: manager.userId, amountCents: 12_550 });
      const audit = await auditOf(data.expense_id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'expense.created', actorId: manager.userId });
      expect(audit[0].details).toEqual({ entity: 'expense', entity_id: data.expense_id, before: null, after: data });
    });

    it('answers 400 with the field messages', async () => {
      const res = await post(t, P.addExpense, { campaign_id: campaignA, expense_date: '2026-02-30', amount_cents: 0, payee: '', purpose: 'other', payment_method: 'iou' }, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: {
          in: 'body',
          fields: {
            expense_date: 'Enter a real date as YYYY-MM-DD',
            amount_cents: 'Amount must be a whole number of cents from 1 to 1000000000',
            payee: 'Payee is required',
            purpose_details: 'Please explain the purpose',
            payment_method: 'Unknown payment method',
          },
        },
      });
      const details = await post(t, P.addExpense, body({ purpose: 'reimbursement', purpose_details: ' ' }), owner.token);
      expect(details.json().details.fields).toEqual({ purpose_details: 'Please provide details' });
      const cents = await post(t, P.addExpense, body({ amount_cents: '125.50', payee: 'x'.repeat(201) }), owner.token);
      expect(cents.json().details.fields).toEqual({
        amount_cents: 'Amount must be a whole number of cents from 1 to 1000000000',
        payee: 'Payee should be at most 200 characters',
      });
    });

    it("keeps the explanation of an 'other' expense", async () => {
      const row = await add({ purpose: 'other', purpose_details: 'Folding tables for the rally' });
      expect(row).toMatchObject({ purpose: 'other', purpose_details: 'Folding tables for the rally' });
    });

    it('is refused to staff (no expense.write) and to a member of another campaign', async () => {
      const before = (await list(campaignA)).total;
      const staffRes = await post(t, P.addExpense, body(), staff.token);
      expect([staffRes.statusCode, staffRes.json().code]).toEqual([403, 'FORBIDDEN']);
      const outsiderRes = await post(t, P.addExpense, body(), outsider.token);
      expect([outsiderRes.statusCode, outsiderRes.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Campaign not found' }]);
      expect((await list(campaignA)).total).toBe(before);
    });
  });

  describe('update_expense', () => {
    it('replaces the fields and audits before and after', async () => {
      const created = await add({ payee: 'Old Payee', amount_cents: 1_000 });
      const res = await post(
        t,
        P.updateExpense,
        body({ expense_id: created.expense_id, payee: 'New Payee', amount_cents: 2_500, purpose: 'credit_card_payment', purpose_details: 'Chase card, March statement', memo: null }),
        owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message_code).toBe('EXPENSE_UPDATED');
      const updated = res.json().data as ExpenseRow;
      expect(updated).toMatchObject({ expense_id: created.expense_id, payee: 'New Payee', amount_cents: 2_500, purpose: 'credit_card_payment', memo: null, created_at: created.created_at });
      const audit = (await auditOf(created.expense_id)).find((row) => row.action === 'expense.updated');
      expect(audit?.details).toEqual({ entity: 'expense', entity_id: created.expense_id, before: created, after: updated });
    });

    it('answers 404 EXPENSE_NOT_FOUND for an unknown id and validates the body', async () => {
      const missing = await post(t, P.updateExpense, body({ expense_id: '00000000-0000-4000-8000-000000000000' }), owner.token);
      expect([missing.statusCode, missing.json()]).toEqual([404, { code: 'EXPENSE_NOT_FOUND', message: 'Expense not found' }]);
      const bad = await post(t, P.updateExpense, body({ expense_id: 'nope' }), owner.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields).toEqual({ expense_id: 'Expense id is not valid' });
    });
  });

  describe('delete_expense', () => {
    it('deletes the expense, audits it and answers EXPENSE_DELETED; a second delete is 404', async () => {
      const created = await add({ payee: 'To Delete' });
      const url = donorBookPath(P.deleteExpense, { campaignId: campaignA, expenseId: created.expense_id });
      const res = await del(t, url, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ data: { expense_id: created.expense_id }, message_code: 'EXPENSE_DELETED' });
      expect(await t.db.select().from(expenses).where(eq(expenses.id, created.expense_id))).toEqual([]);
      const audit = (await auditOf(created.expense_id)).find((row) => row.action === 'expense.deleted');
      expect(audit?.details).toEqual({ entity: 'expense', entity_id: created.expense_id, before: created, after: null });
      const again = await del(t, url, owner.token);
      expect([again.statusCode, again.json().code]).toEqual([404, 'EXPENSE_NOT_FOUND']);
      const staffRes = await del(t, donorBookPath(P.deleteExpense, { campaignId: campaignA, expenseId: (await add()).expense_id }), staff.token);
      expect(staffRes.statusCode).toBe(403);
    });
  });

  describe('tenancy', () => {
    it("campaign B's member can neither read nor change campaign A's expense, and nothing changes", async () => {
      const secret = await add({ payee: 'Secret Vendor A', memo: 'only for A', amount_cents: 77_700 });
      const mine = await post(t, P.addExpense, body({ campaign_id: campaignB, payee: 'Vendor B', amount_cents: 300 }), outsider.token);
      expect(mine.statusCode, mine.body).toBe(201);

      // Reading A's list: the campaign does not exist for B's member.
      const read = await get(t, donorBookPath(P.listExpense, { campaignId: campaignA }), outsider.token);
      expect([read.statusCode, read.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Campaign not found' }]);

      // A's expense id through B's campaign: not found, unchanged, not deleted, no audit row.
      const update = await post(t, P.updateExpense, body({ campaign_id: campaignB, expense_id: secret.expense_id, payee: 'Hijacked', amount_cents: 1 }), outsider.token);
      expect([update.statusCode, update.json()]).toEqual([404, { code: 'EXPENSE_NOT_FOUND', message: 'Expense not found' }]);
      const remove = await del(t, donorBookPath(P.deleteExpense, { campaignId: campaignB, expenseId: secret.expense_id }), outsider.token);
      expect([remove.statusCode, remove.json().code]).toEqual([404, 'EXPENSE_NOT_FOUND']);
      const [stored] = await t.db.select().from(expenses).where(eq(expenses.id, secret.expense_id));
      expect(stored).toMatchObject({ payee: 'Secret Vendor A', amountCents: 77_700, campaignId: campaignA });
      expect((await auditOf(secret.expense_id)).map((row) => row.action)).toEqual(['expense.created']);

      // A's id in A's campaign by B's member: the campaign does not exist for them.
      const direct = await del(t, donorBookPath(P.deleteExpense, { campaignId: campaignA, expenseId: secret.expense_id }), outsider.token);
      expect([direct.statusCode, direct.json().message]).toEqual([404, 'Campaign not found']);

      // Lists never show another campaign's rows.
      const listB = await list(campaignB, '', outsider.token);
      expect(listB.expense_list.map((row) => row.payee)).toEqual(['Vendor B']);
      expect(listB.totals).toEqual({ amount_cents: 300 });
      const listA = await list(campaignA, '?limit=500');
      expect(listA.expense_list.some((row) => row.payee === 'Vendor B')).toBe(false);
    });
  });
});

describe('list_expense: paging, sorting, filters, totals', () => {
  let t: TestApp;
  let campaignId: string;
  let owner: Session;
  let staff: Session;

  const rows = [
    { expense_date: '2026-01-05', amount_cents: 10_001, payee: 'Acme Printing', purpose: 'campaign_literature', payment_method: 'check', reference_number: 'CHK-100', memo: null },
    { expense_date: '2026-01-20', amount_cents: 250, payee: 'bank of queens', purpose: 'bank_fees', payment_method: 'bank_transfer', reference_number: null, memo: 'monthly fee' },
    { expense_date: '2026-02-11', amount_cents: 49_999, payee: 'Zenith Media', purpose: 'online_ads', payment_method: 'card', reference_number: 'AUTH-7', memo: 'Facebook ads' },
    { expense_date: '2026-02-11', amount_cents: 3_333, payee: 'Metro Diner', purpose: 'meals', payment_method: 'card', reference_number: null, memo: 'volunteer lunch' },
    { expense_date: '2026-03-01', amount_cents: 120_000, payee: 'Office Landlord LLC', purpose: 'office_rent', payment_method: 'check', reference_number: 'CHK-101', memo: 'March rent' },
    { expense_date: '2026-03-15', amount_cents: 1, payee: 'acme printing', purpose: 'other', purpose_details: 'Test charge', payment_method: 'cash', reference_number: null, memo: null },
    { expense_date: '2026-04-02', amount_cents: 7_507, payee: 'Uber', purpose: 'taxi_uber', payment_method: 'card', reference_number: null, memo: '100% refundable? no' },
  ];
  const ids: string[] = [];

  const query = async (q: string) => {
    const res = await get(t, `${donorBookPath(DONOR_BOOK_PATHS.listExpense, { campaignId })}${q}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseListData;
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    campaignId = t.seeded!.demoCampaign!.id;
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
    for (const row of rows) {
      const res = await post(t, DONOR_BOOK_PATHS.addExpense, { campaign_id: campaignId, purpose_details: null, ...row }, owner.token);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.expense_id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const sum = (list: typeof rows) => list.reduce((total, row) => total + row.amount_cents, 0);

  it('defaults to the newest first, 25 a page, with the total of every row (staff may read)', async () => {
    const res = await get(t, donorBookPath(DONOR_BOOK_PATHS.listExpense, { campaignId }), staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ExpenseListData;
    expect(data).toMatchObject({ total: 7, page: 1, limit: 25, totals: { amount_cents: sum(rows) } });
    expect(sum(rows)).toBe(191_091);
    expect(data.expense_list.map((row) => row.expense_date)).toEqual(['2026-04-02', '2026-03-15', '2026-03-01', '2026-02-11', '2026-02-11', '2026-01-20', '2026-01-05']);
    // Same date: the id breaks the tie, in the same direction.
    const sameDay = data.expense_list.filter((row) => row.expense_date === '2026-02-11').map((row) => row.expense_id);
    expect(sameDay).toEqual([...sameDay].sort().reverse());
  });

  it('pages with totals over the whole filtered set, never repeating or skipping a row', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const data = await query(`?limit=2&page=${page}&sort=amount_cents`);
      expect(data).toMatchObject({ total: 7, page, limit: 2, totals: { amount_cents: 191_091 } });
      seen.push(...data.expense_list.map((row) => row.expense_id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect((await query('?limit=2&page=9')).expense_list).toEqual([]);
  });

  it('sorts by amount and by payee (case-insensitive) both ways, ties on the id', async () => {
    expect((await query('?sort=amount_cents')).expense_list.map((row) => row.amount_cents)).toEqual([1, 250, 3_333, 7_507, 10_001, 49_999, 120_000]);
    expect((await query('?sort=-amount_cents')).expense_list.map((row) => row.amount_cents)).toEqual([120_000, 49_999, 10_001, 7_507, 3_333, 250, 1]);
    const byPayee = (await query('?sort=payee')).expense_list;
    expect(byPayee.map((row) => row.payee.toLowerCase())).toEqual(['acme printing', 'acme printing', 'bank of queens', 'metro diner', 'office landlord llc', 'uber', 'zenith media']);
    const acme = byPayee.slice(0, 2).map((row) => row.expense_id);
    expect(acme).toEqual([...acme].sort());
    expect((await query('?sort=-payee')).expense_list[0].payee).toBe('Zenith Media');
    expect((await query('?sort=expense_date')).expense_list[0].expense_date).toBe('2026-01-05');
  });

  it('filters by purpose, payment method, date range and search, with exact totals', async () => {
    const card = await query('?payment_method=card');
    expect(card).toMatchObject({ total: 3, totals: { amount_cents: 49_999 + 3_333 + 7_507 } });
    const rent = await query('?purpose=office_rent');
    expect(rent.expense_list.map((row) => row.payee)).toEqual(['Office Landlord LLC']);
    expect(rent.totals.amount_cents).toBe(120_000);
    const february = await query('?start_date=2026-02-01&end_date=2026-02-28');
    expect(february).toMatchObject({ total: 2, totals: { amount_cents: 53_332 } });
    const inclusive = await query('?start_date=2026-01-05&end_date=2026-01-05');
    expect(inclusive.expense_list.map((row) => row.amount_cents)).toEqual([10_001]);
    const openEnded = await query('?start_date=2026-03-01');
    expect(openEnded.totals.amount_cents).toBe(120_000 + 1 + 7_507);
    const combined = await query('?payment_method=check&start_date=2026-02-01&sort=-amount_cents');
    expect(combined.expense_list.map((row) => row.amount_cents)).toEqual([120_000]);
  });

  it('searches payee, memo and reference number, case-insensitively, with LIKE characters taken literally', async () => {
    expect((await query('?search=ACME')).expense_list).toHaveLength(2);
    expect((await query('?search=lunch')).expense_list.map((row) => row.payee)).toEqual(['Metro Diner']);
    expect((await query('?search=chk-10')).totals).toEqual({ amount_cents: 130_001 });
    expect((await query(`?search=${encodeURIComponent('100%')}`)).expense_list.map((row) => row.payee)).toEqual(['Uber']);
    expect((await query(`?search=${encodeURIComponent('_')}`)).total).toBe(0);
    expect(await query('?search=nothing-like-this')).toMatchObject({ total: 0, expense_list: [], totals: { amount_cents: 0 } });
  });

  it('answers 400 for a bad query', async () => {
    const res = await get(t, `${donorBookPath(DONOR_BOOK_PATHS.listExpense, { campaignId })}?sort=memo&limit=0&purpose=x&start_date=2026-03-01&end_date=2026-02-01`, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: {
        in: 'query',
        fields: {
          sort: 'Sort must be one of: expense_date, amount_cents, payee (prefix - for descending)',
          limit: 'Limit must be a whole number from 1 to 500',
          purpose: 'Unknown purpose',
          end_date: 'End date cannot be before the start date',
        },
      },
    });
  });

  it('ignores empty filters', async () => {
    expect(await query('?purpose=&payment_method=&start_date=&end_date=&search=&sort=')).toMatchObject({ total: 7, totals: { amount_cents: 191_091 } });
  });
});
