/**
 * The compliance engine (ARCHITECTURE §6): limits, prohibited sources, aggregates and matchable
 * amounts for the three rule sets (NYC CFB, NYS public campaign finance, custom). Every figure comes
 * from RULE_TABLE (rule-table.ts); this file only holds the logic. Money is integer cents.
 * Pure: no React, no Node.
 */
import { NATURAL_PERSON_TYPES, type ContributorType } from '../donor-book/enums';
import { formatCents } from '../money';
import { pledgeRemainingCents } from '../donor-book/pledges';
import {
  NYC_CITYWIDE_OFFICES,
  NYS_LEGISLATIVE_OFFICES,
  NYS_STATEWIDE_OFFICES,
  RULE_TABLE,
  ruleCents,
  ruleRatio,
  ruleRow,
} from './rule-table';
import type {
  ComplianceCampaign,
  ComplianceContribution,
  ComplianceDonor,
  ComplianceIssue,
  CompliancePledge,
  ComplianceWarning,
  ContributionCheck,
  LimitAnswer,
  MatchAnswer,
  RuleId,
  RuleRow,
} from './types';

// ── helpers ─────────────────────────────────────────────────────────────────────────────────

function warning(code: ComplianceWarning['code'], rule: RuleId, message: string): ComplianceWarning {
  return { code, rule, message };
}

function includes(list: readonly string[], value: string | null | undefined): boolean {
  return value !== null && value !== undefined && list.includes(value);
}

/** Natural persons whose gifts count as an individual's (the candidate excluded). */
const MATCHABLE_PERSON_TYPES: readonly ContributorType[] = NATURAL_PERSON_TYPES.filter((t) => t !== 'candidate');

const POLITICAL_COMMITTEE_TYPES: readonly ContributorType[] = ['candidate_committee', 'party_committee', 'political_action_committee'];

type NycOfficeClass = 'citywide' | 'borough_president' | 'city_council';

function nycOfficeClass(office: string | null): NycOfficeClass | null {
  if (includes(NYC_CITYWIDE_OFFICES, office)) return 'citywide';
  if (office === 'borough_president') return 'borough_president';
  if (office === 'city_council') return 'city_council';
  return null;
}

function isParticipant(campaign: ComplianceCampaign): boolean {
  return campaign.participant_status === 'participant';
}

// ── limits ──────────────────────────────────────────────────────────────────────────────────

function candidateOwnMoney(campaign: ComplianceCampaign): LimitAnswer {
  const rule = `${campaign.rule_set}.limit.candidate_own_money`;
  const warnings: ComplianceWarning[] = [];
  if (campaign.rule_set !== 'custom' && isParticipant(campaign)) {
    warnings.push(
      warning(
        'CANDIDATE_OWN_MONEY_CAP',
        rule,
        "A participating candidate may give the own campaign at most three times the contribution limit; the product does not enforce it.",
      ),
    );
  }
  return { limit_cents: null, rule, warnings };
}

type CampaignClass = 'participant' | 'non_participant' | null;

/** The campaign's class (participant or not in the public matching program): it, not the donor, sets the limit. */
function campaignClass(campaign: ComplianceCampaign): CampaignClass {
  return campaign.participant_status === 'participant' || campaign.participant_status === 'non_participant' ? campaign.participant_status : null;
}

const ELIGIBILITY_WORDS: Record<string, string> = { 'p-a': 'Participant-Option A', 'p-b': 'Participant-Option B', np: 'Non-Participant' };

/**
 * The donor's recorded eligibility never sets the limit; when it contradicts the campaign's class (a
 * participant campaign's donor marked np, a non-participant campaign's donor marked p-a / p-b) the
 * donor shows a warning so the record can be corrected.
 */
