/**
 * The pre-filing check: before a file is made, what the regulator will reject or question, per
 * contribution, each with the link that fixes it (the donor's page; the campaign details for the filer
 * ids). Runs the rule set of the regulator and transaction type (prefiling-rules.ts), one evaluator per
 * rule kind. Limits, prohibited sources and the cash cap come from the compliance engine, with each
 * donor's running total of the cycle in date order (net of refunds) before the gift.
 *
 * A contribution dated outside the period (recorded late, after its own period) is listed and left out
 * of the file: it belongs to the statement of its date. A gift wholly refunded is not questioned for
 * its limit or source (the refund answers it). Pure: no React, no Node.
 */
import { checkContribution } from '../compliance/engine';
import type { FilingPeriod, Regulator } from '../compliance/filing-periods';
import type { ComplianceCampaign, ComplianceDonor, ContributionCheck } from '../compliance/types';
import { EXPENSE_PURPOSES_NEEDING_DETAILS, NATURAL_PERSON_TYPES } from '../donor-book/enums';
import { csmartOverlong, type FilingCampaign, type FilingContribution } from './csmart-file';
import { onScheduleF, type FilingExpenditure } from './nys-schedules';
import { prefilingRules, type ContributionRuleKind, type ExpenditureRuleKind, type PrefilingRule, type PrefilingRuleKind, type PrefilingSeverity, type TransactionType } from './prefiling-rules';
import { formatCents } from '../money';

/** The SPA page that fixes a donor's record (src/config/paths.ts donorPage). */
export const donorFixPath = (donorId: string) => `/donor-list/${encodeURIComponent(donorId)}`;
/** The SPA page that fixes the campaign's details (src/config/paths.ts campaignDetails). */
export const CAMPAIGN_FIX_PATH = '/campaign/campaign-details';
/** The SPA page that fixes an expense (src/config/paths.ts expenses). */
export const EXPENSES_FIX_PATH = '/expenses';

export interface PrefilingInput {
  regulator: Regulator;
  transaction_type?: TransactionType;
  period: FilingPeriod;
  campaign: ComplianceCampaign & FilingCampaign;
  /** The contributions the statement concerns: dated in the period, plus any recorded late (dated before it). */
  contributions: readonly FilingContribution[];
  /** Every contribution of the election cycle of the donors concerned (those above included): the running totals. */
  cycle: readonly FilingContribution[];
  /** The expenditures of the period, when the regulator's files report them (NYS schedule F): its expenditure rule set runs. */
  expenditures?: readonly FilingExpenditure[];
}

export interface PrefilingFinding {
  rule_id: string;
  kind: PrefilingRuleKind;
  severity: PrefilingSeverity;
  message: string;
  /** What exactly (the limit and the total, the missing fields, the columns cut…). */
  detail: string;
  donation_id: string | null;
  /** The expense concerned (expenditure rules), else null. */
  expense_id: string | null;
  donor_id: string | null;
  donor_name: string | null;
  date: string | null;
  amount_cents: number | null;
  /** SPA path of the page that fixes it. */
  fix_path: string;
}

export interface PrefilingResult {
  /** The contributions of the file, in its order (date, then id). */
  in_file: FilingContribution[];
  findings: PrefilingFinding[];
}

const byDate = (a: FilingContribution, b: FilingContribution) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.donation_id < b.donation_id ? -1 : a.donation_id > b.donation_id ? 1 : 0);
const net = (c: FilingContribution) => Math.max(0, c.amount_cents - c.refunded_cents);
const blank = (value: string | null | undefined) => (value ?? '').trim() === '';
const dollars = formatCents;

function complianceDonor(c: FilingContribution): ComplianceDonor {
  const d = c.donor;
  return { contributor_type: d.contributor_type, eligibility: d.eligibility, is_international: d.country !== 'US', state: d.state, city: d.city, zip: d.zip, district: d.district, doing_business: d.doing_business === true };
}

interface Context {
  input: PrefilingInput;
  c: FilingContribution;
  /** Line of the file (1-based), or null when the contribution is not in it. */
  line: number | null;
  /** The donor's cycle total before this gift, net of refunds. */
  before_cents: number;
  check: ContributionCheck;
}

