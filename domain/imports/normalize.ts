/**
 * Value normalisers of the bulk import: what a cell of a spreadsheet says, read the way a person
 * means it — amounts into exact integer cents, dates in the usual shapes into 'YYYY-MM-DD', option
 * labels, codes and values into our values, ZIP codes, e-mails and names (phone numbers: the
 * product's one phone rule, domain/phone.ts). Each one
 * is pure; those that can refuse answer `{ ok: true, value } | { ok: false, reason }` with a short
 * English sentence naming the problem. Pure: no React, no Node.
 */
import { getCountries } from 'libphonenumber-js/min';
import {
  CONTRIBUTOR_TYPE_OPTIONS,
  ELIGIBILITY_OPTIONS,
  PAYMENT_METHOD_OPTIONS,
  US_STATE_OPTIONS,
  type Option,
  type UsState,
} from '../donor-book/enums';
import { formatCents, MAX_AMOUNT_CENTS } from '../money';
import { isIsoDate, isoDay } from '../dates';
import type { DateOrder } from './api-contract';
import { NYC_CFB_CONTRIBUTOR_CODES } from './presets';

export type Normalized<T> = { ok: true; value: T } | { ok: false; reason: string };

const ok = <T>(value: T): Normalized<T> => ({ ok: true, value });
const fail = <T>(reason: string): Normalized<T> => ({ ok: false, reason });

// ── amounts ─────────────────────────────────────────────────────────────────────────────────

export const AMOUNT_REASONS = {
  invalid: 'Amount must be a number such as 250 or $1,250.00',
  negative: 'Amount cannot be negative',
  zero: 'Amount must be more than $0',
  decimals: 'Amount can have at most 2 decimals (cents)',
  tooLarge: `Amount must be at most ${formatCents(MAX_AMOUNT_CENTS)}`,
} as const;

/** Dollars with optional thousands separators, and/or decimals: '1,250', '1250.5', '.50'. */
const AMOUNT_NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?$/;

/**
 * '$1,250.00' → 125000; ' 300 ', 'USD 20', '20.00 USD', '1250.5' are fine. Refuses negative and
 * parenthesised (accounting) amounts, zero, more than 2 decimals (unless the extra ones are zeros,
 * as a spreadsheet writes '250.000'), more than MAX_AMOUNT_CENTS and anything else. Exact: the digits
 * are read as integers, never through a float ('19.99' → 1999).
 */
export function parseAmountCents(text: string): Normalized<number> {
  let s = text.trim();
  if (/^\(.*\)$/.test(s)) return fail(AMOUNT_REASONS.negative);
  s = s.replace(/^(?:usd|us\$)\s*/i, '').replace(/\s*usd$/i, '');
  if (/^(?:\$\s*)?[-−]/.test(s) || /^[-−]\s*\$/.test(s)) return fail(AMOUNT_REASONS.negative);
  s = s.replace(/^\$\s*/, '');
  const match = AMOUNT_NUMBER.exec(s);
  if (!match || (match[1] === undefined && match[2] === undefined)) return fail(AMOUNT_REASONS.invalid);
  const decimals = match[2] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) return fail(AMOUNT_REASONS.decimals);
  const dollars = (match[1] ?? '0').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  // More than 8 digits of dollars is over the maximum whatever they are (and stays a safe integer).
  if (dollars.length > 8) return fail(AMOUNT_REASONS.tooLarge);
  const cents = Number(dollars) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  if (cents === 0) return fail(AMOUNT_REASONS.zero);
  if (cents > MAX_AMOUNT_CENTS) return fail(AMOUNT_REASONS.tooLarge);
  return ok(cents);
}

// ── dates ───────────────────────────────────────────────────────────────────────────────────

const ORDER_NAMES: Record<DateOrder, string> = { mdy: 'month/day/year', dmy: 'day/month/year' };
const otherOrder = (order: DateOrder): DateOrder => (order === 'dmy' ? 'mdy' : 'dmy');

/**
 * Without the cell's text, so that the review's count per reason groups the rows (the error report
 * has the cells). rows.ts puts the field's label in front: "Commitment date: not a real date".
 */
export const DATE_REASONS = {
  invalid: 'Date must look like 2029-03-15, 15-03-2029 or 03/15/2029',
  notReal: 'not a real date',
  /** A slash date that is no day in `order` but one in the other order ('13/04/2029' month first). */
  otherOrder: (order: DateOrder) => `not a real date as ${ORDER_NAMES[order]}; choose ${ORDER_NAMES[otherOrder(order)]} in the review`,
} as const;

