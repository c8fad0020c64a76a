/**
 * C-SMART's contribution import file for a period, from the book (layout: csmart-layout.ts): one line per
 * contribution received in the period, no header row, the columns in C-SMART's order, CRLF line ends,
 * UTF-8 without a byte-order mark (a BOM would become part of column A's Source ID). A cell holding a
 * comma, a double quote or a line break is quoted (RFC 4180); nothing is prefixed (the file is read by
 * C-SMART, not a spreadsheet). A value longer than a confirmed maximum is cut to it, and the pre-filing
 * check lists that contribution (`csmartOverlong`); columns whose length is not confirmed are never cut.
 *
 * Amounts are what was received (refunds are reported in the period of the refund, not here), in dollars
 * with two decimals; the matchable amount is the book's matchable part of the gift. Pure: no React, no Node.
 */
import type { Intermediary } from '../donor-book/donations-contract';
import type { ContributorType, Eligibility, PaymentMethod } from '../donor-book/enums';
import { CSMART_COLUMNS, CSMART_CONTRIBUTOR_CODES, CSMART_NO, CSMART_PAYMENT_CODES, type CsmartColumn, type CsmartColumnKey } from './csmart-layout';
import { uspsState } from './usps-states';

/** What a filing needs of the campaign. */
export interface FilingCampaign {
  cfb_candidate_id: string | null;
  cfb_committee_id: string | null;
  election_cycle: string | null;
}

/** What a filing needs of a donor. */
export interface FilingDonor {
  donor_id: string;
  name: string;
  contributor_type: ContributorType;
  employer: string | null;
  occupation: string | null;
  address: string | null;
  apt_unit: string | null;
  city: string | null;
  /** snake_case US state or null. */
  state: string | null;
  zip: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  eligibility: Eligibility;
  district: string | null;
  /** Marked as doing business with the City: the compliance engine's lower NYC limit, not matchable. Absent = false. */
  doing_business?: boolean;
}

/** One contribution as a filing sees it. */
export interface FilingContribution {
  donation_id: string;
  /** 'YYYY-MM-DD', the day it was received. */
  date: string;
  amount_cents: number;
  refunded_cents: number;
  matchable_cents: number;
  payment_method: PaymentMethod;
  check_number: string | null;
  reference_number: string | null;
  memo: string | null;
  donor: FilingDonor;
  /** The contribution's intermediary, if any (its C-SMART Intermediary Number goes in column M). Absent = none. */
  intermediary?: Intermediary | null;
}

/** 'YYYY-MM-DD' → 'M/D/YY' (C-SMART's documented short form). */
export function csmartDate(day: string): string {
  return `${Number(day.slice(5, 7))}/${Number(day.slice(8, 10))}/${day.slice(2, 4)}`;
}

/** Cents → 'xxx.xx' (C-SMART's documented form; no thousands separators, no sign for a gift). */
export function csmartAmount(cents: number): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** The cells of one contribution by column key (before any cut). `line` counts from 1. */
export function csmartCells(campaign: FilingCampaign, c: FilingContribution, line: number): Record<CsmartColumnKey, string> {
  const d = c.donor;
  const abroad = d.country !== 'US';
  return {
    source_id: String(line),
    candidate_id: clean(campaign.cfb_candidate_id),
    election_cycle: clean(campaign.election_cycle),
    committee_id: clean(campaign.cfb_committee_id),
    date_received: csmartDate(c.date),
    amount: csmartAmount(c.amount_cents),
    matchable_amount: csmartAmount(c.matchable_cents),
    contribution_type: CSMART_PAYMENT_CODES[c.payment_method].code,
    check_number: c.payment_method === 'check' ? clean(c.check_number) : '',
    runoff_rerun: CSMART_NO,
    segregated: CSMART_NO,
    notes: clean(c.memo),
    intermediary_number: clean(c.intermediary?.csmart_number),
    column_n: '',
    contributor_type: CSMART_CONTRIBUTOR_CODES[d.contributor_type].code,
    contributor_name: clean(d.name),
    street_address: clean(d.address),
    apartment: clean(d.apt_unit),
    city: clean(d.city),
    state: abroad ? '' : uspsState(d.state),
    zip: clean(d.zip),
    employer: clean(d.employer),
    occupation: clean(d.occupation),
  };
}

/** The columns of a contribution whose value is longer than C-SMART's documented maximum. */
export function csmartOverlong(campaign: FilingCampaign, c: FilingContribution, line: number): CsmartColumn[] {
  const cells = csmartCells(campaign, c, line);
  return CSMART_COLUMNS.filter((column) => column.max_length !== null && cells[column.key].length > column.max_length);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One line of the file (with its CRLF). */
export function csmartLine(campaign: FilingCampaign, c: FilingContribution, line: number): string {
  const cells = csmartCells(campaign, c, line);
  return `${CSMART_COLUMNS.map((column) => csvCell(column.max_length === null ? cells[column.key] : cells[column.key].slice(0, column.max_length))).join(',')}\r\n`;
}

/** The whole file: the contributions in the order given (the caller sorts them by date). */
export function csmartFile(campaign: FilingCampaign, contributions: readonly FilingContribution[]): string {
  let out = '';
  contributions.forEach((c, i) => {
    out += csmartLine(campaign, c, i + 1);
  });
  return out;
}