/** Each kind's test: the finding's detail, or null when the contribution passes. */
const EVALUATORS: Record<Exclude<ContributionRuleKind, 'filer_ids'>, (rule: PrefilingRule, ctx: Context) => string | null> = {
  employer_occupation: (rule, { c, before_cents }) => {
    const natural = NATURAL_PERSON_TYPES.includes(c.donor.contributor_type) && c.donor.contributor_type !== 'candidate';
    const total = before_cents + net(c);
    if (!natural || total <= (rule.aggregate_over_cents ?? 0)) return null;
    const missing = [blank(c.donor.employer) ? 'employer' : null, blank(c.donor.occupation) ? 'occupation' : null].filter(Boolean);
    return missing.length ? `Missing ${missing.join(' and ')} (cycle total ${dollars(total)}).` : null;
  },
  matchable_documentation: (rule, { c }) => {
    if (c.matchable_cents <= 0) return null;
    const missing: string[] = (rule.fields ?? []).filter((f) => blank(c.donor[f]));
    if (c.payment_method === 'check' && blank(c.check_number)) missing.push('check number');
    if (c.payment_method !== 'check' && c.payment_method !== 'cash' && blank(c.reference_number)) missing.push('payment reference');
    return missing.length ? `Matchable ${dollars(c.matchable_cents)} claimed without: ${missing.join(', ')}.` : null;
  },
  over_limit: (_rule, { check }) => {
    const issue = check.issues.find((i) => i.code === 'COMMITMENT_EXCEEDS_LIMIT');
    return issue ? `Cycle total ${dollars(check.aggregate_after_cents)} over the ${dollars(Number(issue.details?.limit_cents ?? 0))} limit (${issue.rule}).` : null;
  },
  prohibited_source: (_rule, { check }) => {
    const issue = check.issues.find((i) => i.code === 'PROHIBITED_SOURCE' || i.code === 'INTERNATIONAL_DONOR_INDIVIDUAL_ONLY');
    return issue ? `${issue.code === 'PROHIBITED_SOURCE' ? 'Prohibited source' : 'International donor not an individual'} (${issue.rule}).` : null;
  },
  cash_cap: (_rule, { check }) => {
    const issue = check.issues.find((i) => i.code === 'CASH_EXCEEDS_LIMIT');
    return issue ? `Cash over the ${dollars(Number(issue.details?.limit_cents ?? 0))} cap (${dollars(Number(issue.details?.cash_cents ?? 0))} in cash before this gift).` : null;
  },
  outside_period: (_rule, { c, input }) =>
    c.date < input.period.start || c.date > input.period.end ? `Dated ${c.date}, outside ${input.period.start} to ${input.period.end}.` : null,
  value_too_long: (_rule, { c, input, line }) => {
    if (line === null) return null;
    const cut = csmartOverlong(input.campaign, c, line);
    return cut.length ? `Cut to C-SMART's maximum: ${cut.map((col) => `${col.description.split(':')[0]} (column ${col.letter}, ${col.max_length})`).join('; ')}.` : null;
  },
  intermediary_number: (_rule, { c }) =>
    c.intermediary && !blank(c.intermediary.name) && blank(c.intermediary.csmart_number) ? `Intermediary ${c.intermediary.name.trim()} without a C-SMART Intermediary Number.` : null,
  contributor_address: (rule, { c, before_cents }) => {
    const total = before_cents + net(c);
    if (total <= (rule.aggregate_over_cents ?? 0)) return null;
    const abroad = c.donor.country !== 'US';
    const missing = [blank(c.donor.address) ? 'street address' : null, blank(c.donor.city) ? 'city' : null, !abroad && blank(c.donor.state) ? 'state' : null, blank(c.donor.zip) ? 'ZIP' : null].filter(Boolean);
    return missing.length ? `Missing ${missing.join(', ')} (cycle total ${dollars(total)}).` : null;
  },
};

/** Each expenditure rule kind's test of one expenditure (payee_address is counted over the period). */
const EXPENDITURE_EVALUATORS: Record<Exclude<ExpenditureRuleKind, 'payee_address'>, (rule: PrefilingRule, e: FilingExpenditure) => string | null> = {
  purpose_explanation: (_rule, e) =>
    onScheduleF(e) && EXPENSE_PURPOSES_NEEDING_DETAILS.includes(e.purpose) && blank(e.purpose_details) ? `Purpose "${e.purpose}" without its details.` : null,
  other_schedule: (_rule, e) => (onScheduleF(e) ? null : `Transfer out of ${dollars(e.amount_cents)} to ${e.payee}: schedule H.`),
};

