/**
 * The compliance gate of every pledge and donation write: a blocking issue of the engine answers
 * 422 with the catalogue code (COMMITMENT_EXCEEDS_LIMIT, PROHIBITED_SOURCE,
 * INTERNATIONAL_DONOR_INDIVIDUAL_ONLY, CASH_EXCEEDS_LIMIT) and its details, and nothing is saved (the caller is inside
 * the transaction that holds the donor's lock).
 */
import { checkCash, checkContribution, checkDonor, type CashInput } from '../../../domain/compliance/engine';
import type { ComplianceIssue, ComplianceWarning } from '../../../domain/compliance/types';
import { fail } from '../../plugins/errors';
import type { BookCampaign } from './book-campaign';
import { complianceDonorOf, type DonorRules } from '../donors/donor-figures';

function issueError(issue: ComplianceIssue) {
  return fail(422, issue.code, { rule: issue.rule, ...(issue.details ?? {}) });
}

/**
 * `aggregateCents`: what counts against the limit before the write; `increaseCents`: what the write
 * adds to it (0 or less: only the donor's own problems are checked, a payment towards a pledge adds
 * nothing). `cash`: for a cash gift, the donor's cash before it and what it adds (this cycle). Answers
 * the engine's warnings.
 */
export function assertContributionAllowed(
  campaign: BookCampaign,
  donor: DonorRules,
  aggregateCents: number,
  increaseCents: number,
  cash?: CashInput,
): ComplianceWarning[] {
  const complianceDonor = complianceDonorOf(donor);
  if (increaseCents <= 0) {
    const issue = checkDonor(campaign.compliance, complianceDonor)[0] ?? (cash ? checkCash(campaign.compliance, cash) : null);
    if (issue) throw issueError(issue);
    return [];
  }
  const check = checkContribution(campaign.compliance, complianceDonor, { aggregate_cents: aggregateCents, amount_cents: increaseCents, cash });
  const order: ComplianceIssue['code'][] = ['INTERNATIONAL_DONOR_INDIVIDUAL_ONLY', 'PROHIBITED_SOURCE', 'COMMITMENT_EXCEEDS_LIMIT', 'CASH_EXCEEDS_LIMIT'];
  const [issue] = [...check.issues].sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
  if (issue) throw issueError(issue);
  return check.warnings;
}
