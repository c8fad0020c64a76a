/**
 * The reports API (SPEC §7 start_report, get_report/{id}, report_list/{a}/{b}; SPEC §3 report history
 * entry; SPEC §9 report title): paths, filters, columns and answers, shared by the SPA, the server and
 * the file writers. Every answer is `{ data: … }`; errors are `{ code, message }`. Pure: no React, no Node.
 *
 *   GET  /donation/report_data/{c}/{type}?…filter, page, limit, sort → one page of rows, the totals of
 *        every row the filter keeps, the summary strip and the breakdown (on screen)
 *   POST /donation/start_report/  { campaign_id, type, format, filter } → the history entry (queued);
 *        a job writes the file (same rows, same totals) to private storage
 *   GET  /donation/report_list/{c}/{type | all}?page, limit, sort, format, status → the history
 *   GET  /donation/get_report/{reportId}?campaign_id=… → a short-lived download URL of a ready file
 * Live: the user who started a report gets 'progress' and 'done' events with kind 'report'.
 *
 * Money is integer cents; dates 'YYYY-MM-DD' (shown DD-MM-YYYY). A row is a flat record keyed by its
 * report's column keys, plus `row_id` and, where a donor is concerned, `donor_id`.
 */

import { COMMITTED_OPEN, REFUND_RULE } from './figure-names';

export const REPORT_PATHS = {
  data: '/donation/report_data/:campaignId/:type',
  start: '/donation/start_report/',
  list: '/donation/report_list/:campaignId/:type',
  get: '/donation/get_report/:reportId',
} as const;

export const reportDataUrl = (campaignId: string, type: ReportType) => `/donation/report_data/${encodeURIComponent(campaignId)}/${type}`;
export const reportListUrl = (campaignId: string, type: ReportType | 'all') => `/donation/report_list/${encodeURIComponent(campaignId)}/${type}`;
export const getReportUrl = (reportId: string) => `/donation/get_report/${encodeURIComponent(reportId)}`;

// ── types and formats ───────────────────────────────────────────────────────────────────────

