/**
 * Disclosure (filing) periods per regulator, kept as data with their source like the limits of
 * rule-table.ts. A contribution belongs to the period that contains the day it was received; a refund
 * to the period that contains the day it was made (never the period of the gift it refunds).
 *
 * What is known and what is not (docs/filings.md says the same):
 * - NYC CFB: the periodic statements follow one documented pattern, six-month periods closing on
 *   January 11 and July 11, filed by January 15 and July 15 (CFB press releases of 2011 and 2012, and the
 *   CFB's 2021 filing calendar whose statement 1 closes on January 11, 2021). The CFB's calendar of the
 *   campaign's own cycle (its election-year pre- and post-election statements) was not read: those
 *   statements are not in this table, and every NYC period is marked `confirmed: false` for the cycle asked.
 * - NYS BOE: the January and July periodic reports follow the same January 11 / July 11 closing pattern
 *   (NY Election Law §14-108, not read here), and the pre- and post-election reports are placed from the
 *   election days (fourth Tuesday of June, NY Election Law §8-100(1)(a); Tuesday after the first Monday of
 *   November, §8-100(1)(c)) at 32 and 11 days before and 10 (primary) / 27 (general) days after. Their
 *   closing days (four days before the day due, as the periodic reports') were not confirmed either.
 *
 * Pure: no React, no Node. Dates are 'YYYY-MM-DD'.
 */
import type { ComplianceRuleSet } from '../campaign';

export const REGULATORS = ['nyc_cfb', 'nys_boe'] as const;
export type Regulator = (typeof REGULATORS)[number];

export const REGULATOR_NAMES: Record<Regulator, string> = {
  nyc_cfb: 'NYC Campaign Finance Board (C-SMART)',
  nys_boe: 'NYS Board of Elections (EFS)',
};

export interface FilingPeriod {
  /** 'nyc_cfb.2029.jan-2027' — unique within the regulator and cycle. */
  id: string;
  regulator: Regulator;
  /** 'January 2027 periodic statement'. */
  label: string;
  /** First and last day of activity the statement covers (inclusive). */
  start: string;
  end: string;
  /** The day the statement is due. */
  due: string;
  source: string;
  /** false: the dates follow the documented pattern but this cycle's calendar was not read. */
  confirmed: boolean;
  note?: string;
}

const CFB_PATTERN =
  'NYC Campaign Finance Board press releases "Fundraising Period for 2011 and 2013 Elections Ends Monday" (07-07-2011: six-month period ' +
  'January 12 - July 11, statements due July 15) and "... Ends Wednesday" (10-01-2012: period July 12, 2011 - January 11, 2012, due ' +
  'January 17), http://nyccfb.info/media/press-releases/ ; CFB "Independent Expenditures Filing Deadlines, 2021 Citywide Elections" ' +
  '(statement 1 due January 15, 2021 for January 13, 2018 - January 11, 2021), http://cfb.org/independent-expenditures/ie-filing-deadlines/2021/ . ' +
  'The calendar of the campaign\'s own ' +
  'cycle (https://www.nyccfb.info/candidate-services/disclosure-deadlines/) was not read: check the dates there.';
const NYS_PERIODIC =
  'NY Election Law §14-108(1) (periodic reports in January and July; the January 11 / July 11 closing and the 15th due day follow the ' +
  'NYS BOE finance calendars, not read here), https://www.nysenate.gov/legislation/laws/ELN/14-108 . Not confirmed: check the BOE ' +
  'calendar of the year (https://elections.ny.gov/campaign-finance).';
const NYS_ELECTION_REPORTS =
  'NY Election Law §14-108(1) (reports 32 and 11 days before and, after the primary 10 days, after the general 27 days after the election) ' +
  'and §8-100(1)(a),(c) (primary on the fourth Tuesday of June; general on the Tuesday after the first Monday of November), ' +
  'https://www.nysenate.gov/legislation/laws/ELN/14-108 . Closing days (four days before the day due) not confirmed.';

