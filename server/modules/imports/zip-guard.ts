/**
 * A zip's central directory, read from the end of the file without inflating anything: the entry
 * names, and a refusal (IMPORT_FILE_ZIP_BOMB) when the archive would unpack to more than
 * UPLOAD_LIMITS.maxUncompressedBytes, holds more than maxZipEntries entries, has an entry packed
 * more than 200:1 that unpacks past 10 MB, or needs ZIP64 (no workbook we accept is that big).
 * Declared sizes can lie: the XLSX reader also counts what it inflates (read-xlsx.ts).
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

export async function zipEntries(path: string): Promise<string[]> {
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
    const names: string[] = [];
    let total = 0;
    let at = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw new ImportFileError('IMPORT_FILE_UNREADABLE');
      const compressed = directory.readUInt32LE(at + 20);
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      if (compressed === 0xffffffff || uncompressed === 0xffffffff) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
      total += uncompressed;
      if (total > UPLOAD_LIMITS.maxUncompressedBytes) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
      if (uncompressed > RATIO_FLOOR && uncompressed > MAX_RATIO * Math.max(compressed, 1)) throw new ImportFileError('IMPORT_FILE_ZIP_BOMB');
      names.push(directory.toString('utf8', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}
