import { describe, expect, it } from 'vitest';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { EXPENSE_PAYMENT_METHODS, EXPENSE_PURPOSES } from '../donor-book/enums';
import { MAX_AMOUNT_CENTS } from '../money';
import { FIELD_MESSAGES as L } from './fields';
import {
  addExpenseRequestSchema,
  dashboardMonthsQuerySchema,
  EXPENSE_VALIDATION_MESSAGES as M,
  expenseFieldsSchema,
  expenseListQuerySchema,
  expenseParamsSchema,
  purposeDetailsMessage,
  updateExpenseRequestSchema,
} from './expenses';

async function errors(schema: ObjectSchema<AnyObject>, value: unknown, strict = true): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false, strict });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const fields: Record<string, string> = {};
    for (const item of error.inner.length > 0 ? error.inner : [error]) fields[item.path ?? '_'] ??= item.message;
    return fields;
  }
}

const CAMPAIGN_ID = '3f2b8c1e-5d4a-4e6b-9c7d-1a2b3c4d5e6f';
const EXPENSE_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const valid = {
  expense_date: '2026-03-15',
  amount_cents: 12_550,
  payee: 'Brooklyn Print Shop',
  purpose: 'campaign_literature',
  purpose_details: null,
  payment_method: 'check',
  reference_number: '1042',
  memo: 'Door hangers, 5,000 copies',
};

describe('expense fields', () => {
  it('accept a complete expense and empty optional inputs', async () => {
    expect(await errors(expenseFieldsSchema, valid)).toEqual({});
    expect(await errors(expenseFieldsSchema, { ...valid, reference_number: '', memo: null, purpose_details: '' })).toEqual({});
    const { reference_number: _r, memo: _m, purpose_details: _p, ...required } = valid;
    expect(await errors(expenseFieldsSchema, required)).toEqual({});
  });

  it('require date, amount, payee, purpose and payment method', async () => {
    expect(await errors(expenseFieldsSchema, {})).toEqual({
      expense_date: M.EXPENSE_DATE_REQUIRED,
      amount_cents: M.AMOUNT_REQUIRED,
      payee: M.PAYEE_REQUIRED,
      purpose: M.PURPOSE_REQUIRED,
      payment_method: M.PAYMENT_METHOD_REQUIRED,
    });
    expect(await errors(expenseFieldsSchema, { ...valid, payee: '   ' })).toEqual({ payee: M.PAYEE_REQUIRED });
  });

  it('want a real date', async () => {
    expect(await errors(expenseFieldsSchema, { ...valid, expense_date: '2024-02-29' })).toEqual({});
    expect(await errors(expenseFieldsSchema, { ...valid, expense_date: '2026-02-30' })).toEqual({ expense_date: M.DATE_INVALID });
    expect(await errors(expenseFieldsSchema, { ...valid, expense_date: '15-03-2026' })).toEqual({ expense_date: M.DATE_INVALID });
    expect(await errors(expenseFieldsSchema, { ...valid, expense_date: 20260315 })).toEqual({ expense_date: M.DATE_INVALID });
  });

  it('want a whole number of cents from 1 to MAX_AMOUNT_CENTS', async () => {
    for (const bad of [0, -100, 10.5, MAX_AMOUNT_CENTS + 1, '125.50', Number.NaN]) {
      expect(await errors(expenseFieldsSchema, { ...valid, amount_cents: bad }), String(bad)).toEqual({ amount_cents: M.AMOUNT_INVALID });
    }
    expect(await errors(expenseFieldsSchema, { ...valid, amount_cents: 1 })).toEqual({});
    expect(await errors(expenseFieldsSchema, { ...valid, amount_cents: MAX_AMOUNT_CENTS })).toEqual({});
  });

  it('cap the payee at 200 characters and the memo and reference', async () => {
    expect(await errors(expenseFieldsSchema, { ...valid, payee: 'x'.repeat(200) })).toEqual({});
    expect(await errors(expenseFieldsSchema, { ...valid, payee: 'x'.repeat(201) })).toEqual({ payee: M.PAYEE_MAX });
    expect(await errors(expenseFieldsSchema, { ...valid, memo: 'x'.repeat(1001), reference_number: 'x'.repeat(101) })).toEqual({
      memo: M.MEMO_MAX,
      reference_number: M.REFERENCE_MAX,
    });
  });

  it('know every purpose and payment method, and nothing else', async () => {
    for (const purpose of EXPENSE_PURPOSES) {
      const details = purposeDetailsMessage(purpose) ? 'Explained' : null;
      expect(await errors(expenseFieldsSchema, { ...valid, purpose, purpose_details: details }), purpose).toEqual({});
    }
    for (const method of EXPENSE_PAYMENT_METHODS) expect(await errors(expenseFieldsSchema, { ...valid, payment_method: method }), method).toEqual({});
    expect(await errors(expenseFieldsSchema, { ...valid, purpose: 'bribes', payment_method: 'bitcoin' })).toEqual({
      purpose: M.PURPOSE_INVALID,
      payment_method: M.PAYMENT_METHOD_INVALID,
    });
  });

  it("need an explanation for 'other' and details for credit card payments and reimbursements", async () => {
    for (const empty of [null, '', '  ', undefined]) {
      expect(await errors(expenseFieldsSchema, { ...valid, purpose: 'other', purpose_details: empty })).toEqual({ purpose_details: 'Please explain the purpose' });
      expect(await errors(expenseFieldsSchema, { ...valid, purpose: 'credit_card_payment', purpose_details: empty })).toEqual({ purpose_details: 'Please provide details' });
      expect(await errors(expenseFieldsSchema, { ...valid, purpose: 'reimbursement', purpose_details: empty })).toEqual({ purpose_details: 'Please provide details' });
    }
    expect(await errors(expenseFieldsSchema, { ...valid, purpose: 'other', purpose_details: 'Rental of folding tables for the rally' })).toEqual({});
    expect(await errors(expenseFieldsSchema, { ...valid, purpose: 'other', purpose_details: 'x'.repeat(501) })).toEqual({ purpose_details: M.PURPOSE_DETAILS_MAX });
    expect(purposeDetailsMessage('meals')).toBeNull();
  });
});

