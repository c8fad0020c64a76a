/**
 * The NYS Board of Elections disclosure schedules this app makes for a period — A (monetary contributions
 * from individuals and partnerships), B (from corporations), C (from all other contributors), F
 * (expenditures/payments) — as data: each schedule's columns with how sure we are of them, and the ONE table
 * that sends each of our contributor types to its schedule. The writer (nys-schedules.ts), the pre-filing
 * check and the companion sheet read it; its tests check it.
 *
 * What it is based on (docs/filings.md says the same):
 * - NY Election Law §14-102(1), read (NY Senate's text): a statement gives, for each receipt, its dollar
 *   amount, the contributor's name and address, for a political committee its name and the political unit
 *   it represents, and the date received; for each expenditure its dollar amount, the payee's name and
 *   address, the date, and "shall state clearly the purpose". Contributions aggregating not more than $99
 *   from one contributor, and expenditures under $50, need not be itemized (this app itemizes them all).
 * - The schedules' names and letters, and the fields the BOE keeps per transaction, from the BOE's public
 *   "Campaign Finance Disclosure Reports Data (Beginning 1999)" (data.ny.gov, dataset e9ss-239a): schedule
 *   A "Monetary Contributions Received From Ind. & Part.", B "... From Corporation", C "... From All Other",
 *   F "Expenditures/ Payments", M "Contributions Refunded", H "Transfers Out"; fields SCHED_DATE,
 *   CNTRBR_TYPE_DESC, FLNG_ENT_NAME (or FIRST/MIDDLE/LAST_NAME), FLNG_ENT_ADD1, _CITY, _STATE, _ZIP,
 *   _COUNTRY, PAYMENT_TYPE_DESC, PAY_NUMBER, ORG_AMT, TRANS_EXPLNTN, PURPOSE_CODE_DESC. That field list and a
 *   sample record (an "Individual" on schedule A paying by "Check" with its PAY_NUMBER) were read in
 *   third-party code that loads the dataset, NOT in the BOE's own data dictionary or its Campaign Finance
 *   Handbook (https://elections.ny.gov/campaign-finance), whose schedule pages were not read here.
 * So: a column the law names and the BOE's data holds is `confirmed`; the code lists (contributor type
 * words other than "Individual", payment types other than "Check", purpose codes) are NOT confirmed, and
 * the companion sheet of every file says so. These files are schedules for the treasurer to enter or check
 * in EFS, not an EFS import file (no EFS import layout was read).
 *
 * Pure: no React, no Node.
 */
import type { ReportColumn } from '../reports/api-contract';
import type { ContributorType, ExpensePaymentMethod, ExpensePurpose, PaymentMethod } from '../donor-book/enums';

export const NYS_LAW_SOURCE =
  'NY Election Law §14-102(1) (contents of a statement: amount, name and address of the contributor or payee, committee and political unit, ' +
  'date, purpose of an expenditure; itemization over $99 per contributor and from $50 per expenditure), https://www.nysenate.gov/legislation/laws/ELN/14-102';
export const NYS_DATA_SOURCE =
  'NYS Board of Elections, "Campaign Finance Disclosure Reports Data (Beginning 1999)", data.ny.gov dataset e9ss-239a: schedule letters and names, ' +
  'and the transaction fields (field list and a sample record read in third-party code loading the dataset, not the BOE data dictionary)';
export const NYS_HANDBOOK_NOT_READ =
  "The NYS BOE Campaign Finance Handbook's schedule pages (https://elections.ny.gov/campaign-finance) were not read: check the columns against it before the first filing.";

export const NYS_SCHEDULES = ['A', 'B', 'C', 'F'] as const;
export type NysSchedule = (typeof NYS_SCHEDULES)[number];
export type NysContributionSchedule = Exclude<NysSchedule, 'F'>;

export const NYS_SCHEDULE_NAMES: Record<NysSchedule, string> = {
  A: 'Monetary Contributions Received From Individuals & Partnerships',
  B: 'Monetary Contributions Received From Corporations',
  C: 'Monetary Contributions Received From All Other Contributors',
  F: 'Expenditures/Payments',
};

/** Short names (titles of the files, the page's list of files). */
export const NYS_SCHEDULE_SHORT_NAMES: Record<NysSchedule, string> = {
  A: 'individuals & partnerships',
  B: 'corporations',
  C: 'all other contributors',
  F: 'expenditures/payments',
};

