/**
 * Hostile import files, each generated here (small on disk, hundreds of MB once unpacked), read the
 * way a preview and a validation read them (read-table.ts). Each asserts the answer AND what reading
 * it cost: the growth of the process's RSS (the XLSX thread included) and of the temporary folder
 * (TMPDIR, where exceljs's own reader would copy a worksheet; our reader writes nothing), sampled
 * while it reads and measured after.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflatedPart, xlsxOfParts } from '../../../tests/fixtures/imports/zip';
import { openTable, previewTable } from './read-table';

const MB = 1024 * 1024;
/**
 * The RSS growth allowed for reading one hostile file: the XLSX thread's heap is capped at 256 MB
 * (read-xlsx-thread.ts) and nothing reaches it here but the shared strings' 64 MB of XML, the 50 MB
 * cell and saxes' buffers. Measured 0–136 MB (2026-11-28); before this fix the lying shared strings
 * alone took ~1 GB.
 */
const RSS_BOUND_MB = 200;
const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/imports/', import.meta.url));
const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const SHEET_OPEN = `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
const SHEET_CLOSE = '</sheetData></worksheet>';

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const headerRow = `<row r="1">${cell('A1', 'name')}${cell('B1', 'donor_email')}</row>`;
const dataRows = (count: number) => Array.from({ length: count }, (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, `Donor ${i}`)}${cell(`B${i + 2}`, `d${i}@example.org`)}</row>`).join('');

/** `total` bytes of `unit` repeated, yielded 1 MB at a time. */
function* repeated(unit: string, total: number): Generator<string> {
  const chunk = unit.repeat(Math.ceil(MB / unit.length));
  for (let done = 0; done < total; done += chunk.length) yield chunk;
}

/** `total` bytes of XML comments of 1 KB. */
const padding = (total: number) => repeated(`<!--${'x'.repeat(1017)}-->`, total);

/** A shared-strings table of `count` distinct strings of ~150 characters, 10,000 at a time. */
function* sharedStrings(count: number): Generator<string> {
  yield `${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">`;
  const words = "Mary-Jane O'Brien of 245 West 72nd Street, Apartment 12, New York ";
  for (let from = 0; from < count; from += 10_000) {
    let chunk = '';
    for (let i = from; i < Math.min(count, from + 10_000); i++) chunk += `<si><t>${words}${words}${i.toString(36).padStart(8, '0')}</t></si>`;
    yield chunk;
  }
  yield '</sst>';
}

let dir: string;
let temp: string;
const files: Record<string, string> = {};

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => null);
    if (!info) continue;
    total += info.isDirectory() ? await folderBytes(join(folder, name)) : info.size;
  }
  return total;
}

interface Cost {
  answer: string;
  rssGrowthMb: number;
  tempPeakMb: number;
  tempLeftMb: number;
}

