/**
 * The Match report's breakdown: the campaign's progress toward its program's qualifying threshold
 * (matchable contributors, matchable amount) and toward its office's public-funds cap, computed by
 * domain/compliance/program-threshold.ts, as a small table with each line's rule and public source.
 * It goes wherever a breakdown goes (the page under the summary, the CSV / XLSX / PDF files).
 */
import { programProgress, type ProgressLine, type ThresholdContributor } from '../../../domain/compliance/program-threshold';
import { ruleCents, ruleRow } from '../../../domain/compliance/rule-table';
import type { ComplianceCampaign, RuleId } from '../../../domain/compliance/types';
import { formatCents } from '../../../domain/money';
import type { ReportBreakdown, ReportColumn, ReportRow } from '../../../domain/reports/api-contract';

export const PROGRESS_COLUMNS: readonly ReportColumn[] = [
  { key: 'requirement', header: 'Requirement', kind: 'text', width: 44 },
  { key: 'needed', header: 'Needed', kind: 'text', width: 18 },
  { key: 'counted', header: 'So far', kind: 'text', width: 18 },
  { key: 'status', header: 'Status', kind: 'text', width: 14 },
  { key: 'source', header: 'Rule and source', kind: 'text', width: 60, under: 'requirement' },
];

const OFFICE_NAMES: Record<string, string> = {
  mayor: 'Mayor',
  public_advocate: 'Public Advocate',
  comptroller: 'Comptroller',
  borough_president: 'Borough President',
  city_council: 'City Council',
  governor: 'Governor',
  lieutenant_governor: 'Lieutenant Governor',
  attorney_general: 'Attorney General',
  state_comptroller: 'State Comptroller',
  state_senate: 'State Senate',
  state_assembly: 'State Assembly',
};

const PROGRAM_NAMES: Record<string, string> = {
  nyc_cfb: 'NYC Matching Funds Program',
  nys_pcf: 'NYS Public Campaign Finance Program',
  custom: 'Custom rules',
};

/**
 * A rule's source as a reader cites it: who published it and where ("NYC Campaign Finance Board,
 * Advisory Opinion 2008-1 …, https://…"), without the quotation and the research notes that
 * RULE_TABLE keeps beside it (what was read where, what could not be checked).
 */
