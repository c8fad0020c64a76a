/**
 * What each of the seven reports holds: its rows (a SQL select, or rows computed from the pledge
 * schedule and the compliance engine), how a raw row is presented (labels, composed address), its
 * totals, its summary strip and its breakdown. The page (report-data-service.ts) and the file job
 * (report-job.ts) both read a report through `reportSource`, so they show one set of numbers.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { matchByContribution } from '../../../domain/compliance/engine';
import type { MatchAnswer } from '../../../domain/compliance/types';
import type { ThresholdContributor } from '../../../domain/compliance/program-threshold';
import { ruleRow } from '../../../domain/compliance/rule-table';
import { nextPayment } from '../../../domain/donor-book/pledges';
import { formatPhone } from '../../../domain/phone';
import {
  CONTRIBUTOR_TYPE_OPTIONS,
  US_STATE_OPTIONS,
  labelOf,
} from '../../../domain/donor-book/enums';
import {
  AGING_BUCKETS,
  AGING_LABELS,
  REPORT_COLUMNS,
  type AgingBucket,
  type ReportBreakdown,
  type ReportColumn,
  type ReportFigure,
  type ReportFilter,
  type ReportRow,
  type ReportType,
} from '../../../domain/reports/api-contract';
import { COMMITTED_OPEN, DONATIONS_RECEIVED } from '../../../domain/reports/figure-names';
import { addDays, isoDay } from '../../../domain/dates';
import type { BookCampaign } from '../book/book-campaign';
import { readBookCampaign } from '../book/book-reads';
import { complianceDonorOf } from '../donors/donor-figures';
import { giftsToContributions } from '../donors/donor-repository';
import { limitCells, limitReportWarnings } from './donor-report-service';
import { matchDonors } from './donor-report-repository';
import {
  donationSelect,
  donorHistorySelect,
  donorLimitSelect,
  HISTORY_TIES,
  expenseSelect,
  givenInDatesByDonor,
  intermediarySelect,
  openPledgeRows,
  selectGroups,
  type OpenPledgeRow,
  type RawRow,
} from './report-query-repository';
import { freshDonationMatches } from '../book/donation-matches';
import { matchProgressBreakdown } from './match-progress';

export interface SqlSource {
  kind: 'sql';
  select: SQL;
  /** Keys sorted case-insensitively. */
  textKeys: ReadonlySet<string>;
  /** The order within equal sort keys (default: row_id). */
  ties?: SQL;
  /** Aggregates over every row: the total columns' sums and what the summary needs. */
  aggregates: Record<string, SQL>;
  present: (raw: RawRow) => ReportRow;
  summary: (aggregates: Record<string, number>) => ReportFigure[];
  breakdown: () => Promise<ReportBreakdown | null>;
}

export interface RowsSource {
  kind: 'rows';
  rows: ReportRow[];
  summary: (rows: readonly ReportRow[]) => ReportFigure[];
  breakdown: ReportBreakdown | null;
}

export type ReportSource = (SqlSource | RowsSource) & { cycle: BookCampaign['cycle'] };

const money = (key: string, label: string, value: number, hint: string | null = null): ReportFigure => ({ key, label, kind: 'money', value, hint });
const count = (key: string, label: string, value: number, hint: string | null = null): ReportFigure => ({ key, label, kind: 'count', value, hint });
const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));

/** Sums of every column with `total` (and the row count). */
function totalAggregates(type: ReportType): Record<string, SQL> {
  return Object.fromEntries(REPORT_COLUMNS[type].filter((c) => c.total).map((c) => [c.key, sql`sum(q.${sql.identifier(c.key)})`]));
}

function textKeys(type: ReportType): Set<string> {
  return new Set(REPORT_COLUMNS[type].filter((c) => c.kind === 'text').map((c) => c.key));
}

/** A row of a SQL report as the API answers it: its columns (labels already in words), numbers as numbers. */
function presenter(type: ReportType): (raw: RawRow) => ReportRow {
  const columns = REPORT_COLUMNS[type];
  return (raw) => {
    const row: ReportRow = { row_id: String(raw.row_id), donor_id: str(raw.donor_id) };
    for (const c of columns) row[c.key] = c.kind === 'money' || c.kind === 'count' ? num(raw[c.key]) : str(raw[c.key]);
    return row;
  };
}

// ── SQL-backed reports ──────────────────────────────────────────────────────────────────────

