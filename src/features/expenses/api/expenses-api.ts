import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type {
  AddExpenseRequest,
  ExpenseAttachmentDownloadData,
  ExpenseAttachmentListData,
  ExpenseAttachmentRow,
  ExpenseListData,
  ExpenseListQuery,
  UpdateExpenseRequest,
} from '../../../../domain/donor-book/expenses-contract';
import type { PresignedUrlData } from '../../../../domain/imports/api-contract';
import { idempotencyHeaders } from '../../../lib/idempotency-key';
import { loadApi } from '../../../lib/load-api';

interface WithCode {
  message_code?: string;
}

/** Empty values are stripped from filter objects (SPEC §5). */
function compact<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<T>;
}

/** list_expense: paged, filtered and sorted on the server, with the totals of the filtered set. */
export async function listExpenses(campaignId: string, query: ExpenseListQuery): Promise<ExpenseListData> {
  const { apiClient } = await loadApi();
  const url = donorBookPath(DONOR_BOOK_PATHS.listExpense, { campaignId });
  return (await apiClient.get<ApiSuccess<ExpenseListData>>(url, { params: compact(query) })).data.data;
}

/** add_expense, with a fresh Idempotency-Key for this submission (the server records it once). */
export async function addExpense(body: AddExpenseRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(DONOR_BOOK_PATHS.addExpense, body, idempotencyHeaders())).data;
}

export async function updateExpense(body: UpdateExpenseRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(DONOR_BOOK_PATHS.updateExpense, body)).data;
}

export async function deleteExpense(campaignId: string, expenseId: string): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.delete<WithCode>(donorBookPath(DONOR_BOOK_PATHS.deleteExpense, { campaignId, expenseId }))).data;
}

// ── attachments (receipts) ────────────────────────────────────────────────────────────────────

export async function listAttachments(campaignId: string, expenseId: string): Promise<ExpenseAttachmentListData> {
  const { apiClient } = await loadApi();
  return (await apiClient.get<ApiSuccess<ExpenseAttachmentListData>>(donorBookPath(DONOR_BOOK_PATHS.listExpenseAttachment, { campaignId, expenseId }))).data.data;
}

/**
 * presign → PUT with progress → attach: the file goes straight to storage through the signed URL,
 * then the server checks what it received (type by content, size) and records it.
 */
export async function uploadAttachment(campaignId: string, expenseId: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ExpenseAttachmentRow> {
  const [{ apiClient }, { putSignedFile }] = await Promise.all([loadApi(), import('../../../lib/signed-upload')]);
  const signed = (
    await apiClient.post<ApiSuccess<PresignedUrlData>>(DONOR_BOOK_PATHS.expenseAttachmentPresignedUrl, { campaign_id: campaignId, expense_id: expenseId, file_name: file.name, file_size: file.size })
  ).data.data;
  await putSignedFile(signed, file, onProgress, { signal });
  return (await apiClient.post<ApiSuccess<ExpenseAttachmentRow>>(DONOR_BOOK_PATHS.addExpenseAttachment, { campaign_id: campaignId, expense_id: expenseId, file_key: signed.key, file_name: file.name })).data.data;
}

/** Asks for a short-lived signed link and lets the browser download the file. */
export async function downloadAttachment(campaignId: string, attachmentId: string): Promise<void> {
  const [{ apiClient }, { downloadSignedFile }] = await Promise.all([loadApi(), import('../../../lib/signed-download')]);
  const link = (await apiClient.get<ApiSuccess<ExpenseAttachmentDownloadData>>(donorBookPath(DONOR_BOOK_PATHS.expenseAttachmentDownload, { campaignId, attachmentId }))).data.data;
  downloadSignedFile(link.url, link.file_name);
}

export async function deleteAttachment(campaignId: string, attachmentId: string): Promise<void> {
  const { apiClient } = await loadApi();
  await apiClient.delete(donorBookPath(DONOR_BOOK_PATHS.deleteExpenseAttachment, { campaignId, attachmentId }));
}
