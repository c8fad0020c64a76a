import type { DonorListQuery } from '../../../domain/donor-book/donors-contract';
import { BALANCE_FILTERS, CONTRIBUTOR_TYPES, ELIGIBILITIES, type BalanceFilter, type ContributorType, type Eligibility } from '../../../domain/donor-book/enums';
import { DONOR_LIST_SORTS } from '../../../domain/validation/donors';
import { pageSizeOf } from '../../components/data-table/pager';

export const DEFAULT_SORT = 'name';
export const DEFAULT_PAGE_SIZE = 25;

export interface DonorListState {
  page: number;
  limit: number;
  search: string;
  sort: string;
  contributor_type: ContributorType | '';
  eligibility: Eligibility | '';
  tag: string;
  balance: BalanceFilter | '';
  /** An election cycle value ('2025'): donors with a pledge or donation dated in it. */
  cycle: string;
}

const SORTS = new Set<string>([...DONOR_LIST_SORTS, ...DONOR_LIST_SORTS.map((s) => `-${s}`)]);

function oneOf<V extends string>(values: readonly V[], value: string | null): V | '' {
  return value !== null && (values as readonly string[]).includes(value) ? (value as V) : '';
}

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The list's state from the URL query (unknown values fall back to defaults). */
export function readDonorListState(params: URLSearchParams): DonorListState {
  const sort = params.get('sort') ?? '';
  return {
    page: positive(params.get('page'), 1),
    limit: pageSizeOf(params.get('limit'), DEFAULT_PAGE_SIZE),
    search: (params.get('search') ?? '').trim(),
    sort: SORTS.has(sort) ? sort : DEFAULT_SORT,
    contributor_type: oneOf(CONTRIBUTOR_TYPES, params.get('contributor_type')),
    eligibility: oneOf(ELIGIBILITIES, params.get('eligibility')),
    tag: (params.get('tag') ?? '').trim(),
    balance: oneOf(BALANCE_FILTERS, params.get('balance')),
    cycle: /^\d{4}$/.test(params.get('cycle') ?? '') ? (params.get('cycle') as string) : '',
  };
}

/** The URL query of a state: empty values and defaults are left out (SPEC §5), so '/donor-list' stays clean. */
export function donorListSearchParams(state: DonorListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.contributor_type) params.set('contributor_type', state.contributor_type);
  if (state.eligibility) params.set('eligibility', state.eligibility);
  if (state.tag) params.set('tag', state.tag);
  if (state.balance) params.set('balance', state.balance);
  if (state.cycle) params.set('cycle', state.cycle);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) params.set('limit', String(state.limit));
  return params;
}

/** The API query of a state (the api module strips the empty values). */
export function donorListQuery(state: DonorListState): DonorListQuery {
  return {
    page: state.page,
    limit: state.limit,
    sort: state.sort,
    search: state.search || undefined,
    contributor_type: state.contributor_type || undefined,
    eligibility: state.eligibility || undefined,
    tag: state.tag || undefined,
    balance: state.balance || undefined,
    cycle: state.cycle || undefined,
  };
}

export function hasFilters(state: DonorListState): boolean {
  return Boolean(state.search || state.contributor_type || state.eligibility || state.tag || state.balance || state.cycle);
}
