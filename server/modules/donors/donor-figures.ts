/**
 * A donor's figures for the campaign's election cycle. pledged / paid / outstanding come from the
 * columns the database keeps up to date (migration 0007); the limit, what remains under it and the
 * matchable amount come from the compliance engine, the one place that decides them.
 */
import { checkDonor, limitFor, matchFor } from '../../../domain/compliance/engine';
import type { ComplianceContribution, ComplianceDonor, ComplianceWarning, LimitAnswer, MatchAnswer } from '../../../domain/compliance/types';
import type { DonorFigures } from '../../../domain/donor-book/donors-contract';
import type { ContributorType, Eligibility } from '../../../domain/donor-book/enums';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { DEFAULT_COUNTRY } from '../../../domain/validation/fields';
import type { BookCampaign } from '../book/book-campaign';
import type { DonorRecord } from './donor-repository';

export type DonorRules = Pick<DonorRecord, 'contributorType' | 'eligibility' | 'country' | 'state' | 'city' | 'zip' | 'district' | 'doingBusiness'>;

/** The donor columns behind DonorRules, as a raw statement answers them (a type: statements' rows index by string). */
export type DonorRulesColumns = {
  contributor_type: string;
  eligibility: string;
  country: string;
  state: string | null;
  city: string | null;
  zip: string | null;
  district: string | null;
  doing_business: boolean;
};

export function donorRulesOf(row: DonorRulesColumns): DonorRules {
  return { contributorType: row.contributor_type, eligibility: row.eligibility, country: row.country, state: row.state, city: row.city, zip: row.zip, district: row.district, doingBusiness: row.doing_business };
}

export function complianceDonorOf(row: DonorRules): ComplianceDonor {
  return {
    contributor_type: row.contributorType as ContributorType,
    eligibility: row.eligibility as Eligibility,
    is_international: row.country !== DEFAULT_COUNTRY,
    state: row.state,
    city: row.city,
    zip: row.zip,
    district: row.district,
    doing_business: row.doingBusiness,
  };
}

export interface FiguresAnswer {
  figures: DonorFigures;
  limit: LimitAnswer;
  match: MatchAnswer;
}

/** `contributions`: the donor's donations in the cycle (refunded ones count for nothing). */
export function figuresOf(
  campaign: BookCampaign,
  row: DonorRules & Pick<DonorRecord, 'pledgedCents' | 'paidCents' | 'outstandingCents' | 'allTimePledgedCents' | 'allTimePaidCents' | 'allTimeOutstandingCents'>,
  contributions: readonly ComplianceContribution[],
): FiguresAnswer {
  const donor = complianceDonorOf(row);
  const limit = limitFor(campaign.compliance, donor);
  const match = matchFor(campaign.compliance, donor, contributions);
  const aggregate = row.paidCents + row.outstandingCents;
  return {
    figures: {
      pledged_cents: row.pledgedCents,
      paid_cents: row.paidCents,
      outstanding_cents: row.outstandingCents,
      aggregate_cents: aggregate,
      limit_cents: limit.limit_cents,
      remaining_limit_cents: limit.limit_cents === null ? null : Math.max(0, limit.limit_cents - aggregate),
      matchable_cents: match.matchable_cents,
      public_funds_cents: match.public_funds_cents,
      all_time_pledged_cents: row.allTimePledgedCents,
      all_time_paid_cents: row.allTimePaidCents,
      all_time_outstanding_cents: row.allTimeOutstandingCents,
    },
    limit,
    match,
  };
}

/** Everything the donor page should say about the donor's compliance, without duplicates. */
export function donorWarnings(campaign: BookCampaign, row: DonorRules, answer: FiguresAnswer): ComplianceWarning[] {
  const issues = checkDonor(campaign.compliance, complianceDonorOf(row)).map(
    (issue): ComplianceWarning => ({ code: issue.code, rule: issue.rule, message: ERROR_MESSAGES[issue.code] }),
  );
  const over: ComplianceWarning[] =
    answer.figures.limit_cents !== null && answer.figures.aggregate_cents > answer.figures.limit_cents
      ? [{ code: 'OVER_LIMIT', rule: answer.limit.rule, message: 'This donor is over the contribution limit.' }]
      : [];
  const seen = new Set<string>();
  return [...issues, ...over, ...answer.limit.warnings, ...answer.match.warnings].filter((w) => {
    const key = `${w.code}|${w.rule}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
