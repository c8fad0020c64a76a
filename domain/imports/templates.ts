/**
 * The bulk-upload templates (SPEC §3): the donor and the payment template, their columns in SPEC
 * order, one example row, and what each column accepts (the Instructions sheet of the XLSX and the
 * upload dialog read the same list). The example row is marked as one (its recipient cell says so,
 * TEMPLATE_EXAMPLE_MARK) and an upload skips it, reported as "example row, skipped" (issue 33.7): a
 * template uploaded unchanged imports nothing and refuses nothing. Were it kept and read, it would
 * pass: its date is not in the future and, given the campaign's cycle, inside it. Cells a spreadsheet would run as a formula are
 * neutralised in every CSV we write. Pure: no React, no Node.
 */
import { isoDay } from '../dates';
import {
  CONTRIBUTOR_TYPE_OPTIONS,
  ELIGIBILITY_OPTIONS,
  PAYMENT_METHOD_OPTIONS,
  US_STATE_OPTIONS,
  type Option,
} from '../donor-book/enums';

export const IMPORT_TYPES = ['donor', 'payment'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type TemplateFormat = (typeof TEMPLATE_FORMATS)[number];

/** SPEC §3 "Donor import template columns", in order. */
export const DONOR_TEMPLATE_COLUMNS = [
  'name',
  'donor_phone',
  'donor_email',
  'contributor_type',
  'employer',
  'occupation',
  'state',
  'zip',
  'city',
  'apt_unit',
  'address',
  'district',
  'commitment_date',
  'commitment_amount',
  'eligibility',
  'recipient',
] as const;

/** SPEC §3 "Payment import template columns", in order. */
export const PAYMENT_TEMPLATE_COLUMNS = ['donor_email', 'paying_date', 'recipient', 'paid_amount', 'payment_method', 'donor_phone'] as const;

export interface TemplateColumn {
  name: string;
  required: boolean;
  /** What the column accepts, in a sentence. */
  accepts: string;
  /** A dropdown in the XLSX (labels; values are accepted too). */
  options?: readonly Option[];
}

const DATE = 'A date: YYYY-MM-DD, DD-MM-YYYY or a spreadsheet date cell.';
const AMOUNT = 'An amount in dollars, e.g. 250 or $1,250.00.';
const RECIPIENT = 'Text. The example row says "EXAMPLE – delete or keep, it is skipped" here: an upload skips that row.';

const DONOR_COLUMNS: Record<(typeof DONOR_TEMPLATE_COLUMNS)[number], TemplateColumn> = {
  name: { name: 'name', required: true, accepts: "The donor's full name: letters, spaces, apostrophes, hyphens and periods." },
  donor_phone: { name: 'donor_phone', required: false, accepts: 'A phone number; US numbers without +1 are fine, donors abroad with their country code.' },
  donor_email: {
    name: 'donor_email',
    required: false,
    accepts: 'An e-mail address. A donor is recognised by e-mail or phone; one with neither (both may be empty) is recognised by name and ZIP.',
  },
  contributor_type: { name: 'contributor_type', required: true, accepts: 'One of the contributor types (the label or the value).', options: CONTRIBUTOR_TYPE_OPTIONS },
  employer: { name: 'employer', required: false, accepts: 'Text.' },
  occupation: { name: 'occupation', required: false, accepts: 'Text.' },
  state: { name: 'state', required: false, accepts: 'A US state (name or value); empty for donors abroad.', options: US_STATE_OPTIONS },
  zip: { name: 'zip', required: false, accepts: 'A ZIP code, kept as text (leading zeros stay).' },
  city: { name: 'city', required: false, accepts: 'Text.' },
  apt_unit: { name: 'apt_unit', required: false, accepts: 'Text.' },
  address: { name: 'address', required: false, accepts: 'Text.' },
  district: { name: 'district', required: false, accepts: 'Text, e.g. Council District 6.' },
  commitment_date: { name: 'commitment_date', required: false, accepts: `${DATE} Needed with a commitment amount.` },
  commitment_amount: { name: 'commitment_amount', required: false, accepts: `${AMOUNT} Recorded as a pledge, checked against the limit.` },
  eligibility: { name: 'eligibility', required: false, accepts: "The donor's recorded eligibility (the campaign's class sets the limit).", options: ELIGIBILITY_OPTIONS },
  recipient: { name: 'recipient', required: false, accepts: RECIPIENT },
};

const PAYMENT_COLUMNS: Record<(typeof PAYMENT_TEMPLATE_COLUMNS)[number], TemplateColumn> = {
  donor_email: { name: 'donor_email', required: false, accepts: "The donor's e-mail: the donor is found by e-mail, else by phone." },
  paying_date: { name: 'paying_date', required: true, accepts: DATE },
  recipient: { name: 'recipient', required: false, accepts: RECIPIENT },
  paid_amount: { name: 'paid_amount', required: true, accepts: `${AMOUNT} Pays the donor's open pledges oldest first; the rest is a new gift.` },
  payment_method: { name: 'payment_method', required: true, accepts: 'One of the payment methods (the label or the value).', options: PAYMENT_METHOD_OPTIONS },
  donor_phone: { name: 'donor_phone', required: false, accepts: "The donor's phone, used when there is no e-mail." },
};

/** What the example row's date depends on. */
export interface TemplateExampleFacts {
  /** 'YYYY-MM-DD': the server's day (default: this device's clock, UTC). */
  today?: string;
  /** The campaign's election cycle ('YYYY-MM-DD' bounds), when it has one. */
  cycle?: { start: string; end: string } | null;
}

/**
 * The example row's date: today, kept inside the campaign's cycle — its last day once it is over;
 * its first day before it starts for a commitment (which may be in the future), not for a payment
 * (which may not: no payment date can pass then, and today is the one "Record anyway" accepts).
 */
export function templateExampleDate(type: ImportType, facts: TemplateExampleFacts = {}): string {
  const today = facts.today ?? isoDay(new Date());
  const cycle = facts.cycle;
  if (!cycle) return today;
  if (today > cycle.end) return cycle.end;
  if (today < cycle.start && type === 'donor') return cycle.start;
  return today;
}

/**
 * The text that marks a template's example row, in its recipient cell (a free-text column both
 * templates have, so SPEC §3's columns stay as they are). An upload skips a row with this text in
 * any cell, whatever else the row says.
 */
export const TEMPLATE_EXAMPLE_MARK = 'EXAMPLE – delete or keep, it is skipped';

/** The reason (and the outcome 'skipped') of a template's example row in an upload's review. */
export const EXAMPLE_ROW_SKIPPED = 'Example row of the template, skipped';

/** Whether an uploaded row is a template's example row (a cell says TEMPLATE_EXAMPLE_MARK; the dash may be a hyphen, any case). */
export function isTemplateExampleRow(cells: readonly string[]): boolean {
  return cells.some((cell) => exampleMarkKey(cell) === EXAMPLE_MARK_KEY);
}

/** A cell compared with the mark: trimmed, lower case, any dash as '-', spaces collapsed. */
function exampleMarkKey(cell: string): string {
  return cell.trim().toLowerCase().replace(/[\u2010-\u2015\u2212]/g, '-').replace(/\s+/g, ' ');
}

const EXAMPLE_MARK_KEY = exampleMarkKey(TEMPLATE_EXAMPLE_MARK);

function examples(type: ImportType, date: string): readonly string[] {
  return type === 'donor'
    ? ["Mary-Jane O'Brien", '(212) 555-0142', 'maryjane@example.org', 'Individual Contributor', 'Acme Corp', 'Engineer', 'New York', '10023', 'New York', '4B', '245 West 72nd Street', 'Council District 6', date, '$500.00', 'Undetermined', TEMPLATE_EXAMPLE_MARK]
    : ['maryjane@example.org', date, TEMPLATE_EXAMPLE_MARK, '$250.00', 'Check', '(212) 555-0142'];
}

export function templateColumnNames(type: ImportType): readonly string[] {
  return type === 'donor' ? DONOR_TEMPLATE_COLUMNS : PAYMENT_TEMPLATE_COLUMNS;
}

export function templateColumns(type: ImportType): TemplateColumn[] {
  return type === 'donor' ? DONOR_TEMPLATE_COLUMNS.map((c) => DONOR_COLUMNS[c]) : PAYMENT_TEMPLATE_COLUMNS.map((c) => PAYMENT_COLUMNS[c]);
}

/** The example row, in the template's column order; its date from `facts` (templateExampleDate). */
export function templateExampleRow(type: ImportType, facts: TemplateExampleFacts = {}): readonly string[] {
  return examples(type, templateExampleDate(type, facts));
}

export function templateFileName(type: ImportType, format: TemplateFormat): string {
  return `${type}-import-template.${format}`;
}

/**
 * A cell as written into a CSV: formula-like text (starting with = + - @, a tab or a carriage return)
 * gets a leading apostrophe (OWASP CSV injection), then RFC 4180 quoting when needed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The CSV template: a BOM (Excel reads UTF-8 then), the header and the example row, CRLF. */
export function templateCsv(type: ImportType, facts: TemplateExampleFacts = {}): string {
  const lines = [templateColumnNames(type), templateExampleRow(type, facts)].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** GET: the template of `type` ('donor' | 'payment') as `format` ('csv' | 'xlsx') for the campaign. */
export const IMPORT_TEMPLATE_PATH = '/donation/import_template/:campaignId/:type/:format';

export function importTemplateUrl(campaignId: string, type: ImportType, format: TemplateFormat): string {
  return `/donation/import_template/${encodeURIComponent(campaignId)}/${type}/${format}`;
}