/** Contributions per intermediary (issue 35.6): each bundled contribution, and a subtotal per intermediary. */
function intermediarySource(app: FastifyInstance, campaign: BookCampaign, filter: ReportFilter): SqlSource {
  const select = intermediarySelect(campaign.id, filter);
  return {
    kind: 'sql',
    select,
    textKeys: textKeys('intermediary'),
    aggregates: { ...totalAggregates('intermediary'), intermediaries: sql`count(distinct q.intermediary_name)` },
    present: presenter('intermediary'),
    summary: (a) => [
      count('count', 'Contributions', a.count ?? 0),
      count('intermediaries', 'Intermediaries', a.intermediaries ?? 0),
      money('amount_cents', 'Received', a.amount_cents ?? 0),
      money('net_cents', 'Net of refunds', a.net_cents ?? 0),
    ],
    breakdown: async () => {
      const groups = await selectGroups(app.db, select, 'intermediary_name', { amount_cents: sql`sum(q.amount_cents)`, net_cents: sql`sum(q.net_cents)` });
      return {
        title: 'Subtotals by intermediary',
        columns: [
          { key: 'intermediary_name', header: 'Intermediary', kind: 'text', width: 30 },
          { key: 'count', header: 'Contributions', kind: 'count', width: 12, total: true },
          { key: 'amount_cents', header: 'Received', kind: 'money', width: 14, total: true },
          { key: 'net_cents', header: 'Net', kind: 'money', width: 14, total: true },
        ],
        rows: groups
          .map((g) => ({ row_id: String(g.intermediary_name), intermediary_name: str(g.intermediary_name), count: Number(g.count), amount_cents: Number(g.amount_cents), net_cents: Number(g.net_cents) }))
          .sort((a, b) => String(a.intermediary_name).localeCompare(String(b.intermediary_name))),
      };
    },
  };
}

async function donationSource(app: FastifyInstance, campaign: BookCampaign, filter: ReportFilter): Promise<SqlSource> {
  await freshDonationMatches(app, campaign);
  return {
    kind: 'sql',
    select: donationSelect(campaign.id, filter, campaign.cycle),
    textKeys: textKeys('donation'),
    aggregates: {
      ...totalAggregates('donation'),
      donors: sql`count(distinct q.donor_id) filter (where q.amount_cents is not null)`,
      // Rows are donations received in the dates, and donations received before them refunded in them (no amount).
      received: sql`count(q.amount_cents)`,
      refunded_in_full: sql`count(*) filter (where q.amount_cents is not null and q.refunded_cents >= q.amount_cents)`,
    },
    present: presenter('donation'),
    summary: (a) => [
      count('received', DONATIONS_RECEIVED.label, a.received ?? 0, DONATIONS_RECEIVED.hint(a.refunded_in_full ?? 0)),
      count('donors', 'Donors', a.donors ?? 0),
      money('amount_cents', 'Received', a.amount_cents ?? 0),
      money('refunded_cents', 'Refunded', a.refunded_cents ?? 0),
      money('net_cents', 'Net raised', a.net_cents ?? 0),
      money('matchable_cents', 'Matchable', a.matchable_cents ?? 0),
    ],
    breakdown: async () => null,
  };
}

function expenseSource(app: FastifyInstance, campaign: BookCampaign, filter: ReportFilter): SqlSource {
  const select = expenseSelect(campaign.id, filter);
  return {
    kind: 'sql',
    select,
    textKeys: textKeys('expense'),
    aggregates: totalAggregates('expense'),
    present: presenter('expense'),
    summary: (a) => [count('count', 'Expenses', a.count ?? 0), money('amount_cents', 'Spent', a.amount_cents ?? 0)],
    breakdown: async () => {
      const groups = await selectGroups(app.db, select, 'purpose', { amount_cents: sql`sum(q.amount_cents)` });
      return {
        title: 'Subtotals by purpose',
        columns: [
          { key: 'purpose', header: 'Purpose', kind: 'text', width: 30 },
          { key: 'count', header: 'Expenses', kind: 'count', width: 10, total: true },
          { key: 'amount_cents', header: 'Amount', kind: 'money', width: 14, total: true },
        ],
        rows: groups
          .map((g) => ({ row_id: String(g.purpose), purpose: str(g.purpose), count: Number(g.count), amount_cents: Number(g.amount_cents) }))
          .sort((a, b) => String(a.purpose).localeCompare(String(b.purpose))),
      };
    },
  };
}


function donorHistorySource(campaign: BookCampaign, filter: ReportFilter): SqlSource {
  return {
    kind: 'sql',
    select: donorHistorySelect(campaign.id, filter),
    textKeys: textKeys('donor_history'),
    ties: HISTORY_TIES,
    aggregates: { ...totalAggregates('donor_history'), donors: sql`count(distinct q.donor_id)` },
    present: presenter('donor_history'),
    summary: (a) => [count('count', 'Events', a.count ?? 0), count('donors', 'Donors', a.donors ?? 0), money('given_cents', 'Given, net of refunds', a.given_cents ?? 0)],
    breakdown: async () => null,
  };
}

