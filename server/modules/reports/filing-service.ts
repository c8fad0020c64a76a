/**
 * Filings (issue 35): a campaign's disclosure periods, the pre-filing check of a period, and its files made
 * by the report job recipe (entries in `reports`, the `report-export` job, private storage, signed links).
 * The check and the files read the same rows: every donation from the cycle's first day to the period's
 * last, with the stored matchable parts made current first. The statement concerns the gifts dated in the
 * period, and those dated earlier but written into the book after their own period was due (listed, not in
 * the file).
 */
import type { FastifyInstance } from 'fastify';
import { filingPeriods, periodContaining, regulatorOf, type FilingPeriod, type Regulator } from '../../../domain/compliance/filing-periods';
import {
  filingFiles,
  filingFormat,
  filingTitle,
  nysScheduleOfType,
  type FilingCheckData,
  type FilingFilter,
  type FilingPeriodsData,
  type FilingReportType,
} from '../../../domain/filings/api-contract';
import { companionSheet } from '../../../domain/filings/companion-sheet';
import { csmartFile } from '../../../domain/filings/csmart-file';
import { NYS_SCHEDULE_COLUMNS, NYS_SCHEDULE_NAMES, NYS_SCHEDULE_SHORT_NAMES, type NysColumn } from '../../../domain/filings/nys-schedule-layout';
import { nysPeriodTotals, nysSchedule, type FilingExpenditure } from '../../../domain/filings/nys-schedules';
import { prefilingCheck, type PrefilingResult } from '../../../domain/filings/prefiling-check';
import { prefilingRules } from '../../../domain/filings/prefiling-rules';
import type { ReportBreakdown, ReportEntry, ReportFormat, ReportRow } from '../../../domain/reports/api-contract';
import { campaignNotFound, type CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import type { BookCampaign } from '../book/book-campaign';
import { readBookCampaign } from '../book/book-reads';
import { freshDonationMatches } from '../book/donation-matches';
import { creatorName } from '../imports/upload-repository';
import { findFilerIds, findFilingContributions, findFilingExpenditures, type FilerIds } from './filing-repository';
import { insertReport, type ReportRecord } from './report-history-repository';
import { reportJob } from './report-job';
import { toReportEntry } from './report-service';

interface FilingContext {
  book: BookCampaign;
  ids: FilerIds;
  regulator: Regulator;
  cycle: string;
  periods: FilingPeriod[];
}

async function filingContext(app: FastifyInstance, campaignId: string, regulator: Regulator | undefined): Promise<FilingContext> {
  const book = await readBookCampaign(app, campaignId);
  const ids = await findFilerIds(app.db, campaignId);
  if (!ids) throw campaignNotFound();
  const chosen = regulator ?? regulatorOf(book.compliance.rule_set);
  if (!chosen) throw fail(409, 'FILING_NO_REGULATOR');
  const cycle = book.cycle?.value ?? ids.electionCycle;
  if (!cycle || !/^\d{4}$/.test(cycle)) throw fail(409, 'FILING_NO_CYCLE');
  return { book, ids, regulator: chosen, cycle, periods: filingPeriods(chosen, Number(cycle)) };
}

const todayOf = (app: FastifyInstance) => app.clock.now().toISOString().slice(0, 10);

export async function filingPeriodsData(app: FastifyInstance, campaignId: string, regulator: Regulator | undefined): Promise<FilingPeriodsData> {
  const ctx = await filingContext(app, campaignId, regulator);
  const today = todayOf(app);
  // Today's period, else the last one already over (the statement to file next), else the first.
  const current = periodContaining(ctx.periods, today) ?? [...ctx.periods].reverse().find((p) => p.end < today) ?? ctx.periods[0] ?? null;
  return { regulator: ctx.regulator, election_cycle: ctx.cycle, periods: ctx.periods, current_period_id: current?.id ?? null };
}

interface CheckRun {
  ctx: FilingContext;
  period: FilingPeriod;
  result: PrefilingResult;
  /** The period's expenses (NYS only; empty for the NYC CFB). */
  expenditures: FilingExpenditure[];
}

async function runCheck(app: FastifyInstance, campaignId: string, filter: FilingFilter): Promise<CheckRun> {
  const ctx = await filingContext(app, campaignId, filter.regulator);
  const period = ctx.periods.find((p) => p.id === filter.period_id);
  if (!period) throw fail(404, 'FILING_PERIOD_NOT_FOUND');
  await freshDonationMatches(app, ctx.book);
  const rows = await findFilingContributions(app.db, campaignId, { from: ctx.book.cycle?.start ?? null, to: period.end });
  // Dated before the period but written after its own period was due: it missed that statement.
  const late = (date: string, recordedOn: string) => {
    const own = periodContaining(ctx.periods, date);
    return own !== null && recordedOn > own.due;
  };
  const concerned = rows.filter((r) => r.date >= period.start || late(r.date, r.recorded_on));
  // NYS schedule F reports the period's expenditures; C-SMART's contribution file does not.
  const expenditures = ctx.regulator === 'nys_boe' ? await findFilingExpenditures(app.db, campaignId, { from: period.start, to: period.end }) : undefined;
  const result = prefilingCheck({
    regulator: ctx.regulator,
    period,
    campaign: { ...ctx.book.compliance, cfb_candidate_id: ctx.ids.cfbCandidateId, cfb_committee_id: ctx.ids.cfbCommitteeId, election_cycle: ctx.cycle },
    contributions: concerned,
    cycle: rows,
    expenditures,
  });
  return { ctx, period, result, expenditures: expenditures ?? [] };
}

export async function filingCheckData(app: FastifyInstance, campaignId: string, filter: FilingFilter): Promise<FilingCheckData> {
  const { ctx, period, result } = await runCheck(app, campaignId, filter);
  return {
    regulator: ctx.regulator,
    period,
    in_file_count: result.in_file.length,
    in_file_cents: result.in_file.reduce((sum, c) => sum + c.amount_cents, 0),
    findings: result.findings,
    rules: [...prefilingRules(ctx.regulator), ...prefilingRules(ctx.regulator, 'expenditure')],
    files: filingFiles(ctx.regulator),
  };
}

/** Starts the period's files: one history entry and one job each, in one transaction. `format`: the NYS schedules' (csv when absent). */
export async function startFiling(app: FastifyInstance, campaign: CampaignContext, user: AuthUser, filter: FilingFilter, format?: ReportFormat): Promise<ReportEntry[]> {
  const ctx = await filingContext(app, campaign.id, filter.regulator);
  const period = ctx.periods.find((p) => p.id === filter.period_id);
  if (!period) throw fail(404, 'FILING_PERIOD_NOT_FOUND');
  const now = app.clock.now();
  const created: ReportRecord[] = await app.db.transaction(async (tx) => {
    const out: ReportRecord[] = [];
    for (const type of filingFiles(ctx.regulator)) {
      const entry = await insertReport(tx, {
        campaignId: campaign.id,
        type,
        format: filingFormat(type, format),
        title: filingTitle(type, period, filingFormat(type, format)),
        filter: { regulator: ctx.regulator, period_id: period.id },
        sort: '',
        status: 'queued',
        createdBy: user.id,
        createdAt: now,
        updatedAt: now,
      });
      await app.jobs.send(reportJob, { reportId: entry.id }, { tx });
      out.push(entry);
    }
    return out;
  });
  app.jobs.wake(reportJob);
  app.log.info({ campaignId: campaign.id, regulator: ctx.regulator, periodId: period.id, reports: created.map((r) => r.id) }, 'filing started');
  const name = await creatorName(app.db, user.id);
  return created.map((r) => toReportEntry(r, name));
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' (the report files' dates). */
const day = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

function generatedAt(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
}

/** A filing entry's file: a text made whole (C-SMART's import file, the companion sheet), or a NYS schedule for the report writers. */
export type FilingFileContent =
  | { kind: 'text'; text: string; rowCount: number }
  | { kind: 'table'; columns: readonly NysColumn[]; rows: ReportRow[]; totals: Record<string, number>; breakdown: ReportBreakdown; campaignName: string; title: string; description: string; filter: string };

/** How long the files of one start may share its check (they are made within seconds of each other). */
const SHARED_CHECK_MS = 10 * 60_000;
/** Per app: the check of each recent start, keyed by its entries' campaign, filter and creation time. */
const sharedChecks = new WeakMap<FastifyInstance, Map<string, { at: number; run: Promise<CheckRun> }>>();

/**
 * The check behind a filing entry's file, run once per start: the entries of one start share campaign,
 * filter and creation time, so the five NYS files (or the C-SMART file and its sheet) are made from one
 * reading of the book instead of one each. A failed check is forgotten, so a retry runs it again.
 */
function checkOfStart(app: FastifyInstance, report: ReportRecord): Promise<CheckRun> {
  const filter = report.filter as unknown as FilingFilter;
  const key = [report.campaignId, filter.regulator ?? '', filter.period_id, report.createdAt.toISOString()].join('|');
  const checks = sharedChecks.get(app) ?? new Map<string, { at: number; run: Promise<CheckRun> }>();
  sharedChecks.set(app, checks);
  const now = Date.now();
  for (const [k, entry] of checks) if (now - entry.at > SHARED_CHECK_MS) checks.delete(k);
  const known = checks.get(key);
  if (known) return known.run;
  const run = runCheck(app, report.campaignId, filter);
  checks.set(key, { at: now, run });
  run.catch(() => checks.delete(key));
  return run;
}

/** The content of a filing entry's file (the report job writes it). */
export async function filingFileContent(app: FastifyInstance, report: ReportRecord): Promise<FilingFileContent> {
  const { ctx, period, result, expenditures } = await checkOfStart(app, report);
  const type = report.type as FilingReportType;
  const schedule = nysScheduleOfType(type);
  if (schedule) {
    const data = nysSchedule(schedule, period, result.in_file, expenditures);
    return {
      kind: 'table',
      columns: NYS_SCHEDULE_COLUMNS[schedule],
      rows: data.rows,
      totals: data.totals,
      breakdown: nysPeriodTotals(period.label, period, result.in_file, expenditures),
      campaignName: ctx.book.campaignName,
      title: `NYS BOE Schedule ${schedule} (${NYS_SCHEDULE_SHORT_NAMES[schedule]})`,
      description: `${NYS_SCHEDULE_NAMES[schedule]}. For the treasurer to enter or check in EFS (not an EFS import file); see the companion sheet for what to fix first and what of the layout is not confirmed.`,
      filter: `${period.label}: ${day(period.start)} to ${day(period.end)}, due ${day(period.due)}`,
    };
  }
  if (type === 'filing_csmart') {
    const campaign = { cfb_candidate_id: ctx.ids.cfbCandidateId, cfb_committee_id: ctx.ids.cfbCommitteeId, election_cycle: ctx.cycle };
    return { kind: 'text', text: csmartFile(campaign, result.in_file), rowCount: result.in_file.length };
  }
  const text = companionSheet({
    campaignName: ctx.book.campaignName,
    regulator: ctx.regulator,
    period,
    in_file_count: result.in_file.length,
    in_file_cents: result.in_file.reduce((sum, c) => sum + c.amount_cents, 0),
    findings: result.findings,
    publicUrl: app.config.publicUrl,
    generatedAt: generatedAt(app.clock.now()),
  });
  return { kind: 'text', text, rowCount: result.findings.length };
}
