/**
 * A report page's state in the URL: dates, the report's filters, sort, page and page size. Defaults
 * are left out of the URL; unknown values fall back to them. The date presets (this cycle, this
 * year, last 30 days, all) are computed from today and the campaign's cycle.
 */
import { CONTRIBUTOR_TYPES, EXPENSE_PAYMENT_METHODS, EXPENSE_PURPOSES, PAYMENT_METHODS } from '../../../domain/donor-book/enums';
import { AGING_BUCKETS, DUE_WINDOWS, LIMIT_STANDINGS, REPORT_DEFAULT_SORTS, REPORT_FILTER_KEYS, reportSorts, type ReportFilterKey, type ReportType } from '../../../domain/reports/api-contract';
import { pageSizeOf } from '../../components/data-table/pager';

export const DEFAULT_PAGE_SIZE = 25;
const ISO = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportPageState {
  start_date: string;
  end_date: string;
  filters: Partial<Record<ReportFilterKey, string>>;
  sort: string;
  page: number;
  limit: number;
}

const ALLOWED: Record<Exclude<ReportFilterKey, 'search'>, readonly string[]> = {
  contributor_type: CONTRIBUTOR_TYPES,
  payment_method: [...new Set<string>([...PAYMENT_METHODS, ...EXPENSE_PAYMENT_METHODS])],
  purpose: EXPENSE_PURPOSES,
  aging: AGING_BUCKETS,
  window: DUE_WINDOWS,
  standing: LIMIT_STANDINGS,
};

/** Filters with a default of their own (the server's: the due report covers the next 30 days): left out of the URL. */
export const REPORT_FILTER_DEFAULTS: Partial<Record<ReportFilterKey, string>> = { window: 'next_30' };

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

export function readReportState(type: ReportType, params: URLSearchParams): ReportPageState {
  const filters: ReportPageState['filters'] = {};
  for (const key of REPORT_FILTER_KEYS[type]) {
    const value = (params.get(key) ?? '').trim();
    if (!value || value === REPORT_FILTER_DEFAULTS[key]) continue;
    if (key === 'search' || ALLOWED[key].includes(value)) filters[key] = value;
  }
  const sort = params.get('sort') ?? '';
  const start = params.get('start_date') ?? '';
  const end = params.get('end_date') ?? '';
  return {
    start_date: ISO.test(start) ? start : '',
    end_date: ISO.test(end) ? end : '',
    filters,
    sort: reportSorts(type).includes(sort) ? sort : REPORT_DEFAULT_SORTS[type],
    page: positive(params.get('page'), 1),
    limit: pageSizeOf(params.get('limit'), DEFAULT_PAGE_SIZE),
  };
}

/** A change of the page's state: `filters` are merged (undefined or '' removes one); `clearFilters` drops them all. */
export type ReportStatePatch = Partial<Omit<ReportPageState, 'filters'>> & { filters?: Partial<Record<ReportFilterKey, string | undefined>>; clearFilters?: boolean };

/** `current` with `patch` applied; any change but the page's goes back to page 1. */
export function patchReportState(current: ReportPageState, patch: ReportStatePatch): ReportPageState {
  const { filters: changed, clearFilters, ...rest } = patch;
  const merged: Partial<Record<ReportFilterKey, string | undefined>> = clearFilters ? {} : { ...current.filters, ...changed };
  const filters = Object.fromEntries(Object.entries(merged).filter(([key, v]) => v && v !== REPORT_FILTER_DEFAULTS[key as ReportFilterKey])) as ReportPageState['filters'];
  return { ...current, ...('page' in rest ? {} : { page: 1 }), ...rest, filters };
}

export function withReportState(type: ReportType, state: ReportPageState): URLSearchParams {
  const next = new URLSearchParams();
  if (state.start_date) next.set('start_date', state.start_date);
  if (state.end_date) next.set('end_date', state.end_date);
  for (const key of REPORT_FILTER_KEYS[type]) {
    const value = state.filters[key];
    if (value) next.set(key, value);
  }
  if (state.sort !== REPORT_DEFAULT_SORTS[type]) next.set('sort', state.sort);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.limit !== DEFAULT_PAGE_SIZE) next.set('limit', String(state.limit));
  return next;
}

/** The filter as the API takes it (report_data's query, start_report's filter). */
export function reportFilterQuery(state: ReportPageState): Record<string, string> {
  return { start_date: state.start_date, end_date: state.end_date, ...state.filters } as Record<string, string>;
}

export function hasFilters(state: ReportPageState): boolean {
  return Boolean(state.start_date || state.end_date || hasNarrowingFilters(state));
}

/** A filter besides the dates is set (search, a select): "nothing matches" rather than "nothing in this period". */
export function hasNarrowingFilters(state: ReportPageState): boolean {
  return Object.values(state.filters).some(Boolean);
}

export const DATE_PRESETS = ['cycle', 'year', 'last30', 'all'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The dates of a preset on `today` ('YYYY-MM-DD'); null when it cannot apply (no cycle). */
export function presetDates(preset: DatePreset, today: string, cycle: { start_date: string; end_date: string } | null): { start_date: string; end_date: string } | null {
  switch (preset) {
    case 'cycle':
      return cycle ? { start_date: cycle.start_date, end_date: cycle.end_date } : null;
    case 'year':
      return { start_date: `${today.slice(0, 4)}-01-01`, end_date: `${today.slice(0, 4)}-12-31` };
    case 'last30':
      return { start_date: isoOf(new Date(Date.parse(`${today}T00:00:00Z`) - 29 * 86_400_000)), end_date: today };
    case 'all':
      return { start_date: '', end_date: '' };
  }
}

/** Which preset the dates are, if any (for the select to show). */
export function presetOf(state: Pick<ReportPageState, 'start_date' | 'end_date'>, today: string, cycle: { start_date: string; end_date: string } | null): DatePreset | '' {
  for (const preset of DATE_PRESETS) {
    const dates = presetDates(preset, today, cycle);
    if (dates && dates.start_date === state.start_date && dates.end_date === state.end_date) return preset;
  }
  return '';
}
