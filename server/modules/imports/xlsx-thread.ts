/**
 * The XLSX reader's own thread (started by read-xlsx-thread.ts through xlsx-thread-boot.mjs).
 * exceljs parses the sheet here, so its parsing and its garbage no longer share the main thread
 * with the row checks. Rows go to the main thread in batches, at most READ_AHEAD batches ahead of
 * what it has taken (it answers 'more' for each batch it takes): memory stays bounded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ImportFileError, type ImportFileErrorCode } from './file-errors';
import { readXlsx } from './read-xlsx';
import type { RawRow, TableInfo } from './table-types';

const BATCH = 1_000;
const READ_AHEAD = 2;

export interface XlsxThreadInput {
  entry: string;
  path: string;
  sheet: string | null;
}

/** What the thread sends: the sheet's info once, rows in batches, then the end or why it stopped. */
export type XlsxThreadMessage =
  | { type: 'info'; info: TableInfo }
  | { type: 'rows'; rows: RawRow[] }
  | { type: 'end' }
  | { type: 'error'; code: ImportFileErrorCode; rowNumber: number | null }
  | { type: 'failure'; message: string };

const port = parentPort!;
const input = workerData as XlsxThreadInput;
const send = (message: XlsxThreadMessage) => port.postMessage(message);

let credits = READ_AHEAD;
let wake: (() => void) | null = null;
port.on('message', (message: unknown) => {
  if (message !== 'more') return;
  credits += 1;
  wake?.();
  wake = null;
});

async function sendRows(rows: RawRow[]): Promise<void> {
  while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
  credits -= 1;
  send({ type: 'rows', rows });
}

async function run(): Promise<void> {
  const table = await readXlsx(input.path, { sheet: input.sheet });
  try {
    send({ type: 'info', info: table.info });
    let batch: RawRow[] = [];
    for await (const row of table.rows) {
      batch.push(row);
      if (batch.length >= BATCH) {
        await sendRows(batch);
        batch = [];
      }
    }
    if (batch.length > 0) await sendRows(batch);
    send({ type: 'end' });
  } finally {
    await table.close();
  }
}

run().catch((error: unknown) => {
  if (error instanceof ImportFileError) send({ type: 'error', code: error.code, rowNumber: error.rowNumber });
  else send({ type: 'failure', message: error instanceof Error ? error.message : String(error) });
});
