/**
 * The field kit of every form, request and list of the product (donor book, expenses, reports,
 * imports, filings, payments): yup fields for ids, optional texts, dates, amounts, addresses and the
 * list queries (page, limit, search, sort, filters, date range), with their texts. Shared by the SPA
 * forms and the server routes (bodies are validated strictly on the server: no casting; query strings
 * with casting). Optional text fields accept '' (an empty input), null or a missing key; the server
 * stores all three as null. Pure: no React, no Node.
 */
import { boolean, number, string, type AnyObject, type TestContext } from 'yup';
import { addDays, isIsoDate, isoDay } from '../dates';
import { MAX_AMOUNT_CENTS } from '../money';

/** The texts of the shared fields (DONOR_VALIDATION_MESSAGES and EXPENSE_VALIDATION_MESSAGES repeat the ones they show). */
export const FIELD_MESSAGES = {
  CAMPAIGN_ID_REQUIRED: 'Please select a campaign first',
  CAMPAIGN_ID_INVALID: 'Campaign id is not valid',
  TEXT_MAX: 'Too long',
  AMOUNT_INVALID: `Amount must be a whole number of cents from 1 to ${MAX_AMOUNT_CENTS}`,
  DATE_INVALID: 'Enter a real date as YYYY-MM-DD',
  DATE_IN_FUTURE: 'The date cannot be in the future',
  // lists
  PAGE_INVALID: 'Page must be a whole number from 1',
  LIMIT_INVALID: 'Limit must be a whole number from 1 to 500',
  SEARCH_TOO_LONG: 'Search should be at most 100 characters',
  SEARCH_NOT_TEXT: 'Search should be text',
  SORT_INVALID: 'Unknown sort',
  END_BEFORE_START: 'End date cannot be before the start date',
  FILTER_INVALID: 'Unknown filter value',
  BOOLEAN_INVALID: 'Must be true or false',
} as const;

const M = FIELD_MESSAGES;

// ── limits and patterns ─────────────────────────────────────────────────────────────────────

export const US_ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
export const POSTAL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/;
export const COUNTRY_PATTERN = /^[A-Z]{2}$/;
export const DEFAULT_COUNTRY = 'US';
export const LIST_MAX_LIMIT = 500;
export const LIST_DEFAULT_LIMIT = 25;
export const SEARCH_MAX_LENGTH = 100;

/**
 * The latest date a payment may carry: "today" plus one day, so that a person whose local day is
 * ahead of UTC can still enter their today. "Today" is `context.today` when the validator is given
 * one (the server passes its clock's day), else the device's clock.
 */
function latestAllowedDay(context: TestContext<AnyObject>): string {
  const given = (context.options.context as { today?: unknown } | undefined)?.today;
  const today = typeof given === 'string' && isIsoDate(given) ? given : isoDay(new Date());
  return addDays(today, 1);
}

/** An empty input: undefined, null or ''. */
export const isBlank = (value: unknown) => value === undefined || value === null || value === '';

// ── generic fields ──────────────────────────────────────────────────────────────────────────

export const uuidField = (message: string, requiredMessage: string = message) => string().typeError(message).required(requiredMessage).uuid(message);
export const campaignIdField = uuidField(M.CAMPAIGN_ID_INVALID, M.CAMPAIGN_ID_REQUIRED);

/** Optional text: '' / null / missing allowed, at most `max` characters. */
export const optionalText = (max: number, message: string = M.TEXT_MAX) => string().typeError(message).nullable().optional().max(max, message);

/** A 'YYYY-MM-DD' real date; optional (add `.required(message)` where needed). */
export const isoDateField = (message: string = M.DATE_INVALID) =>
  string()
    .typeError(message)
    .nullable()
    .optional()
    .test('iso-date', message, (value) => isBlank(value) || isIsoDate(value as string));