function eligibilityWarnings(campaign: ComplianceCampaign, donor: ComplianceDonor, rule: RuleId): ComplianceWarning[] {
  const cls = campaignClass(campaign);
  const marked = donor.eligibility;
  const contradicts = (cls === 'participant' && marked === 'np') || (cls === 'non_participant' && (marked === 'p-a' || marked === 'p-b'));
  if (!contradicts) return [];
  const campaignWords = cls === 'participant' ? 'a Program participant' : 'not a Program participant';
  return [
    warning(
      'ELIGIBILITY_MISMATCH',
      rule,
      `The donor is marked ${ELIGIBILITY_WORDS[marked]}, but the campaign is ${campaignWords}: the campaign's class governs the limit.`,
    ),
  ];
}

function classUndetermined(rule: RuleId): ComplianceWarning {
  return warning(
    'CAMPAIGN_CLASS_UNDETERMINED',
    rule,
    "The campaign's participant status is not set: the strictest limit is applied until it is set in the campaign settings.",
  );
}

function nycLimit(campaign: ComplianceCampaign, donor: ComplianceDonor): LimitAnswer {
  if (donor.contributor_type === 'limited_liability_company') {
    return { limit_cents: 0, rule: 'nyc_cfb.prohibited.llc', warnings: [] };
  }
  const officeClass = nycOfficeClass(campaign.office_sought);
  if (donor.doing_business) {
    // Participant or not, the doing-business limit of the office (the strictest when the office is unknown).
    const rule = `nyc_cfb.limit.doing_business.${officeClass ?? 'city_council'}`;
    const warnings = officeClass ? [] : [warning('OFFICE_NOT_COVERED', rule, 'The office sought is not set or not a NYC office: the strictest doing-business limit is applied.')];
    return { limit_cents: ruleCents(rule), rule, warnings };
  }
  const cls = campaignClass(campaign);
  const warnings: ComplianceWarning[] = [];
  if (!officeClass) {
    const rule = 'nyc_cfb.limit.office_not_covered';
    warnings.push(warning('OFFICE_NOT_COVERED', rule, 'The office sought is not set or not a NYC office: the strictest NYC limit is applied.'));
    if (!cls) warnings.push(classUndetermined('nyc_cfb.limit.class_undetermined'));
    return { limit_cents: ruleCents(rule), rule, warnings: [...warnings, ...eligibilityWarnings(campaign, donor, 'nyc_cfb.limit.class_governs')] };
  }
  const participantRule = `nyc_cfb.limit.${officeClass}.participant`;
  const nonParticipantRule = `nyc_cfb.limit.${officeClass}.non_participant`;
  warnings.push(...eligibilityWarnings(campaign, donor, 'nyc_cfb.limit.class_governs'));
  if (cls === 'participant') {
    if (donor.eligibility === 'p-b') {
      warnings.push(
        warning('OPTION_B_DISCONTINUED', 'nyc_cfb.limit.option_b', 'Participant Option B ended with the 2021 elections: the participant limit applies.'),
      );
    }
    return { limit_cents: ruleCents(participantRule), rule: participantRule, warnings };
  }
  if (cls === 'non_participant') return { limit_cents: ruleCents(nonParticipantRule), rule: nonParticipantRule, warnings };
  const a = ruleCents(participantRule);
  const b = ruleCents(nonParticipantRule);
  warnings.push(classUndetermined('nyc_cfb.limit.class_undetermined'));
  return { limit_cents: Math.min(a, b), rule: a <= b ? participantRule : nonParticipantRule, warnings };
}

