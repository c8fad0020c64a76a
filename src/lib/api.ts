/**
 * The one way the SPA reads and writes server data: RTK Query over our single axios instance.
 *
 *   // features/<feature>/api/<feature>-api.ts
 *   export const donorsApi = api.injectEndpoints({
 *     endpoints: (build) => ({
 *       donorList: build.query<DonorListData, DonorListArgs>({
 *         query: (args) => ({ url: DONOR_PATHS.list, params: args }),
 *         providesTags: ['Donor'],
 *       }),
 *       addDonor: build.mutation<DonorData, DonorInput>({
 *         query: (body) => ({ url: DONOR_PATHS.add, method: 'POST', data: body }),
 *         invalidatesTags: ['Donor'],
 *       }),
 *     }),
 *   });
 *   export const { useDonorListQuery, useAddDonorMutation } = donorsApi;
 *
 * - Requests go through `apiClient` (api-client.ts), loaded on first use, so the bearer token, the
 *   401 refresh-and-retry and the 429 handling stay exactly as they are.
 * - `query` answers `{ url, method?, data?, params?, headers?, responseType? }`; the result is the
 *   response body as the server sends it (`{ data: … }` envelopes stay: unwrap in `transformResponse`).
 * - An error is a plain object shaped like axios's (`{ status, message, response: { status, data,
 *   headers } }`), so `apiErrorMessage`, `apiErrorCode`, `apiFieldErrors` and `isRateLimitError`
 *   read it as they read an axios error. Mutations: `await trigger(arg).unwrap()` throws it.
 * - Tags name what a write changes (TAG_TYPES below); lists provide them, writes invalidate them:
 *   no refresh counters, no `onChanged` props. Live socket events invalidate tags or patch entries
 *   (`api.util.invalidateTags`, `api.util.updateQueryData`) from one listener per feature.
 * - Campaign-scoped queries take the campaign id in their argument, so another campaign's answer is
 *   a different cache entry: show `currentData` (never the previous campaign's `data`) where a
 *   campaign switch must clear the page (SPEC §4).
 * - The cache lives in the store under `api`, injected when this module is first imported (the
 *   sign-in pages never import it), is never persisted, and is emptied on sign-out (`resetUser`).
 */
import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { AxiosRequestConfig } from 'axios';
import { useState } from 'react';
import { injectApi } from '../app/store';
import { loadApi } from './load-api';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  data?: unknown;
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  responseType?: AxiosRequestConfig['responseType'];
}

/** An API error as stored by RTK Query: serializable, and shaped like an axios error for the api-error helpers. */
export interface ApiError {
  status: number | null;
  message: string;
  response?: { status: number; data: unknown; headers: Record<string, string> };
}

/** An axios error (of either client) as RTK Query stores it: a serializable copy the api-error helpers read. */
export function toApiError(error: unknown): ApiError {
  const err = error as { message?: unknown; response?: { status?: unknown; data?: unknown; headers?: unknown } };
  const message = typeof err?.message === 'string' ? err.message : 'Request failed';
  const response = err?.response;
  if (!response || typeof response.status !== 'number') return { status: null, message };
  const headers: Record<string, string> = {};
  const retryAfter = readHeader(response.headers, 'retry-after');
  if (retryAfter !== undefined) headers['retry-after'] = retryAfter;
  return { status: response.status, message, response: { status: response.status, data: response.data ?? null, headers } };
}

function readHeader(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const getter = (headers as { get?: unknown }).get;
  const raw = typeof getter === 'function' ? (getter as (n: string) => unknown).call(headers, name) : (headers as Record<string, unknown>)[name];
  return typeof raw === 'string' || typeof raw === 'number' ? String(raw) : undefined;
}

/** A query's params or filter without empty values (undefined, null, ''): the server reads an absent one as no filter. */
export function withoutEmpty<T extends object>(query: T): Partial<T> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== '')) as Partial<T>;
}

const axiosBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (request, { signal }) => {
  const { apiClient } = await loadApi();
  try {
    const response = await apiClient.request({ ...request, signal });
    return { data: response.data as unknown };
  } catch (error) {
    return { error: toApiError(error) };
  }
};

/** What writes change and lists show; add a name here when a feature needs a new one. */
export const TAG_TYPES = [
  'Campaign',
  'CampaignDetails',
  'User',
  'Permission',
  'Donor',
  'Pledge',
  'Donation',
  'Expense',
  'FollowUp',
  'Dashboard',
  'Report',
  'Upload',
  'Package',
  'Payment',
  'Gateway',
  'Filing',
  'Outbox',
  'DonorTag',
  'DonorNote',
  'Member',
  'Invitation',
  'Role',
  'CampaignVideo',
] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

// Emptied on sign-out: the next user of this tab never sees the last one's answers.
const apiReducer: typeof api.reducer = (state, action) => api.reducer(action.type === 'user/reset' ? undefined : state, action);
injectApi(apiReducer, api.middleware);

/**
 * What a campaign-scoped page shows of a query's result (`useXQuery(args)`): the answer to the current
 * arguments, or while they load the previous answer *of the same campaign* (a table dims instead of
 * emptying when it pages), never another campaign's (SPEC §4: choosing a campaign clears the page).
 */
export function useCampaignData<Result extends { currentData?: unknown }>(result: Result, campaignId: string | number | null): Result['currentData'] | undefined {
  type T = Result['currentData'];
  const campaign = campaignId === null ? null : String(campaignId);
  const [last, setLast] = useState<{ campaign: string | null; data: T | undefined }>({ campaign: null, data: undefined });
  // Remembered while rendering (React's "information from previous renders" pattern), not in an effect.
  if (result.currentData !== undefined && (last.data !== result.currentData || last.campaign !== campaign)) setLast({ campaign, data: result.currentData });
  if (result.currentData !== undefined) return result.currentData;
  return last.campaign === campaign ? last.data : undefined;
}