/** The expenditure rule set over the period's expenditures (in date order). */
function expenditureFindings(input: PrefilingInput): PrefilingFinding[] {
  const rules = prefilingRules(input.regulator, 'expenditure');
  const expenses = (input.expenditures ?? [])
    .filter((e) => e.date >= input.period.start && e.date <= input.period.end)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.expense_id < b.expense_id ? -1 : a.expense_id > b.expense_id ? 1 : 0));
  const findings: PrefilingFinding[] = [];
  const base = (rule: PrefilingRule, detail: string) => ({ rule_id: rule.id, kind: rule.kind, severity: rule.severity, message: rule.message, detail, donation_id: null, donor_id: null, fix_path: EXPENSES_FIX_PATH });
  for (const rule of rules) {
    if (rule.kind !== 'payee_address') continue;
    const itemized = expenses.filter((e) => onScheduleF(e) && e.amount_cents >= (rule.itemized_from_cents ?? 0));
    if (itemized.length) {
      const cents = itemized.reduce((sum, e) => sum + e.amount_cents, 0);
      findings.push({ ...base(rule, `${itemized.length} payment${itemized.length === 1 ? '' : 's'} of ${dollars(rule.itemized_from_cents ?? 0)} or more (${dollars(cents)}) without the payee's address.`), expense_id: null, donor_name: null, date: null, amount_cents: null });
    }
  }
  for (const e of expenses) {
    for (const rule of rules) {
      if (rule.kind === 'payee_address') continue;
      const detail = EXPENDITURE_EVALUATORS[rule.kind as Exclude<ExpenditureRuleKind, 'payee_address'>](rule, e);
      if (detail !== null) findings.push({ ...base(rule, detail), expense_id: e.expense_id, donor_name: e.payee, date: e.date, amount_cents: e.amount_cents });
    }
  }
  return findings;
}

/**
 * Runs the rule set over the contributions (the findings in the file's order, then those left out), then,
 * when expenditures are given, the expenditure rule set over those of the period.
 */
export function prefilingCheck(input: PrefilingInput): PrefilingResult {
  const rules = prefilingRules(input.regulator, input.transaction_type ?? 'monetary_contribution');
  const inPeriod = (c: FilingContribution) => c.date >= input.period.start && c.date <= input.period.end;
  const in_file = input.contributions.filter(inPeriod).sort(byDate);
  const lines = new Map(in_file.map((c, i) => [c.donation_id, i + 1]));
  const findings: PrefilingFinding[] = [];

  for (const rule of rules.filter((r) => r.kind === 'filer_ids')) {
    const missing = [blank(input.campaign.cfb_candidate_id) ? 'CFB Candidate ID' : null, blank(input.campaign.cfb_committee_id) ? 'CFB Committee ID' : null].filter(Boolean);
    if (missing.length) {
      findings.push({ rule_id: rule.id, kind: rule.kind, severity: rule.severity, message: rule.message, detail: `Missing: ${missing.join(', ')}.`, donation_id: null, expense_id: null, donor_id: null, donor_name: null, date: null, amount_cents: null, fix_path: CAMPAIGN_FIX_PATH });
    }
  }

  // Running totals per donor, in date order over the whole cycle.
  const history = [...input.cycle].sort(byDate);
  const order = new Map(history.map((c, i) => [c.donation_id, i]));
  const concerned = [...in_file, ...input.contributions.filter((c) => !inPeriod(c)).sort(byDate)];
  for (const c of concerned) {
    const at = order.get(c.donation_id) ?? history.length;
    const earlier = history.slice(0, at).filter((h) => h.donor.donor_id === c.donor.donor_id && h.donation_id !== c.donation_id);
    const before_cents = earlier.reduce((sum, h) => sum + net(h), 0);
    const cash_before = earlier.filter((h) => h.payment_method === 'cash').reduce((sum, h) => sum + net(h), 0);
    const amount = net(c);
    const check =
      amount === 0
        ? { issues: [], warnings: [], limit_cents: null, aggregate_cents: before_cents, aggregate_after_cents: before_cents, remaining_cents: null }
        : checkContribution(input.campaign, complianceDonor(c), {
            aggregate_cents: before_cents,
            amount_cents: amount,
            cash: c.payment_method === 'cash' ? { cash_aggregate_cents: cash_before, cash_amount_cents: amount } : undefined,
          });
    const ctx: Context = { input, c, line: lines.get(c.donation_id) ?? null, before_cents, check };
    for (const rule of rules) {
      if (rule.kind === 'filer_ids') continue;
      const detail = EVALUATORS[rule.kind as Exclude<ContributionRuleKind, 'filer_ids'>](rule, ctx);
      if (detail === null) continue;
      findings.push({
        rule_id: rule.id,
        kind: rule.kind,
        severity: rule.severity,
        message: rule.message,
        detail,
        donation_id: c.donation_id,
        expense_id: null,
        donor_id: c.donor.donor_id,
        donor_name: c.donor.name,
        date: c.date,
        amount_cents: c.amount_cents,
        fix_path: donorFixPath(c.donor.donor_id),
      });
    }
  }
  if (input.expenditures) findings.push(...expenditureFindings(input));
  return { in_file, findings };
}