function nysLimit(campaign: ComplianceCampaign, donor: ComplianceDonor): LimitAnswer {
  const office = campaign.office_sought;
  const warnings: ComplianceWarning[] = [];
  let rule: RuleId;
  if (includes(NYS_STATEWIDE_OFFICES, office)) rule = 'nys_pcf.limit.statewide';
  else if (office === 'state_senate') rule = 'nys_pcf.limit.state_senate';
  else if (office === 'state_assembly') rule = 'nys_pcf.limit.state_assembly';
  else {
    rule = 'nys_pcf.limit.office_not_covered';
    warnings.push(warning('OFFICE_NOT_COVERED', rule, 'The office sought is not set or not a NYS public-financing office: the strictest NYS limit is applied.'));
  }
  let limit = ruleCents(rule);
  const cls = campaignClass(campaign);
  if (cls === 'non_participant') {
    warnings.push(
      warning(
        'NON_PARTICIPANT_LIMIT_NOT_IN_TABLE',
        'nys_pcf.limit.non_participant',
        "The higher limits of candidates outside the public financing program are not in the rule table: the participants' (stricter) limit is applied.",
      ),
    );
  } else if (!cls) {
    warnings.push(classUndetermined('nys_pcf.limit.class_undetermined'));
  }
  warnings.push(...eligibilityWarnings(campaign, donor, 'nys_pcf.limit.class_governs'));
  warnings.push(
    warning('PRIMARY_GENERAL_SPLIT', 'nys_pcf.limit.primary_general_split', 'At most half of this limit may be given for the primary election.'),
  );
  if (donor.contributor_type === 'limited_liability_company') {
    const llcRule = 'nys_pcf.limit.llc_annual_aggregate';
    const llcCap = ruleCents(llcRule);
    if (llcCap < limit) {
      limit = llcCap;
      rule = llcRule;
    }
    warnings.push(
      warning('LLC_ANNUAL_AGGREGATE', llcRule, 'An LLC may give at most $5,000 per calendar year to all NY candidates and committees together.'),
    );
  }
  return { limit_cents: limit, rule, warnings };
}

function customLimit(campaign: ComplianceCampaign, donor: ComplianceDonor): LimitAnswer {
  const natural = includes(MATCHABLE_PERSON_TYPES, donor.contributor_type);
  const rule = natural ? 'custom.limit.individual' : 'custom.limit.organization';
  const limit = natural ? campaign.custom_limit_individual_cents : campaign.custom_limit_organization_cents;
  if (limit === null || limit === undefined) {
    return {
      limit_cents: null,
      rule: 'custom.limit.none',
      warnings: [
        warning(
          'NO_LIMIT_CONFIGURED',
          'custom.limit.none',
          natural ? 'No limit is set for individuals in the campaign settings.' : 'No limit is set for organisations in the campaign settings.',
        ),
      ],
    };
  }
  return { limit_cents: limit, rule, warnings: [] };
}

/** The per-contributor limit of the campaign's rule set, office and class (the donor's eligibility only adds warnings). */
export function limitFor(campaign: ComplianceCampaign, donor: ComplianceDonor): LimitAnswer {
  if (donor.contributor_type === 'candidate') return candidateOwnMoney(campaign);
  switch (campaign.rule_set) {
    case 'nyc_cfb':
      return nycLimit(campaign, donor);
    case 'nys_pcf':
      return nysLimit(campaign, donor);
    case 'custom':
    default:
      return customLimit(campaign, donor);
  }
}

// ── donors ──────────────────────────────────────────────────────────────────────────────────

/** Blocking problems of the donor itself: international non-individuals and prohibited sources. */
export function checkDonor(campaign: ComplianceCampaign, donor: ComplianceDonor): ComplianceIssue[] {
  const issues: ComplianceIssue[] = [];
  if (donor.is_international && donor.contributor_type !== 'individual') {
    issues.push({
      code: 'INTERNATIONAL_DONOR_INDIVIDUAL_ONLY',
      rule: `${campaign.rule_set}.international.individual_only`,
      details: { contributor_type: donor.contributor_type },
    });
  }
  if (campaign.rule_set === 'nyc_cfb' && donor.contributor_type === 'limited_liability_company') {
    issues.push({ code: 'PROHIBITED_SOURCE', rule: 'nyc_cfb.prohibited.llc', details: { contributor_type: donor.contributor_type } });
  }
  return issues;
}

