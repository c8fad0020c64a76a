import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../../domain/imports/columns';
import { mappedRow, readDonorRow, readPaymentRow, ROW_REASONS } from '../../../domain/imports/rows';
import { xlsxOf, zipOf } from '../../../tests/fixtures/imports/zip';
import { ImportFileError } from './file-errors';
import { readXlsxInThread } from './read-xlsx-thread';
import { openTable, previewTable, type TableRow } from './read-table';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/imports/', import.meta.url));
const fixture = (name: string) => join(FIXTURES, name);
const CTX = { dateOrder: 'mdy' as const, today: '2029-12-31', defaults: {} };

async function readAll(path: string, name: string, sheet?: string) {
  const table = await openTable(path, name, { sheet });
  const rows: TableRow[] = [];
  try {
    for await (const row of table.rows) rows.push(row);
  } finally {
    await table.close();
  }
  return { info: table.info, headers: table.headers, rows };
}

async function refusal(path: string, name: string): Promise<string> {
  try {
    await readAll(path, name);
  } catch (error) {
    if (error instanceof ImportFileError) return error.code;
    throw error;
  }
  return 'read';
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdt-read-table-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('CSV', () => {
  it("Excel's UTF-8 CSV (BOM, CRLF): template headers, quoted commas and line breaks, ZIPs as text, blank lines keep their number", async () => {
    const { info, headers, rows } = await readAll(fixture('donors-excel-bom-crlf.csv'), 'donors.csv');
    expect(info).toMatchObject({ format: 'csv', delimiter: ',', encoding: 'utf-8-bom' });
    expect(headers[0]).toBe('name');
    expect(headers).toHaveLength(16);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 5, 6, 7, 8, 9]);
    expect(rows[0]!.cells.slice(0, 3)).toEqual(["Mary-Jane O'Brien", '(212) 555-0142', 'maryjane@example.org']);
    expect(rows[0]!.cells[7]).toBe('02134');
    expect(rows[0]!.cells[10]).toBe('245 West 72nd Street, Rear');
    expect(rows[1]!.cells[0]).toBe('José Núñez');
    expect(rows[5]!.cells[0]).toBe('Quoted, Name');
    expect(rows[5]!.cells[10]).toBe('Line one\r\nLine two');
    // Every row through the same reader as the job: names, phones, dates and amounts as a person means them.
    const { mapping } = suggestMapping('donor', headers, null);
    const mary = readDonorRow(mappedRow(headers, mapping, rows[0]!.cells), CTX);
    expect(mary).toMatchObject({ ok: true, values: { donor: { donor_phone: '2125550142', zip: '02134', state: 'new_york' }, pledge: { commitment_date: '2029-03-01', commitment_amount_cents: 125_000 } } });
    const jose = readDonorRow(mappedRow(headers, mapping, rows[1]!.cells), CTX);
    expect(jose).toMatchObject({ ok: true, values: { donor: { eligibility: 'p-a' }, pledge: { commitment_date: '2029-04-01' } } });
    const abroad = readDonorRow(mappedRow(headers, mapping, rows[2]!.cells), CTX);
    expect(abroad).toMatchObject({ ok: true, values: { donor: { donor_phone: '+442071838750', country: 'GB', state: null } } });
    expect(readDonorRow(mappedRow(headers, mapping, rows[3]!.cells), CTX)).toMatchObject({ ok: false, reason: 'Donor email: Please enter a valid email' });
  });

  it('a semicolon CSV in Windows-1252 with DD-MM-YYYY dates and SPEC-style headers', async () => {
    const { info, headers, rows } = await readAll(fixture('donors-semicolon.csv'), 'donors.csv');
    expect(info).toMatchObject({ delimiter: ';', encoding: 'windows-1252' });
    expect(rows[0]!.cells[0]).toBe('Renée Lefèvre');
    expect(rows[1]!.cells[0]).toBe('Íñigo Peña');
    const suggested = suggestMapping('donor', headers, null);
    expect(suggested.mapping).toMatchObject({ Name: 'name', 'Donor Email': 'donor_email', 'Commitment Amount': 'commitment_amount' });
    const renee = readDonorRow(mappedRow(headers, suggested.mapping, rows[0]!.cells), { ...CTX, defaults: suggested.defaults });
    expect(renee).toMatchObject({ ok: true, values: { pledge: { commitment_date: '2029-03-15' } } });
  });

  it('tab-delimited, CR line ends, short rows padded', async () => {
    const path = join(dir, 'tabs.tsv');
    await writeFile(path, 'name\tdonor_email\tcity\rAnn Lee\tann@example.org\r"Bo, Jr."\tbo@example.org\tAlbany\r');
    const { info, rows } = await readAll(path, 'tabs.tsv');
    expect(info.delimiter).toBe('\t');
    expect(rows.map((r) => r.cells)).toEqual([
      ['Ann Lee', 'ann@example.org', ''],
      ['Bo, Jr.', 'bo@example.org', 'Albany'],
    ]);
  });

  it('every line end ends a row: the CRLF template with rows appended with LF and a last one ended by CR reads as its 10 rows', async () => {
    const { headers, rows } = await readAll(fixture('donors-mixed-line-ends.csv'), 'donors.csv');
    expect(headers).toHaveLength(16);
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rows.map((r) => r.cells[0])).toEqual(["Mary-Jane O'Brien", 'Ann Lee', 'Bo Chen', 'Cy Diaz', 'Di Evans', 'Ed Fox', 'Flo Green', 'Gus Hill', 'Hana Ito', 'Ivo Jones']);
    expect(rows.every((r) => r.cells.length === 16)).toBe(true);
    // A line break inside quotes stays in its cell.
    expect(rows[3]!.cells[10]).toBe('12 Oak Street\nRear building');
    const { mapping } = suggestMapping('donor', headers, null);
    expect(rows.map((r) => readDonorRow(mappedRow(headers, mapping, r.cells), CTX).ok)).toEqual(Array(10).fill(true));
  });

  it('a CRLF split between two chunks of the stream is one line end', async () => {
    const path = join(dir, 'chunked.csv');
    let text = 'name,donor_email\r\n';
    for (let i = 0; text.length < 65_000; i++) text += `Donor ${i},d${i}@example.org\r\n`;
    const count = text.split('\r\n').length - 2;
    // The stream reads 64 KB at a time: this row's CR is the last character of the first chunk.
    text += `Pad,${'x'.repeat(65_536 - 1 - text.length - 'Pad,'.length)}\r\nLast,last@example.org\r\n`;
    expect(text.indexOf('\r\nLast')).toBe(65_535);
    await writeFile(path, text);
    const { rows } = await readAll(path, 'chunked.csv');
    expect(rows).toHaveLength(count + 2);
    expect(rows.at(-1)).toEqual({ rowNumber: count + 3, cells: ['Last', 'last@example.org'] });
  });

  it('a row with values past the header is refused with its reason, not read with them dropped; blank extra cells are fine', async () => {
    const path = join(dir, 'extra.csv');
    await writeFile(
      path,
      [
        'name,donor_email,contributor_type',
        'Ann Lee,ann@example.org,Individual,,',
        // An unquoted comma: every value after it one column to the right.
        'Lee, Ann,ann.lee@example.org,Individual',
        // A stray quote runs the next two lines into a cell past the header.
        'Bo Chen,bo@example.org,Individual,"note',
        'Cy Diaz,cy@example.org,Individual',
        'Di Evans,di@example.org,Individual"',
        'Ed Fox,ed@example.org,Individual',
      ].join('\n'),
    );
    const { headers, rows } = await readAll(path, 'extra.csv');
    expect(rows.map((r) => r.rowNumber)).toEqual([2, 3, 4, 5]);
    expect(rows[0]!.cells).toEqual(['Ann Lee', 'ann@example.org', 'Individual']);
    expect(rows[1]!.cells).toEqual(['Lee', ' Ann', 'ann.lee@example.org', 'Individual']);
    expect(rows[2]!.cells[3]).toBe('note\nCy Diaz,cy@example.org,Individual\nDi Evans,di@example.org,Individual');
    const mapping = { name: 'name', donor_email: 'donor_email', contributor_type: 'contributor_type' };
    const reasons = rows.map((r) => {
      const result = readDonorRow(mappedRow(headers, mapping, r.cells), CTX);
      return result.ok ? 'ok' : result.reason;
    });
    expect(reasons).toEqual(['ok', ROW_REASONS.extraCells, ROW_REASONS.extraCells, 'ok']);
    expect(ROW_REASONS.extraCells).toMatch(/^The row has more cells than the header row has columns: put quotes around a value that contains the separator/);
  });

  it('the preview stops after the first rows', async () => {
    const preview = await previewTable(fixture('donors-excel-bom-crlf.csv'), 'donors.csv', { limit: 2 });
    expect(preview.samples).toHaveLength(2);
  });

  it('payments, ActBlue and NYC CFB exports read and map', async () => {
    const payments = await readAll(fixture('payments-template.csv'), 'payments.csv');
    const paymentMap = suggestMapping('payment', payments.headers, null);
    expect(paymentMap.source).toBe('template');
    expect(readPaymentRow(mappedRow(payments.headers, paymentMap.mapping, payments.rows[0]!.cells), CTX)).toMatchObject({
      ok: true,
      values: { donor_email: 'maryjane@example.org', paid_amount_cents: 25_000, payment_method: 'check', paying_date: '2029-03-15' },
    });

    const actblue = await readAll(fixture('actblue-contributions.csv'), 'actblue.csv');
    const blue = suggestMapping('payment', actblue.headers, null);
    expect([blue.source, blue.preset, blue.defaults]).toEqual(['preset', 'actblue', { payment_method: 'card' }]);
    expect(readPaymentRow(mappedRow(actblue.headers, blue.mapping, actblue.rows[0]!.cells), { ...CTX, defaults: blue.defaults })).toMatchObject({
      ok: true,
      values: { donor_email: 'rosa@example.org', paying_date: '2029-03-15', paid_amount_cents: 2_500, payment_method: 'card', reference_number: 'AB1234567' },
    });

    const cfb = await readAll(fixture('nyc-cfb-contributions.csv'), 'cfb.csv');
    const nyc = suggestMapping('donor', cfb.headers, null);
    expect([nyc.source, nyc.preset]).toEqual(['preset', 'nyc_cfb']);
    const garcia = readDonorRow(mappedRow(cfb.headers, nyc.mapping, cfb.rows[0]!.cells), CTX);
    expect(garcia).toMatchObject({ ok: true, values: { donor: { name: 'MARIA GARCIA', contributor_type: 'individual' }, pledge: { commitment_amount_cents: 17_500, commitment_date: '2025-03-15' } } });
    expect(readDonorRow(mappedRow(cfb.headers, nyc.mapping, cfb.rows[1]!.cells), CTX)).toMatchObject({ ok: true, values: { donor: { contributor_type: 'limited_liability_company' } } });
    expect(readDonorRow(mappedRow(cfb.headers, nyc.mapping, cfb.rows[2]!.cells), CTX)).toMatchObject({ ok: false });
  });

  it('refuses past 100,000 data rows while reading', async () => {
    const path = join(dir, 'many.csv');
    const out = createWriteStream(path);
    out.write('name,donor_email\n');
    for (let i = 0; i < 100_001; i++) out.write(`Donor,d${i}@example.org\n`);
    await new Promise((resolve) => out.end(resolve));
    await expect(refusal(path, 'many.csv')).resolves.toBe('IMPORT_FILE_TOO_MANY_ROWS');
  });
});

