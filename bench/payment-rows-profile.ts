// The Node side of a payments import's validation, alone (issue 32 point 6): parses the import
// bench's 100,000-payment CSV (bench/import.ts paymentsCsv) with csv-parse and reads each row as
// validation does (content hash, mappedRow, readPaymentRow: normalising and the manual-entry yup
// schemas), in this process, without the server, PostgreSQL or the donor look-ups. Prints the time a
// row. For where the time goes, run it under V8's profiler:
//
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/rows-prof bench/payment-rows-profile.ts
//
// Not part of `npm run bench` (bench/import.ts times the real path).
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { mappedRow, readPaymentRow } from '../domain/imports/rows';
import { donorSpecs, paymentsCsv } from './import';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const csv = paymentsCsv(PAYMENTS, donorSpecs(Math.ceil(PAYMENTS / 2), 'c', 'Csv')).toString('utf8');
const t0 = performance.now();
const records = parse(csv, { relax_column_count: true }) as string[][];
const headers = records[0]!;
const mapping = Object.fromEntries(headers.map((h) => [h, h]));
const t1 = performance.now();
const ctx = { dateOrder: 'mdy' as const, today: new Date().toISOString().slice(0, 10), defaults: { payment_method: 'card' } };
const content = createHash('sha256');
let ok = 0;
for (let i = 1; i < records.length; i++) {
  const cells = records[i]!;
  content.update(JSON.stringify(cells));
  if (readPaymentRow(mappedRow(headers, mapping, cells), ctx).ok) ok++;
}
const t2 = performance.now();
const rows = records.length - 1;
console.log(`${rows.toLocaleString('en-US')} payment rows: CSV parse ${(t1 - t0).toFixed(0)} ms; reading the rows ${(t2 - t1).toFixed(0)} ms (${(((t2 - t1) * 1000) / rows).toFixed(1)} µs a row); ${ok.toLocaleString('en-US')} read as valid`);
