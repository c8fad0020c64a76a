/**
 * Yup schemas of the expense form and the expense and dashboard requests (SPEC §3 expense purposes,
 * §7 Expenses and dashboard), shared by the SPA and the server (bodies strict on the server: no
 * casting; query strings with casting). Optional text fields accept '' (an empty input) and null;
 * the server stores both as null. Money is integer cents. Pure: no React, no Node.
 */
import { number, object, string } from 'yup';
import { EXPENSE_PAYMENT_METHODS, EXPENSE_PURPOSES } from '../donor-book/enums';
import {
  amountCentsField,
  campaignIdField,
  dateRangeFields,
  FIELD_MESSAGES,
  isoDateField,
  listQueryFields,
  optionalEnumQuery,
  optionalText,
  uuidField,
} from './fields';

/** Texts of the expense fields; paging, search, sort and dates use the shared texts of ./fields. */
export const EXPENSE_VALIDATION_MESSAGES = {
  EXPENSE_ID_INVALID: 'Expense id is not valid',
  EXPENSE_DATE_REQUIRED: 'Expense date is required',
  DATE_INVALID: FIELD_MESSAGES.DATE_INVALID,
  AMOUNT_REQUIRED: 'Amount is required',
  AMOUNT_INVALID: FIELD_MESSAGES.AMOUNT_INVALID,
  PAYEE_REQUIRED: 'Payee is required',
  PAYEE_MAX: 'Payee should be at most 200 characters',
  PURPOSE_REQUIRED: 'Purpose is required',
  PURPOSE_INVALID: 'Unknown purpose',
  PURPOSE_EXPLAIN: 'Please explain the purpose',
  PURPOSE_DETAILS: 'Please provide details',
  PURPOSE_DETAILS_MAX: 'Details should be at most 500 characters',
  PAYMENT_METHOD_REQUIRED: 'Payment method is required',
  PAYMENT_METHOD_INVALID: 'Unknown payment method',
  REFERENCE_MAX: 'Reference number should be at most 100 characters',
  MEMO_MAX: 'Memo should be at most 1000 characters',
  MONTHS_INVALID: 'Months must be a whole number from 1 to 36',
  ATTACHMENT_ID_INVALID: 'Attachment id is not valid',
  FILE_NAME_REQUIRED: 'File name is required',
  FILE_NAME_MAX: 'File name should be at most 255 characters',
  FILE_SIZE_INVALID: 'File size must be a whole number of bytes',
  FILE_KEY_INVALID: 'File key is not valid',
} as const;

const M = EXPENSE_VALIDATION_MESSAGES;

export const PAYEE_MAX_LENGTH = 200;
export const PURPOSE_DETAILS_MAX_LENGTH = 500;
export const DASHBOARD_MAX_MONTHS = 36;
export const DASHBOARD_DEFAULT_MONTHS = 12;

/** list_expense sorts ('-' = descending); ties break on the expense id in the same direction. */
export const EXPENSE_SORT_FIELDS = ['expense_date', 'amount_cents', 'payee'] as const;
export type ExpenseSortField = (typeof EXPENSE_SORT_FIELDS)[number];
export const EXPENSE_DEFAULT_SORT = '-expense_date';

/** Purposes whose details are required, with the message to show when they are missing. */
const DETAILS_MESSAGE: Readonly<Partial<Record<string, string>>> = {
  other: M.PURPOSE_EXPLAIN,
  credit_card_payment: M.PURPOSE_DETAILS,
  reimbursement: M.PURPOSE_DETAILS,
};

/** The message when `purpose` needs details ('other': an explanation), else null. */
export function purposeDetailsMessage(purpose: unknown): string | null {
  // Own keys only: a purpose named after an Object.prototype member ('valueOf') must not find a function.
  return typeof purpose === 'string' && Object.hasOwn(DETAILS_MESSAGE, purpose) ? (DETAILS_MESSAGE[purpose] ?? null) : null;
}

// ── fields ──────────────────────────────────────────────────────────────────────────────────

export const expenseDateField = isoDateField().required(M.EXPENSE_DATE_REQUIRED);