describe('XLSX', () => {
  const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
  const sheetXml = (rows: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

  it('date cells as ISO dates, numbers stored as text keep their zeros, numbers without float noise; a chosen sheet', async () => {
    const { info, headers, rows } = await readAll(fixture('donors-dates-and-text-numbers.xlsx'), 'donors.xlsx');
    expect(info).toMatchObject({ format: 'xlsx', sheets: ['Donors', 'Notes'], sheet: 'Donors' });
    expect(headers[12]).toBe('commitment_date');
    expect(rows[0]!.cells[1]).toBe('2125550142');
    expect(rows[0]!.cells[7]).toBe('02134');
    expect(rows[0]!.cells[12]).toBe('2029-03-01');
    expect(rows[0]!.cells[13]).toBe('1250.5');
    expect(rows[1]!.cells[13]).toBe('300');
    const notes = await readAll(fixture('donors-dates-and-text-numbers.xlsx'), 'donors.xlsx', 'Notes');
    expect(notes.rows.map((r) => r.cells)).toEqual([['not the data']]);
    await expect(readAll(fixture('donors-dates-and-text-numbers.xlsx'), 'donors.xlsx', 'Missing')).rejects.toMatchObject({ code: 'IMPORT_SHEET_NOT_FOUND' });
  });

  it('rows past the first batches of the reading thread arrive whole and in order; a sheet whose XML breaks is unreadable', async () => {
    const many = Array.from({ length: 2_600 }, (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, `Donor ${i + 1}`)}${cell(`B${i + 2}`, `d${i + 1}@example.org`)}</row>`);
    const whole = join(dir, 'whole.xlsx');
    await writeFile(whole, xlsxOf(sheetXml(`<row r="1">${cell('A1', 'name')}${cell('B1', 'donor_email')}</row>${many.join('')}`)));
    const read = await readAll(whole, 'whole.xlsx');
    expect(read.headers).toEqual(['name', 'donor_email']);
    expect(read.rows).toHaveLength(2_600);
    expect(read.rows.every((row, i) => row.rowNumber === i + 2 && row.cells[0] === `Donor ${i + 1}` && row.cells[1] === `d${i + 1}@example.org`)).toBe(true);

    const broken = join(dir, 'broken.xlsx');
    await writeFile(broken, xlsxOf(sheetXml(`<row r="1">${cell('A1', 'name')}</row>${many.slice(0, 1_500).join('')}<row r="9999"><c r="A9999" <<</c></row>`)));
    await expect(refusal(broken, 'broken.xlsx')).resolves.toBe('IMPORT_FILE_UNREADABLE');
  });

  it("shared strings that outgrow the reading thread's heap stop the thread, not the caller: IMPORT_FILE_TOO_MUCH_TEXT; the same file reads with the default heap", async () => {
    const sheet = (last: number) => sheetXml(`<row r="1">${cell('A1', 'name')}</row><row r="2"><c r="A2" t="s"><v>${last}</v></c></row>`);
    const sharedStrings = (count: number) =>
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${Array.from({ length: count }, (_, i) => `<si><t>${'Mary-Jane O&apos;Brien '.repeat(9)}${i}</t></si>`).join('')}</sst>`;
    const cells = async (path: string, heapMb?: number) => {
      const table = await readXlsxInThread(path, { heapMb });
      const read: string[] = [];
      try {
        for await (const row of table.rows) read.push(row.cells[0]!);
      } finally {
        await table.close();
      }
      return read;
    };
    const small = join(dir, 'few-strings.xlsx');
    await writeFile(small, xlsxOf(sheet(9), sharedStrings(10)));
    const large = join(dir, 'many-strings.xlsx');
    await writeFile(large, xlsxOf(sheet(99_999), sharedStrings(100_000)));

    // A heap of 16 MB reads a workbook of 10 shared strings, not one of 100,000 (21 MB of them).
    expect(await cells(small, 16)).toEqual(['name', `${"Mary-Jane O'Brien ".repeat(9)}9`]);
    await expect(cells(large, 16)).rejects.toMatchObject({ code: 'IMPORT_FILE_TOO_MUCH_TEXT' });
    expect(await cells(large)).toEqual(['name', `${"Mary-Jane O'Brien ".repeat(9)}99999`]);
  });
});

describe('files that cannot be read', () => {
  it.each([
    ['empty.csv', 'IMPORT_FILE_EMPTY'],
    ['header-only.csv', 'IMPORT_FILE_HEADER_ONLY'],
    ['old-excel.xls', 'IMPORT_FILE_XLS'],
    ['encrypted.xlsx', 'IMPORT_FILE_ENCRYPTED'],
    ['zip-bomb.xlsx', 'IMPORT_FILE_ZIP_BOMB'],
    ['numbers.numbers', 'IMPORT_FILE_NUMBERS'],
  ])('%s → %s', async (name, code) => {
    await expect(refusal(fixture(name), name)).resolves.toBe(code);
  });

  it('a zip with more than 2,000 entries, a zip that is no workbook, a binary, duplicate headers', async () => {
    const many = join(dir, 'many.xlsx');
    await writeFile(many, zipOf(Array.from({ length: 2001 }, (_, i) => ({ name: `xl/part${i}.xml`, data: Buffer.from('x') }))));
    await expect(refusal(many, 'many.xlsx')).resolves.toBe('IMPORT_FILE_ZIP_BOMB');
    const other = join(dir, 'other.xlsx');
    await writeFile(other, zipOf([{ name: 'readme.txt', data: Buffer.from('hello') }]));
    await expect(refusal(other, 'other.xlsx')).resolves.toBe('IMPORT_FILE_UNSUPPORTED');
    const binary = join(dir, 'image.csv');
    await writeFile(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    await expect(refusal(binary, 'image.csv')).resolves.toBe('IMPORT_FILE_UNSUPPORTED');
    const twice = join(dir, 'twice.csv');
    await writeFile(twice, 'Email,email\na@example.org,b@example.org\n');
    await expect(refusal(twice, 'twice.csv')).resolves.toBe('IMPORT_FILE_DUPLICATE_HEADERS');
  });
});
