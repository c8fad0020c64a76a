/**
 * CSV, streamed: the encoding (a UTF-8 or UTF-16 BOM; else UTF-8 when the first 64 KB decode as
 * UTF-8, else Windows-1252, as Excel writes on Windows), the delimiter (',' ';' or tab, whichever the
 * first line uses most outside quotes), any line ending on every line (CRLF, LF, CR, mixed: a template
 * saved with CRLF and rows appended with LF), quoted fields (with delimiters, quotes and line breaks
 * inside). csv-parse does the parsing; the file is never read whole. Rows may have fewer or more cells
 * than the header: read-table.ts pads the short ones and keeps what a long one holds past the header.
 */
import { parse } from 'csv-parse';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { ImportFileError } from './file-errors';
import type { RawRow, RawTable } from './table-types';

const SAMPLE = 64 * 1024;

/**
 * Every line end ends a record, whatever the first line used (csv-parse would otherwise take its
 * delimiter from the first line alone, and read the other lines' ends as text inside a cell). CRLF
 * first: csv-parse tries them in order, and waits for the next chunk when a CR ends the current one.
 */
const RECORD_DELIMITERS = ['\r\n', '\n', '\r'];

interface Detected {
  encoding: 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
  decoderLabel: string;
  skip: number;
  text: string;
}

async function sample(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SAMPLE);
    const { bytesRead } = await handle.read(buffer, 0, SAMPLE, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function detectEncoding(head: Buffer): Detected {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8-bom', decoderLabel: 'utf-8', skip: 3, text: head.subarray(3).toString('utf8') };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', decoderLabel: 'utf-16le', skip: 2, text: new TextDecoder('utf-16le').decode(head.subarray(2)) };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', decoderLabel: 'utf-16be', skip: 2, text: new TextDecoder('utf-16be').decode(head.subarray(2)) };
  try {
    // A multi-byte character cut at the end of the sample is not an error: stream mode keeps it back.
    const text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return { encoding: 'utf-8', decoderLabel: 'utf-8', skip: 0, text };
  } catch {
    return { encoding: 'windows-1252', decoderLabel: 'windows-1252', skip: 0, text: new TextDecoder('windows-1252').decode(head) };
  }
}

/** The delimiter the first record uses most, outside quotes (',' on a tie or when none is used). */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/** Bytes → text in `label`, in stream mode (characters split across chunks stay whole). */
function decoder(label: string): Transform {
  const textDecoder = new TextDecoder(label);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, textDecoder.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, textDecoder.decode());
    },
  });
}

export async function readCsv(path: string): Promise<RawTable> {
  const detected = detectEncoding(await sample(path));
  const delimiter = detectDelimiter(detected.text);
  const source = createReadStream(path, { start: detected.skip });
  const parser = parse({ delimiter, record_delimiter: RECORD_DELIMITERS, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, info: true, bom: false });
  // Errors reach the reader through its iterator; once it has stopped reading, later ones have no one to tell.
  parser.on('error', () => undefined);
  const decoding = decoder(detected.decoderLabel);
  source.on('error', (error) => parser.destroy(error));
  decoding.on('error', (error) => parser.destroy(error));
  source.pipe(decoding).pipe(parser);

  async function* rows(): AsyncGenerator<RawRow> {
    try {
      for await (const item of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
        yield { rowNumber: item.info.records, cells: item.record };
      }
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('CSV_')) {
        const line = (error as { lines?: unknown }).lines;
        throw new ImportFileError('IMPORT_FILE_UNREADABLE', typeof line === 'number' ? line : null);
      }
      throw error;
    }
  }

  return {
    info: { format: 'csv', sheets: [], sheet: null, delimiter, encoding: detected.encoding },
    rows: rows(),
    async close() {
      source.destroy();
      decoding.destroy();
      parser.destroy();
    },
  };
}