// ── aggregates and contributions ────────────────────────────────────────────────────────────

/** What remains of a donation after its refunds (never below 0). */
export function netCents(contribution: ComplianceContribution): number {
  return Math.max(0, contribution.amount_cents - contribution.refunded_cents);
}

/** Donations net of refunds plus the open remainder of pledges that are not written off. */
export function aggregateCents(contributions: readonly ComplianceContribution[], pledges: readonly CompliancePledge[]): number {
  const given = contributions.reduce((sum, c) => sum + netCents(c), 0);
  const promised = pledges.reduce((sum, p) => sum + pledgeRemainingCents(p), 0);
  return given + promised;
}

/**
 * Whether `amount_cents` may be added to a donor whose aggregate is `aggregate_cents`. Equal to the
 * limit is allowed. The COMMITMENT_EXCEEDS_LIMIT details carry the room left before this
 * contribution (`remaining_cents`, never below 0); the answer's `remaining_cents` is the room left
 * after it.
 */
export function checkContribution(
  campaign: ComplianceCampaign,
  donor: ComplianceDonor,
  input: { aggregate_cents: number; amount_cents: number; cash?: CashInput },
): ContributionCheck {
  const issues = checkDonor(campaign, donor);
  const limit = limitFor(campaign, donor);
  const warnings = [...limit.warnings];
  if (campaign.rule_set === 'nyc_cfb' && includes(POLITICAL_COMMITTEE_TYPES, donor.contributor_type)) {
    warnings.push(
      warning(
        'COMMITTEE_MUST_BE_REGISTERED',
        'nyc_cfb.political_committee.registered',
        'A political committee may contribute only if it is registered with the CFB for this election cycle.',
      ),
    );
  }
  const after = input.aggregate_cents + input.amount_cents;
  const prohibited = issues.some((i) => i.code === 'PROHIBITED_SOURCE');
  if (limit.limit_cents !== null && after > limit.limit_cents && !prohibited) {
    issues.push({
      code: 'COMMITMENT_EXCEEDS_LIMIT',
      rule: limit.rule,
      details: {
        limit_cents: limit.limit_cents,
        aggregate_cents: input.aggregate_cents,
        remaining_cents: Math.max(0, limit.limit_cents - input.aggregate_cents),
      },
    });
  }
  const cash = input.cash ? checkCash(campaign, input.cash) : null;
  if (cash && !prohibited) issues.push(cash);
  return {
    issues,
    warnings,
    limit_cents: limit.limit_cents,
    aggregate_cents: input.aggregate_cents,
    aggregate_after_cents: after,
    remaining_cents: limit.limit_cents === null ? null : Math.max(0, limit.limit_cents - after),
  };
}

/** A cash gift and the donor's cash before it (this cycle, net of refunds). */
export interface CashInput {
  cash_aggregate_cents: number;
  cash_amount_cents: number;
}

/** The cap on cash from one contributor of the rule set, or null when the rule set has none we enforce. */
export function cashCapCents(campaign: ComplianceCampaign): number | null {
  return campaign.rule_set === 'nyc_cfb' ? ruleCents('nyc_cfb.limit.cash') : null;
}

/**
 * CASH_EXCEEDS_LIMIT when a cash gift would take the contributor's cash over the cap (equal is
 * allowed). Details: limit_cents, cash_cents (before), remaining_cents (room left before the gift).
 */
export function checkCash(campaign: ComplianceCampaign, input: CashInput): ComplianceIssue | null {
  const cap = cashCapCents(campaign);
  if (cap === null || input.cash_amount_cents <= 0 || input.cash_aggregate_cents + input.cash_amount_cents <= cap) return null;
  return {
    code: 'CASH_EXCEEDS_LIMIT',
    rule: 'nyc_cfb.limit.cash',
    details: { limit_cents: cap, cash_cents: input.cash_aggregate_cents, remaining_cents: Math.max(0, cap - input.cash_aggregate_cents) },
  };
}