/** Runs `work`, sampling the RSS and the temporary folder every 20 ms while it runs. */
async function cost(work: () => Promise<unknown>): Promise<Cost> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage.rss();
  const tempBefore = await folderBytes(temp);
  let rssPeak = rssBefore;
  let tempPeak = tempBefore;
  let running = true;
  const sampler = (async () => {
    while (running) {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
      tempPeak = Math.max(tempPeak, await folderBytes(temp));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let answer = 'read';
  try {
    await work();
  } catch (error) {
    answer = (error as { code?: string }).code ?? String(error);
  }
  running = false;
  await sampler;
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  const tempAfter = await folderBytes(temp);
  return { answer, rssGrowthMb: Math.round((rssPeak - rssBefore) / MB), tempPeakMb: Math.round((tempPeak - tempBefore) / MB), tempLeftMb: Math.round((tempAfter - tempBefore) / MB) };
}

/** A validation's read: every row. */
async function readAll(path: string, name: string): Promise<number> {
  const table = await openTable(path, name);
  let rows = 0;
  try {
    for await (const row of table.rows) rows += row.cells.length > 0 ? 1 : 0;
  } finally {
    await table.close();
  }
  return rows;
}

const preview = (path: string, name: string) => previewTable(path, name, { limit: 5 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdt-hostile-'));
  // Where exceljs's reader (tmp) would put its copies: a folder of this test's own, measured.
  temp = join(dir, 'tmp');
  await mkdir(temp);
  process.env.TMPDIR = temp;
  const write = async (name: string, data: Buffer) => {
    files[name] = join(dir, name);
    await writeFile(files[name], data);
  };
  const small = (name: string, text: string, declared?: number) => deflatedPart(name, [text], declared);
  const sheet = 'xl/worksheets/sheet1.xml';

  // Declared 10 KB, unpacks to 300 MB: a header, a row, then comments. No shared strings at all.
  await write('lying-sizes.xlsx', xlsxOfParts(await deflatedPart(sheet, [SHEET_OPEN, headerRow, dataRows(1), ...padding(300 * MB), SHEET_CLOSE], 10_000)));
  // 700,000 distinct strings (~110 MB of XML), declared truthfully: under the 200 MB and 200:1 checks.
  await write('huge-shared-strings.xlsx', xlsxOfParts(await small(sheet, `${SHEET_OPEN}${headerRow}<row r="2"><c r="A2" t="s"><v>699999</v></c></row>${SHEET_CLOSE}`), await deflatedPart('xl/sharedStrings.xml', sharedStrings(700_000))));
  // 1,500,000 distinct strings (~240 MB), declared as 1 MB.
  await write('lying-shared-strings.xlsx', xlsxOfParts(await small(sheet, `${SHEET_OPEN}${headerRow}<row r="2"><c r="A2" t="s"><v>1</v></c></row>${SHEET_CLOSE}`), await deflatedPart('xl/sharedStrings.xml', sharedStrings(1_500_000), MB)));
  // Excel's order: the sheet (10 rows, then 150 MB of comments, declared 20 KB) before the shared strings.
  await write(
    'sheet-before-strings.xlsx',
    xlsxOfParts(await deflatedPart(sheet, [SHEET_OPEN, headerRow, dataRows(10), ...padding(150 * MB), SHEET_CLOSE], 20_000), await small('xl/sharedStrings.xml', `${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>x</t></si></sst>`), {
      sheetFirst: true,
    }),
  );
  // Billion laughs: ten levels of ten, in the sheet.
  const entities = Array.from({ length: 10 }, (_, level) => `<!ENTITY e${level} "${level === 0 ? 'lol' : `&e${level - 1};`.repeat(10)}">`).join('');
  await write('entity-expansion.xlsx', xlsxOfParts(await small(sheet, `${XML}<!DOCTYPE worksheet [${entities}]><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${headerRow}<row r="2">${cell('A2', '&e9;')}</row>${SHEET_CLOSE}`)));
  // One cell of 50 MB on one line, declared 100 KB (declared truthfully, the zip guard refuses it: 1,000:1).
  await write('long-line.xlsx', xlsxOfParts(await deflatedPart(sheet, [SHEET_OPEN, headerRow, '<row r="2"><c r="A2" t="inlineStr"><is><t>', ...repeated('a', 50 * MB), '</t></is></c></row>', SHEET_CLOSE], 100_000)));
  // 100 rows of 16,384 cells (every column XLSX has), ~57 MB declared as 1 MB.
  const wide = (r: number) => {
    let row = `<row r="${r}">`;
    for (let c = 0; c < 16_384; c++) {
      let letters = '';
      for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
      row += `<c r="${letters}${r}" t="inlineStr"><is><t>v</t></is></c>`;
    }
    return `${row}</row>`;
  };
  await write('wide.xlsx', xlsxOfParts(await deflatedPart(sheet, (function* () {
    yield SHEET_OPEN;
    for (let r = 1; r <= 100; r++) yield wide(r);
    yield SHEET_CLOSE;
  })(), MB)));
  // CSV: a 19 MB line (under the 20 MB upload limit), and a header of 100,000 columns.
  files['long-line.csv'] = join(dir, 'long-line.csv');
  await new Promise<void>((resolve, reject) => {
    const out = createWriteStream(files['long-line.csv']!).on('error', reject);
    out.write('name,donor_email\n"');
    for (let i = 0; i < 19; i++) out.write('y'.repeat(MB));
    out.end('",x@example.org\n', () => resolve());
  });
  await write('wide.csv', Buffer.from(`${Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',')}\n${'1,'.repeat(99_999)}1\n`));
}, 240_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('hostile files: the answer, and what reading them cost', () => {
  it('the small files are small on disk', async () => {
    for (const name of ['lying-sizes.xlsx', 'huge-shared-strings.xlsx', 'lying-shared-strings.xlsx', 'sheet-before-strings.xlsx', 'long-line.xlsx', 'wide.xlsx']) {
      expect((await stat(files[name]!)).size, name).toBeLessThan(8 * MB);
    }
  });

  it.each([
    ['zip bomb (declared)', FIXTURES + 'zip-bomb.xlsx', 'IMPORT_FILE_ZIP_BOMB'],
    ['lying sizes: declared 10 KB, unpacks to 300 MB', 'lying-sizes.xlsx', 'IMPORT_FILE_ZIP_BOMB'],
    ['huge shared strings (110 MB, declared)', 'huge-shared-strings.xlsx', 'IMPORT_FILE_TOO_MUCH_TEXT'],
    ['lying shared strings (240 MB declared as 1 MB)', 'lying-shared-strings.xlsx', 'IMPORT_FILE_TOO_MUCH_TEXT'],
    ['entity expansion', 'entity-expansion.xlsx', 'IMPORT_FILE_UNREADABLE'],
    ['a 50 MB line (one cell)', 'long-line.xlsx', 'IMPORT_FILE_CELL_TOO_LONG'],
    ['16,384 columns × 100 rows', 'wide.xlsx', 'IMPORT_FILE_TOO_MANY_COLUMNS'],
    ['a 19 MB CSV line', 'long-line.csv', 'IMPORT_FILE_CELL_TOO_LONG'],
    ['a CSV of 100,000 columns', 'wide.csv', 'IMPORT_FILE_TOO_MANY_COLUMNS'],
  ])('%s → %s, RSS and temporary folder bounded', async (_label, file, code) => {
    const path = files[file] ?? file;
    const read = await cost(() => readAll(path, path.endsWith('.csv') ? 'file.csv' : 'file.xlsx'));
    expect(read.answer).toBe(code);
    expect(read.rssGrowthMb, JSON.stringify(read)).toBeLessThan(RSS_BOUND_MB);
    expect([read.tempPeakMb, read.tempLeftMb]).toEqual([0, 0]);
  });

  it('a worksheet before the shared strings, declared 20 KB, 150 MB inside: the preview reads its first rows and nothing is copied to disk', async () => {
    const read = await cost(async () => {
      const result = await preview(files['sheet-before-strings.xlsx']!, 'file.xlsx');
      expect(result.headers).toEqual(['name', 'donor_email']);
      expect(result.samples).toEqual(Array.from({ length: 5 }, (_, i) => [`Donor ${i}`, `d${i}@example.org`]));
    });
    expect(read.answer).toBe('read');
    expect(read.rssGrowthMb, JSON.stringify(read)).toBeLessThan(100);
    expect([read.tempPeakMb, read.tempLeftMb]).toEqual([0, 0]);
    // Read whole (a validation): 150 MB is under the 200 MB cap, so it reads to the end, still without a copy.
    const whole = await cost(() => readAll(files['sheet-before-strings.xlsx']!, 'file.xlsx'));
    expect(whole.answer).toBe('read');
    expect(whole.rssGrowthMb, JSON.stringify(whole)).toBeLessThan(RSS_BOUND_MB);
    expect([whole.tempPeakMb, whole.tempLeftMb]).toEqual([0, 0]);
  });
});
