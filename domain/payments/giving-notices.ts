/**
 * The legal notices of a campaign's giving page and of the donor's receipt (issue 31, point 4): the
 * "Paid for by …" line, the tax notice, the privacy-policy link and the contribution rules in one line.
 * Each is set in the giving settings; one left unset (null) follows its default, built from the
 * campaign's name, its committee and the compliance rule table's figures (so a renamed committee or a
 * changed office shows at once). Pure: no React, no Node.
 */
import { formatCents } from '../money';
import type { ComplianceRuleSet } from '../campaign';

export interface GivingNotices {
  /** 'Paid for by Friends of Demo Candidate'. */
  paid_for_by: string;
  /** 'Contributions are not tax deductible …'. */
  tax_notice: string;
  /** The campaign's privacy policy (an http(s) address), or null: no link. */
  privacy_url: string | null;
  /** The contribution rules that apply, in one line ('' : none shown). */
  rules_notice: string;
}

/** What a campaign stored: null follows the default. */
export type StoredNotices = { [K in keyof GivingNotices]: GivingNotices[K] | null };

export const DEFAULT_TAX_NOTICE = 'Contributions are not tax deductible for federal income tax purposes.';

export interface NoticeFacts {
  campaign_name: string;
  committee_name: string | null;
  rule_set: ComplianceRuleSet;
  /** The most a new individual donor may give this cycle (compliance engine), or null when none is known. */
  limit_cents: number | null;
  /** The cash cap per contributor of the rule set (engine's cashCapCents), or null. */
  cash_cap_cents: number | null;
}

/** '$2,100.00' → '$2,100'; '$2,100.50' stays. */
function dollars(cents: number): string {
  return formatCents(cents).replace(/\.00$/, '');
}

/** The contribution rules in one line, from the rule table's figures. */
export function defaultRulesNotice(facts: NoticeFacts): string {
  const limit = facts.limit_cents === null ? null : `up to ${dollars(facts.limit_cents)} from one contributor for this election cycle`;
  const cash = facts.cash_cap_cents === null ? null : `no more than ${dollars(facts.cash_cap_cents)} in cash`;
  switch (facts.rule_set) {
    case 'nyc_cfb':
      return `NYC Campaign Finance Board rules: ${[limit, cash, 'no contributions from corporations, LLCs or partnerships'].filter(Boolean).join('; ')}.`;
    case 'nys_pcf':
      return limit ? `New York State campaign finance rules: ${limit}.` : '';
    default:
      return limit ? `Contribution limit: ${limit}.` : '';
  }
}

export function defaultNotices(facts: NoticeFacts): GivingNotices {
  const payer = facts.committee_name?.trim() || facts.campaign_name.trim();
  return { paid_for_by: `Paid for by ${payer}`, tax_notice: DEFAULT_TAX_NOTICE, privacy_url: null, rules_notice: defaultRulesNotice(facts) };
}

/** What the page and the receipt show: each stored value, or its default. */
export function effectiveNotices(stored: Partial<StoredNotices> | null, defaults: GivingNotices): GivingNotices {
  return {
    paid_for_by: stored?.paid_for_by ?? defaults.paid_for_by,
    tax_notice: stored?.tax_notice ?? defaults.tax_notice,
    privacy_url: stored?.privacy_url ?? defaults.privacy_url,
    rules_notice: stored?.rules_notice ?? defaults.rules_notice,
  };
}

/** What to store of what staff saved: a value equal to its default is stored as null (it then follows the default). */
export function noticesToStore(saved: GivingNotices, defaults: GivingNotices): StoredNotices {
  const keep = <K extends keyof GivingNotices>(key: K) => (saved[key] === defaults[key] ? null : saved[key]);
  return { paid_for_by: keep('paid_for_by'), tax_notice: keep('tax_notice'), privacy_url: keep('privacy_url'), rules_notice: keep('rules_notice') };
}

/** The notices as plain lines (the receipt e-mail). */
export function noticeLines(notices: GivingNotices): string[] {
  return [notices.paid_for_by, notices.tax_notice, notices.rules_notice, notices.privacy_url ? `Privacy policy: ${notices.privacy_url}` : ''].filter((line) => line.trim() !== '');
}
