/**
 * XLSX, streamed with exceljs's parsers (never `readFile`: the workbook is not built in memory), one
 * part at a time, each inflated straight from its place in the file (zip-entry-stream.ts). Every
 * part is found by the central directory (zip-guard.ts, which has checked it), so the order of the
 * parts does not matter: exceljs's own WorkbookReader reads the zip front to back and copies a
 * worksheet that comes before the shared strings (as Excel writes them) to a temporary file of
 * unbounded size that it leaves behind when reading stops early; here nothing is written to disk.
 * The parts read, in order: the workbook and its relationships (the sheets), the styles (date
 * formats), the shared strings (held as plain text; at most UPLOAD_LIMITS.maxSharedStringsBytes of
 * XML, counted as inflated), then the one sheet wanted: the one named, else the first visible one.
 * Everything inflated counts against UPLOAD_LIMITS.maxUncompressedBytes, whatever the directory says.
 *
 * Cells become text as a person sees them: date cells 'YYYY-MM-DD', numbers in plain decimals (no
 * exponent, no float noise), text kept as typed (numbers stored as text keep their leading zeros),
 * formulas their cached result, rich text and links their text. A row with a value past
 * UPLOAD_LIMITS.maxColumns or a cell longer than maxCellLength stops the reading here, in the
 * reader's thread, before the row is sent anywhere.
 */
import path from 'node:path';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { UPLOAD_LIMITS } from '../../../domain/imports/api-contract';
import { ImportFileError } from './file-errors';
import type { RawRow, RawTable } from './table-types';
import { openEntry, type InflateBudget } from './zip-entry-stream';
import { SHARED_STRINGS_PART, zipDirectory, type ZipEntry } from './zip-guard';

/** A number as plain decimal text: 2125550142 → '2125550142', 1250.5 → '1250.5', 0.1 + 0.2 → '0.3'. */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return BigInt(value).toString();
  const fixed = value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}

function isoDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}

/** A cell's value (exceljs's shapes) as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if (typeof value === 'object') {
    const v = value as { richText?: { text?: string }[]; text?: unknown; result?: unknown; error?: unknown; formula?: unknown; sharedFormula?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text ?? '').join('');
    if ('error' in v && v.error !== undefined) return '';
    if ('result' in v || 'formula' in v || 'sharedFormula' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
  }
  return '';
}

/**
 * The text as a string of its own. exceljs's cell strings are slices of the 64 KB piece of XML they
 * were parsed from, and V8 keeps that whole piece alive as long as the slice lives: the duplicate
 * keys a validation keeps for the whole file (e-mails, phones) held most of the sheet's XML (45 MB
 * instead of 12 MB for 100,000 keys of a 50,000-row file), and its growing heap doubled the garbage
 * collector's share of the validation. Concatenating copies the characters; slicing one off keeps
 * only that small copy.
 */
export function ownString(text: string): string {
  return text.length === 0 ? text : (' ' + text).slice(1);
}

interface SheetReader extends AsyncIterable<{ number: number; values: unknown[] }> {
  name: string;
  id: number;
  state?: string;
}

