/**
 * Yup schemas of the report requests (domain/reports/api-contract.ts), shared by the report pages and
 * the server. Empty values are stripped (SPEC §5): '' means "no filter". Pure: no React, no Node.
 */
import { mixed, object, string } from 'yup';
import { CONTRIBUTOR_TYPES, EXPENSE_PAYMENT_METHODS, EXPENSE_PURPOSES, PAYMENT_METHODS } from '../donor-book/enums';
import { campaignIdField, dateRangeFields, limitField, optionalEnumQuery, pageField, searchField, uuidField } from '../validation/fields';
import {
  AGING_BUCKETS,
  DUE_WINDOWS,
  LIMIT_STANDINGS,
  REPORT_DEFAULT_SORTS,
  REPORT_FILTER_KEYS,
  REPORT_FORMATS,
  REPORT_LIST_SORTS,
  REPORT_STATUSES,
  REPORT_TYPES,
  reportSorts,
  type ReportFilter,
  type ReportType,
} from './api-contract';

export const REPORT_VALIDATION_MESSAGES = {
  TYPE_INVALID: `Report type must be one of: ${REPORT_TYPES.join(', ')}`,
  LIST_TYPE_INVALID: `Type must be all, filing or one of: ${REPORT_TYPES.join(', ')}`,
  FORMAT_INVALID: 'Format must be csv, xlsx or pdf',
  FILTER_INVALID: 'Report filter is not valid',
  SORT_INVALID: 'Sort is not a column of this report',
  REPORT_ID_INVALID: 'Report id is not valid',
} as const;

const M = REPORT_VALIDATION_MESSAGES;

export const reportTypeField = string().typeError(M.TYPE_INVALID).required(M.TYPE_INVALID).oneOf(REPORT_TYPES, M.TYPE_INVALID);

/** The filter fields (dates, search and every per-report key); the keys a report does not take are dropped by `reportFilterOf`. */
const filterFields = {
  ...dateRangeFields,
  search: searchField,
  contributor_type: optionalEnumQuery(CONTRIBUTOR_TYPES),
  payment_method: optionalEnumQuery([...new Set<string>([...PAYMENT_METHODS, ...EXPENSE_PAYMENT_METHODS])]),
  purpose: optionalEnumQuery(EXPENSE_PURPOSES),
  aging: optionalEnumQuery(AGING_BUCKETS),
  window: optionalEnumQuery(DUE_WINDOWS),
  standing: optionalEnumQuery(LIMIT_STANDINGS),
};

export const reportFilterSchema = object(filterFields).noUnknown(M.FILTER_INVALID);

/** A validated filter narrowed to the report's keys, empty values stripped, dates always present (null = open). */
export function reportFilterOf(type: ReportType, values: Record<string, unknown>): ReportFilter {
  const filter: ReportFilter = {
    start_date: typeof values.start_date === 'string' && values.start_date ? values.start_date : null,
    end_date: typeof values.end_date === 'string' && values.end_date ? values.end_date : null,
  };
  for (const key of REPORT_FILTER_KEYS[type]) {
    const value = values[key];
    if (typeof value === 'string' && value.trim() !== '') (filter as unknown as Record<string, string>)[key] = value.trim();
  }
  return filter;
}

/** A sort of the report's columns, or its default. */
export function reportSortOf(type: ReportType, sort: unknown): string | null {
  if (sort === undefined || sort === null || sort === '') return REPORT_DEFAULT_SORTS[type];
  return typeof sort === 'string' && reportSorts(type).includes(sort) ? sort : null;
}

/** GET report_data query (the type comes from the path; sort is checked against its columns by reportSortOf). */
export const reportDataQuerySchema = object({
  ...filterFields,
  page: pageField,
  limit: limitField,
  sort: string().typeError(M.SORT_INVALID).optional(),
});

export const startReportRequestSchema = object({
  campaign_id: campaignIdField,
  type: reportTypeField,
  format: string().typeError(M.FORMAT_INVALID).required(M.FORMAT_INVALID).oneOf(REPORT_FORMATS, M.FORMAT_INVALID),
  filter: mixed()
    .test('object', M.FILTER_INVALID, (value) => value === undefined || value === null || (typeof value === 'object' && !Array.isArray(value)))
    .optional(),
  sort: string().typeError(M.SORT_INVALID).optional(),
});

export const reportListParamsSchema = object({
  campaignId: campaignIdField,
  type: string()
    .typeError(M.LIST_TYPE_INVALID)
    .required(M.LIST_TYPE_INVALID)
    // 'filing': the files of the Filings page (domain/filings/api-contract.ts FILING_LIST_TYPE).
    .oneOf([...REPORT_TYPES, 'all', 'filing'], M.LIST_TYPE_INVALID),
});

export const reportListQuerySchema = object({
  page: pageField,
  limit: limitField,
  sort: string()
    .typeError(M.SORT_INVALID)
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf([...REPORT_LIST_SORTS, ...REPORT_LIST_SORTS.map((s) => `-${s}`)], `Sort must be one of: ${REPORT_LIST_SORTS.join(', ')} (prefix - for descending)`)
    .default('-created_at'),
  format: optionalEnumQuery(REPORT_FORMATS),
  status: optionalEnumQuery(REPORT_STATUSES),
});

export const getReportParamsSchema = object({ reportId: uuidField(M.REPORT_ID_INVALID) });
export const getReportQuerySchema = object({ campaign_id: campaignIdField });