/** A time after the date, ignored: 'T14:22:01Z', ' 14:22:01', ' 2:22 PM', 'T00:00:00.000'. */
const TIME = String.raw`(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2})?)?`;
/** Year first: 2029-03-15, 2029/3/15. */
const YEAR_FIRST = new RegExp(String.raw`^(\d{4})([-/])(\d{1,2})\2(\d{1,2})${TIME}$`);
/** Dashes, day first (the product's display format): 15-03-2029. */
const DAY_FIRST_DASH = new RegExp(String.raw`^(\d{1,2})-(\d{1,2})-(\d{4})${TIME}$`);
/** Dots, day first: 15.3.2029. */
const DAY_FIRST_DOT = new RegExp(String.raw`^(\d{1,2})\.(\d{1,2})\.(\d{4})${TIME}$`);
/** Slashes, month or day first by the upload's date order; 2-digit years allowed: 3/4/29. */
const SLASH = new RegExp(String.raw`^(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})${TIME}$`);
/** A spreadsheet's date serial given as text: 5 digits (1954–2119). */
const EXCEL_SERIAL = /^(\d{5})(?:\.0+)?$/;
const EXCEL_SERIAL_MIN = 20_000;
const EXCEL_SERIAL_MAX = 80_000;
/** Day 0 of Excel's 1900 date system as it counts after 1900-02-28 (its phantom 1900-02-29 included). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

const pad2 = (n: number | string) => String(n).padStart(2, '0');
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`;

/** 2-digit years: 00–69 → 20xx, 70–99 → 19xx. */
function fullYear(year: string): number {
  const y = Number(year);
  if (year.length === 4) return y;
  return y <= 69 ? 2000 + y : 1900 + y;
}

/** The two readings of a slash date: [month-first, day-first] ('YYYY-MM-DD', possibly not real). */
function slashReadings(text: string): [string, string] | null {
  const m = SLASH.exec(text.trim());
  if (!m) return null;
  const [a, b, y] = [Number(m[1]), Number(m[2]), fullYear(m[3]!)];
  return [iso(y, a, b), iso(y, b, a)];
}

/**
 * A date cell → 'YYYY-MM-DD': ISO (with or without a time after 'T' or a space), DD-MM-YYYY,
 * D.M.YYYY, slash dates read by `order` ('mdy' US, 'dmy'), 2-digit years with slashes, and Excel
 * serial numbers as text ('45292' → 2024-01-01). The result names a real day (isIsoDate).
 */
export function parseImportDate(text: string, order: DateOrder = 'mdy'): Normalized<string> {
  const s = text.trim();
  let date: string | null = null;
  /** A slash date's reading in the other order. */
  let other: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = YEAR_FIRST.exec(s))) date = iso(Number(m[1]), Number(m[3]), Number(m[4]));
  else if ((m = DAY_FIRST_DASH.exec(s)) || (m = DAY_FIRST_DOT.exec(s))) date = iso(Number(m[3]), Number(m[2]), Number(m[1]));
  else if (SLASH.test(s)) {
    const [mdy, dmy] = slashReadings(s)!;
    [date, other] = order === 'dmy' ? [dmy, mdy] : [mdy, dmy];
  } else if ((m = EXCEL_SERIAL.exec(s))) {
    const serial = Number(m[1]);
    if (serial < EXCEL_SERIAL_MIN || serial > EXCEL_SERIAL_MAX) return fail(DATE_REASONS.invalid);
    date = isoDay(new Date(EXCEL_EPOCH_MS + serial * 86_400_000));
  }
  if (date === null) return fail(DATE_REASONS.invalid);
  if (isIsoDate(date)) return ok(date);
  return fail(other !== null && isIsoDate(other) ? DATE_REASONS.otherOrder(order) : DATE_REASONS.notReal);
}

/** True when a slash date reads as two different real days month first and day first ('03/04/2029'). */
export function isAmbiguousSlashDate(text: string): boolean {
  const readings = slashReadings(text);
  return readings !== null && readings[0] !== readings[1] && isIsoDate(readings[0]) && isIsoDate(readings[1]);
}

/**
 * True when the date order decides how a slash date reads: it is ambiguous ('03/04/2029'), or it is
 * no real day in `order` but one in the other order ('13/04/2029' month first, '04/13/2029' day
 * first). An upload with such a date asks for the order in its review (date_order_ambiguous).
 */
