/**
 * The companion sheet of a filing (CSV for people: UTF-8 with a BOM, CRLF, formula-safe cells): the period
 * and its source, what the file holds, the pre-filing check's findings with the page that fixes each, and
 * (for C-SMART) the file's layout and code table with what could not be confirmed. Made with every filing,
 * whatever the findings: the file can always be made, the sheet says what to fix or check first.
 * Pure: no React, no Node.
 */
import { REGULATOR_NAMES, type FilingPeriod, type Regulator } from '../compliance/filing-periods';
import { CONTRIBUTOR_TYPE_OPTIONS, EXPENSE_PAYMENT_METHOD_OPTIONS, EXPENSE_PURPOSE_OPTIONS, PAYMENT_METHOD_OPTIONS } from '../donor-book/enums';
import { csvCell } from '../imports/templates';
import { CSMART_COLUMNS, CSMART_CONTRIBUTOR_CODES, CSMART_HELP_SOURCE, CSMART_PAYMENT_CODES } from './csmart-layout';
import {
  NYS_CONTRIBUTOR_SCHEDULES,
  NYS_DATA_SOURCE,
  NYS_HANDBOOK_NOT_READ,
  NYS_LAW_SOURCE,
  NYS_PAYMENT_TYPES,
  NYS_PURPOSE_CODES,
  NYS_SCHEDULES,
  NYS_SCHEDULE_COLUMNS,
  NYS_SCHEDULE_NAMES,
} from './nys-schedule-layout';
import type { PrefilingFinding } from './prefiling-check';

export interface CompanionSheetInput {
  campaignName: string;
  regulator: Regulator;
  period: FilingPeriod;
  in_file_count: number;
  in_file_cents: number;
  findings: readonly PrefilingFinding[];
  /** The app's public address: the fix links are absolute. */
  publicUrl: string;
  /** 'DD-MM-YYYY HH:MM UTC'. */
  generatedAt: string;
}

const day = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const dollars = (cents: number) => (cents / 100).toFixed(2);
const line = (cells: readonly (string | number | null)[]) => `${cells.map((c) => csvCell(c === null ? '' : String(c))).join(',')}\r\n`;

export function companionSheet(input: CompanionSheetInput): string {
  const { period } = input;
  let out = '\uFEFF';
  out += line(['Pre-filing check (companion sheet)']);
  out += line(['Campaign', input.campaignName]);
  out += line(['Regulator', REGULATOR_NAMES[input.regulator]]);
  out += line(['Period', `${period.label}: ${day(period.start)} to ${day(period.end)}, due ${day(period.due)}`]);
  out += line(['Period source', period.source]);
  out += line(['Period dates confirmed', period.confirmed ? 'yes' : "no: they follow the regulator's documented pattern; check them in its calendar"]);
  if (period.note) out += line(['Period note', period.note]);
  out += line(['Contributions in the file', input.in_file_count]);
  out += line(['Amount in the file', dollars(input.in_file_cents)]);
  out += line(['Findings', input.findings.length]);
  out += line(['Generated at', input.generatedAt]);
  out += '\r\n';
  out += line(['Severity', 'Rule', 'Donor', 'Date', 'Amount', 'Problem', 'Detail', 'Fix at']);
  for (const f of input.findings) {
    out += line([f.severity, f.rule_id, f.donor_name, f.date ? day(f.date) : null, f.amount_cents === null ? null : dollars(f.amount_cents), f.message, f.detail, `${input.publicUrl}${f.fix_path}`]);
  }
  if (input.regulator === 'nyc_cfb') {
    out += '\r\n';
    out += line(["C-SMART import file layout (no header row in the file)", CSMART_HELP_SOURCE]);
    out += line(['Column', 'Letter', 'Description', 'Maximum length', 'Confirmed', 'Note']);
    for (const c of CSMART_COLUMNS) out += line([c.number, c.letter, c.description, c.max_length ?? 'not confirmed', c.confirmed ? 'yes' : 'NO', c.note ?? '']);
    out += '\r\n';
    out += line(['C-SMART codes', 'Ours', 'Code', 'Confirmed', 'Seen in']);
    for (const o of PAYMENT_METHOD_OPTIONS) {
      const code = CSMART_PAYMENT_CODES[o.value];
      out += line(['Contribution type (column H)', o.label, code.code, code.confirmed ? 'yes' : 'NO: code list not read', code.seen_in ?? '']);
    }
    for (const o of CONTRIBUTOR_TYPE_OPTIONS) {
      const code = CSMART_CONTRIBUTOR_CODES[o.value];
      out += line(['Contributor type (column O)', o.label, code.code, code.confirmed ? 'yes' : 'NO: code list not read', code.seen_in ?? '']);
    }
  }
  if (input.regulator === 'nys_boe') out += nysLayout();
  return out;
}

/** The NYS schedules' columns and code tables, with what is not confirmed. */
function nysLayout(): string {
  let out = '\r\n';
  out += line(['NYS BOE schedules: what they are based on', NYS_LAW_SOURCE]);
  out += line(['', NYS_DATA_SOURCE]);
  out += line(['', NYS_HANDBOOK_NOT_READ]);
  for (const schedule of NYS_SCHEDULES) {
    out += '\r\n';
    out += line([`Schedule ${schedule}: ${NYS_SCHEDULE_NAMES[schedule]}`]);
    out += line(['Column', 'BOE field', 'Confirmed', 'Note']);
    for (const c of NYS_SCHEDULE_COLUMNS[schedule]) out += line([c.header, c.boe_field ?? '(ours)', c.confirmed ? 'yes' : 'NO', c.note ?? '']);
  }
  out += '\r\n';
  out += line(['NYS BOE codes', 'Ours', 'Schedule', 'Written', 'Confirmed']);
  for (const o of CONTRIBUTOR_TYPE_OPTIONS) {
    const row = NYS_CONTRIBUTOR_SCHEDULES[o.value];
    out += line(['Contributor type', o.label, row.schedule, row.code, row.confirmed ? 'yes (seen in the BOE data)' : 'NO']);
  }
  const methods = new Map<string, string>([...PAYMENT_METHOD_OPTIONS, ...EXPENSE_PAYMENT_METHOD_OPTIONS].map((o) => [o.value, o.label]));
  for (const [value, label] of methods) {
    const code = NYS_PAYMENT_TYPES[value as keyof typeof NYS_PAYMENT_TYPES];
    out += line(['Payment type', label, '', code.code, code.confirmed ? 'yes (seen in the BOE data)' : 'NO']);
  }
  for (const o of EXPENSE_PURPOSE_OPTIONS) {
    const code = NYS_PURPOSE_CODES[o.value];
    out += line(['Purpose code', o.label, code === null ? 'H (not on F)' : 'F', code ?? '', 'NO']);
  }
  return out;
}