// ── matching funds ──────────────────────────────────────────────────────────────────────────

const NYC_CITY_NAMES = ['new york', 'new york city', 'nyc', 'manhattan', 'brooklyn', 'bronx', 'the bronx', 'queens', 'staten island'];
const NYC_ZIP_PREFIXES = ['100', '101', '102', '103', '104', '111', '112', '113', '114', '116'];
const NYC_ZIP_EXTRA = ['11004', '11005'];

function normalizeCity(city: string | null): string {
  return (city ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.,]/g, '');
}

function zip5(zip: string | null): string | null {
  const match = /^(\d{5})(?:-\d{4})?$/.exec((zip ?? '').trim());
  return match ? match[1]! : null;
}

function isNewYorkState(donor: ComplianceDonor): boolean {
  return !donor.is_international && donor.state === 'new_york';
}

/** NYC residence as documented in RULE_TABLE 'nyc_cfb.match.residence'. */
export function isNycResident(donor: ComplianceDonor): boolean {
  if (!isNewYorkState(donor)) return false;
  if (NYC_CITY_NAMES.includes(normalizeCity(donor.city))) return true;
  const zip = zip5(donor.zip);
  if (!zip) return false;
  return NYC_ZIP_EXTRA.includes(zip) || NYC_ZIP_PREFIXES.includes(zip.slice(0, 3));
}

/**
 * How a donor's donations are matched: the donor-level answer (a reason when nothing of theirs is),
 * which donations count, the cap and minimum on their sum, and the public funds a matchable sum
 * brings. matchFor and matchByContribution both apply these terms, so their figures agree.
 */
interface MatchTerms {
  rule: RuleId;
  warnings: ComplianceWarning[];
  /** Set when nothing of this donor is matchable: the reason, said once for every donation. */
  none: string | null;
  /** A donation's net amount that is not matchable (NYC cash over $100), with its reason. */
  excluded: (c: ComplianceContribution, net: number) => string | null;
  cap: number;
  /** Under this sum of matchable donations, nothing is matched (NYS $5), with the rule it answers. */
  minimum: { cents: number; rule: RuleId } | null;
  funds: (matchable: number) => number;
}

function noMatch(rule: RuleId, warnings: ComplianceWarning[] = []): MatchTerms {
  return {
    rule,
    warnings,
    none: warnings[0]?.message ?? ruleRow(rule).description,
    excluded: () => null,
    cap: 0,
    minimum: null,
    funds: () => 0,
  };
}

function nycTerms(campaign: ComplianceCampaign, donor: ComplianceDonor): MatchTerms {
  if (!isParticipant(campaign)) return noMatch('nyc_cfb.match.non_participant');
  if (!includes(MATCHABLE_PERSON_TYPES, donor.contributor_type)) {
    return noMatch('nyc_cfb.match.contributor', [
      warning('NOT_MATCHABLE_CONTRIBUTOR', 'nyc_cfb.match.contributor', 'Only natural persons other than the candidate are matchable.'),
    ]);
  }
  if (donor.doing_business) {
    return noMatch('nyc_cfb.match.doing_business', [
      warning('NOT_MATCHABLE_DOING_BUSINESS', 'nyc_cfb.match.doing_business', 'A contributor doing business with the City is not matchable.'),
    ]);
  }
  if (!isNycResident(donor)) {
    return noMatch('nyc_cfb.match.residence', [
      warning('NOT_MATCHABLE_RESIDENCE', 'nyc_cfb.match.residence', 'Only New York City residents are matchable.'),
    ]);
  }
  const warnings: ComplianceWarning[] = [];
  const officeClass = nycOfficeClass(campaign.office_sought);
  const capRule = officeClass === 'citywide' ? 'nyc_cfb.match.cap.citywide' : 'nyc_cfb.match.cap.borough_council';
  if (!officeClass) {
    warnings.push(warning('OFFICE_NOT_COVERED', capRule, 'The office sought is not set or not a NYC office: the smaller matchable cap is used.'));
  }
  const cashMax = ruleCents('nyc_cfb.match.cash_max');
  const rate = ruleRatio('nyc_cfb.match.rate');
  return {
    rule: capRule,
    warnings,
    none: null,
    excluded: (c, net) => (c.payment_method === 'cash' && net > cashMax ? CASH_NOT_MATCHABLE.message : null),
    cap: ruleCents(capRule),
    minimum: null,
    funds: (matchable) => matchable * rate,
  };
}