function donorLimitSource(campaign: BookCampaign, filter: ReportFilter): SqlSource {
  const cells = limitCells(campaign).map((c) => ({
    ...c,
    warnings: limitReportWarnings(campaign, c.contributorType, c.eligibility, c.doingBusiness).map((w) => w.message).join('; ') || null,
  }));
  return {
    kind: 'sql',
    select: donorLimitSelect(campaign.id, filter, cells),
    textKeys: textKeys('donor_limit'),
    aggregates: {
      ...totalAggregates('donor_limit'),
      over: sql`count(*) filter (where q.standing_key = 'over')`,
      at: sql`count(*) filter (where q.standing_key = 'at')`,
      near: sql`count(*) filter (where q.standing_key = 'near')`,
    },
    present: presenter('donor_limit'),
    summary: (a) => [
      count('count', 'Donors', a.count ?? 0),
      money('aggregate_cents', 'Aggregate this cycle', a.aggregate_cents ?? 0),
      count('over', 'Over the limit', a.over ?? 0),
      count('at', 'At the limit', a.at ?? 0),
      count('near', 'Within 10% of the limit', a.near ?? 0),
    ],
    breakdown: async () => null,
  };
}

// ── computed reports ────────────────────────────────────────────────────────────────────────

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function agingOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return 'current';
  if (daysOverdue <= 30) return '1_30';
  if (daysOverdue <= 60) return '31_60';
  if (daysOverdue <= 90) return '61_90';
  return '90_plus';
}

interface PledgeFigures {
  pledge: OpenPledgeRow;
  outstanding: number;
  nextDate: string | null;
  amountDue: number;
  daysOverdue: number;
}

function pledgeFigures(pledge: OpenPledgeRow, today: string): PledgeFigures {
  const next = nextPayment(
    { commitment_amount_cents: pledge.commitmentCents, paid_cents: pledge.paidCents, written_off: false, commitment_date: pledge.commitmentDate, instalments: pledge.instalments },
    today,
  );
  const outstanding = Math.max(0, pledge.commitmentCents - Math.max(0, pledge.paidCents));
  const nextDate = next?.next_payment_date ?? null;
  return { pledge, outstanding, nextDate, amountDue: next?.amount_due_cents ?? 0, daysOverdue: nextDate && nextDate < today ? daysBetween(nextDate, today) : 0 };
}

async function pledgesReceivableSource(app: FastifyInstance, campaign: BookCampaign, filter: ReportFilter): Promise<RowsSource> {
  const today = isoDay(app.clock.now());
  const pledges = await openPledgeRows(app.db, campaign.id, { search: filter.search, contributor_type: filter.contributor_type, commitmentFrom: filter.start_date, commitmentTo: filter.end_date });
  let figures = pledges.map((p) => pledgeFigures(p, today));
  if (filter.aging) figures = figures.filter((f) => agingOf(f.daysOverdue) === filter.aging);
  const rows: ReportRow[] = figures.map((f) => ({
    row_id: f.pledge.pledgeId,
    donor_id: f.pledge.donorId,
    donor_name: f.pledge.donorName,
    contact: [f.pledge.donorEmail, formatPhone(f.pledge.donorPhone)].filter(Boolean).join(' · ') || null,
    commitment_date: f.pledge.commitmentDate,
    committed_cents: f.pledge.commitmentCents,
    paid_cents: f.pledge.paidCents,
    outstanding_cents: f.outstanding,
    next_payment_date: f.nextDate,
    days_overdue: f.daysOverdue,
    aging: AGING_LABELS[agingOf(f.daysOverdue)],
  }));
  const buckets = AGING_BUCKETS.map((bucket) => {
    const inBucket = figures.filter((f) => agingOf(f.daysOverdue) === bucket);
    return { row_id: bucket, aging: AGING_LABELS[bucket], count: inBucket.length, outstanding_cents: inBucket.reduce((sum, f) => sum + f.outstanding, 0) };
  });
  return {
    kind: 'rows',
    rows,
    summary: (all) => {
      const overdue = all.filter((r) => Number(r.days_overdue) > 0);
      return [
        count('count', 'Open pledges', all.length),
        money('committed_cents', COMMITTED_OPEN.label, sumOf(all, 'committed_cents'), COMMITTED_OPEN.hint),
        money('paid_cents', 'Paid', sumOf(all, 'paid_cents')),
        money('outstanding_cents', 'Outstanding', sumOf(all, 'outstanding_cents')),
        money('overdue_cents', 'Overdue', sumOf(overdue, 'outstanding_cents'), `${overdue.length} pledge${overdue.length === 1 ? '' : 's'}`),
      ];
    },
    breakdown: {
      title: 'Receivables aging (days past the next payment date)',
      columns: [
        { key: 'aging', header: 'Aging', kind: 'text', width: 16 },
        { key: 'count', header: 'Pledges', kind: 'count', width: 10, total: true },
        { key: 'outstanding_cents', header: 'Outstanding', kind: 'money', width: 14, total: true },
      ],
      rows: buckets,
    },
  };
}

