/**
 * The rows of the NYS BOE schedules A, B, C and F of a period (layout: nys-schedule-layout.ts), for the
 * report writers (CSV, XLSX, PDF): one row per contribution received in the period on the schedule of its
 * contributor type, one row per expenditure of the period on F (a transfer out is schedule H: not on F),
 * each in date order, and the period's totals of the four schedules. Every contribution and expenditure is
 * itemized (the law lets small ones be lumped, never requires it). Amounts are what was received or paid;
 * refunds are reported in the period of the refund (schedule M, not made here). Pure: no React, no Node.
 */
import type { ExpenseFields } from '../donor-book/expenses-contract';
import { EXPENSE_PURPOSE_OPTIONS, labelOf } from '../donor-book/enums';
import type { ReportBreakdown, ReportRow } from '../reports/api-contract';
import type { FilingContribution } from './csmart-file';
import { NYS_PAYMENT_TYPES, NYS_PURPOSE_CODES, NYS_SCHEDULES, NYS_SCHEDULE_NAMES, NYS_CONTRIBUTOR_SCHEDULES, nysScheduleOf, type NysSchedule } from './nys-schedule-layout';
import { uspsState } from './usps-states';

/** One expense as a filing sees it: the expense's fields, its id, and its date as `date` ('YYYY-MM-DD'). */
export interface FilingExpenditure extends Omit<ExpenseFields, 'expense_date'> {
  expense_id: string;
  date: string;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
const byDateThen = <T>(id: (x: T) => string, date: (x: T) => string) => (a: T, b: T) =>
  date(a) < date(b) ? -1 : date(a) > date(b) ? 1 : id(a) < id(b) ? -1 : id(a) > id(b) ? 1 : 0;

/** An expenditure goes on schedule F unless its purpose belongs elsewhere (a transfer out: schedule H). */
export const onScheduleF = (e: Pick<FilingExpenditure, 'purpose'>) => NYS_PURPOSE_CODES[e.purpose] !== null;

function contributionRow(c: FilingContribution): ReportRow {
  const d = c.donor;
  const abroad = d.country !== 'US';
  return {
    row_id: c.donation_id,
    date: c.date,
    contributor_type: NYS_CONTRIBUTOR_SCHEDULES[d.contributor_type].code,
    name: clean(d.name),
    ...(nysScheduleOf(d.contributor_type) === 'C' ? { political_unit: '' } : {}),
    address: [clean(d.address), clean(d.apt_unit)].filter(Boolean).join(', '),
    city: clean(d.city),
    state: abroad ? '' : uspsState(d.state),
    zip: clean(d.zip),
    country: d.country,
    payment_type: NYS_PAYMENT_TYPES[c.payment_method].code,
    pay_number: c.payment_method === 'check' ? clean(c.check_number) : clean(c.reference_number),
    amount_cents: c.amount_cents,
    explanation: clean(c.memo),
  };
}

function expenditureRow(e: FilingExpenditure): ReportRow {
  return {
    row_id: e.expense_id,
    date: e.date,
    name: clean(e.payee),
    payee_address: '',
    purpose: labelOf(EXPENSE_PURPOSE_OPTIONS, e.purpose),
    purpose_code: NYS_PURPOSE_CODES[e.purpose] ?? '',
    explanation: clean(e.purpose_details),
    payment_type: NYS_PAYMENT_TYPES[e.payment_method].code,
    pay_number: clean(e.reference_number),
    amount_cents: e.amount_cents,
  };
}

export interface NysScheduleData {
  schedule: NysSchedule;
  rows: ReportRow[];
  /** Column key → sum (the writers' totals row): the schedule's total for the period. */
  totals: Record<string, number>;
}

/**
 * One schedule of the period. `contributions` and `expenditures` are those dated in the period (the caller
 * keeps the period's; anything else given is left out here too).
 */
export function nysSchedule(schedule: NysSchedule, period: { start: string; end: string }, contributions: readonly FilingContribution[], expenditures: readonly FilingExpenditure[]): NysScheduleData {
  const inPeriod = (date: string) => date >= period.start && date <= period.end;
  const rows =
    schedule === 'F'
      ? expenditures
          .filter((e) => inPeriod(e.date) && onScheduleF(e))
          .sort(byDateThen((e) => e.expense_id, (e) => e.date))
          .map(expenditureRow)
      : contributions
          .filter((c) => inPeriod(c.date) && nysScheduleOf(c.donor.contributor_type) === schedule)
          .sort(byDateThen((c) => c.donation_id, (c) => c.date))
          .map(contributionRow);
  return { schedule, rows, totals: { amount_cents: rows.reduce((sum, r) => sum + Number(r.amount_cents), 0) } };
}

/** The period's totals of the four schedules (a small table after each schedule's own rows). */
export function nysPeriodTotals(label: string, period: { start: string; end: string }, contributions: readonly FilingContribution[], expenditures: readonly FilingExpenditure[]): ReportBreakdown {
  return {
    title: `Period totals: ${label}`,
    columns: [
      { key: 'schedule', header: 'Schedule', kind: 'text', width: 40 },
      // No totals line: receipts and payments do not add up.
      { key: 'items', header: 'Items', kind: 'count', width: 8 },
      { key: 'amount_cents', header: 'Amount', kind: 'money', width: 12 },
    ],
    rows: NYS_SCHEDULES.map((schedule) => {
      const data = nysSchedule(schedule, period, contributions, expenditures);
      return { row_id: schedule, schedule: `${schedule}: ${NYS_SCHEDULE_NAMES[schedule]}`, items: data.rows.length, amount_cents: data.totals.amount_cents ?? 0 };
    }),
  };
}
