/**
 * The three report file writers on their own (no database): a donation report with an accented name,
 * a formula-like text, empty cells and negative amounts written as CSV, XLSX and PDF, then read back
 * the way a user would see them (CSV parsed, XLSX opened with exceljs, PDF through pdftotext and
 * pdfinfo: every value whole, each table's header on each page it spans); a failing output makes
 * each writer reject.
 */
import { execFileSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_COLUMNS, type ReportBreakdown, type ReportColumn, type ReportRow } from '../../../domain/reports/api-contract';
import type { ReportFileInput, ReportWriter } from './report-file';
import { cellText, dayText, moneyText } from '../../../domain/reports/cells';
import { writeCsv } from './write-csv';
import { writePdf } from './write-pdf';
import { escapeRegExp, pdfPages, pdfText, rowBlocks, wholeInRow } from '../../test/pdf-text-helpers';
import { writeXlsx } from './write-xlsx';

const COLUMNS = REPORT_COLUMNS.donation;
const MONEY_KEYS = COLUMNS.filter((c) => c.total).map((c) => c.key);
const MONEY_FORMAT = '"$"#,##0.00;-"$"#,##0.00';
const FORMULA = '=HYPERLINK("x")';

function donation(i: number, more: Partial<ReportRow> = {}): ReportRow {
  const amount = 2_500 + ((i * 7_919) % 100_000);
  const refunded = i % 5 === 0 ? 1_000 : 0;
  return {
    row_id: `r${i}`,
    paying_date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    donor_name: `Donor ${i}`,
    contributor_type: 'Individual Contributor',
    address: `${100 + i} West 72nd Street, Apt ${i}, New York, New York 10023, United States of America`,
    employer: 'Acme Corp',
    occupation: 'Engineer',
    method: 'Check',
    amount_cents: amount,
    refunded_cents: refunded,
    net_cents: amount - refunded,
    pledge_date: i % 3 === 0 ? '2024-12-31' : null,
    recipient: null,
    ...more,
  };
}

/** The rows a user will look for first, then ordinary ones. */
function sampleRows(count: number): ReportRow[] {
  const rows = [
    donation(0, { donor_name: 'José Núñez', paying_date: '2025-01-02', amount_cents: 123_456, refunded_cents: 0, net_cents: 123_456, recipient: 'Campaña Ñ' }),
    donation(1, { donor_name: 'Mary-Jane O\'Brien, "MJ"', employer: FORMULA, amount_cents: 5_000, refunded_cents: 6_200, net_cents: -1_200 }),
    donation(2, { donor_name: 'Null Cells', contributor_type: null, employer: null, amount_cents: 0, refunded_cents: null, net_cents: 0 }),
  ];
  for (let i = rows.length; i < count; i++) rows.push(donation(i));
  return rows;
}

const BREAKDOWN: ReportBreakdown = {
  title: 'By method',
  columns: [
    { key: 'method', header: 'Method', kind: 'text', width: 16 },
    { key: 'gifts', header: 'Gifts', kind: 'count', width: 8, total: true },
    { key: 'net_cents', header: 'Net', kind: 'money', width: 13, total: true },
  ],
  rows: [
    { row_id: 'check', method: 'Check', gifts: 2, net_cents: 1_234_567 },
    { row_id: 'card', method: 'Credit card', gifts: 1, net_cents: -500 },
  ],
};

function sums(rows: readonly ReportRow[]): Record<string, number> {
  return Object.fromEntries(MONEY_KEYS.map((k) => [k, rows.reduce((sum, r) => sum + (Number(r[k]) || 0), 0)]));
}