/** A schedule's column: what the writers need (ReportColumn) and how sure we are of it. */
export interface NysColumn extends ReportColumn {
  /** The BOE field it fills (data.ny.gov name), or null for a column of ours. */
  boe_field: string | null;
  /** The column is named by the law and held by the BOE's data (see above). */
  confirmed: boolean;
  note?: string;
}

const col = (key: string, header: string, kind: ReportColumn['kind'], width: number, boe_field: string | null, confirmed: boolean, note?: string): NysColumn => ({
  key,
  header,
  kind,
  width,
  boe_field,
  confirmed,
  ...(kind === 'money' ? { total: true } : {}),
  ...(note ? { note } : {}),
});

const NAME_NOTE = "The BOE keeps an individual's first, middle and last name apart; the book keeps one name field, written as entered (not split).";
const CODE_NOTE = 'Only some words of the code list were seen (see the code table): check the rest in EFS.';

const contributionColumns = (committee: boolean): NysColumn[] => [
  col('date', 'Date received', 'date', 11, 'SCHED_DATE', true),
  col('contributor_type', 'Contributor type', 'text', 20, 'CNTRBR_TYPE_DESC', true, CODE_NOTE),
  col('name', 'Contributor name', 'text', 24, 'FLNG_ENT_NAME', true, NAME_NOTE),
  ...(committee ? [col('political_unit', 'Political unit', 'text', 12, null, true, 'The political unit a committee represents, required by §14-102(1); not recorded in the book: left empty, fill it in EFS.')] : []),
  col('address', 'Address', 'text', 24, 'FLNG_ENT_ADD1', true, 'Street and apartment, as in the book.'),
  col('city', 'City', 'text', 12, 'FLNG_ENT_CITY', true),
  col('state', 'State', 'text', 6, 'FLNG_ENT_STATE', true, 'USPS code; empty abroad.'),
  col('zip', 'ZIP', 'text', 8, 'FLNG_ENT_ZIP', true),
  col('country', 'Country', 'text', 8, 'FLNG_ENT_COUNTRY', true, 'ISO code as in the book.'),
  col('payment_type', 'Payment type', 'text', 12, 'PAYMENT_TYPE_DESC', true, CODE_NOTE),
  col('pay_number', 'Check / payment number', 'text', 12, 'PAY_NUMBER', true, "A check's number; for other payments the processor's reference."),
  col('amount_cents', 'Amount', 'money', 12, 'ORG_AMT', true, 'The amount received; a refund is reported on schedule M in the period of the refund (not made here).'),
  col('explanation', 'Explanation', 'text', 20, 'TRANS_EXPLNTN', true, "The donation's memo."),
];

export const NYS_SCHEDULE_COLUMNS: Record<NysSchedule, readonly NysColumn[]> = {
  A: contributionColumns(false),
  B: contributionColumns(false),
  C: contributionColumns(true),
  F: [
    col('date', 'Date', 'date', 11, 'SCHED_DATE', true),
    col('name', 'Payee', 'text', 24, 'FLNG_ENT_NAME', true),
    col('payee_address', 'Payee address', 'text', 20, 'FLNG_ENT_ADD1', true, "Required by §14-102(1); the book does not record a payee's address: left empty, fill it in EFS (the check lists it)."),
    col('purpose', 'Purpose', 'text', 18, null, true, "The expense's purpose in the book."),
    col('purpose_code', 'Purpose code', 'text', 8, 'PURPOSE_CODE_DESC', false, 'Our mapping to the EFS purpose codes (codes seen in third-party code, descriptions not read): check each in EFS.'),
    col('explanation', 'Explanation', 'text', 22, 'TRANS_EXPLNTN', true, 'The purpose details in the book (required when the purpose is Other).'),
    col('payment_type', 'Payment type', 'text', 12, 'PAYMENT_TYPE_DESC', true, CODE_NOTE),
    col('pay_number', 'Check / payment number', 'text', 12, 'PAY_NUMBER', true, "The expense's reference number."),
    col('amount_cents', 'Amount', 'money', 12, 'ORG_AMT', true),
  ],
};

export interface NysCode {
  /** The word or code written in the schedule. */
  code: string;
  /** Seen in the BOE's own data (the sample record read). */
  confirmed: boolean;
  note?: string;
}

