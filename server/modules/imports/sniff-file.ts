/**
 * What an uploaded file really is, from its bytes (its name only breaks ties): CSV text, an XLSX
 * workbook, or one of the files people upload by mistake, each refused with its own message
 * (an old .xls, a password-protected workbook, an Apple Numbers file, a zip bomb, other binaries).
 * XLSX files get their zip directory checked here (zip-guard.ts) before any reader inflates them.
 */
import { open } from 'node:fs/promises';
import { OLE_SIGNATURE, startsWithBytes, ZIP_LOCAL_SIGNATURE } from '../../../domain/file-signature';
import { UPLOAD_LIMITS } from '../../../domain/imports/api-contract';
import { ImportFileError } from './file-errors';
import { zipEntries } from './zip-guard';

const ENCRYPTED_STREAM = Buffer.from('EncryptedPackage', 'utf16le');
const CHUNK = 64 * 1024;

/** Whether the file contains `needle` anywhere (read in chunks, overlapping by the needle's length). */
async function contains(path: string, needle: Buffer): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK + needle.length);
    let position = 0;
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK, position);
      if (bytesRead === 0) return false;
      const filled = carried + bytesRead;
      if (buffer.subarray(0, filled).includes(needle)) return true;
      carried = Math.min(needle.length - 1, filled);
      buffer.copy(buffer, 0, filled - carried, filled);
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

export async function sniffFile(path: string, fileName: string): Promise<'csv' | 'xlsx'> {
  const handle = await open(path, 'r');
  let head: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(CHUNK, size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (size > UPLOAD_LIMITS.maxBytes) throw new ImportFileError('IMPORT_FILE_TOO_LARGE');
  const name = fileName.toLowerCase();
  if (startsWithBytes(head, OLE_SIGNATURE)) {
    // An encrypted .xlsx is an OLE compound file holding an "EncryptedPackage" stream.
    throw new ImportFileError((await contains(path, ENCRYPTED_STREAM)) ? 'IMPORT_FILE_ENCRYPTED' : 'IMPORT_FILE_XLS');
  }
  if (startsWithBytes(head, ZIP_LOCAL_SIGNATURE)) {
    if (name.endsWith('.numbers')) throw new ImportFileError('IMPORT_FILE_NUMBERS');
    const entries = await zipEntries(path);
    if (entries.includes('Index/Document.iwa') || entries.some((e) => e.endsWith('.iwa'))) throw new ImportFileError('IMPORT_FILE_NUMBERS');
    if (entries.includes('xl/workbook.xml')) return 'xlsx';
    throw new ImportFileError('IMPORT_FILE_UNSUPPORTED');
  }
  if (name.endsWith('.xls')) throw new ImportFileError('IMPORT_FILE_XLS');
  if (name.endsWith('.numbers')) throw new ImportFileError('IMPORT_FILE_NUMBERS');
  const text = head.toString('latin1').replace(/^\u00ef\u00bb\u00bf/, '');
  if (text.trim() === '' && size <= head.length) throw new ImportFileError('IMPORT_FILE_EMPTY');
  const utf16 = (head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff);
  if (!utf16 && head.includes(0)) throw new ImportFileError('IMPORT_FILE_UNSUPPORTED');
  return 'csv';
}