const CASH_NOT_MATCHABLE = warning('CASH_OVER_100_NOT_MATCHABLE', 'nyc_cfb.match.cash_max', 'A cash contribution over $100 is not matchable.');

/** NYS tiers: 12:1 on the first $50, 9:1 on the next $100, 8:1 on the next $100 (figures from RULE_TABLE). */
function nysLegislativeFunds(matchable: number): number {
  let left = matchable;
  let funds = 0;
  for (const tier of ['tier1', 'tier2', 'tier3']) {
    const size = ruleCents(`nys_pcf.match.legislative.${tier}.amount`);
    const part = Math.min(left, size);
    funds += part * ruleRatio(`nys_pcf.match.legislative.${tier}.rate`);
    left -= part;
  }
  return funds;
}

function nysTerms(campaign: ComplianceCampaign, donor: ComplianceDonor): MatchTerms {
  if (!isParticipant(campaign)) return noMatch('nys_pcf.match.non_participant');
  if (!includes(MATCHABLE_PERSON_TYPES, donor.contributor_type)) {
    return noMatch('nys_pcf.match.contributor', [
      warning('NOT_MATCHABLE_CONTRIBUTOR', 'nys_pcf.match.contributor', 'Only natural persons other than the candidate are matchable.'),
    ]);
  }
  const warnings: ComplianceWarning[] = [];
  const office = campaign.office_sought;
  const legislative = includes(NYS_LEGISLATIVE_OFFICES, office);
  const statewide = includes(NYS_STATEWIDE_OFFICES, office);
  if (!isNewYorkState(donor)) {
    return noMatch('nys_pcf.match.residence', [
      warning('NOT_MATCHABLE_RESIDENCE', 'nys_pcf.match.residence', 'Only New York State residents are matchable.'),
    ]);
  }
  if (legislative) {
    const campaignDistrict = campaign.district ?? null;
    if (campaignDistrict && donor.district) {
      if (campaignDistrict !== donor.district) {
        return noMatch('nys_pcf.match.residence', [
          warning('NOT_MATCHABLE_RESIDENCE', 'nys_pcf.match.residence', "Only residents of the campaign's district are matchable."),
        ]);
      }
    } else {
      warnings.push(
        warning(
          'DISTRICT_NOT_CHECKED',
          'nys_pcf.match.residence',
          "The campaign's or the donor's district is unknown: New York State residence was checked instead of the district.",
        ),
      );
    }
  }
  const rule = legislative ? 'nys_pcf.match.legislative.tier1.rate' : statewide ? 'nys_pcf.match.statewide.rate' : 'nys_pcf.match.office_not_covered';
  if (!legislative && !statewide) {
    warnings.push(warning('OFFICE_NOT_COVERED', rule, 'The office sought is not set or not covered: the statewide 6:1 formula is used.'));
  }
  const ratio = legislative ? 0 : ruleRatio(rule);
  return {
    rule,
    warnings,
    none: null,
    excluded: () => null,
    cap: ruleCents('nys_pcf.match.cap'),
    minimum: { cents: ruleCents('nys_pcf.match.minimum'), rule: 'nys_pcf.match.minimum' },
    funds: legislative ? nysLegislativeFunds : (matchable) => matchable * ratio,
  };
}

