/**
 * The filings API: a campaign's disclosure periods, the pre-filing check of one period, and the files of a
 * period, made by the report job recipe (start → job → private storage → signed link) and listed under
 * *Generated files* with the reports' files (report_list/{c}/filing). Pure: no React, no Node.
 *
 *   GET  /donation/filing_periods/{c}?regulator=        → the regulator's periods of the campaign's cycle
 *   GET  /donation/filing_check/{c}?regulator=&period_id= → the check: findings per contribution, with links
 *   POST /donation/start_filing/ { campaign_id, regulator, period_id, format? } → the history entries (queued): for
 *        the NYC CFB the C-SMART import file and its companion sheet (CSV); for the NYS BOE schedules A, B, C and
 *        F in `format` (csv, xlsx or pdf; csv when absent) and the companion sheet (CSV)
 */
import type { FilingPeriod, Regulator } from '../compliance/filing-periods';
import type { ReportEntry, ReportFormat } from '../reports/api-contract';
import type { NysSchedule } from './nys-schedule-layout';
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
export const FILING_REPORT_TYPES = ['filing_csmart', 'filing_check', 'filing_nys_a', 'filing_nys_b', 'filing_nys_c', 'filing_nys_f'] as const;
export type FilingReportType = (typeof FILING_REPORT_TYPES)[number];
/** report_list/{c}/filing lists both. */
export const FILING_LIST_TYPE = 'filing';

export const isFilingReportType = (type: string): type is FilingReportType => (FILING_REPORT_TYPES as readonly string[]).includes(type);

/** The NYS BOE schedule of a filing entry type, or null (C-SMART, companion sheet). */
export const NYS_SCHEDULE_TYPES: Record<NysSchedule, FilingReportType> = { A: 'filing_nys_a', B: 'filing_nys_b', C: 'filing_nys_c', F: 'filing_nys_f' };
export function nysScheduleOfType(type: FilingReportType): NysSchedule | null {
  const found = (Object.entries(NYS_SCHEDULE_TYPES) as [NysSchedule, FilingReportType][]).find(([, t]) => t === type);
  return found ? found[0] : null;
}

/** What a filing entry keeps as its `filter`. */
export interface FilingFilter {
  regulator: Regulator;
  period_id: string;
}

/** SPEC §9-like titles ('… - CSV File'): the period's own label names it. */
export function filingTitle(type: FilingReportType, period: Pick<FilingPeriod, 'label'>, format: ReportFormat = 'csv'): string {
  const schedule = nysScheduleOfType(type);
  if (schedule) return `${period.label} - NYS BOE Schedule ${schedule} - ${format.toUpperCase()} File`;
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
  /** The NYS schedules' format (csv when absent); C-SMART's file and the companion sheet are always CSV. */
  format?: ReportFormat;
}

export interface StartFilingData {
  entries: ReportEntry[];
}

/** The files of a regulator: C-SMART's import file for the NYC CFB, schedules A, B, C and F for the NYS BOE; each with its companion sheet. */
export function filingFiles(regulator: Regulator): FilingReportType[] {
  return regulator === 'nyc_cfb' ? ['filing_csmart', 'filing_check'] : ['filing_nys_a', 'filing_nys_b', 'filing_nys_c', 'filing_nys_f', 'filing_check'];
}

/** The format of one file of a filing: the NYS schedules in the format asked, the others CSV. */
export const filingFormat = (type: FilingReportType, asked: ReportFormat | undefined): ReportFormat => (nysScheduleOfType(type) ? (asked ?? 'csv') : 'csv');