/**
 * THE contributor-type table: each of our contributor types, its schedule and the BOE's contributor type
 * word. Natural persons (the candidate, spouse and family included) are individuals: schedule A. The book
 * has no corporation or partnership type, so schedule B receives nothing from it today (said in the docs).
 * LLCs go to C with the committees and unions (the BOE's type list has "Professional/Limited Liability
 * Company (PLLC/LLC)" apart from "Corporation"; its schedule O attribution of LLC contributions is not made).
 */
export const NYS_CONTRIBUTOR_SCHEDULES: Record<ContributorType, NysCode & { schedule: NysContributionSchedule }> = {
  individual: { schedule: 'A', code: 'Individual', confirmed: true },
  candidate: { schedule: 'A', code: 'Candidate/Candidate Spouse', confirmed: false },
  candidates_spouse: { schedule: 'A', code: 'Candidate/Candidate Spouse', confirmed: false },
  candidates_family: { schedule: 'A', code: 'Candidate Family Member', confirmed: false },
  candidate_committee: { schedule: 'C', code: 'Political Committee', confirmed: false },
  party_committee: { schedule: 'C', code: 'Political Committee', confirmed: false },
  political_action_committee: { schedule: 'C', code: 'Political Action Committee (PAC)', confirmed: false },
  labor_unions: { schedule: 'C', code: 'Union', confirmed: false },
  limited_liability_company: { schedule: 'C', code: 'Professional/Limited Liability Company (PLLC/LLC)', confirmed: false },
};

/** The schedule of a contribution, from its contributor type. */
export const nysScheduleOf = (type: ContributorType): NysContributionSchedule => NYS_CONTRIBUTOR_SCHEDULES[type].schedule;

/** Payment type words (PAYMENT_TYPE_DESC) of donations and of expenses. */
export const NYS_PAYMENT_TYPES: Record<PaymentMethod | ExpensePaymentMethod, NysCode> = {
  check: { code: 'Check', confirmed: true },
  cash: { code: 'Cash', confirmed: false },
  card: { code: 'Credit Card', confirmed: false },
  paypal: { code: 'Online Processor', confirmed: false, note: 'PayPal' },
  zelle: { code: 'Other', confirmed: false, note: 'Zelle' },
  venmo: { code: 'Other', confirmed: false, note: 'Venmo' },
  bank_transfer: { code: 'Wire Transfer', confirmed: false },
};

/**
 * Expense purposes → EFS purpose codes (none confirmed: the codes were seen in third-party code, their
 * descriptions were not read). `null`: not a schedule F payment — a transfer out is schedule H.
 */
export const NYS_PURPOSE_CODES: Record<ExpensePurpose, string | null> = {
  bank_fees: 'BKFEE',
  billboards: 'BLBD',
  bookkeeping: 'BKKP',
  campaign_consultant: 'CONSL',
  campaign_literature: 'LITER',
  campaign_mailings: 'CMAIL',
  campaign_workers_salaries: 'WAGES',
  car_rental: 'CAR',
  cell_phone: 'CELL',
  constituent_services: 'CONSV',
  credit_card_payment: 'CCP',
  email: 'EMAIL',
  fundraising: 'FUNDR',
  gas: 'GAS',
  interest_expenses: 'INT',
  lawn_signs: 'LWNSN',
  lodging: 'LODG',
  meals: 'MEALS',
  meeting: 'MTG',
  mileage: 'MLGE',
  non_political_donations: 'NPD',
  office: 'OFFICE',
  office_rent: 'RENTO',
  online_ads: 'EADS',
  other: 'OTHER',
  parking: 'PARK',
  petition_expenses: 'PETIT',
  PIDA_paid_internet_digital_ads: 'PIDA',
  political_contributions: 'CNTRB',
  polling_costs: 'POLLS',
  postage: 'POSTA',
  print_ads: 'PRINT',
  professional_services: 'PROFL',
  radio_ads: 'RADIO',
  reimbursement: 'REIMB',
  taxi_uber: 'CARSVC',
  television_ads: 'TVADS',
  tolls_transportation: 'TOLLS',
  utilities: 'UTILS',
  voter_registration: 'VOTER',
  wages: 'WAGES',
  transfer_out: null,
};
