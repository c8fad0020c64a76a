/**
 * The pre-filing check's rules as data (the FEC's fecfile-validate is the model: one rule set per
 * transaction type and regulator, shared by the check, the forms and the tests). Each row names what the
 * regulator will reject or question, how sure we are of it (its source) and the kind of test that finds it
 * (prefiling-check.ts has one evaluator per kind). Figures (limits, cash cap) stay in the compliance rule
 * table; rows here point at them through the engine.
 *
 * Pure: no React, no Node.
 */
import type { Regulator } from '../compliance/filing-periods';
import { CSMART_HELP_SOURCE } from './csmart-layout';
import { NYS_LAW_SOURCE } from './nys-schedule-layout';

export const TRANSACTION_TYPES = ['monetary_contribution', 'expenditure'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Kinds of the monetary contribution rules (one evaluator each in prefiling-check.ts). */
export type ContributionRuleKind =
  | 'filer_ids'
  | 'employer_occupation'
  | 'matchable_documentation'
  | 'over_limit'
  | 'prohibited_source'
  | 'cash_cap'
  | 'outside_period'
  | 'value_too_long'
  | 'contributor_address'
  | 'intermediary_number';
/** Kinds of the expenditure rules. */
export type ExpenditureRuleKind = 'purpose_explanation' | 'payee_address' | 'other_schedule';
export type PrefilingRuleKind = ContributionRuleKind | ExpenditureRuleKind;

/** reject: the regulator refuses it as it is; question: it will be asked about (or the file cut something). */
export type PrefilingSeverity = 'reject' | 'question';

export interface PrefilingRule {
  id: string;
  regulator: Regulator;
  transaction_type: TransactionType;
  kind: PrefilingRuleKind;
  severity: PrefilingSeverity;
  /** What the treasurer reads beside the contribution. */
  message: string;
  source: string;
  /** employer_occupation, contributor_address: the contributor's cycle total above which they are required, cents. */
  aggregate_over_cents?: number;
  /** payee_address: the expenditure amount from which it is itemized, cents. */
  itemized_from_cents?: number;
  /** matchable_documentation: the donor fields a matchable claim needs. */
  fields?: readonly MatchableField[];
}

export const MATCHABLE_FIELDS = ['address', 'city', 'state', 'zip'] as const;
export type MatchableField = (typeof MATCHABLE_FIELDS)[number];

const CFB_HANDBOOK_CONTRIBUTOR_INFO =
  'NYC Campaign Finance Board, Campaign Finance Handbook, "What Information Must My Campaign Collect for Contributions?" ' +
  '(https://www.nyccfb.info/candidate-services/handbooks/): the $99 figure (employer and occupation of contributors who give more than ' +
  '$99 in the cycle) was not verified against the handbook text here';
const CFB_MATCHING_DOCS =
  'NYC Campaign Finance Board, Campaign Finance Handbook, matching claims: a matchable contribution needs the contributor\'s residential ' +
  'address and its payment documentation (check: the check number; credit card / online: the processor\'s transaction record); NYC Admin. ' +
  'Code §3-702(3), https://www.nyccfb.info/law/act/ (the handbook section was not read here)';
const ENGINE = 'The compliance engine and its rule table (domain/compliance/rule-table.ts), which cites each limit and cap';
const PERIOD_RULE =
  'NYC Campaign Finance Board, "Disclosure Deadlines": "You must disclose all contributions and expenditures in the disclosure statement ' +
  'due immediately after they are received ... If contributions are not disclosed for the period in which they were received, they will not ' +
  'be eligible for matching funds", https://www.nyccfb.info/candidate-services/disclosure-deadlines/2019B/';
const NYS_PERIOD_RULE = 'NY Election Law §14-102 (reports of contributions received in the period), https://www.nysenate.gov/legislation/laws/ELN/14-102';
const NYS_SCHEDULE_H =
  'NYS BOE disclosure data: schedule H "Transfers Out" apart from schedule F "Expenditures/ Payments" (data.ny.gov dataset e9ss-239a, read in third-party code)';

export const PREFILING_RULES: readonly PrefilingRule[] = [
  // ── NYC CFB, monetary contributions (C-SMART) ──
  {
    id: 'nyc_cfb.monetary_contribution.filer_ids',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'filer_ids',
    severity: 'reject',
    message: "The campaign's CFB Candidate ID and Committee ID are needed on every line (campaign details).",
    source: CSMART_HELP_SOURCE,
  },
  {
    id: 'nyc_cfb.monetary_contribution.employer_occupation',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'employer_occupation',
    severity: 'question',
    message: 'Employer and occupation are required for a contributor who gave more than $99 in the cycle.',
    source: CFB_HANDBOOK_CONTRIBUTOR_INFO,
    aggregate_over_cents: 9_900,
  },
  {
    id: 'nyc_cfb.monetary_contribution.matchable_documentation',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'matchable_documentation',
    severity: 'reject',
    message: 'A matchable claim needs the contributor\'s full address and the payment\'s record (check number, or the processor\'s reference for card and online gifts).',
    source: CFB_MATCHING_DOCS,
    fields: MATCHABLE_FIELDS,
  },
  {
    id: 'nyc_cfb.monetary_contribution.over_limit',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'over_limit',
    severity: 'reject',
    message: "The contributor's total for the cycle goes over the contribution limit: refund the excess.",
    source: ENGINE,
  },
  {
    id: 'nyc_cfb.monetary_contribution.prohibited_source',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'prohibited_source',
    severity: 'reject',
    message: 'The contributor is a prohibited source: the contribution must be refunded.',
    source: ENGINE,
  },
  {
    id: 'nyc_cfb.monetary_contribution.cash_cap',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'cash_cap',
    severity: 'reject',
    message: "The contributor's cash goes over the $100 cash cap.",
    source: ENGINE,
  },
  {
    id: 'nyc_cfb.monetary_contribution.outside_period',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'outside_period',
    severity: 'reject',
    message: 'Dated outside this statement\'s period: it belongs to the statement of its own date (amend that one); it is not in this file.',
    source: PERIOD_RULE,
  },
  {
    id: 'nyc_cfb.monetary_contribution.value_too_long',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'value_too_long',
    severity: 'question',
    message: "A value is longer than C-SMART's documented maximum and is cut in the file.",
    source: CSMART_HELP_SOURCE,
  },
  {
    id: 'nyc_cfb.monetary_contribution.intermediary_number',
    regulator: 'nyc_cfb',
    transaction_type: 'monetary_contribution',
    kind: 'intermediary_number',
    severity: 'question',
    message:
      "The contribution names an intermediary without a C-SMART Intermediary Number: the file's Intermediary Number (column M) stays empty. Add the number C-SMART gave the intermediary to the donation.",
    source: CSMART_HELP_SOURCE,
  },
  // ── NYS BOE, monetary contributions ──
  {
    id: 'nys_boe.monetary_contribution.over_limit',
    regulator: 'nys_boe',
    transaction_type: 'monetary_contribution',
    kind: 'over_limit',
    severity: 'reject',
    message: "The contributor's total goes over the contribution limit: refund the excess.",
    source: ENGINE,
  },
  {
    id: 'nys_boe.monetary_contribution.prohibited_source',
    regulator: 'nys_boe',
    transaction_type: 'monetary_contribution',
    kind: 'prohibited_source',
    severity: 'reject',
    message: 'The contributor may not give to this campaign: the contribution must be refunded.',
    source: ENGINE,
  },
  {
    id: 'nys_boe.monetary_contribution.outside_period',
    regulator: 'nys_boe',
    transaction_type: 'monetary_contribution',
    kind: 'outside_period',
    severity: 'reject',
    message: "Dated outside this report's period: it belongs to the report of its own date.",
    source: NYS_PERIOD_RULE,
  },
  {
    id: 'nys_boe.monetary_contribution.contributor_address',
    regulator: 'nys_boe',
    transaction_type: 'monetary_contribution',
    kind: 'contributor_address',
    severity: 'reject',
    message: "A contributor who gave more than $99 is itemized with name and address: the address is missing.",
    source: NYS_LAW_SOURCE,
    aggregate_over_cents: 9_900,
  },
  // ── NYS BOE, expenditures (schedule F) ──
  {
    id: 'nys_boe.expenditure.purpose_explanation',
    regulator: 'nys_boe',
    transaction_type: 'expenditure',
    kind: 'purpose_explanation',
    severity: 'reject',
    message: 'The purpose of an expenditure must be stated clearly: this purpose needs its details (explanation).',
    source: NYS_LAW_SOURCE,
  },
  {
    id: 'nys_boe.expenditure.payee_address',
    regulator: 'nys_boe',
    transaction_type: 'expenditure',
    kind: 'payee_address',
    severity: 'question',
    message: "Payments of $50 or more are itemized with the payee's address, which the book does not record: add each address in EFS.",
    source: NYS_LAW_SOURCE,
    itemized_from_cents: 5_000,
  },
  {
    id: 'nys_boe.expenditure.other_schedule',
    regulator: 'nys_boe',
    transaction_type: 'expenditure',
    kind: 'other_schedule',
    severity: 'question',
    message: 'A transfer out is reported on schedule H (Transfers Out), not on schedule F: it is not in the schedule F file.',
    source: NYS_SCHEDULE_H,
  },
];

/** The rule set of one regulator and transaction type, in the table's order. */
export function prefilingRules(regulator: Regulator, transactionType: TransactionType = 'monetary_contribution'): PrefilingRule[] {
  return PREFILING_RULES.filter((r) => r.regulator === regulator && r.transaction_type === transactionType);
}