/** The regulator a campaign files with, from its compliance rule set (null: custom, none known). */
export function regulatorOf(ruleSet: ComplianceRuleSet): Regulator | null {
  if (ruleSet === 'nyc_cfb') return 'nyc_cfb';
  if (ruleSet === 'nys_pcf') return 'nys_boe';
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** 'YYYY-MM-DD' plus `days` (may be negative). */
export function addDays(day: string, days: number): string {
  const t = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The n-th (1-based) weekday (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** NY Election Law §8-100(1)(c): the Tuesday after the first Monday of November. */
export const generalElectionDay = (year: number) => addDays(nthWeekday(year, 11, 1, 1), 1);
/** NY Election Law §8-100(1)(a): the fourth Tuesday of June. */
export const primaryElectionDay = (year: number) => nthWeekday(year, 6, 2, 4);

/** The two periodic statements of each year from `firstYear` to `lastYear` (January and July). */
function periodicStatements(regulator: Regulator, cycle: number, firstYear: number, lastYear: number, source: string): FilingPeriod[] {
  const out: FilingPeriod[] = [];
  for (let year = firstYear; year <= lastYear; year++) {
    out.push({
      id: `${regulator}.${cycle}.jan-${year}`,
      regulator,
      label: `January ${year} periodic`,
      start: iso(year - 1, 7, 12),
      end: iso(year, 1, 11),
      due: iso(year, 1, 15),
      source,
      confirmed: false,
    });
    out.push({
      id: `${regulator}.${cycle}.jul-${year}`,
      regulator,
      label: `July ${year} periodic`,
      start: iso(year, 1, 12),
      end: iso(year, 7, 11),
      due: iso(year, 7, 15),
      source,
      confirmed: false,
    });
  }
  return out;
}

/**
 * NYS election-year reports between the July periodic and the next January: 32-day and 11-day pre-primary,
 * 10-day post-primary, 32-day and 11-day pre-general, 27-day post-general, each closing four days before it
 * is due, the first starting the day after the July periodic closes. The primary is in June, so the
 * July periodic of an election year is replaced by the primary reports: the year's periods are rebuilt
 * end to end so they never overlap and leave no gap.
 */
function nysElectionYear(cycle: number, year: number): FilingPeriod[] {
  const primary = primaryElectionDay(year);
  const general = generalElectionDay(year);
  const reports: Array<{ key: string; label: string; due: string }> = [
    { key: 'pre-primary-32', label: `32-day pre-primary ${year}`, due: addDays(primary, -32) },
    { key: 'pre-primary-11', label: `11-day pre-primary ${year}`, due: addDays(primary, -11) },
    { key: 'post-primary-10', label: `10-day post-primary ${year}`, due: addDays(primary, 10) },
    { key: 'pre-general-32', label: `32-day pre-general ${year}`, due: addDays(general, -32) },
    { key: 'pre-general-11', label: `11-day pre-general ${year}`, due: addDays(general, -11) },
    { key: 'post-general-27', label: `27-day post-general ${year}`, due: addDays(general, 27) },
  ];
  const out: FilingPeriod[] = [];
  let start = iso(year, 1, 12);
  for (const report of reports) {
    const end = addDays(report.due, -4);
    out.push({ id: `nys_boe.${cycle}.${report.key}-${year}`, regulator: 'nys_boe', label: report.label, start, end, due: report.due, source: NYS_ELECTION_REPORTS, confirmed: false });
    start = addDays(end, 1);
  }
  // The next January periodic then starts the day after the post-general report closes.
  out.push({
    id: `nys_boe.${cycle}.jan-${year + 1}`,
    regulator: 'nys_boe',
    label: `January ${year + 1} periodic`,
    start,
    end: iso(year + 1, 1, 11),
    due: iso(year + 1, 1, 15),
    source: NYS_PERIODIC,
    confirmed: false,
  });
  return out;
}

/**
 * The periods of a campaign's election cycle (the year of its election), oldest first, without gaps or
 * overlaps. NYC: the periodic statements of the four years up to the election year (the statements of
 * the election year itself are in the CFB's calendar, not here: the last period ends July 11 of it).
 * NYS: the periodic reports of the three years before, the January report of the election year, then its
 * pre- and post-election reports.
 */
export function filingPeriods(regulator: Regulator, cycle: number): FilingPeriod[] {
  if (regulator === 'nyc_cfb') {
    return periodicStatements('nyc_cfb', cycle, cycle - 3, cycle, CFB_PATTERN).map((p) => ({
      ...p,
      note: p.end.startsWith(String(cycle)) ? "Election-year statements (pre- and post-election) are not in this table: see the CFB's calendar." : undefined,
    }));
  }
  // The periodic reports of the three years before the election year (as the NYC table's four-year span):
  // a committee active then files them, and a book's early gifts have a period to be reported in.
  return [...periodicStatements('nys_boe', cycle, cycle - 3, cycle - 1, NYS_PERIODIC), ...periodicStatements('nys_boe', cycle, cycle, cycle, NYS_PERIODIC).slice(0, 1), ...nysElectionYear(cycle, cycle)];
}

/** The period that contains `day`, or null. */
export function periodContaining(periods: readonly FilingPeriod[], day: string): FilingPeriod | null {
  return periods.find((p) => p.start <= day && day <= p.end) ?? null;
}

/** The period a contribution is reported in: the one containing the day it was received. */
export const periodOfContribution = (periods: readonly FilingPeriod[], received: string) => periodContaining(periods, received);

/** The period a refund is reported in: the one containing the refund's own day, whatever the gift's. */
export const periodOfRefund = (periods: readonly FilingPeriod[], refundDate: string) => periodContaining(periods, refundDate);

/** A period of the campaign's cycle by id, or null. */
export function findPeriod(regulator: Regulator, cycle: number, id: string): FilingPeriod | null {
  return filingPeriods(regulator, cycle).find((p) => p.id === id) ?? null;
}
