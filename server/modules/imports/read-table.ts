/**
 * The one way to read an import file: what it is (sniff-file.ts), its header row (the first row
 * that is not blank; blank headers become 'Column N'; two equal headers are refused), then its data
 * rows as text cells aligned with the headers (a row with more non-blank cells than headers keeps
 * them, for the row reader to refuse: see TableRow), streamed and bounded (UPLOAD_LIMITS: rows,
 * columns, cell length). Blank rows are skipped but keep their number. A file with a header and no
 * data is refused when opened.
 */
import { UPLOAD_LIMITS } from '../../../domain/imports/api-contract';
import { ImportFileError } from './file-errors';
import { readCsv } from './read-csv';
import { readXlsxInThread } from './read-xlsx-thread';
import { takeReadSlot, type SlotRequest } from './read-slots';
import { sniffFile } from './sniff-file';
import type { RawRow, TableInfo } from './table-types';

export type { TableInfo } from './table-types';

export interface TableRow {
  /** 1-based record number in the file; the header row is 1 when it is the first. */
  rowNumber: number;
  /**
   * Aligned with the headers; missing cells ''. A row with more cells than there are headers keeps
   * them all when one past the last header is not blank (an unquoted separator, a stray quote, a
   * value typed beside the table): mappedRow (domain/imports/rows.ts) sees it and the row is refused
   * with its reason, never read with its values dropped or shifted. Blank extra cells (trailing
   * separators) are dropped.
   */
  cells: string[];
}

export interface TableReader {
  info: TableInfo;
  headers: string[];
  rows: AsyncIterable<TableRow>;
  close(): Promise<void>;
}

const isBlank = (cells: string[]) => cells.every((c) => c.trim() === '');

function checkCells(row: RawRow): void {
  if (row.cells.length > UPLOAD_LIMITS.maxColumns && row.cells.slice(UPLOAD_LIMITS.maxColumns).some((c) => c.trim() !== '')) {
    throw new ImportFileError('IMPORT_FILE_TOO_MANY_COLUMNS', row.rowNumber);
  }
  if (row.cells.some((c) => c.length > UPLOAD_LIMITS.maxCellLength)) throw new ImportFileError('IMPORT_FILE_CELL_TOO_LONG', row.rowNumber);
}

function headersOf(cells: string[]): string[] {
  let last = cells.length;
  while (last > 0 && cells[last - 1]!.trim() === '') last--;
  const headers = cells.slice(0, last).map((cell, i) => cell.replace(/^\uFEFF/, '').trim() || `Column ${i + 1}`);
  const seen = new Set<string>();
  for (const header of headers) {
    const key = header.toLowerCase();
    if (seen.has(key)) throw new ImportFileError('IMPORT_FILE_DUPLICATE_HEADERS');
    seen.add(key);
  }
  return headers;
}

export interface OpenOptions extends SlotRequest {
  sheet?: string | null;
}

/** Opens the file once a read slot is free (read-slots.ts); closing the reader frees it. */
export async function openTable(path: string, fileName: string, options: OpenOptions = {}): Promise<TableReader> {
  const format = await sniffFile(path, fileName);
  const free = await takeReadSlot(options);
  let raw: Awaited<ReturnType<typeof readCsv>>;
  try {
    raw = format === 'xlsx' ? await readXlsxInThread(path, { sheet: options.sheet ?? null }) : await readCsv(path);
  } catch (error) {
    free();
    throw error;
  }
  const close = async () => {
    try {
      await raw.close();
    } finally {
      free();
    }
  };
  const iterator = raw.rows[Symbol.asyncIterator]();
  try {
    let header: RawRow | null = null;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      checkCells(next.value);
      if (!isBlank(next.value.cells)) {
        header = next.value;
        break;
      }
    }
    if (!header) throw new ImportFileError('IMPORT_FILE_EMPTY');
    const headers = headersOf(header.cells);
    if (headers.length > UPLOAD_LIMITS.maxColumns) throw new ImportFileError('IMPORT_FILE_TOO_MANY_COLUMNS', header.rowNumber);
    let first: RawRow | null = null;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      checkCells(next.value);
      if (!isBlank(next.value.cells)) {
        first = next.value;
        break;
      }
    }
    if (!first) throw new ImportFileError('IMPORT_FILE_HEADER_ONLY');
    const align = (cells: string[]) => {
      const aligned = headers.map((_, i) => cells[i] ?? '');
      const past = cells.slice(headers.length);
      return past.some((c) => c.trim() !== '') ? [...aligned, ...past] : aligned;
    };
    const firstRow = first;

    async function* rows(): AsyncGenerator<TableRow> {
      let count = 1;
      yield { rowNumber: firstRow.rowNumber, cells: align(firstRow.cells) };
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        checkCells(next.value);
        if (isBlank(next.value.cells)) continue;
        count++;
        if (count > UPLOAD_LIMITS.maxRows) throw new ImportFileError('IMPORT_FILE_TOO_MANY_ROWS', next.value.rowNumber);
        yield { rowNumber: next.value.rowNumber, cells: align(next.value.cells) };
      }
    }

    return { info: raw.info, headers, rows: rows(), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The headers and the first `limit` rows, then closes the reader (for the preview). */
export async function previewTable(path: string, fileName: string, options: OpenOptions & { limit?: number } = {}) {
  const table = await openTable(path, fileName, options);
  const samples: string[][] = [];
  try {
    for await (const row of table.rows) {
      samples.push(row.cells);
      if (samples.length >= (options.limit ?? 5)) break;
    }
  } finally {
    await table.close();
  }
  return { info: table.info, headers: table.headers, samples };
}