async function* inBatches(rows: readonly ReportRow[], size: number): AsyncIterable<readonly ReportRow[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

function reportInput(rows: readonly ReportRow[], more: Partial<ReportFileInput> = {}): ReportFileInput {
  return {
    columns: COLUMNS,
    rows: inBatches(rows, 500),
    totals: sums(rows),
    rowCount: rows.length,
    header: {
      campaign: 'Friends of Ana Núñez',
      report: 'Donation Report',
      description: 'Every donation received in the period.',
      filter: 'Donation date: 01-01-2025 to 31-12-2025',
      generatedAt: '24-11-2026 10:00 UTC',
    },
    breakdown: BREAKDOWN,
    ...more,
  };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdt-report-files-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the input to a file; returns its path. */
async function writeFile(write: ReportWriter, input: ReportFileInput, name: string): Promise<{ path: string }> {
  const path = join(dir, name);
  await write(input, createWriteStream(path));
  return { path };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('CSV', () => {
  it('writes a BOM, CRLF lines, plain dollars, DD-MM-YYYY dates, formula-safe text, the totals and the breakdown', async () => {
    const rows = sampleRows(40);
    const progress: number[] = [];
    const { path } = await writeFile(writeCsv, reportInput(rows, { onProgress: (done) => progress.push(done) }), 'donations.csv');
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines: string[][] = parse(text, { bom: true, relax_column_count: true });

    expect(lines[0]).toEqual(COLUMNS.map((c) => c.header));
    const at = (line: string[], key: string) => line[COLUMNS.findIndex((c) => c.key === key)];
    const [jose, mary, empty] = [lines[1]!, lines[2]!, lines[3]!];
    expect(at(jose, 'donor_name')).toBe('José Núñez');
    expect(at(jose, 'paying_date')).toBe('02-01-2025');
    expect(at(jose, 'amount_cents')).toBe('1234.56');
    expect(at(jose, 'recipient')).toBe('Campaña Ñ');
    expect(at(mary, 'donor_name')).toBe('Mary-Jane O\'Brien, "MJ"');
    expect(at(mary, 'employer')).toBe(`'${FORMULA}`);
    expect(at(mary, 'net_cents')).toBe('-12.00');
    expect(at(empty, 'contributor_type')).toBe('');
    expect(at(empty, 'refunded_cents')).toBe('');
    expect(at(jose, 'pledge_date')).toBe('31-12-2024');
    expect(at(empty, 'pledge_date')).toBe('');

    const data = lines.slice(1, 1 + rows.length);
    const totals = lines[1 + rows.length]!;
    expect(totals[0]).toBe('Total');
    for (const key of MONEY_KEYS) {
      const sum = data.reduce((cents, line) => cents + Math.round(Number(at(line, key) || 0) * 100), 0);
      expect(at(totals, key), key).toBe(dollars(sum));
    }
    expect(at(totals, 'donor_name')).toBe('');

    expect(lines.slice(2 + rows.length, 7 + rows.length)).toEqual([
      [''],
      ['By method'],
      ['Method', 'Gifts', 'Net'],
      ['Check', '2', '12345.67'],
      ['Credit card', '1', '-5.00'],
    ]);
    expect(progress.at(-1)).toBe(rows.length);
  });

  it('waits for drain: never writes while the output asks it to wait', async () => {
    const rows = sampleRows(3_000);
    let eager = 0;
    let written = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        setTimeout(callback, 1);
      },
    });
    const write = out.write.bind(out);
    out.write = ((chunk: Buffer) => {
      if (out.writableNeedDrain) eager++;
      return write(chunk);
    }) as typeof out.write;
    await writeCsv(reportInput(rows), out);
    expect(eager).toBe(0);
    expect(written).toBeGreaterThan(rows.length * 100);
  });
});

