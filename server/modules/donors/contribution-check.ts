/**
 * The compliance gate of every pledge and donation write: a blocking issue of the engine answers
 * 422 with the catalogue code (COMMITMENT_EXCEEDS_LIMIT, PROHIBITED_SOURCE,
 * INTERNATIONAL_DONOR_INDIVIDUAL_ONLY) and its details, and nothing is saved (the caller is inside
 * the transaction that holds the donor's lock).
 */
import { checkContribution, checkDonor } from '../../../domain/compliance/engine';
import type { ComplianceIssue, ComplianceWarning } from '../../../domain/compliance/types';
import { fail } from '../../plugins/errors';
import type { BookCampaign } from './book-campaign';
import { complianceDonorOf } from './donor-figures';
import type { DonorRecord } from './donor-repository';

function issueError(issue: ComplianceIssue) {
  return fail(422, issue.code, { rule: issue.rule, ...(issue.details ?? {}) });
}

/**
 * `aggregateCents`: what counts against the limit before the write; `increaseCents`: what the write
 * adds to it (0 or less: only the donor's own problems are checked, a payment towards a pledge adds
 * nothing). Answers the engine's warnings.
 */
export function assertContributionAllowed(campaign: BookCampaign, donor: DonorRecord, aggregateCents: number, increaseCents: number): ComplianceWarning[] {
  const complianceDonor = complianceDonorOf(donor);
  if (increaseCents <= 0) {
    const [issue] = checkDonor(campaign.compliance, complianceDonor);
    if (issue) throw issueError(issue);
    return [];
  }
  const check = checkContribution(campaign.compliance, complianceDonor, { aggregate_cents: aggregateCents, amount_cents: increaseCents });
  const order: ComplianceIssue['code'][] = ['INTERNATIONAL_DONOR_INDIVIDUAL_ONLY', 'PROHIBITED_SOURCE', 'COMMITMENT_EXCEEDS_LIMIT'];
  const [issue] = [...check.issues].sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code));
  if (issue) throw issueError(issue);
  return check.warnings;
}