/** The parts of exceljs 4.4's WorkbookReader used here: its parsers of one part each, fed our own streams. */
interface WorkbookParts {
  options: Record<string, unknown>;
  model?: { sheets?: { name: string; state?: string; rId?: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  sharedStrings?: unknown[];
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<{ index: number; text: unknown }>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: SheetReader }>;
}

const WORKBOOK_PART = 'xl/workbook.xml';
const WORKBOOK_RELS_PART = 'xl/_rels/workbook.xml.rels';
const STYLES_PART = 'xl/styles.xml';

/** A relationship's target as a zip entry name ('worksheets/sheet1.xml' is relative to xl/). */
function partName(target: string): string {
  return path.posix.normalize(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
}

/** The row's cells as trimmed text, refused when one is too long or one past the last column we read holds something. */
function rowCells(row: { number: number; values: unknown[] }): string[] {
  const values = Array.isArray(row.values) ? row.values : [];
  const cells: string[] = [];
  for (let i = 1; i < values.length; i++) {
    const text = cellText(values[i]).trim();
    if (i > UPLOAD_LIMITS.maxColumns) {
      if (text !== '') throw new ImportFileError('IMPORT_FILE_TOO_MANY_COLUMNS', row.number);
      continue;
    }
    if (text.length > UPLOAD_LIMITS.maxCellLength) throw new ImportFileError('IMPORT_FILE_CELL_TOO_LONG', row.number);
    cells.push(ownString(text));
  }
  return cells;
}

export async function readXlsx(file: string, options: { sheet?: string | null } = {}): Promise<RawTable> {
  const entries = new Map<string, ZipEntry>((await zipDirectory(file)).map((entry) => [entry.name, entry]));
  const budget: InflateBudget = { left: UPLOAD_LIMITS.maxUncompressedBytes };
  const opened: Readable[] = [];
  const part = async (name: string, limit: Parameters<typeof openEntry>[3] = { bytes: UPLOAD_LIMITS.maxUncompressedBytes }): Promise<Readable | null> => {
    const entry = entries.get(name);
    if (!entry) return null;
    const stream = await openEntry(file, entry, budget, limit);
    opened.push(stream);
    return stream;
  };
  const stopAll = () => {
    for (const stream of opened) stream.destroy();
  };
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit', entries: 'ignore' }) as unknown as WorkbookParts;

  let sheet: SheetReader;
  let names: string[];
  try {
    const rels = await part(WORKBOOK_RELS_PART);
    const workbook = await part(WORKBOOK_PART);
    if (!rels || !workbook) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    await reader._parseRels(rels);
    await reader._parseWorkbook(workbook);
    const sheets = reader.model?.sheets ?? [];
    names = sheets.map((s) => s.name);
    const wanted = options.sheet ? sheets.find((s) => s.name === options.sheet) : (sheets.find((s) => s.state !== 'hidden' && s.state !== 'veryHidden') ?? sheets[0]);
    const target = wanted && reader.workbookRels?.find((rel) => rel.Id === wanted.rId)?.Target;
    const sheetPart = target ? partName(target) : null;
    if (!wanted || !sheetPart || !entries.has(sheetPart)) throw new ImportFileError(options.sheet ? 'IMPORT_SHEET_NOT_FOUND' : 'IMPORT_FILE_EMPTY');

    const styles = await part(STYLES_PART);
    if (styles) await reader._parseStyles(styles);

    const sharedStrings = await part(SHARED_STRINGS_PART, { bytes: UPLOAD_LIMITS.maxSharedStringsBytes, code: 'IMPORT_FILE_TOO_MUCH_TEXT' });
    if (sharedStrings) {
      // Plain text only (rich text's runs joined, as a cell shows them), each a string of its own.
      const strings: string[] = [];
      reader.options.sharedStrings = 'emit';
      for await (const { text } of reader._parseSharedStrings(sharedStrings)) strings.push(ownString(cellText(text)));
      reader.options.sharedStrings = 'cache';
      reader.sharedStrings = strings;
    }

    const source = (await part(sheetPart))!;
    const sheetNo = /sheet(\d+)\.xml$/.exec(sheetPart)?.[1] ?? '0';
    const emitted = [...reader._parseWorksheet(source, sheetNo)].find((event) => event.eventType === 'worksheet');
    if (!emitted) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    sheet = emitted.value;
    sheet.name = wanted.name;
  } catch (error) {
    stopAll();
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('IMPORT_FILE_UNREADABLE');
  }

  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for await (const row of sheet) yield { rowNumber: row.number, cells: rowCells(row) };
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    } finally {
      stopAll();
    }
  }

  return {
    info: { format: 'xlsx', sheets: names, sheet: sheet.name, delimiter: null, encoding: null },
    rows: rows(),
    async close() {
      stopAll();
    },
  };
}