function matchTerms(campaign: ComplianceCampaign, donor: ComplianceDonor): MatchTerms {
  switch (campaign.rule_set) {
    case 'nyc_cfb':
      return nycTerms(campaign, donor);
    case 'nys_pcf':
      return nysTerms(campaign, donor);
    case 'custom':
    default:
      return noMatch('custom.match.none');
  }
}

/** One donation's part of its donor's match, and why the rest of its net amount is not matchable. */
export interface ContributionMatch {
  matchable_cents: number;
  public_funds_cents: number;
  /** Null when all of the donation's net amount is matchable (or nothing of it remains). */
  reason: string | null;
}

const REFUNDED = 'Refunded.';

/**
 * The donor's match and each donation's part of it. `contributions` in the order the cap fills
 * (date order): each matchable donation takes what is left under the cap, and its public funds are
 * what it adds to the donor's (NYS tiers fill in the same order). The parts add up to the answer.
 */
export function matchByContribution(
  campaign: ComplianceCampaign,
  donor: ComplianceDonor,
  contributions: readonly ComplianceContribution[],
): { answer: MatchAnswer; parts: ContributionMatch[] } {
  const terms = matchTerms(campaign, donor);
  const nets = contributions.map(netCents);
  const reasons = contributions.map((c, i): string | null => (nets[i] === 0 ? null : terms.none ?? terms.excluded(c, nets[i])));
  const warnings = [...terms.warnings];
  if (terms.none === null && reasons.some((r) => r === CASH_NOT_MATCHABLE.message)) warnings.push(CASH_NOT_MATCHABLE);
  let total = 0;
  nets.forEach((net, i) => {
    if (reasons[i] === null) total += net;
  });
  let rule = terms.rule;
  let matchable = Math.min(total, terms.cap);
  let belowMinimum: string | null = null;
  if (terms.none === null && terms.minimum && total < terms.minimum.cents) {
    rule = terms.minimum.rule;
    matchable = 0;
    belowMinimum = ruleRow(terms.minimum.rule).description;
  }
  const capReason = `Over the ${formatCents(terms.cap)} matchable per contributor.`;
  let left = matchable;
  let funds = 0;
  const parts = contributions.map((_, i): ContributionMatch => {
    const net = nets[i];
    if (net === 0) return { matchable_cents: 0, public_funds_cents: 0, reason: contributions[i].amount_cents > 0 ? REFUNDED : null };
    if (reasons[i] !== null) return { matchable_cents: 0, public_funds_cents: 0, reason: reasons[i] };
    if (belowMinimum !== null) return { matchable_cents: 0, public_funds_cents: 0, reason: belowMinimum };
    const part = Math.min(net, left);
    left -= part;
    const before = funds;
    funds = terms.funds(matchable - left);
    return { matchable_cents: part, public_funds_cents: funds - before, reason: part < net ? capReason : null };
  });
  return { answer: { matchable_cents: matchable, public_funds_cents: terms.funds(matchable), rule, warnings }, parts };
}

/** The donor's matchable amount and the public funds it brings, per the campaign's rule set. */
export function matchFor(campaign: ComplianceCampaign, donor: ComplianceDonor, contributions: readonly ComplianceContribution[]): MatchAnswer {
  return matchByContribution(campaign, donor, contributions).answer;
}

// ── summary ─────────────────────────────────────────────────────────────────────────────────

/** The rows of RULE_TABLE that apply to the campaign (its rule set, its office or every office). */
export function ruleSetSummary(campaign: ComplianceCampaign): RuleRow[] {
  return RULE_TABLE.filter(
    (row) => row.rule_set === campaign.rule_set && (!row.offices || !campaign.office_sought || row.offices.includes(campaign.office_sought)),
  );
}

/** Re-exported for callers that show one rule (e.g. beside an issue). */
export { ruleRow };
