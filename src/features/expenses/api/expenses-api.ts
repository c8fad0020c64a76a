import type { ApiSuccess } from '../../../../domain/auth/api-contract';
import {
  DONOR_BOOK_PATHS,
  donorBookPath,
  type AddExpenseRequest,
  type ExpenseListData,
  type ExpenseListQuery,
  type UpdateExpenseRequest,
} from '../../../../domain/donor-book/api-contract';
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

export async function addExpense(body: AddExpenseRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(DONOR_BOOK_PATHS.addExpense, body)).data;
}

export async function updateExpense(body: UpdateExpenseRequest): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.post<WithCode>(DONOR_BOOK_PATHS.updateExpense, body)).data;
}

export async function deleteExpense(campaignId: string, expenseId: string): Promise<WithCode> {
  const { apiClient } = await loadApi();
  return (await apiClient.delete<WithCode>(donorBookPath(DONOR_BOOK_PATHS.deleteExpense, { campaignId, expenseId }))).data;
}
