/**
 * What a report file writer is given (report-job.ts builds it from the report's source) and the
 * helpers the writers share; the cell texts are domain/reports/cells.ts (the same on the report page).
 * Rows come in batches from a cursor, so no writer holds a whole report.
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReportBreakdown, ReportColumn, ReportRow } from '../../../domain/reports/api-contract';

export interface ReportFileHeader {
  campaign: string;
  report: string;
  description: string;
  filter: string;
  generatedAt: string;
}

export interface ReportFileInput {
  columns: readonly ReportColumn[];
  /** The rows in order, in batches (from a database cursor); cell values by column key. */
  rows: AsyncIterable<readonly ReportRow[]>;
  /** Sums of the columns with `total: true` (column key → integer: cents or a count). */
  totals: Record<string, number>;
  /** How many rows `rows` will yield (known before writing: "page x of y" and progress). */
  rowCount: number;
  header: ReportFileHeader;
  /** A small extra table after the totals (aging buckets, subtotals per purpose…), or null. */
  breakdown: ReportBreakdown | null;
  /** Called after each batch with the number of rows written so far. */
  onProgress?: (done: number) => void;
  /**
   * SQL reports: the rows' CSV lines as PostgreSQL formats them (COPY; same cells as the writer's
   * own). The CSV writer streams them instead of `rows` (the fast path: no row objects in Node).
   */
  csvLines?: () => AsyncIterable<Buffer>;
}

export type ReportWriter = (input: ReportFileInput, out: Writable) => Promise<void>;

/** The totals row: 'Total' in the first column, the sums in the total columns. */
export function totalsRow(columns: readonly ReportColumn[], totals: Record<string, number>): ReportRow {
  const row: ReportRow = { row_id: 'total' };
  columns.forEach((column, i) => {
    row[column.key] = i === 0 ? 'Total' : column.total ? (totals[column.key] ?? 0) : null;
  });
  return row;
}

/** The breakdown's own totals (its columns with `total`). */
/** Whether a breakdown has a totals line (some column is totalled; a progress table has none). */
export const hasBreakdownTotals = (breakdown: ReportBreakdown): boolean => breakdown.columns.some((c) => c.total);

export function breakdownTotals(breakdown: ReportBreakdown): Record<string, number> {
  return Object.fromEntries(breakdown.columns.filter((c) => c.total).map((c) => [c.key, breakdown.rows.reduce((sum, r) => sum + (Number(r[c.key]) || 0), 0)]));
}

/**
 * Runs a writer with a listener on `out`'s 'error' for its whole run: an output failing between two
 * writes (after a 'drain', say) must not go unheard and take the process down. The writer notices
 * through `assertOpen` (or `finished`) and rejects with that error; the caller owns `out` after it.
 */
export async function guarded(out: Writable, write: () => Promise<void>): Promise<void> {
  const heard = () => undefined;
  out.on('error', heard);
  try {
    await write();
  } finally {
    out.off('error', heard);
  }
}

/** Throws the error that closed `out`, if it is closed. */
export function assertOpen(out: Writable): void {
  if (out.destroyed || out.errored) throw out.errored ?? new Error('The report file stream closed early.');
}

/** Resolves on 'drain'; rejects when `out` fails or closes first. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error | null) => {
      out.off('drain', onDrain);
      out.off('error', settle);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(out.errored ?? new Error('The report file stream closed early.'));
    out.on('drain', onDrain);
    out.on('error', settle);
    out.on('close', onClose);
  });
}

/** Writes `chunk`, waiting for 'drain' when the stream asks for it. */
export async function writeChunk(out: Writable, chunk: string | Buffer): Promise<void> {
  assertOpen(out);
  if (!out.write(chunk)) await drained(out);
}

/**
 * Waits while `backlog()` (bytes made but not yet taken by `out`) is over `limit`: pdfkit and exceljs
 * buffer whatever is drawn or zipped without heeding backpressure, so their writers pause here now
 * and then, which keeps memory bounded when `out` (or the zip) is slower than the rows.
 */
export async function waitForRoom(backlog: () => number, out: Writable, limit = 2 * 1024 * 1024): Promise<void> {
  assertOpen(out);
  while (backlog() > limit) {
    if (out.writableNeedDrain) await drained(out);
    else await sleep(1);
    assertOpen(out);
  }
}

/** Ends `out` and waits until everything is flushed (its writable side: `out` may be a PassThrough). */
export async function endStream(out: Writable): Promise<void> {
  assertOpen(out);
  out.end();
  await finished(out, { readable: false });
}
