/**
 * The filings API: a campaign's disclosure periods, the pre-filing check of one period, and the files of a
 * period, made by the report job recipe (start → job → private storage → signed link) and listed under
 * *Generated files* with the reports' files (report_list/{c}/filing). Pure: no React, no Node.
 *
 *   GET  /donation/filing_periods/{c}?regulator=        → the regulator's periods of the campaign's cycle
 *   GET  /donation/filing_check/{c}?regulator=&period_id= → the check: findings per contribution, with links
 *   POST /donation/start_filing/ { campaign_id, regulator, period_id } → the history entries (queued): for the
 *        NYC CFB the C-SMART import file and its companion sheet; for the NYS BOE the companion sheet only
 */
import type { FilingPeriod, Regulator } from '../compliance/filing-periods';
import type { ReportEntry } from '../reports/api-contract';
import type { PrefilingFinding } from './prefiling-check';
import type { PrefilingRule } from './prefiling-rules';

export const FILING_PATHS = {
  periods: '/donation/filing_periods/:campaignId',
  check: '/donation/filing_check/:campaignId',
  start: '/donation/start_filing/',
} as const;

export const filingPeriodsUrl = (campaignId: string) => `/donation/filing_periods/${encodeURIComponent(campaignId)}`;
export const filingCheckUrl = (campaignId: string) => `/donation/filing_check/${encodeURIComponent(campaignId)}`;

/** The `type` of a filing's entries in the report history (the `reports` table). */
export const FILING_REPORT_TYPES = ['filing_csmart', 'filing_check'] as const;
export type FilingReportType = (typeof FILING_REPORT_TYPES)[number];
/** report_list/{c}/filing lists both. */
export const FILING_LIST_TYPE = 'filing';

export const isFilingReportType = (type: string): type is FilingReportType => (FILING_REPORT_TYPES as readonly string[]).includes(type);

/** What a filing entry keeps as its `filter`. */
export interface FilingFilter {
  regulator: Regulator;
  period_id: string;
}

/** SPEC §9-like titles: '01-2027 to 07-2027 …' is not used: the period's own label names it. */
export function filingTitle(type: FilingReportType, period: Pick<FilingPeriod, 'label'>): string {
  return type === 'filing_csmart' ? `${period.label} - C-SMART Contribution Import - CSV File` : `${period.label} - Pre-filing Check (companion sheet) - CSV File`;
}

export interface FilingPeriodsData {
  regulator: Regulator;
  election_cycle: string | null;
  periods: FilingPeriod[];
  /** The period containing today, if any (the page's default). */
  current_period_id: string | null;
}

export interface FilingCheckData {
  regulator: Regulator;
  period: FilingPeriod;
  /** Contributions the file will hold (dated in the period). */
  in_file_count: number;
  in_file_cents: number;
  findings: PrefilingFinding[];
  /** The rule set that was run. */
  rules: PrefilingRule[];
  /** Which files start_filing makes for this regulator. */
  files: FilingReportType[];
}

export interface StartFilingRequest {
  campaign_id: string;
  regulator: Regulator;
  period_id: string;
}

export interface StartFilingData {
  entries: ReportEntry[];
}

/** The files of a regulator: C-SMART's import file exists for the NYC CFB only (NYS schedules are not made yet). */
export function filingFiles(regulator: Regulator): FilingReportType[] {
  return regulator === 'nyc_cfb' ? ['filing_csmart', 'filing_check'] : ['filing_check'];
}
