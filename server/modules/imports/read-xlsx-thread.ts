/**
 * How read-table.ts reads an XLSX: read-xlsx.ts (exceljs) runs in a worker thread of its own
 * (xlsx-thread.ts), and its rows come back in batches. exceljs's parsing and the garbage it makes
 * took about half of the main thread during a validation; on the second core they overlap with the
 * row checks instead. Closing stops the thread.
 */
import { Worker } from 'node:worker_threads';
import { ImportFileError } from './file-errors';
import type { RawRow, RawTable } from './table-types';
import type { XlsxThreadInput, XlsxThreadMessage } from './xlsx-thread';

type Received = XlsxThreadMessage | { type: 'exit' };

function errorOf(message: Received): Error {
  if (message.type === 'error') return new ImportFileError(message.code, message.rowNumber);
  if (message.type === 'failure') return new Error(message.message);
  return new ImportFileError('IMPORT_FILE_UNREADABLE');
}

/** Node's code for a worker thread stopped at its heap limit. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * The thread's own heap cap (V8's old generation; the young one is 8 MB), whatever the process's:
 * what reading one workbook can take, at most. With the shared strings bounded to
 * UPLOAD_LIMITS.maxSharedStringsBytes of XML it is rarely reached; a workbook that does (strings
 * made of many tiny rich-text runs, each an object) stops the thread, not the server.
 */
export const XLSX_THREAD_HEAP_MB = 256;

/**
 * `heapMb` caps the thread's heap (tests; default XLSX_THREAD_HEAP_MB). A workbook whose shared
 * strings (held whole while the sheet is read) exceed it stops the thread, not the server, and is
 * refused as IMPORT_FILE_TOO_MUCH_TEXT.
 */
export async function readXlsxInThread(path: string, options: { sheet?: string | null; heapMb?: number } = {}): Promise<RawTable> {
  const input: XlsxThreadInput = { entry: new URL('./xlsx-thread.ts', import.meta.url).href, path, sheet: options.sheet ?? null };
  const resourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: options.heapMb ?? XLSX_THREAD_HEAP_MB };
  const worker = new Worker(new URL('./xlsx-thread-boot.mjs', import.meta.url), { execArgv: [], workerData: input, resourceLimits });
  const queue: Received[] = [];
  let wake: (() => void) | null = null;
  const receive = (message: Received) => {
    queue.push(message);
    wake?.();
    wake = null;
  };
  worker.on('message', receive);
  worker.on('error', (error: unknown) => {
    if ((error as { code?: unknown }).code === OUT_OF_MEMORY) receive({ type: 'error', code: 'IMPORT_FILE_TOO_MUCH_TEXT', rowNumber: null });
    else receive({ type: 'failure', message: error instanceof Error ? error.message : String(error) });
  });
  worker.on('exit', () => receive({ type: 'exit' }));
  const next = async (): Promise<Received> => {
    while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return queue.shift()!;
  };
  const close = async () => {
    await worker.terminate();
  };

  const first = await next();
  if (first.type !== 'info') {
    await close();
    throw errorOf(first);
  }

  async function* rows(): AsyncGenerator<RawRow> {
    for (;;) {
      const message = await next();
      if (message.type === 'rows') {
        worker.postMessage('more');
        yield* message.rows;
      } else if (message.type === 'end') {
        return;
      } else {
        throw errorOf(message);
      }
    }
  }

  return { info: first.info, rows: rows(), close };
}
