import { UPLOAD_LIST_SORTS, UPLOAD_STATUSES, type UploadStatus } from '../../../domain/imports/api-contract';
import { IMPORT_TYPES, type ImportType } from '../../../domain/imports/templates';
import { pageSizeOf } from '../../components/data-table/pager';
import type { UploadListQuery } from './api/uploads-api';

export const DEFAULT_SORT = '-created_at';
export const DEFAULT_PAGE_SIZE = 25;

/** The history's state in the URL (`upload` — the open review — is the page's, not the list's). */
export interface UploadListState {
  type: ImportType | 'all';
  status: UploadStatus | '';
  search: string;
  sort: string;
  page: number;
  limit: number;
}

const SORTS = new Set<string>([...UPLOAD_LIST_SORTS, ...UPLOAD_LIST_SORTS.map((s) => `-${s}`)]);
const LIST_KEYS = ['type', 'status', 'search', 'sort', 'page', 'limit'] as const;

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The list's state from the URL query (unknown values fall back to defaults). */
export function readUploadListState(params: URLSearchParams): UploadListState {
  const type = params.get('type') ?? '';
  const status = params.get('status') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    type: (IMPORT_TYPES as readonly string[]).includes(type) ? (type as ImportType) : 'all',
    status: (UPLOAD_STATUSES as readonly string[]).includes(status) ? (status as UploadStatus) : '',
    search: (params.get('search') ?? '').trim(),
    sort: SORTS.has(sort) ? sort : DEFAULT_SORT,
    page: positive(params.get('page'), 1),
    limit: pageSizeOf(params.get('limit'), DEFAULT_PAGE_SIZE),
  };
}

/** `current` with the list's keys replaced by `state` (defaults left out); other keys (`upload`) are kept. */
export function withUploadListState(current: URLSearchParams, state: UploadListState): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of LIST_KEYS) next.delete(key);
  if (state.type !== 'all') next.set('type', state.type);
  if (state.status) next.set('status', state.status);
  if (state.search) next.set('search', state.search);
  if (state.sort !== DEFAULT_SORT) next.set('sort', state.sort);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) next.set('limit', String(state.limit));
  return next;
}

/** The API query of a state (the api module strips the empty values). */
export function uploadListQuery(state: UploadListState): UploadListQuery {
  return { type: state.type, page: state.page, limit: state.limit, sort: state.sort, status: state.status, search: state.search };
}

export function hasFilters(state: UploadListState): boolean {
  return state.type !== 'all' || state.status !== '' || state.search !== '';
}
