/**
 * The donor book API, expenses and their attachments (SPEC §7 Expenses and dashboard).
 * Shared by the SPA and the server; paths are DONOR_BOOK_PATHS of ./api-contract.ts, money is
 * integer cents, dates 'YYYY-MM-DD'. Pure TypeScript: no React, no Node.
 */
import type { ListQuery, Paged } from './api-contract';
import type { ExpensePaymentMethod, ExpensePurpose } from './enums';

export interface ExpenseFields {
  expense_date: string;
  amount_cents: number;
  payee: string;
  purpose: ExpensePurpose;
  /** Required for other (explanation), credit_card_payment and reimbursement (details). */
  purpose_details: string | null;
  payment_method: ExpensePaymentMethod;
  reference_number: string | null;
  memo: string | null;
}
export interface AddExpenseRequest extends ExpenseFields {
  campaign_id: string;
}
export interface UpdateExpenseRequest extends ExpenseFields {
  campaign_id: string;
  expense_id: string;
}
export interface ExpenseRow extends ExpenseFields {
  expense_id: string;
  created_at: string;
  /** Files attached to the expense (receipts; at most EXPENSE_ATTACHMENT_USE.maxPerExpense). */
  attachment_count: number;
}
/** list_expense: filters purpose, payment_method; dates on expense_date; sort expense_date | amount_cents | payee. */
export interface ExpenseListQuery extends ListQuery {
  purpose?: ExpensePurpose;
  payment_method?: ExpensePaymentMethod;
}
export interface ExpenseListData extends Paged {
  expense_list: ExpenseRow[];
  totals: { amount_cents: number };
}

// ── expense attachments ─────────────────────────────────────────────────────────────────────
// 1. POST attachment_presigned_url → where to PUT the file (PresignedUrlData of the bulk upload:
//    our own signed PUT, or S3's); 2. PUT the bytes; 3. POST add_attachment → the checked row.
// Types and sizes: domain/file-signature.ts EXPENSE_ATTACHMENT_USE (checked by extension AND content).

export interface ExpenseAttachmentPresignRequest {
  campaign_id: string;
  expense_id: string;
  file_name: string;
  /** Bytes; over EXPENSE_ATTACHMENT_USE.maxBytes is 413 FILE_TOO_LARGE. */
  file_size: number;
}
export interface AddExpenseAttachmentRequest {
  campaign_id: string;
  expense_id: string;
  /** The `key` presigned_url answered. */
  file_key: string;
  file_name: string;
}
export interface ExpenseAttachmentRow {
  attachment_id: string;
  expense_id: string;
  file_name: string;
  file_size: number;
  content_type: string;
  uploaded_by: { id: string | null; name: string | null };
  created_at: string;
}
/** Every attachment of one expense, oldest first (bounded: at most `max_attachments`). */
export interface ExpenseAttachmentListData {
  attachment_list: ExpenseAttachmentRow[];
  total: number;
  max_attachments: number;
}
/** A short-lived signed link (downloads as an attachment). */
export interface ExpenseAttachmentDownloadData {
  url: string;
  file_name: string;
  expires_at: string;
}
