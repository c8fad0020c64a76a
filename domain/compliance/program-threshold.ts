/**
 * Progress toward the public matching program's qualifying threshold (the number of matchable
 * contributors from the area the candidate seeks to represent, and the matchable amount) and toward
 * the office's public-funds cap, from the engine's per-donor match answers (engine.ts matchFor).
 *
 * The figures are RULE_TABLE rows chosen like every other office-specific row: the campaign's rule
 * set, and a row whose `offices` holds the campaign's office. An office without a row (a figure not
 * found) gives a line without a target. Money is integer cents. Pure: no React, no Node.
 */
import { RULE_TABLE, ruleCents, ruleRow } from './rule-table';
import type { ComplianceCampaign, ComplianceDonor, MatchAnswer, RuleId, RuleRow } from './types';

/** The rows that set a campaign's threshold and cap (null: none in the table for its office). */
export interface ProgramRows {
  contributors: RuleRow | null;
  amount: RuleRow | null;
  cap: RuleRow | null;
  /** The smallest matchable amount that makes a contributor count toward the number. */
  minimum: RuleRow | null;
}

function officeRow(campaign: ComplianceCampaign, pattern: RegExp): RuleRow | null {
  const office = campaign.office_sought;
  if (!office) return null;
  return RULE_TABLE.find((row) => row.rule_set === campaign.rule_set && pattern.test(row.id) && (row.offices?.includes(office) ?? false)) ?? null;
}

/** The threshold, cap and minimum rows of the campaign's program and office. */
export function programRows(campaign: ComplianceCampaign): ProgramRows {
  const set = campaign.rule_set;
  if (set !== 'nyc_cfb' && set !== 'nys_pcf') return { contributors: null, amount: null, cap: null, minimum: null };
  return {
    contributors: officeRow(campaign, new RegExp(`^${set}\\.threshold\\.[a-z_]+\\.contributors$`)),
    amount: officeRow(campaign, new RegExp(`^${set}\\.threshold\\.[a-z_]+\\.amount$`)),
    cap: officeRow(campaign, new RegExp(`^${set}\\.public_funds\\.[a-z_]+\\.cap$`)),
    minimum: ruleRow(set === 'nyc_cfb' ? 'nyc_cfb.threshold.contribution_minimum' : 'nys_pcf.match.minimum'),
  };
}

/** One donor as the progress sees it: who they are and the engine's answer for their gifts. */
export interface ThresholdContributor {
  donor: ComplianceDonor;
  match: MatchAnswer;
}

export interface ProgressLine {
  key: 'contributors' | 'amount' | 'public_funds';
  /** The row of the figure, or null when RULE_TABLE has none for the office. */
  rule: RuleId | null;
  /** The figure to reach (a count, or cents), or null without a row. */
  required: number | null;
  /** What counts so far (public funds: the estimate, capped at the cap). */
  counted: number;
  /** Public funds only: the estimate before the cap. */
  estimated?: number;
  /** Null without a figure. For the cap: true once the estimate reaches it. */
  met: boolean | null;
}

/** Where a counted contributor had to live: the campaign's district, New York City or New York State. */
export type ResidenceArea = 'district' | 'city' | 'state';

export type ProgramProgress =
  | { applies: false; rule: RuleId }
  | {
      applies: true;
      lines: ProgressLine[];
      /** The area checked for the contributors' count. */
      area: ResidenceArea;
      /** Counted contributors whose district could not be checked (counted on city / state residence). */
      unchecked: number;
      /** The smallest matchable amount that counts a contributor, cents, and its row. */
      minimum_cents: number;
      minimum_rule: RuleId;
    };

const isParticipant = (campaign: ComplianceCampaign) => campaign.participant_status === 'participant';

function districtArea(campaign: ComplianceCampaign): boolean {
  const office = campaign.office_sought;
  return campaign.rule_set === 'nyc_cfb' ? office === 'city_council' : office === 'state_senate' || office === 'state_assembly';
}

/** Whether a donor counts toward the number of contributors, and whether their district was checked. */
function countOf(campaign: ComplianceCampaign, minimum: number, c: ThresholdContributor): { counts: boolean; unchecked: boolean } {
  if (c.match.matchable_cents <= 0 || c.match.matchable_cents < minimum) return { counts: false, unchecked: false };
  if (campaign.rule_set === 'nys_pcf') {
    // The engine already checked the district when both are known; it says when it fell back on the state.
    return { counts: true, unchecked: c.match.warnings.some((w) => w.code === 'DISTRICT_NOT_CHECKED') };
  }
  if (!districtArea(campaign) || !campaign.district) return { counts: true, unchecked: false };
  if (!c.donor.district) return { counts: true, unchecked: true };
  return { counts: c.donor.district === campaign.district, unchecked: false };
}

function line(key: ProgressLine['key'], row: RuleRow | null, counted: number): ProgressLine {
  const required = row && typeof row.value === 'number' ? row.value : null;
  return { key, rule: row?.id ?? null, required, counted, met: required === null ? null : counted >= required };
}

/**
 * The campaign's progress toward its program's threshold and its office's public-funds cap. Only a
 * participating NYC CFB or NYS PCF campaign has one; any other answers `applies: false` with the row
 * that says why.
 */
export function programProgress(campaign: ComplianceCampaign, contributors: readonly ThresholdContributor[]): ProgramProgress {
  if (campaign.rule_set === 'custom') return { applies: false, rule: 'custom.threshold.none' };
  if (!isParticipant(campaign)) return { applies: false, rule: `${campaign.rule_set}.threshold.non_participant` };
  const rows = programRows(campaign);
  const minimumRule = rows.minimum!.id;
  const minimum = ruleCents(minimumRule);
  let count = 0;
  let unchecked = 0;
  let amount = 0;
  let funds = 0;
  for (const c of contributors) {
    const answer = countOf(campaign, minimum, c);
    if (answer.counts) count += 1;
    if (answer.counts && answer.unchecked) unchecked += 1;
    amount += c.match.matchable_cents;
    funds += c.match.public_funds_cents;
  }
  const cap = rows.cap ? ruleCents(rows.cap.id) : null;
  const area: ResidenceArea = districtArea(campaign) && campaign.district ? 'district' : campaign.rule_set === 'nyc_cfb' ? 'city' : 'state';
  return {
    applies: true,
    lines: [
      line('contributors', rows.contributors, count),
      line('amount', rows.amount, amount),
      { ...line('public_funds', rows.cap, cap === null ? funds : Math.min(funds, cap)), estimated: funds, met: cap === null ? null : funds >= cap },
    ],
    area,
    unchecked,
    minimum_cents: minimum,
    minimum_rule: minimumRule,
  };
}