const DUE_DAYS: Record<string, number> = { next_7: 7, next_30: 30 };

async function dueSource(app: FastifyInstance, campaign: BookCampaign, filter: ReportFilter): Promise<RowsSource> {
  const today = isoDay(app.clock.now());
  const window = filter.window ?? 'next_30';
  const pledges = await openPledgeRows(app.db, campaign.id, { search: filter.search });
  const figures = pledges
    .map((p) => pledgeFigures(p, today))
    .filter((f) => f.nextDate !== null)
    .filter((f) => (window === 'overdue' ? f.nextDate! < today : f.nextDate! <= addDays(today, DUE_DAYS[window] ?? 30)))
    .filter((f) => (!filter.start_date || f.nextDate! >= filter.start_date) && (!filter.end_date || f.nextDate! <= filter.end_date));
  const rows: ReportRow[] = figures.map((f) => ({
    row_id: f.pledge.pledgeId,
    donor_id: f.pledge.donorId,
    due_date: f.nextDate,
    donor_name: f.pledge.donorName,
    donor_email: f.pledge.donorEmail,
    donor_phone: f.pledge.donorPhone,
    commitment_date: f.pledge.commitmentDate,
    amount_due_cents: f.amountDue,
    outstanding_cents: f.outstanding,
    days_overdue: f.daysOverdue,
    last_reminder_date: f.pledge.lastReminderAt ? isoDay(f.pledge.lastReminderAt) : null,
  }));
  return {
    kind: 'rows',
    rows,
    summary: (all) => {
      const overdue = all.filter((r) => Number(r.days_overdue) > 0);
      return [
        count('count', 'Payments due', all.length),
        money('amount_due_cents', 'Amount due', sumOf(all, 'amount_due_cents')),
        count('overdue', 'Overdue', overdue.length),
        money('overdue_cents', 'Overdue amount', sumOf(overdue, 'amount_due_cents')),
      ];
    },
    breakdown: null,
  };
}