export const REPORT_TYPES = ['donation', 'pledges_receivable', 'due', 'donor_limit', 'donor_history', 'match', 'expense', 'intermediary'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** `{type}` of the SPEC §9 title. */
export const REPORT_TYPE_NAMES: Record<ReportType, string> = {
  donation: 'Donation',
  pledges_receivable: 'Pledges Receivable',
  due: 'Due',
  donor_limit: 'Donor Limit',
  donor_history: 'Donor History',
  match: 'Match',
  expense: 'Expense',
  intermediary: 'Intermediary',
};

/** The SPA route of each report (SPEC §2). */
export const REPORT_ROUTES: Record<ReportType, string> = {
  donation: '/donation-report',
  pledges_receivable: '/pledges-receivable-report',
  due: '/due-report',
  donor_limit: '/donor-limit-report',
  donor_history: '/donor-history-report',
  match: '/match-report',
  expense: '/expense-report',
  intermediary: '/intermediary-report',
};

/** The one line at the top of each report page (and in each file's header block). */
export const REPORT_DESCRIPTIONS: Record<ReportType, string> = {
  donation:
    "Every donation received in the period, with the donor, the method, what was refunded, the net amount and its matchable part (the donor's matchable amount filled in date order across their donations of the election cycle; the Match report shows it per donor).",
  pledges_receivable: `Every pledge with money still owed, what was paid, the next payment date and how long it is overdue (by commitment date). ${COMMITTED_OPEN.label}: ${COMMITTED_OPEN.hint}.`,
  due: 'Payments due on open pledges: overdue ones and those due within the window, with contact details to remind the donor.',
  donor_limit: "Each donor's aggregate in the campaign's election cycle against their contribution limit (with dates set: the donors who gave in that period).",
  donor_history: "Each donor's pledges, donations, refunds and write-offs in date order, with the running total given.",
  match:
    "Each donor's matchable amount and estimated public funds under the campaign's program, with the reason for any part that is not matchable, and the progress toward the program's qualifying threshold (matchable contributors and amount from residents: of the campaign's district when it and the donor's are set, otherwise of New York City or New York State) and toward the office's public-funds cap.",
  expense: 'Every expense in the period by purpose, with the payee, method and memo, and a subtotal per purpose.',
  intermediary:
    'Every contribution (donation or pledge payment) in the period that names an intermediary, the person who bundled it, with the intermediary as C-SMART records one (address, employer, occupation, C-SMART number), and a subtotal per intermediary.',
};

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIVE_KIND = 'report';

/** How long a download link of a ready file stays valid, seconds. */
export const REPORT_URL_SECONDS = 5 * 60;

// ── filters ─────────────────────────────────────────────────────────────────────────────────

export const AGING_BUCKETS = ['current', '1_30', '31_60', '61_90', '90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_LABELS: Record<AgingBucket, string> = { current: 'Current', '1_30': '1–30 days', '31_60': '31–60 days', '61_90': '61–90 days', '90_plus': 'Over 90 days' };

export const DUE_WINDOWS = ['overdue', 'next_7', 'next_30'] as const;
export type DueWindow = (typeof DUE_WINDOWS)[number];
export const DUE_WINDOW_LABELS: Record<DueWindow, string> = { overdue: 'Overdue', next_7: 'Overdue and next 7 days', next_30: 'Overdue and next 30 days' };

export const LIMIT_STANDINGS = ['over', 'at', 'near'] as const;
export type LimitStanding = (typeof LIMIT_STANDINGS)[number];
/** 'at': the aggregate equals the limit (nothing more may be given); 'near': within 10% below it. */
export const LIMIT_STANDING_LABELS: Record<LimitStanding, string> = { over: 'Over the limit', at: 'At the limit', near: 'Within 10% of the limit' };

/**
 * A report's filter (SPEC §3: start_date and end_date, both null = all). The other keys are optional and
 * only those of REPORT_FILTER_KEYS[type] apply; empty values are stripped (SPEC §5).
 */
export interface ReportFilter {
  start_date: string | null;
  end_date: string | null;
  search?: string;
  contributor_type?: string;
  payment_method?: string;
  purpose?: string;
  aging?: AgingBucket;
  window?: DueWindow;
  standing?: LimitStanding;
}

export type ReportFilterKey = Exclude<keyof ReportFilter, 'start_date' | 'end_date'>;

/** The filters each report takes besides the dates. */
export const REPORT_FILTER_KEYS: Record<ReportType, readonly ReportFilterKey[]> = {
  donation: ['search', 'contributor_type', 'payment_method'],
  pledges_receivable: ['search', 'contributor_type', 'aging'],
  due: ['search', 'window'],
  donor_limit: ['search', 'contributor_type', 'standing'],
  donor_history: ['search'],
  match: ['search', 'contributor_type'],
  expense: ['search', 'purpose', 'payment_method'],
  intermediary: ['search'],
};

/** What the dates filter in each report. */
export const REPORT_DATE_MEANING: Record<ReportType, string> = {
  donation: 'Donation date',
  pledges_receivable: 'Commitment date',
  due: 'Due date',
  donor_limit: 'Donation date',
  donor_history: 'Event date',
  match: 'Donation date',
  expense: 'Expense date',
  intermediary: 'Donation date',
};

/**
 * How each report counts refunds (figure-names.ts REFUND_RULE), said in its header line: the file's
 * filter line (describeFilter) and the page under its description. null: no refund is counted.
 */
export const REPORT_REFUND_RULES: Record<ReportType, string | null> = {
  donation: REFUND_RULE,
  pledges_receivable: 'Paid: net of every refund to date',
  due: 'Outstanding: net of every refund to date',
  donor_limit: 'Aggregate: net of every refund, whatever its date',
  donor_history: REFUND_RULE,
  match: `Given: ${REFUND_RULE.charAt(0).toLowerCase()}${REFUND_RULE.slice(1)}; matchable: net of every refund`,
  expense: null,
  intermediary: 'Refunded and net: every refund to date of the contributions listed (by their own date)',
};

// ── columns ─────────────────────────────────────────────────────────────────────────────────

/**
 * text; date ('YYYY-MM-DD', shown DD-MM-YYYY); money (integer cents); count (integer); phone (a stored
 * phone number, shown as people write it: '(718) 555-0102', '+44 20 7183 8750'; computed reports only,
 * the SQL reports' COPY path writes no phone column).
 */
export type ReportColumnKind = 'text' | 'date' | 'money' | 'count' | 'phone';

export interface ReportColumn {
  key: string;
  header: string;
  kind: ReportColumnKind;
  /** Summed in the totals row. */
  total?: boolean;
  /** Not a sort key (computed text). */
  unsortable?: boolean;
  /** Width in characters (XLSX column width; PDF share of the line). */
  width: number;
  /**
   * On screen only: shown as a second line under that column's cell instead of a column of its own
   * (so that every report fits 1280 px without scrolling sideways; a date or an amount is shown with
   * its header: 'Pledge of 12-01-2029'). Files keep it as a column.
   */
  under?: string;
}

const text = (key: string, header: string, width: number, more: Partial<ReportColumn> = {}): ReportColumn => ({ key, header, kind: 'text', width, ...more });
const date = (key: string, header: string): ReportColumn => ({ key, header, kind: 'date', width: 11 });
const money = (key: string, header: string, total = true): ReportColumn => ({ key, header, kind: 'money', width: 13, total });
const count = (key: string, header: string, width = 8): ReportColumn => ({ key, header, kind: 'count', width });

export const REPORT_COLUMNS: Record<ReportType, readonly ReportColumn[]> = {
  donation: [
    date('paying_date', 'Date'),
    text('donor_name', 'Donor', 22),
    text('contributor_type', 'Contributor type', 16, { under: 'donor_name' }),
    text('address', 'Address', 30, { unsortable: true, under: 'donor_name' }),
    text('employer', 'Employer', 16),
    text('occupation', 'Occupation', 14, { under: 'employer' }),
    text('method', 'Method', 12),
    money('amount_cents', 'Amount'),
    money('refunded_cents', 'Refunded'),
    money('net_cents', 'Net'),
    money('matchable_cents', 'Matchable'),
    text('match_reason', 'Not matchable because', 18, { under: 'matchable_cents' }),
    { ...date('pledge_date', 'Pledge of'), under: 'paying_date' },
    text('recipient', 'Recipient', 14, { under: 'method' }),
  ],
  pledges_receivable: [
    text('donor_name', 'Donor', 22),
    text('contact', 'Contact', 24, { unsortable: true, under: 'donor_name' }),
    date('commitment_date', 'Committed on'),
    money('committed_cents', 'Committed'),
    money('paid_cents', 'Paid'),
    money('outstanding_cents', 'Outstanding'),
    date('next_payment_date', 'Next payment'),
    count('days_overdue', 'Days overdue'),
    text('aging', 'Aging', 12),
  ],
  due: [
    date('due_date', 'Due'),
    text('donor_name', 'Donor', 22),
    text('donor_email', 'E-mail', 24, { under: 'donor_name' }),
    { key: 'donor_phone', header: 'Phone', kind: 'phone', width: 14, under: 'donor_name' },
    date('commitment_date', 'Pledge of'),
    money('amount_due_cents', 'Amount due'),
    money('outstanding_cents', 'Outstanding'),
    count('days_overdue', 'Days overdue'),
    date('last_reminder_date', 'Last reminder'),
  ],
  donor_limit: [
    text('donor_name', 'Donor', 22),
    text('contributor_type', 'Contributor type', 16),
    text('eligibility', 'Eligibility', 14),
    money('aggregate_cents', 'Aggregate'),
    money('limit_cents', 'Limit', false),
    money('remaining_cents', 'Remaining', false),
    text('standing', 'Standing', 16),
    text('warnings', 'Warnings', 30, { unsortable: true }),
  ],
  donor_history: [
    text('donor_name', 'Donor', 22),
    date('date', 'Date'),
    text('kind', 'Event', 12),
    text('details', 'Details', 24, { unsortable: true }),
    money('amount_cents', 'Amount', false),
    money('given_cents', 'Given', true),
    money('running_given_cents', 'Running total given', false),
  ],
  match: [
    text('donor_name', 'Donor', 22),
    text('contributor_type', 'Contributor type', 16),
    text('residence', 'Residence', 20, { unsortable: true, under: 'donor_name' }),
    count('contributions', 'Gifts', 6),
    money('paid_cents', 'Given'),
    money('matchable_cents', 'Matchable'),
    money('public_funds_cents', 'Public funds'),
    text('reason', 'Not matchable because', 34, { unsortable: true }),
  ],
  expense: [
    text('purpose', 'Purpose', 22),
    date('expense_date', 'Date'),
    text('payee', 'Payee', 22),
    money('amount_cents', 'Amount'),
    text('payment_method', 'Method', 12),
    text('memo', 'Memo / explanation', 34, { unsortable: true }),
  ],
  intermediary: [
    text('intermediary_name', 'Intermediary', 22),
    text('intermediary_number', 'C-SMART no.', 10, { under: 'intermediary_name' }),
    text('intermediary_address', 'Address', 30, { unsortable: true, under: 'intermediary_name' }),
    text('intermediary_work', 'Employer / occupation', 22, { unsortable: true }),
    date('paying_date', 'Date'),
    text('donor_name', 'Contributor', 22),
    money('amount_cents', 'Amount'),
    money('refunded_cents', 'Refunded'),
    money('net_cents', 'Net'),
  ],
};

/** The default order of each report (a column key, '-' for descending). */
export const REPORT_DEFAULT_SORTS: Record<ReportType, string> = {
  donation: '-paying_date',
  pledges_receivable: '-days_overdue',
  due: 'due_date',
  donor_limit: '-aggregate_cents',
  donor_history: 'donor_name',
  match: '-matchable_cents',
  expense: 'purpose',
  intermediary: 'intermediary_name',
};

export function reportSorts(type: ReportType): string[] {
  const keys = REPORT_COLUMNS[type].filter((c) => !c.unsortable).map((c) => c.key);
  return [...keys, ...keys.map((k) => `-${k}`)];
}

// ── answers ─────────────────────────────────────────────────────────────────────────────────

export type ReportCell = string | number | null;
export type ReportRow = Record<string, ReportCell> & { row_id: string };

/** One figure of the summary strip. */
export interface ReportFigure {
  key: string;
  label: string;
  kind: 'money' | 'count' | 'text' | 'percent';
  value: number | string | null;
  /** e.g. 'of $250,000 needed' */
  hint?: string | null;
}

/** A small table under the summary (aging buckets, subtotals per purpose, program thresholds). */
export interface ReportBreakdown {
  title: string;
  columns: readonly ReportColumn[];
  rows: ReportRow[];
  /** Optional line under the table on screen (what is counted); files carry the columns only. */
  note?: string | null;
}

/** GET report_data. */
export interface ReportData {
  type: ReportType;
  filter: ReportFilter;
  rows: ReportRow[];
  total: number;
  page: number;
  limit: number;
  sort: string;
  /** Column key → sum over every row the filter keeps (the columns with `total`). */
  totals: Record<string, number>;
  summary: ReportFigure[];
  breakdown: ReportBreakdown | null;
  /** The campaign's election cycle (the "This cycle" date preset), or null. */
  cycle: { value: string; start_date: string; end_date: string } | null;
}

export interface StartReportRequest {
  campaign_id: string;
  type: ReportType;
  format: ReportFormat;
  filter: Partial<ReportFilter>;
  /** Optional order of the file's rows (the page's sort). */
  sort?: string;
}

/** A report history entry (report_list, start_report). */
export interface ReportEntry {
  report_id: string;
  type: ReportType;
  format: ReportFormat;
  /** SPEC §9 title. */
  title: string;
  filter: ReportFilter;
  status: ReportStatus;
  progress_done: number;
  progress_total: number | null;
  row_count: number | null;
  size_bytes: number | null;
  message: string | null;
  created_at: string;
  finished_at: string | null;
  created_by: { user_id: string; name: string } | null;
}

export const REPORT_LIST_SORTS = ['created_at', 'title', 'status', 'size_bytes'] as const;

export interface ReportListData {
  report_list: ReportEntry[];
  total: number;
  page: number;
  limit: number;
}

export interface ReportDownload {
  url: string;
  file_name: string;
  expires_at: string;
}

// ── titles ──────────────────────────────────────────────────────────────────────────────────

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' (SPEC §9 date display). */
export function displayDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

/** SPEC §9: 'All - {type} Report - {FORMAT} File' or '{start} to {end} - {type} Report - {FORMAT} File' (DD-MM-YYYY). */
export function reportTitle(type: ReportType, format: ReportFormat, filter: Pick<ReportFilter, 'start_date' | 'end_date'>): string {
  const name = `${REPORT_TYPE_NAMES[type]} Report - ${format.toUpperCase()} File`;
  if (!filter.start_date && !filter.end_date) return `All - ${name}`;
  const start = filter.start_date ? displayDay(filter.start_date) : '…';
  const end = filter.end_date ? displayDay(filter.end_date) : '…';
  return `${start} to ${end} - ${name}`;
}

/** The download's file name: the title with a file extension. */
export function reportFileName(title: string, format: ReportFormat): string {
  return `${title.replace(/ - [A-Z]+ File$/, '')}.${format}`;
}

const FILTER_LABELS: Record<ReportFilterKey, string> = {
  search: 'Search',
  contributor_type: 'Contributor type',
  payment_method: 'Method',
  purpose: 'Purpose',
  aging: 'Aging',
  window: 'Due',
  standing: 'Standing',
};

/**
 * The filter in words, for a file's header, with the report's refund rule: 'Donation date: 01-01-2029
 * to 31-12-2029 · Search: garcia · Refunds count on the refund's own date'.
 * `label(key, value)` names an enumeration value (the server passes the enums' labels).
 */
export function describeFilter(type: ReportType, filter: ReportFilter, label: (key: ReportFilterKey, value: string) => string = (_, v) => v): string {
  const dates =
    !filter.start_date && !filter.end_date
      ? `${REPORT_DATE_MEANING[type]}: all dates`
      : `${REPORT_DATE_MEANING[type]}: ${filter.start_date ? displayDay(filter.start_date) : '…'} to ${filter.end_date ? displayDay(filter.end_date) : '…'}`;
  const parts = [dates];
  for (const key of REPORT_FILTER_KEYS[type]) {
    const value = filter[key];
    if (value) parts.push(`${FILTER_LABELS[key]}: ${label(key, value)}`);
  }
  const rule = REPORT_REFUND_RULES[type];
  if (rule) parts.push(rule);
  return parts.join(' · ');
}