describe('expense requests', () => {
  it('add_expense needs the campaign id', async () => {
    expect(await errors(addExpenseRequestSchema, { ...valid, campaign_id: CAMPAIGN_ID })).toEqual({});
    expect(await errors(addExpenseRequestSchema, valid)).toEqual({ campaign_id: 'Please select a campaign first' });
    expect(await errors(addExpenseRequestSchema, { ...valid, campaign_id: 'nope' })).toEqual({ campaign_id: 'Campaign id is not valid' });
  });

  it('update_expense needs the expense id and every field', async () => {
    expect(await errors(updateExpenseRequestSchema, { ...valid, campaign_id: CAMPAIGN_ID, expense_id: EXPENSE_ID })).toEqual({});
    expect(await errors(updateExpenseRequestSchema, { ...valid, campaign_id: CAMPAIGN_ID, expense_id: '42' })).toEqual({ expense_id: M.EXPENSE_ID_INVALID });
    expect(Object.keys(await errors(updateExpenseRequestSchema, { campaign_id: CAMPAIGN_ID, expense_id: EXPENSE_ID })).sort()).toEqual([
      'amount_cents',
      'expense_date',
      'payee',
      'payment_method',
      'purpose',
    ]);
  });

  it('delete_expense params are two uuids', async () => {
    expect(await errors(expenseParamsSchema, { campaignId: CAMPAIGN_ID, expenseId: EXPENSE_ID }, false)).toEqual({});
    expect(await errors(expenseParamsSchema, { campaignId: CAMPAIGN_ID, expenseId: 'x' }, false)).toEqual({ expenseId: M.EXPENSE_ID_INVALID });
  });
});

describe('list_expense query', () => {
  it('defaults to page 1, 25 rows, newest first', async () => {
    expect(await expenseListQuerySchema.validate({})).toEqual({ page: 1, limit: 25, sort: '-expense_date' });
  });

  it('casts query-string text and treats empty filters as absent', async () => {
    const query = await expenseListQuerySchema.validate({ page: '2', limit: '50', sort: 'payee', purpose: '', payment_method: 'card', start_date: '2026-01-01', end_date: '', search: '' });
    expect(query).toMatchObject({ page: 2, limit: 50, sort: 'payee', payment_method: 'card', start_date: '2026-01-01' });
    expect(query.purpose).toBeUndefined();
    expect(query.end_date).toBeUndefined();
    expect(query.search).toBe('');
    expect((await expenseListQuerySchema.validate({ sort: '' })).sort).toBe('-expense_date');
  });

  it('refuses bad paging, sorts, filters and date ranges', async () => {
    expect(await errors(expenseListQuerySchema, { page: '0', limit: '501', sort: 'memo', purpose: 'x', payment_method: 'y' }, false)).toEqual({
      page: L.PAGE_INVALID,
      limit: L.LIMIT_INVALID,
      sort: 'Sort must be one of: expense_date, amount_cents, payee (prefix - for descending)',
      purpose: M.PURPOSE_INVALID,
      payment_method: M.PAYMENT_METHOD_INVALID,
    });
    expect(await errors(expenseListQuerySchema, { start_date: '2026-02-30' }, false)).toEqual({ start_date: L.DATE_INVALID });
    expect(await errors(expenseListQuerySchema, { start_date: '2026-03-01', end_date: '2026-02-01' }, false)).toEqual({ end_date: L.END_BEFORE_START });
    expect(await errors(expenseListQuerySchema, { start_date: '2026-03-01', end_date: '2026-03-01' }, false)).toEqual({});
    expect(await errors(expenseListQuerySchema, { search: 'x'.repeat(101) }, false)).toEqual({ search: L.SEARCH_TOO_LONG });
    for (const sort of ['expense_date', '-expense_date', 'amount_cents', '-amount_cents', 'payee', '-payee']) {
      expect(await errors(expenseListQuerySchema, { sort }, false), sort).toEqual({});
    }
  });
});

describe('monthly-stats query', () => {
  it('months is 1–36, default 12', async () => {
    expect(await dashboardMonthsQuerySchema.validate({})).toEqual({ months: 12 });
    expect(await dashboardMonthsQuerySchema.validate({ months: '' })).toEqual({ months: 12 });
    expect(await dashboardMonthsQuerySchema.validate({ months: '36' })).toEqual({ months: 36 });
    for (const bad of ['0', '37', '2.5', 'x']) expect(await errors(dashboardMonthsQuerySchema, { months: bad }, false), bad).toEqual({ months: M.MONTHS_INVALID });
  });
});
