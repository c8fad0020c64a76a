/**
 * XLSX, streamed with exceljs's WorkbookReader (never `readFile`: the workbook is not built in
 * memory), after zip-guard.ts has checked the archive's directory. One sheet is read: the one named,
 * else the first. Cells become text as a person sees them: date cells 'YYYY-MM-DD', numbers in
 * plain decimals (no exponent, no float noise), text kept as typed (numbers stored as text keep
 * their leading zeros), formulas their cached result, rich text and links their text.
 *
 * Residual risk: the directory's sizes are checked, not what the inflater really produces; a zip that
 * lies about them is still bounded by the row, column and cell limits of read-table.ts, except the
 * shared-strings part, which exceljs keeps in memory (bounded in practice by the 20 MB upload).
 */
import ExcelJS from 'exceljs';
import { ImportFileError } from './file-errors';
import type { RawRow, RawTable } from './table-types';
import { zipEntries } from './zip-guard';

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

export async function readXlsx(path: string, options: { sheet?: string | null } = {}): Promise<RawTable> {
  await zipEntries(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'emit',
  });
  const sheets = reader as unknown as AsyncIterable<SheetReader> & { model?: { sheets?: { name: string; state?: string }[] } };
  const iterator = sheets[Symbol.asyncIterator]();
  let chosen: SheetReader | null = null;
  let names: string[] = [];
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const sheet = next.value;
      names = (sheets.model?.sheets ?? []).map((s) => s.name);
      const wanted = options.sheet ?? (sheets.model?.sheets ?? []).find((s) => s.state !== 'hidden' && s.state !== 'veryHidden')?.name ?? sheet.name;
      if (sheet.name === wanted) {
        chosen = sheet;
        break;
      }
      for await (const row of sheet) void row; // skip a sheet that is not the one wanted
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError('IMPORT_FILE_UNREADABLE');
  }
  if (!chosen) {
    await iterator.return?.();
    throw new ImportFileError(options.sheet ? 'IMPORT_SHEET_NOT_FOUND' : 'IMPORT_FILE_EMPTY');
  }
  const sheet = chosen;

  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values : [];
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(ownString(cellText(values[i]).trim()));
        yield { rowNumber: row.number, cells };
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    }
  }

  return {
    info: { format: 'xlsx', sheets: names, sheet: sheet.name, delimiter: null, encoding: null },
    rows: rows(),
    async close() {
      await iterator.return?.().catch(() => undefined);
    },
  };
}
