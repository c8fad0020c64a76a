/**
 * A report as XLSX, streamed with exceljs's WorkbookWriter (rows committed as they come, never the
 * in-memory workbook): a header block (campaign, report, description, filter, generated at), the
 * column headers frozen with an autofilter, money as numbers with a currency format, dates as real
 * dates shown DD-MM-YYYY, text as plain strings (never formulas), a totals row, then the breakdown.
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { formatPhone } from '../../../domain/phone';
import type { ReportColumn, ReportRow } from '../../../domain/reports/api-contract';
import { breakdownTotals, hasBreakdownTotals, guarded, waitForRoom, type ReportFileInput, type ReportWriter } from './report-file';

const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
const DATE_FORMAT = 'dd-mm-yyyy';
const COUNT_FORMAT = '#,##0';
const BOLD = { bold: true };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF4' } };

function formatOf(column: ReportColumn): string | undefined {
  return column.kind === 'money' ? MONEY_FORMAT : column.kind === 'date' ? DATE_FORMAT : column.kind === 'count' ? COUNT_FORMAT : undefined;
}

function xlsxValue(column: ReportColumn, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'money') return Number(value) / 100;
  if (column.kind === 'count') return Number(value);
  if (column.kind === 'date') return new Date(`${String(value)}T00:00:00Z`);
  if (column.kind === 'phone') return formatPhone(String(value));
  // A plain string cell: exceljs writes strings as text, an '=' at the start stays text.
  return String(value);
}

const values = (columns: readonly ReportColumn[], row: ReportRow) => columns.map((c) => xlsxValue(c, row[c.key]));

function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
}

/** A row whose cells carry the columns' number formats (a breakdown's columns differ from the sheet's). */
function addFormatted(sheet: ExcelJS.Worksheet, columns: readonly ReportColumn[], cells: ExcelJS.CellValue[], bold = false): ExcelJS.Row {
  const row = sheet.addRow(cells);
  columns.forEach((column, i) => {
    const format = formatOf(column);
    if (format) row.getCell(i + 1).numFmt = format;
  });
  if (bold) row.font = BOLD;
  return row;
}

function totalsCells(columns: readonly ReportColumn[], totals: Record<string, number>): ExcelJS.CellValue[] {
  return columns.map((c, i) => (i === 0 ? 'Total' : c.total ? xlsxValue(c, totals[c.key] ?? 0) : null));
}

/** Rows between two looks at the zip's backlog. */
const ROOM_EVERY = 250;

/**
 * Bytes of sheet XML not yet taken by the zip. exceljs writes committed rows into the zip entry's
 * stream without heeding its backpressure, so on its own it would hold the whole sheet when the rows
 * come faster than they are deflated (internals of exceljs 4 and archiver: 0 if they change).
 */
function sheetBacklog(sheet: ExcelJS.Worksheet): number {
  type State = { length?: number } | undefined;
  const entry = (sheet as unknown as { stream?: { pipes?: { _writableState?: State; _readableState?: State }[] } }).stream;
  return (entry?.pipes ?? []).reduce((sum, p) => sum + (p._writableState?.length ?? 0) + (p._readableState?.length ?? 0), 0);
}

async function write(input: ReportFileInput, out: Writable): Promise<void> {
  const { columns, header } = input;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = header.campaign;
  const headerRowNumber = 7;
  const sheet = workbook.addWorksheet(sheetName(header.report), { views: [{ state: 'frozen', ySplit: headerRowNumber }] });
  sheet.columns = columns.map((c) => ({ key: c.key, width: Math.max(c.width, c.header.length + 2) }));
  // One style object per column, shared by its cells: exceljs then finds each cell's style id in its
  // cache instead of building a style per cell (a third of the writing time at 100,000 rows).
  const cellStyles = columns.map((c) => (formatOf(c) ? { numFmt: formatOf(c) } : {})) as Partial<ExcelJS.Style>[];

  const block: [string, string][] = [
    ['Campaign', header.campaign],
    ['Report', header.report],
    ['About', header.description],
    ['Filter', header.filter],
    ['Generated', header.generatedAt],
  ];
  for (const [label, text] of block) {
    const row = sheet.addRow([label, text]);
    row.getCell(1).font = BOLD;
    row.getCell(1).numFmt = 'General';
    row.getCell(2).numFmt = 'General';
    row.commit();
  }
  sheet.addRow([]).commit();
  const head = sheet.addRow(columns.map((c) => c.header));
  head.eachCell((cell) => {
    cell.font = BOLD;
    cell.fill = HEADER_FILL;
    cell.numFmt = 'General';
  });
  head.commit();
  sheet.autoFilter = { from: { row: headerRowNumber, column: 1 }, to: { row: headerRowNumber + Math.max(1, input.rowCount), column: columns.length } };

  let done = 0;
  for await (const batch of input.rows) {
    for (const row of batch) {
      const added = sheet.addRow(values(columns, row));
      for (let i = 0; i < cellStyles.length; i++) added.getCell(i + 1).style = cellStyles[i]!;
      added.commit();
      if (++done % ROOM_EVERY === 0) await waitForRoom(() => sheetBacklog(sheet), out);
    }
    input.onProgress?.(done);
  }
  addFormatted(sheet, columns, totalsCells(columns, input.totals), true).commit();

  if (input.breakdown) {
    const b = input.breakdown;
    sheet.addRow([]).commit();
    const title = sheet.addRow([b.title]);
    title.font = BOLD;
    title.commit();
    const bHead = sheet.addRow(b.columns.map((c) => c.header));
    bHead.font = BOLD;
    bHead.commit();
    for (const row of b.rows) addFormatted(sheet, b.columns, values(b.columns, row)).commit();
    if (hasBreakdownTotals(b)) addFormatted(sheet, b.columns, totalsCells(b.columns, breakdownTotals(b)), true).commit();
  }
  sheet.commit();
  // exceljs hears of a failing output only once it commits: listen from here.
  await Promise.all([workbook.commit(), finished(out, { readable: false })]);
}

export const writeXlsx: ReportWriter = (input, out) => guarded(out, () => write(input, out));
