/**
 * An upload's error report: a CSV (UTF-8 with BOM, CRLF) of the file's own columns as read plus
 * `row_number` and `reason`, one line per rejected or duplicate row, in file order. Every cell goes
 * through csvCell, so formula-like text (= + - @, tab, CR) is neutralised. Written to private
 * storage (streamed from the database page by page); a new report replaces the old one.
 */
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { csvCell } from '../../../domain/imports/templates';
import { privateFileKey } from '../storage/private-storage';
import { rowsPage, type UploadRecord } from './upload-repository';

const PAGE = 5_000;

/** The report's lines: the header, then the rows that were not imported. */
async function* reportLines(app: FastifyInstance, uploadId: string, headers: readonly string[]): AsyncGenerator<string> {
  yield `\uFEFF${[...headers, 'row_number', 'reason'].map(csvCell).join(',')}\r\n`;
  for (let after = 0; ; ) {
    const rows = await rowsPage(app.db, uploadId, after, PAGE, ['rejected', 'duplicate']);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const cells = headers.map((_, i) => row.cells[i] ?? '');
      chunk += `${[...cells, String(row.rowNumber), row.reason ?? ''].map(csvCell).join(',')}\r\n`;
    }
    yield chunk;
    after = rows[rows.length - 1]!.rowNumber;
  }
}

/** Writes the report; answers its key, or null when every row went through (an old report is deleted). */
export async function writeErrorReport(app: FastifyInstance, upload: UploadRecord, headers: readonly string[]): Promise<string | null> {
  const [first] = await rowsPage(app.db, upload.id, 0, 1, ['rejected', 'duplicate']);
  if (upload.errorKey) await app.privateStorage.delete(upload.errorKey);
  if (!first) return null;
  const key = privateFileKey(upload.campaignId, 'imports', 'csv');
  await app.privateStorage.save(key, Readable.from(reportLines(app, upload.id, headers)), { contentType: 'text/csv; charset=utf-8', maxBytes: 512 * 1024 * 1024 });
  return key;
}

/** The report's file name: "<original name> - errors.csv". */
export function errorReportName(fileName: string): string {
  return `${fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '')} - errors.csv`;
}
