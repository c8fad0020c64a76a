/**
 * A zip's central directory, read from the end of the file without inflating anything: the entries
 * (name, method, sizes, where their data is), and a refusal when the directory alone shows the
 * archive is too big to read: more than UPLOAD_LIMITS.maxUncompressedBytes once unpacked, more than
 * maxZipEntries entries, an entry packed more than 200:1 that unpacks past 10 MB, ZIP64 (no workbook
 * we accept is that big) → IMPORT_FILE_ZIP_BOMB; a shared-strings part declared over
 * maxSharedStringsBytes → IMPORT_FILE_TOO_MUCH_TEXT. Declared sizes can lie: zip-entry-stream.ts
 * counts what the inflater really produces against the same limits.
 */
import { open } from 'node:fs/promises';
import { UPLOAD_LIMITS } from '../../../domain/imports/api-contract';
import { ImportFileError } from './file-errors';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const EOCD_MAX_SEARCH = EOCD_MIN + 0xffff;
const MAX_RATIO = 200;
const RATIO_FLOOR = 10 * 1024 * 1024;

/** The part exceljs keeps whole in memory while a sheet is read. */
export const SHARED_STRINGS_PART = 'xl/sharedStrings.xml';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (anything else cannot be read). */
  method: number;
  /** General-purpose flags; bit 0: encrypted. */
  flags: number;
  compressedSize: number;
  /** What the directory says it unpacks to (may lie). */
  declaredSize: number;
  /** Where the entry's local header starts. */
  localHeaderOffset: number;
}

export async function zipDirectory(path: string): Promise<ZipEntry[]> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    if (size < EOCD_MIN) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    const tailLength = Math.min(size, EOCD_MAX_SEARCH);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - EOCD_MIN; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    const count = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
    if (count > UPLOAD_LIMITS.maxZipEntries) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
    if (directoryOffset + directorySize > size) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: ZipEntry[] = [];
    let total = 0;
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
      const flags = directory.readUInt16LE(at + 8);
      const method = directory.readUInt16LE(at + 10);
      const compressed = directory.readUInt32LE(at + 20);
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const localHeaderOffset = directory.readUInt32LE(at + 42);
      if (compressed === 0xffffffff || uncompressed === 0xffffffff || localHeaderOffset === 0xffffffff) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
      total += uncompressed;
      if (total > UPLOAD_LIMITS.maxUncompressedBytes) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
      if (uncompressed > RATIO_FLOOR && uncompressed > MAX_RATIO * Math.max(compressed, 1)) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
      const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
      if (name === SHARED_STRINGS_PART && uncompressed > UPLOAD_LIMITS.maxSharedStringsBytes) throw new ImportFileError('IMPORT_FILE_TOO_MUCH_TEXT');
      entries.push({ name, method, flags, compressedSize: compressed, declaredSize: uncompressed, localHeaderOffset });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** The entry names (sniff-file.ts), after the same checks. */
export async function zipEntries(path: string): Promise<string[]> {
  return (await zipDirectory(path)).map((entry) => entry.name);
}