/** A date that is not in the future (a payment, a refund): today + 1 day of slack for time zones. */
export const pastDateField = (requiredMessage: string) =>
  isoDateField()
    .required(requiredMessage)
    .test('not-future', M.DATE_IN_FUTURE, function notFuture(value) {
      return isBlank(value) || !isIsoDate(value as string) || (value as string) <= latestAllowedDay(this);
    });

/** Integer cents from 1 to MAX_AMOUNT_CENTS. */
export const amountCentsField = (requiredMessage: string = M.AMOUNT_INVALID) =>
  number().typeError(M.AMOUNT_INVALID).required(requiredMessage).integer(M.AMOUNT_INVALID).min(1, M.AMOUNT_INVALID).max(MAX_AMOUNT_CENTS, M.AMOUNT_INVALID);

/** Query: page from 1 (default 1). */
export const pageField = number().typeError(M.PAGE_INVALID).integer(M.PAGE_INVALID).min(1, M.PAGE_INVALID).max(1_000_000, M.PAGE_INVALID).default(1);
/** Query: limit 1–500 (default 25). */
export const limitField = number()
  .typeError(M.LIMIT_INVALID)
  .integer(M.LIMIT_INVALID)
  .min(1, M.LIMIT_INVALID)
  .max(LIST_MAX_LIMIT, M.LIMIT_INVALID)
  .default(LIST_DEFAULT_LIMIT);
/** Query: free-text search, trimmed, at most 100 characters ('' = no search). */
export const searchField = string().typeError(M.SEARCH_NOT_TEXT).optional().trim().max(SEARCH_MAX_LENGTH, M.SEARCH_TOO_LONG);

/** Query: 'field' (ascending) or '-field' (descending), one of `allowed`; `fallback` when absent. */
export function sortField<F extends string>(allowed: readonly F[], fallback: F | `-${F}`) {
  const values = [...allowed, ...allowed.map((f) => `-${f}` as const)];
  return string()
    .typeError(M.SORT_INVALID)
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf(values, `Sort must be one of: ${allowed.join(', ')} (prefix - for descending)`)
    .default(fallback);
}

/** 'field' / '-field' → { field, descending }. */
export function parseSort<F extends string>(sort: string): { field: F; descending: boolean } {
  return sort.startsWith('-') ? { field: sort.slice(1) as F, descending: true } : { field: sort as F, descending: false };
}

/** Query: an optional value of `values` ('' = no filter). */
export function optionalEnumQuery<V extends string>(values: readonly V[], message: string = M.FILTER_INVALID) {
  return string()
    .typeError(message)
    .transform((value: unknown) => (value === '' ? undefined : value))
    .oneOf([...values, undefined], message)
    .optional();
}

/** Query: an optional true/false ('' = no filter). */
export const optionalBooleanQuery = boolean()
  .typeError(M.BOOLEAN_INVALID)
  .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
  .optional();

/** Query: an optional uuid ('' = no filter). */
export const optionalUuidQuery = (message: string) =>
  string()
    .typeError(message)
    .transform((value: unknown) => (value === '' ? undefined : value))
    .uuid(message)
    .optional();

/** Query: start_date / end_date, inclusive, 'YYYY-MM-DD' ('' = open end). */
export const dateRangeFields = {
  start_date: isoDateField().transform((value: unknown) => (value === '' ? undefined : value)),
  end_date: isoDateField()
    .transform((value: unknown) => (value === '' ? undefined : value))
    .test('after-start', M.END_BEFORE_START, function afterStart(value) {
      const start = (this.parent as { start_date?: unknown }).start_date;
      return isBlank(value) || typeof start !== 'string' || !isIsoDate(start) || (value as string) >= start;
    }),
};

/** page, limit, search and sort of a list. */
export function listQueryFields<F extends string>(allowedSorts: readonly F[], defaultSort: F | `-${F}`) {
  return { page: pageField, limit: limitField, search: searchField, sort: sortField(allowedSorts, defaultSort) };
}