async function matchSource(app: FastifyInstance, campaign: BookCampaign, filter: ReportFilter): Promise<RowsSource> {
  // The cap fills over the whole cycle in date order, so a period's matchable amount is the parts of
  // its own gifts (what the donation report shows for them), never a fresh cap per period: the parts
  // each write keeps (book/donation-matches.ts), summed. The engine still says the donor's rule and warnings.
  await freshDonationMatches(app, campaign);
  const records = await matchDonors(app.db, campaign.id, campaign.cycle, { search: filter.search, contributor_type: filter.contributor_type as never });
  const inPeriod = (date: string) => (!filter.start_date || date >= filter.start_date) && (!filter.end_date || date <= filter.end_date);
  // With dates, Given counts refunds on their own date (REFUND_RULE, as the donation report and the
  // donor history do); the matchable parts stay those of the gifts in the dates, net of every refund.
  const dated = !!(filter.start_date || filter.end_date);
  const givenInDates = dated ? await givenInDatesByDonor(app.db, campaign.id, campaign.cycle, filter) : null;
  const rows: ReportRow[] = [];
  const contributors: ThresholdContributor[] = [];
  for (const r of records) {
    const donor = complianceDonorOf(r);
    const whole = matchByContribution(campaign.compliance, donor, giftsToContributions(r.gifts));
    const kept = r.gifts.flatMap(([amount, , date, matchable, funds, reason]) =>
      inPeriod(date) ? [{ amount, part: { matchable_cents: matchable, public_funds_cents: funds, reason } }] : [],
    );
    const given = givenInDates ? (givenInDates.get(r.id) ?? 0) : kept.reduce((sum, g) => sum + g.amount, 0);
    if (kept.length === 0 && given === 0) continue;
    const matchable = kept.reduce((sum, g) => sum + g.part.matchable_cents, 0);
    const match: MatchAnswer = { ...whole.answer, matchable_cents: matchable, public_funds_cents: kept.reduce((sum, g) => sum + g.part.public_funds_cents, 0) };
    if (kept.length > 0) contributors.push({ donor, match });
    const reasons = match.warnings.map((w) => w.message);
    if (reasons.length === 0) reasons.push(...new Set(kept.flatMap((g) => (g.part.reason ? [g.part.reason] : []))));
    // A gift of these dates refunded after them counts whole in Given; what was refunded is not matchable.
    if (given > kept.reduce((sum, g) => sum + g.amount, 0)) reasons.push(REFUNDED_AFTER);
    if (matchable < given && reasons.length === 0) reasons.push(matchable === 0 ? ruleRow(match.rule).description : 'Only part of what this contributor gave is matchable: ' + ruleRow(match.rule).description);
    rows.push({
      row_id: r.id,
      donor_id: r.id,
      donor_name: r.name,
      contributor_type: labelOf(CONTRIBUTOR_TYPE_OPTIONS, r.contributorType),
      residence: [r.city, r.state ? labelOf(US_STATE_OPTIONS, r.state) : null, r.district ? `district ${r.district}` : null, r.country !== 'US' ? r.country : null].filter(Boolean).join(', ') || null,
      contributions: kept.length,
      paid_cents: given,
      matchable_cents: matchable,
      public_funds_cents: match.public_funds_cents,
      reason: matchable < given ? reasons.join('; ') : null,
    });
  }
  return {
    kind: 'rows',
    rows,
    summary: (all) => {
      const matchable = all.filter((r) => Number(r.matchable_cents) > 0);
      return [
        count('matchable_contributors', 'Matchable contributors', matchable.length, `of ${all.length} who gave`),
        money('paid_cents', 'Given', sumOf(all, 'paid_cents')),
        money('matchable_cents', 'Matchable', sumOf(all, 'matchable_cents')),
        money('public_funds_cents', 'Estimated public funds', sumOf(all, 'public_funds_cents'), 'paid only once the qualifying threshold below is met'),
      ];
    },
    breakdown: matchProgressBreakdown(campaign.compliance, contributors, narrows(filter, campaign.cycle)),
  };
}

const REFUNDED_AFTER = 'Refunded after these dates: a refunded amount is not matchable.';

/** Whether the filter keeps fewer donors or dates than the whole cycle. */
function narrows(filter: ReportFilter, cycle: BookCampaign['cycle']): boolean {
  const widerStart = !filter.start_date || (!!cycle && filter.start_date <= cycle.start);
  const widerEnd = !filter.end_date || (!!cycle && filter.end_date >= cycle.end);
  return !!filter.search || !!filter.contributor_type || !widerStart || !widerEnd;
}

export function sumOf(rows: readonly ReportRow[], key: string): number {
  return rows.reduce((sum, r) => sum + (Number(r[key]) || 0), 0);
}

/** The source of `type` for `filter` in the campaign. */
export async function reportSource(app: FastifyInstance, campaignId: string, type: ReportType, filter: ReportFilter): Promise<ReportSource> {
  const campaign = await readBookCampaign(app, campaignId);
  const source = await sourceOf(app, campaign, type, filter);
  return { ...source, cycle: campaign.cycle };
}

async function sourceOf(app: FastifyInstance, campaign: BookCampaign, type: ReportType, filter: ReportFilter): Promise<SqlSource | RowsSource> {
  switch (type) {
    case 'donation':
      return donationSource(app, campaign, filter);
    case 'expense':
      return expenseSource(app, campaign, filter);
    case 'donor_history':
      return donorHistorySource(campaign, filter);
    case 'donor_limit':
      return donorLimitSource(campaign, filter);
    case 'pledges_receivable':
      return pledgesReceivableSource(app, campaign, filter);
    case 'due':
      return dueSource(app, campaign, filter);
    case 'match':
      return matchSource(app, campaign, filter);
    case 'intermediary':
      return intermediarySource(app, campaign, filter);
  }
}

/** Rows of a computed report in `sort` order (nulls last; ties by row_id). */
export function sortOf(type: ReportType, rows: ReportRow[], sort: string): ReportRow[] {
  const descending = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  const column: ReportColumn | undefined = REPORT_COLUMNS[type].find((c) => c.key === key);
  const sign = descending ? -1 : 1;
  const value = (row: ReportRow) => {
    const v = row[key];
    return column?.kind === 'text' && typeof v === 'string' ? v.toLowerCase() : v;
  };
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === y || (x === null && y === null)) return sign * (a.row_id < b.row_id ? -1 : a.row_id > b.row_id ? 1 : 0);
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return sign * (x < y ? -1 : 1);
  });
}