describe('XLSX', () => {
  it('writes the header block, a frozen filtered header row, typed and formatted cells, the totals and the breakdown', async () => {
    const rows = sampleRows(40);
    const { path } = await writeFile(writeXlsx, reportInput(rows), 'donations.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('Donation Report')!;
    expect(sheet).toBeTruthy();

    expect(sheet.getCell('A1').value).toBe('Campaign');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('B1').value).toBe('Friends of Ana Núñez');
    expect(sheet.getCell('B4').value).toBe('Donation date: 01-01-2025 to 31-12-2025');

    const headerRow = 7;
    const head = sheet.getRow(headerRow);
    expect(COLUMNS.map((_, i) => head.getCell(i + 1).value)).toEqual(COLUMNS.map((c) => c.header));
    expect(head.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    expect(String(sheet.autoFilter)).toBe(`A${headerRow}:${String.fromCharCode(64 + COLUMNS.length)}${headerRow + rows.length}`);
    expect(sheet.getColumn(2).width).toBe(COLUMNS[1]!.width);

    const col = (key: string) => COLUMNS.findIndex((c) => c.key === key) + 1;
    const jose = sheet.getRow(headerRow + 1);
    expect(jose.getCell(col('donor_name')).value).toBe('José Núñez');
    const day = jose.getCell(col('paying_date'));
    expect(day.value).toBeInstanceOf(Date);
    expect((day.value as Date).getTime()).toBe(Date.UTC(2025, 0, 2));
    expect(day.numFmt).toBe('dd-mm-yyyy');
    const amount = jose.getCell(col('amount_cents'));
    expect(amount.value).toBe(1234.56);
    expect(amount.numFmt).toBe(MONEY_FORMAT);

    const mary = sheet.getRow(headerRow + 2);
    const formulaLike = mary.getCell(col('employer'));
    expect(formulaLike.type).toBe(ExcelJS.ValueType.String);
    expect(formulaLike.value).toBe(FORMULA);
    expect(formulaLike.formula).toBeUndefined();
    expect(mary.getCell(col('net_cents')).value).toBe(-12);
    expect(sheet.getRow(headerRow + 3).getCell(col('contributor_type')).value).toBeNull();

    const totals = sheet.getRow(headerRow + rows.length + 1);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(1).font?.bold).toBe(true);
    for (const key of MONEY_KEYS) {
      let sum = 0;
      for (let r = headerRow + 1; r <= headerRow + rows.length; r++) sum += Number(sheet.getRow(r).getCell(col(key)).value ?? 0);
      const total = totals.getCell(col(key));
      expect(total.value, key).toBeCloseTo(sum, 6);
      expect(total.numFmt).toBe(MONEY_FORMAT);
    }

    const after = headerRow + rows.length + 2;
    expect(sheet.getRow(after).getCell(1).value).toBeNull();
    expect(sheet.getRow(after + 1).getCell(1).value).toBe('By method');
    expect(sheet.getRow(after + 2).values).toEqual([undefined, 'Method', 'Gifts', 'Net']);
    const check = sheet.getRow(after + 3);
    expect([check.getCell(1).value, check.getCell(2).value, check.getCell(3).value]).toEqual(['Check', 2, 12345.67]);
    expect(check.getCell(3).numFmt).toBe(MONEY_FORMAT);
  });

  it('names the sheet within Excel’s rules and writes a report without rows', async () => {
    const input = reportInput([], { breakdown: null, header: { ...reportInput([]).header, report: 'Donations: 2025/2026 [draft] *all* of them?' } });
    const { path } = await writeFile(writeXlsx, input, 'empty.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.worksheets[0]!;
    expect(sheet.name.length).toBeLessThanOrEqual(31);
    expect(sheet.name).not.toMatch(/[[\]:*?/\\]/);
    expect(sheet.getRow(8).getCell(1).value).toBe('Total');
  });
});

/** A donation row's first line, by its date and the first word of its donor's name. */
const rowStart = (row: ReportRow) => new RegExp(`^\\s*${dayText(String(row.paying_date))}\\s+${escapeRegExp(String(row.donor_name).split(' ')[0]!)}`);
const MAIN_HEADER = /Date\s+Donor\s+Contributor/;

/** Every cell of `row` is printed whole (wrapped within its column, never cut) in one of the row's printings. */
function expectWhole(text: string, row: ReportRow): void {
  const blocks = rowBlocks(text, rowStart(row));
  expect(blocks.length, `row ${row.row_id}`).toBeGreaterThan(0);
  const values = COLUMNS.map((c) => cellText(c, row[c.key])).filter((v) => v !== '');
  const printed = blocks.find((block) => values.every((value) => wholeInRow(block, value)));
  expect(printed ? [] : values.filter((value) => !blocks.some((block) => wholeInRow(block, value))), `row ${row.row_id}:\n${blocks.map((b) => b.join('\n')).join('\n--\n')}`).toEqual([]);
}

describe('PDF', () => {
  it('prints every value whole (long addresses wrapped in their column), accented names, the totals, the breakdown, and on every page its table header and "Page x of y"', async () => {
    const rows = sampleRows(100);
    const { path } = await writeFile(writePdf, reportInput(rows), 'donations.pdf');
    const pages = pdfPages(path);
    expect(pages).toBeGreaterThan(1);

    const text = pdfText(path);
    expect(text).toContain('Friends of Ana Núñez');
    expect(text).toContain('Donation date: 01-01-2025 to 31-12-2025');
    expect(text).not.toContain('…');
    for (const row of [...rows.slice(0, 3), rows[57]!, rows[99]!]) expectWhole(text, row);
    expect(text).toContain('$1,234.56');
    expect(text).toContain('-$12.00');
    const totals = sums(rows);
    const totalLine = text.split('\n').find((line) => /^\s*Total\b/.test(line) && line.includes(moneyText(totals.net_cents!)));
    expect(totalLine).toBeDefined();
    expect(totalLine).toContain(moneyText(totals.amount_cents!));
    expect(text).toContain('By method');
    expect(text).toContain('$12,345.67');
    for (let page = 1; page <= pages; page++) {
      const onPage = pdfText(path, page);
      expect(onPage).toContain(`Page ${page} of ${pages}`);
      expect(onPage).toMatch(MAIN_HEADER); // every page shows donations (or their totals) under the table's header
    }
  });

  it('wraps hyphenated names and long addresses within their column: no cell runs into the next row', async () => {
    const names = ["Brigid O'Connor-Walsh", 'Anne-Marie Saint-Exupéry', 'Jean-Luc Picard-Smythe', 'Mary-Kate Olsen-Twin'];
    const rows = Array.from({ length: 40 }, (_, i) =>
      donation(i, {
        donor_name: `${names[i % names.length]!}${'-x'.repeat(i % 7)} ${'Longname'.repeat(1 + (i % 3))}`,
        employer: 'The Metropolitan Transportation Authority of the State of New York',
      }),
    );
    const { path } = await writeFile(writePdf, reportInput(rows, { breakdown: null }), 'hyphens.pdf');
    const text = pdfText(path);
    for (const row of rows) expectWhole(text, row);
    // Each row printed once, in order.
    const firstLines = text.split('\n').filter((line) => /^\s*\d\d-\d\d-2025\s/.test(line));
    expect(firstLines).toHaveLength(rows.length);
  });

  it('gives a breakdown that crosses a page break its own title and header row on each page, never the main table’s', async () => {
    const methods: ReportBreakdown = {
      ...BREAKDOWN,
      rows: Array.from({ length: 150 }, (_, i) => ({ row_id: `m${i}`, method: `Method number ${i}`, gifts: i, net_cents: i * 100 })),
    };
    const rows = sampleRows(30);
    const { path } = await writeFile(writePdf, reportInput(rows, { breakdown: methods }), 'breakdown.pdf');
    const pages = pdfPages(path);
    const withBreakdown = Array.from({ length: pages }, (_, i) => i + 1).filter((page) => /Method number \d+/.test(pdfText(path, page)));
    expect(withBreakdown.length).toBeGreaterThan(1);
    for (const page of withBreakdown) {
      const lines = pdfText(path, page).split('\n');
      const firstMethod = lines.findIndex((line) => /Method number \d+/.test(line));
      const head = lines.findIndex((line) => /^\s*Method\s+Gifts\s+Net\s*$/.test(line));
      expect(head, `page ${page}: the breakdown's own header`).toBeGreaterThanOrEqual(0);
      expect(head).toBeLessThan(firstMethod);
      expect(lines.slice(0, head).some((line) => line.includes('By method')), `page ${page}: its title`).toBe(true);
      // Above the breakdown's rows, no header but its own (the main table's only above its own rows, on the page they end on).
      const mainHead = lines.findIndex((line) => MAIN_HEADER.test(line));
      if (mainHead >= 0) expect(lines.slice(mainHead, firstMethod).some((line) => /^\s*Total\b/.test(line)), `page ${page}`).toBe(true);
      else expect(lines.some((line) => /^\s*\d\d-\d\d-2025\s/.test(line)), `page ${page}`).toBe(false);
    }
    const last = pdfText(path, withBreakdown.at(-1)!);
    expect(last).toContain('Method number 149');
    expect(last).toMatch(/^\s*Total\s+11,175\s+\$11,175\.00\s*$/m);
  });

  it('splits only a row taller than a page, printing all of it, and prints a report without rows on one page', async () => {
    const words = Array.from({ length: 900 }, (_, i) => `w${String(i).padStart(3, '0')}`);
    const rows = [donation(0), donation(1, { address: words.join(' ') }), donation(2)];
    const { path } = await writeFile(writePdf, reportInput(rows, { breakdown: null }), 'tall.pdf');
    const pages = pdfPages(path);
    expect(pages).toBeGreaterThan(1);
    const printed = pdfText(path).match(/\bw\d\d\d\b/g);
    expect(printed).toEqual(words);
    expect(pdfText(path, pages)).toContain(`Page ${pages} of ${pages}`);

    const empty = await writeFile(writePdf, reportInput([], { breakdown: null }), 'empty.pdf');
    expect(pdfPages(empty.path)).toBe(1);
    const onlyPage = pdfText(empty.path);
    expect(onlyPage).toContain('Page 1 of 1');
    expect(onlyPage).toMatch(MAIN_HEADER);
    expect(onlyPage).toMatch(/^\s*Total\b/m);
  });

  it('prints a wide report landscape and a narrow one portrait', async () => {
    const wide = await writeFile(writePdf, reportInput(sampleRows(5)), 'wide.pdf');
    expect(execFileSync('pdfinfo', [wide.path]).toString('utf8')).toMatch(/Page size:\s+792 x 612/);
    const columns: ReportColumn[] = [
      { key: 'paying_date', header: 'Date', kind: 'date', width: 11 },
      { key: 'donor_name', header: 'Donor', kind: 'text', width: 22 },
      { key: 'amount_cents', header: 'Amount', kind: 'money', width: 13, total: true },
    ];
    const narrow = await writeFile(writePdf, reportInput(sampleRows(5), { columns, breakdown: null }), 'narrow.pdf');
    expect(execFileSync('pdfinfo', [narrow.path]).toString('utf8')).toMatch(/Page size:\s+612 x 792/);
    expect(pdfText(narrow.path)).toMatch(/Date\s+Donor\s+Amount/);
  });

  it('draws 10,000 rows: "Page x of y" right on the first and last page, the totals never cut', async () => {
    const rows = sampleRows(10_000).map((row, i) => ({ ...row, address: `${i} Broadway, New York, NY 10025` }));
    const input = reportInput(rows);
    const { path } = await writeFile(writePdf, input, 'large.pdf');
    const pages = pdfPages(path);
    expect(pdfText(path, 1)).toContain(`Page 1 of ${pages}`);
    const last = pdfText(path, pages);
    expect(last).toContain(`Page ${pages} of ${pages}`);
    expect(last).toContain(moneyText(input.totals.amount_cents!));
    expect(last).toContain(moneyText(input.totals.net_cents!));
  }, 180_000);
});

describe('a failing output', () => {
  it.each([
    ['CSV', writeCsv],
    ['XLSX', writeXlsx],
    ['PDF', writePdf],
  ] as const)('makes the %s writer reject with its error', async (_, write) => {
    let written = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written > 20_000) callback(new Error('disk full'));
        else setImmediate(callback);
      },
    });
    await expect(write(reportInput(sampleRows(2_000)), out)).rejects.toThrow('disk full');
  });
});
