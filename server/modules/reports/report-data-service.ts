/**
 * A report's figures for a filter, from its source (report-sources.ts): one page with the totals,
 * summary and breakdown for the screen (report_data), or every row in order for a file (the job).
 */
import type { FastifyInstance } from 'fastify';
import { REPORT_COLUMNS, type ReportBreakdown, type ReportData, type ReportFilter, type ReportRow, type ReportType } from '../../../domain/reports/api-contract';
import { isoDay } from '../../../domain/dates';
import { readBookCampaign } from '../book/book-reads';
import { cachedListFigure, pageKey } from '../list-cache/list-cache';
import { readAhead } from './read-ahead';
import { copyOut, csvCopySql, orderBy, selectAggregates, selectPage, streamRows } from './report-query-repository';
import { reportSource, sortOf, sumOf, type ReportSource, type SqlSource } from './report-sources';

function columnTotals(type: ReportType, values: (key: string) => number): Record<string, number> {
  return Object.fromEntries(REPORT_COLUMNS[type].filter((c) => c.total).map((c) => [c.key, values(c.key)]));
}

const cycleOf = (source: ReportSource) => (source.cycle ? { value: source.cycle.value, start_date: source.cycle.start, end_date: source.cycle.end } : null);

/**
 * One page of the report with its totals, summary and breakdown. Cached per app instance against the
 * campaign's donor-book version (list-cache/list-cache.ts: any write of the book makes the next request
 * compute again), its settings and today's date (the due and aging figures); the expense report is
 * not (expenses are not part of that version).
 */
export async function reportPage(app: FastifyInstance, campaignId: string, type: ReportType, filter: ReportFilter, sort: string, page: number, limit: number): Promise<ReportData> {
  if (type === 'expense') return computePage(app, campaignId, type, filter, sort, page, limit);
  const campaign = await readBookCampaign(app, campaignId);
  const query = { ...filter, sort, page, limit, today: isoDay(app.clock.now()), settings: campaign.settingsStamp };
  const key = pageKey(`report_${type}`, campaignId, query);
  return cachedListFigure(app, key, campaign.version, async () => ({ value: await computePage(app, campaignId, type, filter, sort, page, limit), version: campaign.version }));
}

async function computePage(app: FastifyInstance, campaignId: string, type: ReportType, filter: ReportFilter, sort: string, page: number, limit: number): Promise<ReportData> {
  const source = await reportSource(app, campaignId, type, filter);
  if (source.kind === 'sql') {
    const [rows, aggregates, breakdown] = await Promise.all([
      selectPage(app.db, source.select, orderBy(sort, source.textKeys, source.ties), limit, (page - 1) * limit),
      selectAggregates(app.db, source.select, source.aggregates),
      source.breakdown(),
    ]);
    return {
      type,
      filter,
      rows: rows.map(source.present),
      total: aggregates.count ?? 0,
      page,
      limit,
      sort,
      totals: columnTotals(type, (key) => aggregates[key] ?? 0),
      summary: source.summary(aggregates),
      breakdown,
      cycle: cycleOf(source),
    };
  }
  const sorted = sortOf(type, source.rows, sort);
  const start = (page - 1) * limit;
  return {
    type,
    filter,
    rows: sorted.slice(start, start + limit),
    total: sorted.length,
    page,
    limit,
    sort,
    totals: columnTotals(type, (key) => sumOf(sorted, key)),
    summary: source.summary(sorted),
    breakdown: source.breakdown,
    cycle: cycleOf(source),
  };
}

export interface ReportContent {
  rowCount: number;
  totals: Record<string, number>;
  breakdown: ReportBreakdown | null;
  rows: AsyncIterable<readonly ReportRow[]>;
  /** SQL reports: the rows as CSV lines made by PostgreSQL (COPY). */
  csvLines?: () => AsyncIterable<Buffer>;
  /** Ends what was started for the file and not read (the CSV read ahead); call it when done. */
  close: () => Promise<void>;
}

/** How much of a CSV is read ahead of the writer while the totals are summed (bounded memory). */
const CSV_READ_AHEAD_BYTES = 8 * 1024 * 1024;

async function* presented(source: SqlSource, batches: AsyncIterable<Record<string, unknown>[]>): AsyncGenerator<ReportRow[]> {
  for await (const batch of batches) yield batch.map(source.present);
}

async function* inBatches(rows: ReportRow[], size = 2_000): AsyncGenerator<ReportRow[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * Every row of the report in `sort` order (a cursor for SQL reports), with the same totals as the page.
 * For a CSV (`csv`), PostgreSQL starts copying the rows out while the totals are summed.
 */
export async function reportContent(
  app: FastifyInstance,
  campaignId: string,
  type: ReportType,
  filter: ReportFilter,
  sort: string,
  options: { csv?: boolean } = {},
): Promise<ReportContent> {
  const source = await reportSource(app, campaignId, type, filter);
  if (source.kind === 'sql') {
    // Only the totals row's sums (and the count): the summary's other figures are not printed.
    const sums = Object.fromEntries(Object.entries(source.aggregates).filter(([key]) => REPORT_COLUMNS[type].some((c) => c.total && c.key === key)));
    const ahead = options.csv ? readAhead(copyOut(app.pool, csvCopySql(type, source.select, orderBy(sort, source.textKeys, source.ties))), CSV_READ_AHEAD_BYTES) : null;
    let summed: [Record<string, number>, ReportBreakdown | null];
    try {
      summed = await Promise.all([selectAggregates(app.db, source.select, sums), source.breakdown()]);
    } catch (error) {
      await ahead?.close();
      throw error;
    }
    const [aggregates, breakdown] = summed;
    return {
      rowCount: aggregates.count ?? 0,
      totals: columnTotals(type, (key) => aggregates[key] ?? 0),
      breakdown,
      rows: presented(source, streamRows(app.pool, source.select, orderBy(sort, source.textKeys, source.ties))),
      csvLines: ahead ? ahead.chunks : undefined,
      close: async () => ahead?.close(),
    };
  }
  const sorted = sortOf(type, source.rows, sort);
  return { rowCount: sorted.length, totals: columnTotals(type, (key) => sumOf(sorted, key)), breakdown: source.breakdown, rows: inBatches(sorted), close: async () => undefined };
}