export function shortSource(source: string): string {
  const url = /https?:\/\/[^\s"')]+/.exec(source)?.[0]?.replace(/[.,;:]+$/, '') ?? null;
  let label = source.split(/:\s*"|\s"|\s\(read |,?\s*https?:\/\//)[0]!;
  // A parenthesis the cut left open goes with what it held.
  const open: number[] = [];
  for (let i = 0; i < label.length; i++) {
    if (label[i] === '(') open.push(i);
    else if (label[i] === ')') open.pop();
  }
  if (open.length > 0) label = label.slice(0, open[0]);
  label = label.replace(/[\s,;:]+$/, '').trim();
  return [label, url].filter(Boolean).join(', ');
}

/** '<what it says> Source: <publisher, link>': the citation of a line (a footnote on screen, a column in files). */
export function citation(rule: RuleId): string {
  const row = ruleRow(rule);
  return `${row.description} Source: ${shortSource(row.source)}`;
}

function title(campaign: ComplianceCampaign): string {
  const office = campaign.office_sought ? (OFFICE_NAMES[campaign.office_sought] ?? campaign.office_sought) : 'office not set';
  return `Program threshold and public-funds cap — ${PROGRAM_NAMES[campaign.rule_set] ?? campaign.rule_set}, ${office}`;
}

function notApplying(campaign: ComplianceCampaign, rule: RuleId): ReportBreakdown {
  const why =
    campaign.rule_set === 'custom'
      ? 'custom rule set: no public matching program'
      : campaign.participant_status === 'non_participant'
        ? 'the campaign does not take part in the program'
        : "the campaign's participant status is not set (campaign settings)";
  const row: ReportRow = { row_id: 'not_applicable', rule, requirement: `Qualifying threshold and public-funds cap (${why})`, needed: '—', counted: '—', status: 'Does not apply', source: citation(rule) };
  return { title: title(campaign), columns: PROGRESS_COLUMNS, rows: [row], note: 'The qualifying threshold does not apply to this campaign.' };
}

function areaWords(campaign: ComplianceCampaign, area: 'district' | 'city' | 'state'): string {
  if (area === 'district') return `residents of district ${campaign.district}`;
  if (area === 'state') return 'New York State residents';
  return 'New York City residents';
}

/** Why the area is wider than the law's (district or borough not checkable), or ''. */
function areaCaveat(campaign: ComplianceCampaign, area: 'district' | 'city' | 'state', unchecked: number): string {
  const office = campaign.office_sought;
  const legislative = office === 'city_council' || office === 'state_senate' || office === 'state_assembly';
  if (legislative && area !== 'district') return "; the campaign's district is not set, so district residence is not checked";
  if (area === 'district' && unchecked > 0) return `; ${unchecked} without a district counted on ${campaign.rule_set === 'nyc_cfb' ? 'city' : 'state'} residence`;
  if (office === 'borough_president') return '; borough residence is not checked';
  return '';
}

function statusOf(l: ProgressLine): string {
  if (l.met === null) return 'No figure';
  if (l.key === 'public_funds') return l.met ? 'Met (cap reached)' : 'Not yet';
  return l.met ? 'Met' : 'Not yet';
}

function progressRow(key: string, requirement: string, l: ProgressLine, text: (n: number) => string): ReportRow {
  const counted = l.key === 'public_funds' && l.estimated !== undefined && l.estimated > l.counted ? `${text(l.counted)} (estimate ${text(l.estimated)})` : text(l.counted);
  return {
    row_id: key,
    rule: l.rule,
    requirement,
    needed: l.required === null ? 'Not in the rule table' : l.key === 'public_funds' ? `at most ${text(l.required)} per election` : text(l.required),
    counted,
    status: statusOf(l),
    source: l.rule ? citation(l.rule) : null,
    required_value: l.required,
    counted_value: l.counted,
    met: l.met === null ? null : l.met ? 'met' : 'not_yet',
  };
}

/**
 * The progress table of `contributors` (each donor of the report's rows with the engine's answer).
 * `filtered`: the report's filter narrows the donors or dates, so the figures are those of its rows.
 */
export function matchProgressBreakdown(campaign: ComplianceCampaign, contributors: readonly ThresholdContributor[], filtered = false): ReportBreakdown {
  const progress = programProgress(campaign, contributors);
  if (!progress.applies) return notApplying(campaign, progress.rule);
  const [people, amount, funds] = progress.lines as [ProgressLine, ProgressLine, ProgressLine];
  const area = areaWords(campaign, progress.area);
  const minimum = formatCents(progress.minimum_cents);
  const count = (n: number) => n.toLocaleString('en-US');
  const who = campaign.rule_set === 'nyc_cfb' ? `matchable ${minimum} or more` : `matchable ${minimum} to ${formatCents(ruleCents('nys_pcf.match.cap'))}`;
  const amountArea = campaign.rule_set === 'nyc_cfb' ? 'New York City residents' : area;
  const rows = [
    progressRow('contributors', `Matchable contributors (${who}, ${area}${areaCaveat(campaign, progress.area, progress.unchecked)})`, people, count),
    progressRow('amount', `Matchable amount from ${amountArea}`, amount, formatCents),
    progressRow('public_funds', 'Estimated public funds toward the office maximum', funds, formatCents),
  ];
  const counted = `Counted: each contributor once when their matchable amount is ${minimum} or more and they are ${area}${areaCaveat(campaign, progress.area, progress.unchecked)}.`;
  return {
    title: title(campaign),
    columns: PROGRESS_COLUMNS,
    rows,
    note: filtered ? `${counted} Figures of the donors and dates this report's filter keeps.` : counted,
  };
}
