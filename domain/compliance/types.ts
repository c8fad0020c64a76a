/**
 * The inputs and answers of the compliance engine (ARCHITECTURE §6). One engine, used by forms, the
 * API, imports, reports and the public page: nothing else decides limits, prohibited sources or
 * matchable amounts. Money is integer cents. Pure: no React, no Node.
 */
import type { ComplianceRuleSet, ParticipantStatus } from '../campaign';
import type { ContributorType, Eligibility, PaymentMethod } from '../donor-book/enums';

/** What the engine needs to know of a campaign. */
export interface ComplianceCampaign {
  rule_set: ComplianceRuleSet;
  participant_status: ParticipantStatus | null;
  /** An offices_sought value ('mayor', 'city_council', 'state_senate' …) or null. */
  office_sought: string | null;
  /** Custom rule set: the limits typed in by the owner, per contributor per election, cents. */
  custom_limit_individual_cents: number | null;
  custom_limit_organization_cents: number | null;
  /**
   * Optional: the district the campaign runs in (same values as the donor's `district`). Used for the
   * NYS in-district match rule; when absent the engine falls back to state residence with a warning.
   */
  district?: string | null;
}

/** What the engine needs to know of a donor. */
export interface ComplianceDonor {
  contributor_type: ContributorType;
  eligibility: Eligibility;
  is_international: boolean;
  /** snake_case US state or null. */
  state: string | null;
  city: string | null;
  zip: string | null;
  district: string | null;
  /**
   * Marked by staff as doing business with the City (NYC Doing Business Database): the lower NYC limit of the
   * office applies and nothing is matchable. Absent = false.
   */
  doing_business?: boolean;
}

/** One donation of a donor as the match computation sees it. */
export interface ComplianceContribution {
  amount_cents: number;
  payment_method: PaymentMethod | null;
  /** What was refunded of it (partial refunds): only amount_cents - refunded_cents counts. */
  refunded_cents: number;
}

/** One pledge of a donor as the aggregate computation sees it. */
export interface CompliancePledge {
  commitment_amount_cents: number;
  /** Net of refunds, what was paid towards this pledge. */
  paid_cents: number;
  written_off: boolean;
}

/** Identifies a rule of RULE_TABLE, e.g. 'nyc_cfb.limit.citywide.participant'. */
export type RuleId = string;

/** A blocking problem: the contribution must not be saved. `code` is an ERROR_MESSAGES key. */
export interface ComplianceIssue {
  code: 'COMMITMENT_EXCEEDS_LIMIT' | 'INTERNATIONAL_DONOR_INDIVIDUAL_ONLY' | 'PROHIBITED_SOURCE' | 'CASH_EXCEEDS_LIMIT';
  rule: RuleId;
  /** Details for the UI: limit_cents, aggregate_cents, remaining_cents when the limit is at stake. */
  details?: Record<string, number | string>;
}

/** A non-blocking note the UI shows beside the figures. */
export interface ComplianceWarning {
  code:
    | 'ELIGIBILITY_UNDETERMINED'
    | 'ELIGIBILITY_MISMATCH'
    | 'CAMPAIGN_CLASS_UNDETERMINED'
    | 'CASH_OVER_100_NOT_MATCHABLE'
    | 'NOT_MATCHABLE_RESIDENCE'
    | 'NOT_MATCHABLE_CONTRIBUTOR'
    | 'NO_LIMIT_CONFIGURED'
    | 'OUTSIDE_CYCLE'
    | (string & {});
  rule: RuleId;
  message: string;
}

/** The limit that applies to a donor. `limit_cents` null = no limit (custom set left empty). */
export interface LimitAnswer {
  limit_cents: number | null;
  rule: RuleId;
  warnings: ComplianceWarning[];
}

export interface ContributionCheck {
  /** Empty when the contribution may be saved. */
  issues: ComplianceIssue[];
  warnings: ComplianceWarning[];
  limit_cents: number | null;
  /** The donor's aggregate before and after this contribution. */
  aggregate_cents: number;
  aggregate_after_cents: number;
  /** What may still be given after this contribution (null = no limit); never below 0. */
  remaining_cents: number | null;
}

export interface MatchAnswer {
  matchable_cents: number;
  public_funds_cents: number;
  rule: RuleId;
  warnings: ComplianceWarning[];
}

/** One row of the published figures a treasurer can check (RULE_TABLE). */
export interface RuleRow {
  id: RuleId;
  rule_set: ComplianceRuleSet;
  /** Plain words: 'Contribution limit, citywide offices, participants'. */
  description: string;
  /** The figure, cents (a limit or a matchable cap) or a ratio text ('8:1'). */
  value: number | string;
  /** The public source: document name, section, URL. */
  source: string;
  /** Optional: the offices_sought values the row applies to (absent = every office of the rule set). */
  offices?: readonly string[];
  /** Optional: true when the figure is shown for reference only and the engine does not enforce it. */
  informational?: boolean;
  /** Optional: 'count' when a number `value` counts contributors (program thresholds), not cents. */
  unit?: 'count';
}
