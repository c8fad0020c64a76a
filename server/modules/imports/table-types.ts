/** What the CSV and XLSX readers hand to read-table.ts. */

export interface TableInfo {
  format: 'csv' | 'xlsx';
  /** XLSX: the workbook's sheets in order; [] for CSV. */
  sheets: string[];
  sheet: string | null;
  delimiter: string | null;
  encoding: string | null;
}

/** A record of the file: its 1-based number (the header is row 1 when it is the first) and its cells as text. */
export interface RawRow {
  rowNumber: number;
  cells: string[];
}

export interface RawTable {
  info: TableInfo;
  rows: AsyncIterable<RawRow>;
  close(): Promise<void>;
}
