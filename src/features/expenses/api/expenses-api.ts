/** Expenses and their receipts (domain/donor-book/api-contract.ts) as RTK Query endpoints. */
import { useCallback } from 'react';
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
import { api, withoutEmpty } from '../../../lib/api';
import { idempotencyHeaders } from '../../../lib/idempotency-key';

interface WithCode {
  message_code?: string;
}

/** Empty values are stripped from filter objects (SPEC §5). */

export const expensesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** list_expense: paged, filtered and sorted on the server, with the totals of the filtered set. */
    expenseList: build.query<ExpenseListData, { campaignId: string; query: ExpenseListQuery }>({
      query: ({ campaignId, query }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.listExpense, { campaignId }), params: withoutEmpty(query) }),
      transformResponse: (body: ApiSuccess<ExpenseListData>) => body.data,
      providesTags: ['Expense'],
    }),
    /** add_expense, with a fresh Idempotency-Key for this submission (the server records it once; a resend after a token refresh carries the same key). */
    addExpense: build.mutation<WithCode, AddExpenseRequest>({
      query: (data) => ({ url: DONOR_BOOK_PATHS.addExpense, method: 'POST', data, ...idempotencyHeaders() }),
      // The dashboard's cash figures count expenses too.
      invalidatesTags: ['Expense', 'Dashboard'],
    }),
    updateExpense: build.mutation<WithCode, UpdateExpenseRequest>({
      query: (data) => ({ url: DONOR_BOOK_PATHS.updateExpense, method: 'POST', data }),
      invalidatesTags: ['Expense', 'Dashboard'],
    }),
    deleteExpense: build.mutation<WithCode, { campaignId: string; expenseId: string }>({
      query: ({ campaignId, expenseId }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.deleteExpense, { campaignId, expenseId }), method: 'DELETE' }),
      invalidatesTags: ['Expense', 'Dashboard'],
    }),

    // ── attachments (receipts): the list's receipt counts change with them, so they share the 'Expense' tag ──
    expenseAttachments: build.query<ExpenseAttachmentListData, { campaignId: string; expenseId: string }>({
      query: ({ campaignId, expenseId }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.listExpenseAttachment, { campaignId, expenseId }) }),
      transformResponse: (body: ApiSuccess<ExpenseAttachmentListData>) => body.data,
      providesTags: ['Expense'],
    }),
    /** Where the file goes: a signed upload target (nothing is recorded yet, so nothing to refresh). */
    presignExpenseAttachment: build.mutation<PresignedUrlData, { campaign_id: string; expense_id: string; file_name: string; file_size: number }>({
      query: (data) => ({ url: DONOR_BOOK_PATHS.expenseAttachmentPresignedUrl, method: 'POST', data }),
      transformResponse: (body: ApiSuccess<PresignedUrlData>) => body.data,
    }),
    /** The server checks what storage received (type by content, size) and records it. */
    addExpenseAttachment: build.mutation<ExpenseAttachmentRow, { campaign_id: string; expense_id: string; file_key: string; file_name: string }>({
      query: (data) => ({ url: DONOR_BOOK_PATHS.addExpenseAttachment, method: 'POST', data }),
      transformResponse: (body: ApiSuccess<ExpenseAttachmentRow>) => body.data,
      invalidatesTags: ['Expense'],
    }),
    /** A short-lived signed link: asked for on every download, never reused. */
    expenseAttachmentLink: build.query<ExpenseAttachmentDownloadData, { campaignId: string; attachmentId: string }>({
      query: ({ campaignId, attachmentId }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.expenseAttachmentDownload, { campaignId, attachmentId }) }),
      transformResponse: (body: ApiSuccess<ExpenseAttachmentDownloadData>) => body.data,
      keepUnusedDataFor: 0,
    }),
    deleteExpenseAttachment: build.mutation<null, { campaignId: string; attachmentId: string }>({
      query: ({ campaignId, attachmentId }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.deleteExpenseAttachment, { campaignId, attachmentId }), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Expense'],
    }),
  }),
});

export const {
  useExpenseListQuery,
  useAddExpenseMutation,
  useUpdateExpenseMutation,
  useDeleteExpenseMutation,
  useExpenseAttachmentsQuery,
  useDeleteExpenseAttachmentMutation,
  useLazyExpenseAttachmentLinkQuery,
} = expensesApi;

/**
 * presign → PUT with progress → attach: the file goes straight to storage through the signed URL (not
 * our API, so not an endpoint), then the server checks what it received and records it; recording it
 * refreshes the receipts and the expense list's counts (the 'Expense' tag).
 */
export function useUploadExpenseAttachment() {
  const [presign] = expensesApi.usePresignExpenseAttachmentMutation();
  const [attach] = expensesApi.useAddExpenseAttachmentMutation();
  return useCallback(
    async (campaignId: string, expenseId: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ExpenseAttachmentRow> => {
      const [signed, { putSignedFile }] = await Promise.all([
        presign({ campaign_id: campaignId, expense_id: expenseId, file_name: file.name, file_size: file.size }).unwrap(),
        import('../../../lib/signed-upload'),
      ]);
      await putSignedFile(signed, file, onProgress, { signal });
      return attach({ campaign_id: campaignId, expense_id: expenseId, file_key: signed.key, file_name: file.name }).unwrap();
    },
    [presign, attach],
  );
}