export function dateOrderMatters(text: string, order: DateOrder): boolean {
  const readings = slashReadings(text);
  if (readings === null) return false;
  const [chosen, other] = order === 'dmy' ? [readings[1], readings[0]] : readings;
  // Real in the other order and different: ambiguous when real in `order` too, else misread in `order`.
  return other !== chosen && isIsoDate(other);
}

// ── options ─────────────────────────────────────────────────────────────────────────────────

/** What two spellings of one option share: lowercase, without spaces, _ - . , and apostrophes. */
export function optionKey(text: string): string {
  return text.toLowerCase().replace(/[\s_\-.,'’‘`´]+/g, '');
}

/** USPS codes of US_STATE_OPTIONS (50 states and the District of Columbia; no territories listed). */
export const USPS_STATE_CODES: Readonly<Record<string, UsState>> = {
  AL: 'alabama', AK: 'alaska', AZ: 'arizona', AR: 'arkansas', CA: 'california', CO: 'colorado', CT: 'connecticut',
  DE: 'delaware', DC: 'district_of_columbia', FL: 'florida', GA: 'georgia', HI: 'hawaii', ID: 'idaho', IL: 'illinois',
  IN: 'indiana', IA: 'iowa', KS: 'kansas', KY: 'kentucky', LA: 'louisiana', ME: 'maine', MD: 'maryland',
  MA: 'massachusetts', MI: 'michigan', MN: 'minnesota', MS: 'mississippi', MO: 'missouri', MT: 'montana',
  NE: 'nebraska', NV: 'nevada', NH: 'new_hampshire', NJ: 'new_jersey', NM: 'new_mexico', NY: 'new_york',
  NC: 'north_carolina', ND: 'north_dakota', OH: 'ohio', OK: 'oklahoma', OR: 'oregon', PA: 'pennsylvania',
  RI: 'rhode_island', SC: 'south_carolina', SD: 'south_dakota', TN: 'tennessee', TX: 'texas', UT: 'utah',
  VT: 'vermont', VA: 'virginia', WA: 'washington', WV: 'west_virginia', WI: 'wisconsin', WY: 'wyoming',
};

/** Other spellings per option list (keys as written; compared through optionKey). */
const ALIASES = new Map<readonly Option[], Readonly<Record<string, string>>>([
  [US_STATE_OPTIONS, { ...USPS_STATE_CODES, 'Washington DC': 'district_of_columbia', 'Washington D.C.': 'district_of_columbia' }],
  [
    CONTRIBUTOR_TYPE_OPTIONS,
    {
      ...NYC_CFB_CONTRIBUTOR_CODES,
      Individual: 'individual',
      Indiv: 'individual',
      Person: 'individual',
      Spouse: 'candidates_spouse',
      'Candidate Spouse': 'candidates_spouse',
      Family: 'candidates_family',
      'Family member': 'candidates_family',
      'Candidate Family': 'candidates_family',
      Union: 'labor_unions',
      'Labor Unions': 'labor_unions',
      'Labour Union': 'labor_unions',
      'Labor organization': 'labor_unions',
      'Employee organization': 'labor_unions',
      PAC: 'political_action_committee',
      'Political committee': 'political_action_committee',
      Party: 'party_committee',
      PLLC: 'limited_liability_company',
    },
  ],
  [
    PAYMENT_METHOD_OPTIONS,
    {
      'Credit card': 'card',
      'Debit card': 'card',
      Credit: 'card',
      Debit: 'card',
      CC: 'card',
      Visa: 'card',
      Mastercard: 'card',
      'American Express': 'card',
      Amex: 'card',
      Discover: 'card',
      Cheque: 'check',
      'Personal check': 'check',
      Chk: 'check',
    },
  ],
  [ELIGIBILITY_OPTIONS, {}],
]);

/** Alias key → value, per option list (built once). */
const aliasIndex = new Map<readonly Option[], Map<string, string>>();

function indexOf(options: readonly Option[]): Map<string, string> {
  let index = aliasIndex.get(options);
  if (!index) {
    index = new Map();
    for (const [alias, value] of Object.entries(ALIASES.get(options) ?? {})) index.set(optionKey(alias), value);
    // Values and labels win over aliases.
    for (const o of options) {
      index.set(optionKey(o.label), o.value);
      index.set(optionKey(o.value), o.value);
    }
    aliasIndex.set(options, index);
  }
  return index;
}

/**
 * The value of the option `text` names — its value or label, case, spaces, _ - . and apostrophes
 * aside ("participant option a", "p-a", "new_york", "Individual Contributor"); for states also the
 * USPS code ("NY"), for contributor types the NYC CFB C_CODE codes and plain words ("IND", "LLC",
 * "Union", "PAC", "Spouse"), for payment methods "credit card", "Visa", "cheque"… — or null.
 */
export function matchOption(options: readonly Option[], text: string): string | null {
  const key = optionKey(text);
  if (key === '') return null;
  return indexOf(options).get(key) ?? null;
}

// ── ZIP codes, countries ────────────────────────────────────────────────────────────────────

/**
 * A ZIP code, kept as text: '02134' stays; 3 or 4 digits (a spreadsheet dropped the leading zeros)
 * are padded to 5; 9 digits → 'NNNNN-NNNN'; anything else is kept trimmed (the schema checks it).
 * Abroad (`country` other than US) the postal code is only trimmed.
 */
export function normalizeZip(text: string, country = 'US'): { ok: true; value: string } {
  const s = text.trim();
  const kept = (value: string) => ({ ok: true as const, value });
  if (country !== 'US') return kept(s);
  const digits = s.replace(/^(\d+)\.0+$/, '$1');
  if (/^\d{3,4}$/.test(digits)) return kept(digits.padStart(5, '0'));
  if (/^\d{9}$/.test(digits)) return kept(`${digits.slice(0, 5)}-${digits.slice(5)}`);
  if (/^\d{5}$/.test(digits)) return kept(digits);
  return kept(s);
}

const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  us: 'US',
  usa: 'US',
  unitedstates: 'US',
  unitedstatesofamerica: 'US',
  america: 'US',
  uk: 'GB',
  greatbritain: 'GB',
  england: 'GB',
};

export const COUNTRY_UNKNOWN = 'Unknown country: use a 2-letter code such as US';

let countryNames: Map<string, string> | null = null;

/** English country name (letters only, lowercase) → code, from the runtime's region names. */
function countryByName(key: string): string | null {
  if (!countryNames) {
    countryNames = new Map();
    try {
      const names = new Intl.DisplayNames(['en'], { type: 'region' });
      for (const code of getCountries()) {
        const name = names.of(code);
        if (name && name !== code) countryNames.set(name.toLowerCase().replace(/[^a-z]/g, ''), code);
      }
    } catch {
      // No region names in this runtime: codes and the aliases only.
    }
  }
  return countryNames.get(key) ?? null;
}

/** A country → its 2-letter code: 'US', 'us', 'USA', 'United States', 'Canada' → 'CA'; a 2-letter code as is. */
export function normalizeCountry(text: string): Normalized<string> {
  const s = text.trim();
  const key = s.toLowerCase().replace(/[^a-z]/g, '');
  const alias = COUNTRY_ALIASES[key];
  if (alias) return ok(alias);
  if (/^[A-Za-z]{2}$/.test(s)) return ok(s.toUpperCase());
  const named = key.length > 2 ? countryByName(key) : null;
  return named ? ok(named) : fail(COUNTRY_UNKNOWN);
}

// ── e-mails, names ──────────────────────────────────────────────────────────────────────────

/** Trimmed and lowercase ('mailto:' dropped); '' → null. */
export function normalizeEmail(text: string): string | null {
  const s = text
    .trim()
    .replace(/^mailto:/i, '')
    .toLowerCase();
  return s === '' ? null : s;
}

const NAME_SUFFIX = /^(?:jr|sr|ii|iii|iv|v|md|phd|esq)\.?$/i;

/**
 * A donor's name: trimmed, spaces collapsed, curly apostrophes made straight, and "LAST, FIRST"
 * (one comma, as NYC CFB writes names) turned into "FIRST LAST" — a suffix stays last ("SMITH, JOHN
 * JR" → "JOHN SMITH JR", "John Smith, Jr." → "John Smith Jr."). Capitals are left as they are.
 */
export function normalizeName(text: string): string {
  const s = text
    .replace(/[’‘ʼ`´]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  const parts = s.split(',');
  if (parts.length !== 2) return s;
  const [last, rest] = parts.map((p) => p.trim()) as [string, string];
  if (last === '' || rest === '') return last || rest;
  if (NAME_SUFFIX.test(rest)) return `${last} ${rest}`;
  const words = rest.split(' ');
  const suffix = words.length > 1 && NAME_SUFFIX.test(words[words.length - 1]!) ? words.pop()! : null;
  return [words.join(' '), last, suffix].filter(Boolean).join(' ');
}

/** "First" + "Last" → "First Last" (blanks skipped). */
export function joinName(first: string | null | undefined, last: string | null | undefined): string {
  return [first, last]
    .map((p) => (p ?? '').trim())
    .filter((p) => p !== '')
    .join(' ');
}
