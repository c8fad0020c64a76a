/**
 * A report as CSV: UTF-8 with a BOM (Excel then reads it right), CRLF lines, the column headers, every
 * row (money as plain dollars with 2 decimals so spreadsheets read numbers, dates DD-MM-YYYY, phones as people write them, text
 * formula-safe through csvCell), the totals line, then the breakdown if any. One write per batch.
 */
import type { Writable } from 'node:stream';
import { csvCell } from '../../../domain/imports/templates';
import { formatPhone } from '../../../domain/phone';
import type { ReportColumn, ReportRow } from '../../../domain/reports/api-contract';
import { breakdownTotals, hasBreakdownTotals, endStream, guarded, writeChunk, type ReportFileInput, type ReportWriter } from './report-file';
import { dayText } from '../../../domain/reports/cells';

function csvValue(column: ReportColumn, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (column.kind === 'money') return (Number(value) / 100).toFixed(2);
  if (column.kind === 'count') return String(Number(value));
  if (column.kind === 'date') return dayText(String(value));
  if (column.kind === 'phone') return csvCell(formatPhone(String(value)));
  return csvCell(String(value));
}

function csvLine(columns: readonly ReportColumn[], row: ReportRow): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += ',';
    line += csvValue(columns[i]!, row[columns[i]!.key]);
  }
  return `${line}\r\n`;
}

const headerLine = (columns: readonly ReportColumn[]) => `${columns.map((c) => csvCell(c.header)).join(',')}\r\n`;

/** 'Total' in the first column (whatever its kind), the sums in the total columns. */
const totalsLine = (columns: readonly ReportColumn[], totals: Record<string, number>) =>
  `${['Total', ...columns.slice(1).map((c) => (c.total ? csvValue(c, totals[c.key] ?? 0) : ''))].join(',')}\r\n`;

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

async function write(input: ReportFileInput, out: Writable): Promise<void> {
  const { columns } = input;
  await writeChunk(out, `\uFEFF${headerLine(columns)}`);
  if (input.csvLines) {
    // COPY's lines end in LF; CSV files here end lines in CRLF (Excel on Windows).
    let tail = '';
    let lines = 0;
    for await (const chunk of input.csvLines()) {
      const text = tail + chunk.toString('utf8');
      const cut = text.lastIndexOf('\n') + 1;
      tail = text.slice(cut);
      const body = text.slice(0, cut);
      lines += countLines(body);
      await writeChunk(out, body.replace(/\n/g, '\r\n'));
      input.onProgress?.(Math.min(lines, input.rowCount));
    }
    if (tail) await writeChunk(out, `${tail}\r\n`);
  } else {
    let done = 0;
    for await (const batch of input.rows) {
      let chunk = '';
      for (const row of batch) chunk += csvLine(columns, row);
      await writeChunk(out, chunk);
      done += batch.length;
      input.onProgress?.(done);
    }
  }
  await writeChunk(out, totalsLine(columns, input.totals));
  if (input.breakdown) {
    const b = input.breakdown;
    let chunk = `\r\n${csvCell(b.title)}\r\n${headerLine(b.columns)}`;
    for (const row of b.rows) chunk += csvLine(b.columns, row);
    if (hasBreakdownTotals(b)) chunk += totalsLine(b.columns, breakdownTotals(b));
    await writeChunk(out, chunk);
  }
  await endStream(out);
}

export const writeCsv: ReportWriter = (input, out) => guarded(out, () => write(input, out));
