/**
 * One entry of a zip, inflated as a stream straight from its place in the file (random access by
 * the central directory of zip-guard.ts: no part is ever copied to disk, whatever order the parts
 * come in), counting the bytes the inflater really produces. An entry stops with an error as soon
 * as it passes its own limit or the workbook's (declared sizes can lie): what is read stays bounded
 * in memory and time, and nothing is written anywhere.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { ImportFileError, type ImportFileErrorCode } from './file-errors';
import type { ZipEntry } from './zip-guard';

const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_HEADER = 30;

/** What the entries of one workbook may still inflate to, all together. */
export interface InflateBudget {
  left: number;
}

/** The entry's inflated bytes; an error (`code`, IMPORT_FILE_ZIP_BOMB by default) past `limit` bytes or past the budget. */
export async function openEntry(path: string, entry: ZipEntry, budget: InflateBudget, limit: { bytes: number; code?: ImportFileErrorCode }): Promise<Readable> {
  if ((entry.flags & 1) !== 0 || (entry.method !== 0 && entry.method !== 8)) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
  const handle = await open(path, 'r');
  let start: number;
  let fileSize: number;
  try {
    fileSize = (await handle.stat()).size;
    const header = Buffer.alloc(LOCAL_HEADER);
    const { bytesRead } = await handle.read(header, 0, LOCAL_HEADER, entry.localHeaderOffset);
    if (bytesRead < LOCAL_HEADER || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    start = entry.localHeaderOffset + LOCAL_HEADER + header.readUInt16LE(26) + header.readUInt16LE(28);
  } finally {
    await handle.close();
  }
  if (start + entry.compressedSize > fileSize) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
  const raw = entry.compressedSize === 0 ? null : createReadStream(path, { start, end: start + entry.compressedSize - 1 });
  let produced = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      produced += chunk.length;
      budget.left -= chunk.length;
      if (produced > limit.bytes) return callback(new ImportFileError(limit.code ?? 'IMPORT_FILE_ZIP_BOMB'));
      if (budget.left < 0) return callback(new ImportFileError('IMPORT_FILE_ZIP_BOMB'));
      callback(null, chunk);
    },
  });
  if (!raw) {
    counter.end();
    return counter;
  }
  const inflater = entry.method === 8 ? createInflateRaw() : null;
  const stages: Readable[] = inflater ? [raw, inflater] : [raw];
  // Any stage's error ends the entry with it (a broken deflate stream is an unreadable file); closing the entry stops them all.
  const stop = (error?: Error) => {
    for (const stage of stages) stage.destroy();
    if (error && !counter.destroyed) counter.destroy(error instanceof ImportFileError ? error : new ImportFileError('IMPORT_FILE_UNREADABLE'));
  };
  for (const stage of stages) stage.on('error', stop);
  counter.on('close', () => stop());
  if (inflater) raw.pipe(inflater).pipe(counter);
  else raw.pipe(counter);
  return counter;
}