const payeeField = string()
  .typeError(M.PAYEE_REQUIRED)
  .required(M.PAYEE_REQUIRED)
  .test('not-blank', M.PAYEE_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(PAYEE_MAX_LENGTH, M.PAYEE_MAX);

const purposeField = string().typeError(M.PURPOSE_INVALID).required(M.PURPOSE_REQUIRED).oneOf(EXPENSE_PURPOSES, M.PURPOSE_INVALID);

const purposeDetailsField = optionalText(PURPOSE_DETAILS_MAX_LENGTH, M.PURPOSE_DETAILS_MAX).test('required-for-purpose', function check(value) {
  const message = purposeDetailsMessage((this.parent as { purpose?: unknown } | undefined)?.purpose);
  if (!message) return true;
  return typeof value === 'string' && value.trim() !== '' ? true : this.createError({ message });
});

const paymentMethodField = string()
  .typeError(M.PAYMENT_METHOD_INVALID)
  .required(M.PAYMENT_METHOD_REQUIRED)
  .oneOf(EXPENSE_PAYMENT_METHODS, M.PAYMENT_METHOD_INVALID);

const expenseIdField = uuidField(M.EXPENSE_ID_INVALID);

/** Every field of an expense (ExpenseFields of the API contract). */
export const expenseFieldsShape = {
  expense_date: expenseDateField,
  amount_cents: amountCentsField(M.AMOUNT_REQUIRED),
  payee: payeeField,
  purpose: purposeField,
  purpose_details: purposeDetailsField,
  payment_method: paymentMethodField,
  reference_number: optionalText(100, M.REFERENCE_MAX),
  memo: optionalText(1000, M.MEMO_MAX),
};

/** The expense fields (the form, once its amount is in cents). */
export const expenseFieldsSchema = object(expenseFieldsShape);

/** POST add_expense. */
export const addExpenseRequestSchema = object({ campaign_id: campaignIdField, ...expenseFieldsShape });

/** POST update_expense: every field (a full replacement), plus the expense id. */
export const updateExpenseRequestSchema = object({ campaign_id: campaignIdField, expense_id: expenseIdField, ...expenseFieldsShape });

/** DELETE delete_expense/:campaignId/:expenseId. */
export const expenseParamsSchema = object({ campaignId: campaignIdField, expenseId: expenseIdField });

// ── queries ─────────────────────────────────────────────────────────────────────────────────

/** GET list_expense/:campaignId?page&limit&search&sort&purpose&payment_method&start_date&end_date (dates on expense_date). */
export const expenseListQuerySchema = object({
  ...listQueryFields(EXPENSE_SORT_FIELDS, EXPENSE_DEFAULT_SORT),
  ...dateRangeFields,
  purpose: optionalEnumQuery(EXPENSE_PURPOSES, M.PURPOSE_INVALID),
  payment_method: optionalEnumQuery(EXPENSE_PAYMENT_METHODS, M.PAYMENT_METHOD_INVALID),
});

/** GET monthly-stats/:campaignId?months=1..36 (default 12). */
export const dashboardMonthsQuerySchema = object({
  months: number()
    .transform((value: number, original: unknown) => (original === '' ? undefined : value))
    .typeError(M.MONTHS_INVALID)
    .integer(M.MONTHS_INVALID)
    .min(1, M.MONTHS_INVALID)
    .max(DASHBOARD_MAX_MONTHS, M.MONTHS_INVALID)
    .default(DASHBOARD_DEFAULT_MONTHS),
});

// ── attachments ─────────────────────────────────────────────────────────────────────────────

/** A file's name as the browser gives it (shown and downloaded under it; the server checks its extension). */
export const uploadFileNameField = string()
  .typeError(M.FILE_NAME_REQUIRED)
  .required(M.FILE_NAME_REQUIRED)
  .test('not-blank', M.FILE_NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(255, M.FILE_NAME_MAX);

/** A declared size in bytes (the use's limit is checked by the server: 413 FILE_TOO_LARGE). */
export const uploadFileSizeField = number()
  .typeError(M.FILE_SIZE_INVALID)
  .required(M.FILE_SIZE_INVALID)
  .integer(M.FILE_SIZE_INVALID)
  .min(0, M.FILE_SIZE_INVALID)
  .max(Number.MAX_SAFE_INTEGER, M.FILE_SIZE_INVALID);

/** The key a presigned_url answered. */
export const uploadFileKeyField = string().typeError(M.FILE_KEY_INVALID).required(M.FILE_KEY_INVALID).max(512, M.FILE_KEY_INVALID);

/** POST attachment_presigned_url. */
export const expenseAttachmentPresignRequestSchema = object({
  campaign_id: campaignIdField,
  expense_id: expenseIdField,
  file_name: uploadFileNameField,
  file_size: uploadFileSizeField,
});

/** POST add_attachment. */
export const addExpenseAttachmentRequestSchema = object({
  campaign_id: campaignIdField,
  expense_id: expenseIdField,
  file_key: uploadFileKeyField,
  file_name: uploadFileNameField,
});

/** GET list_attachment/:campaignId/:expenseId (the expense params of delete_expense). */
export const expenseAttachmentListParamsSchema = expenseParamsSchema;

/** GET attachment_download/:campaignId/:attachmentId, DELETE delete_attachment/:campaignId/:attachmentId. */
export const expenseAttachmentParamsSchema = object({ campaignId: campaignIdField, attachmentId: uuidField(M.ATTACHMENT_ID_INVALID) });
