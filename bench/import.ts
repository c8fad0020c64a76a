// The bulk-import budget (issue 12, ARCHITECTURE §8): on this 2-core machine, 50,000 donors with
// pledges from CSV ≤ 10 s end to end (≤ 12× PostgreSQL COPY of the same rows), from XLSX ≤ 12 s,
// 100,000 payments ≤ 10 s, server RSS growth ≤ 150 MB.
//
// 1. Starts the real server (`npm start`'s entry, pg-boss on) on a throwaway data folder with the
//    demo seed, signs in as the demo owner and creates fresh campaigns shaped like "Friends of Demo
//    Candidate" (2029 cycle, NYC CFB participant for mayor, $2,100 limit): the CSV donors and their
//    payments go to one, the XLSX donors to another, so each donor import starts on an empty book
//    (the case of a campaign's first import, and of issue 32's stalled first batch).
// 2. Generates 50,000 donor rows with commitments, 5% faulty (bad e-mail, over the limit, an e-mail
//    already in the file, no name), as the SPEC template CSV; the same again as an XLSX (other people,
//    dates as date cells, amounts as numbers; written with exceljs's streaming writer); and 100,000
//    payments of the CSV's donors.
// 3. Runs each through the real path: presigned_url → PUT → upload_preview → bulk_upload → (job
//    validates) → upload_action import → (job imports) → completed, polling get_upload every 100 ms.
//    End to end = presign to completed; first batch = from the import action to the first batch
//    committed (the upload's progress leaving its start). Meanwhile the server's RSS (its node processes, not
//    PostgreSQL's) is sampled every 100 ms: growth = peak − before the run.
// 4. The limit, in the same run: PostgreSQL COPY of the same CSV bytes into a plain unlogged table of
//    text columns on the same database. Ratio = end to end ÷ COPY.
// Prints one table; within budget when every target is met.
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { call, cpuSeconds, freePort, serverRssMb, type Api } from './lib/process';
import { startServer } from './lib/server';

const DONORS = Number(process.env.BENCH_DONORS ?? 50_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const RSS_LIMIT_MB = 150;
const OWNER_EMAIL = 'owner@demo.campaign';
const OWNER_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo-pass-123';
const DONOR_HEADER = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';
const PAYMENT_HEADER = 'donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone';
const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ten', 'bel', 'sor', 'vi', 'dan', 'quin', 'mar', 'jo', 'lee', 'sa', 'no', 'ri'];


/** A name of letters only, unique for `n` (names take letters, spaces and . ' -). */
function nameOf(n: number, prefix: string): string {
  let word = '';
  let x = n;
  do {
    word += SYLLABLES[x % SYLLABLES.length];
    x = Math.floor(x / SYLLABLES.length);
  } while (x > 0);
  return `${prefix} ${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

interface DonorSpec {
  name: string;
  phone: string;
  email: string;
  date: Date;
  cents: number;
}

/** 5% faulty, spread: every 20th row is bad in one of four ways. */
export function donorSpecs(count: number, tag: string, prefix: string): DonorSpec[] {
  const specs: DonorSpec[] = [];
  for (let i = 0; i < count; i++) {
    const fault = i % 20 === 7 ? Math.floor(i / 20) % 4 : -1;
    const email = fault === 0 ? `not-an-email-${i}` : fault === 2 && i > 0 ? specs[i - 1]!.email : `${tag}${i}@bench.example.org`;
    specs.push({
      name: fault === 3 ? '' : nameOf(i, prefix),
      phone: `${tag === 'x' ? '646' : '212'}${2_000_000 + i}`,
      email,
      date: new Date(Date.UTC(2029, i % 6, 1 + (i % 28))),
      cents: fault === 1 ? 500_000 : 1_000 + ((i * 7919) % 199_000),
    });
  }
  return specs;
}

const dollars = (cents: number, fancy: boolean) => (fancy ? `"$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}"` : (cents / 100).toFixed(2));

export function donorsCsv(specs: DonorSpec[]): Buffer {
  const lines = [DONOR_HEADER];
  specs.forEach((s, i) =>
    lines.push(`${s.name},${s.phone},${s.email},Individual Contributor,,,New York,${String(10_000 + (i % 900)).padStart(5, '0')},New York,,,,${s.date.toISOString().slice(0, 10)},${dollars(s.cents, i % 2 === 0)},,`),
  );
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

async function donorsXlsx(specs: DonorSpec[], path: string): Promise<Buffer> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: true });
  const sheet = writer.addWorksheet('Donors');
  sheet.addRow(DONOR_HEADER.split(',')).commit();
  specs.forEach((s, i) => {
    const row = sheet.addRow([s.name, s.phone, s.email, 'Individual Contributor', '', '', 'New York', String(10_000 + (i % 900)), 'New York', '', '', '', s.date, s.cents / 100, '', '']);
    row.getCell(13).numFmt = 'yyyy-mm-dd';
    row.commit();
  });
  await writer.commit();
  return readFileSync(path);
}

export function paymentsCsv(count: number, donors: DonorSpec[]): Buffer {
  const good = donors.filter((_, i) => i % 20 !== 7);
  const lines = [PAYMENT_HEADER];
  for (let i = 0; i < count; i++) {
    const donor = good[i % good.length]!;
    const day = new Date(Date.UTC(2026, 5 + (i % 5), 1 + (i % 28))).toISOString().slice(0, 10);
    lines.push(`${donor.email},${day},,${500 + (i % 4_500) / 100},card,`);
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}




interface UploadState {
  status: string;
  reasons: { reason: string; count: number }[];
  counts: { total: number; valid: number; rejected: number; duplicates: number; imported: number };
  message: string | null;
  progress?: { done: number | null; total: number | null };
}

/** Polls the upload until it reaches one of `statuses`; `onProgress` sees each poll's progress. */
async function waitFor(api: Api, id: string, statuses: string[], onProgress?: (done: number | null) => void): Promise<UploadState> {
  for (;;) {
    const upload = await call<UploadState>(api, 'GET', `/donation/get_upload/${api.campaignId}/${id}`);
    onProgress?.(upload.progress?.done ?? null);
    if (statuses.includes(upload.status)) return upload;
    if (upload.status === 'failed' || upload.status === 'cancelled') throw new Error(`upload ${upload.status}: ${upload.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface RunResult {
  name: string;
  rows: number;
  state: UploadState;
  uploadS: number;
  validateS: number;
  importS: number;
  /** From the import action to the first batch committed (null: no batch was seen before completion). */
  firstBatchS: number | null;
  totalS: number;
  rssGrowthMb: number;
  /** The peak growth while validating (the rest of the peak came while importing). */
  validateRssGrowthMb: number;
  /** CPU seconds spent while validating and while importing, by PostgreSQL and by the server's node processes. */
  cpu: { validate: { postgres: number; node: number }; import: { postgres: number; node: number } };
}

const cpuBetween = (a: { postgres: number; node: number }, b: { postgres: number; node: number }) => ({ postgres: b.postgres - a.postgres, node: b.node - a.node });

export async function run(api: Api, pid: number, name: string, type: 'donor' | 'payment', fileName: string, bytes: Buffer, rows: number): Promise<RunResult> {
  const before = serverRssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(pid))), 100);
  try {
    const t0 = performance.now();
    const signed = await call<{ key: string; url: string; headers: Record<string, string> }>(api, 'POST', '/donation/presigned_url', { campaign_id: api.campaignId, file_name: fileName, file_size: bytes.length });
    const put = await fetch(new URL(signed.url, api.url), { method: 'PUT', headers: signed.headers, body: new Uint8Array(bytes) });
    if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
    const t1 = performance.now();
    const cpu1 = cpuSeconds(pid);
    const preview = await call<{ mapping: Record<string, string>; defaults: Record<string, string> }>(api, 'POST', '/donation/upload_preview', { campaign_id: api.campaignId, type, file_key: signed.key, file_name: fileName });
    const upload = await call<{ id: string }>(api, 'POST', '/donation/bulk_upload', { campaign_id: api.campaignId, type, file_key: signed.key, file_name: fileName, mapping: preview.mapping, options: { defaults: preview.defaults } });
    await waitFor(api, upload.id, ['ready']);
    const t2 = performance.now();
    const cpu2 = cpuSeconds(pid);
    const validatePeak = peak;
    await call(api, 'POST', '/donation/upload_action', { campaign_id: api.campaignId, upload_id: upload.id, action: 'import' });
    const started = performance.now();
    // The import starts its progress at the rows already imported (0 here) and moves it once a batch commits.
    let firstBatch: number | null = null;
    const state = await waitFor(api, upload.id, ['completed', 'completed_with_errors'], (done) => {
      if (firstBatch === null && done !== null && done > 0) firstBatch = performance.now();
    });
    const t3 = performance.now();
    const cpu3 = cpuSeconds(pid);
    const firstBatchS = firstBatch === null ? null : (firstBatch - started) / 1000;
    return { name, rows, state, uploadS: (t1 - t0) / 1000, validateS: (t2 - t1) / 1000, importS: (t3 - t2) / 1000, firstBatchS, totalS: (t3 - t0) / 1000, rssGrowthMb: peak - before, validateRssGrowthMb: validatePeak - before, cpu: { validate: cpuBetween(cpu1, cpu2), import: cpuBetween(cpu2, cpu3) } };
  } finally {
    clearInterval(sampler);
  }
}

/** COPY of the CSV bytes into a plain unlogged table of text columns (the floor any import stands on). */
async function copySeconds(pool: pg.Pool, header: string, bytes: Buffer): Promise<number> {
  const columns = header.split(',');
  const client = await pool.connect();
  try {
    await client.query(`create unlogged table if not exists bench_import_copy (${columns.map((c) => `"${c}" text`).join(', ')})`);
    await client.query('truncate bench_import_copy');
    const started = performance.now();
    await pipeline(Readable.from([bytes.subarray(bytes[0] === 0xef ? 3 : 0)]), client.query(copyFrom('COPY bench_import_copy FROM STDIN (FORMAT csv, HEADER true)')));
    const seconds = (performance.now() - started) / 1000;
    await client.query('drop table bench_import_copy');
    return seconds;
  } finally {
    client.release();
  }
}

/** A fresh campaign of the demo owner shaped like the demo one (2029 cycle, NYC CFB participant for mayor: $2,100 limit). */
export async function freshCampaign(url: string, token: string, name: string): Promise<string> {
  const slug = `bench-import-${name}-${Date.now().toString(36)}`;
  const api: Api = { url, token, campaignId: '' };
  const created = await call<{ campaign_id: string }>(api, 'POST', '/campaign/create_campaign', {
    campaign_name: `Bench import ${name}`,
    slug,
    office_sought: 'mayor',
    election_cycle: '2029',
    compliance_rule_set: 'nyc_cfb',
    participant_status: 'participant',
    party: 'Democratic',
  });
  return created.campaign_id;
}

export async function benchImport(): Promise<boolean> {
  const loadBefore = loadavg()[0].toFixed(1);
  const pgPort = await freePort();
  const port = await freePort();
  const work = mkdtempSync(join(tmpdir(), 'cdt-bench-import-'));
  const spaDir = join(work, 'spa');
  const server = await startServer(port, { EMBEDDED_PG_PORT: String(pgPort), SPA_DIR: mkdtempSync(join(tmpdir(), 'cdt-bench-spa-')) });
  const password = readFileSync(join(server.dataDir, 'pg.password'), 'utf8').trim();
  const pool = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/campaign_tracker`, max: 2 });
  try {
    const signin = await fetch(`${server.url}/auth/authentication/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }) });
    const token = ((await signin.json()) as { data: { idToken: string } }).data.idToken;
    // BENCH_RUNS=csv,xlsx,payments picks runs (payments need the CSV donors imported first).
    const wanted = new Set((process.env.BENCH_RUNS ?? 'csv,xlsx,payments').split(','));
    const api: Api = { url: server.url, token, campaignId: await freshCampaign(server.url, token, 'csv') };
    const xlsxApi: Api = { ...api, campaignId: await freshCampaign(server.url, token, 'xlsx') };

    const csvDonors = donorSpecs(DONORS, 'c', 'Csv');
    const csv = donorsCsv(csvDonors);
    const xlsx = wanted.has('xlsx') ? await donorsXlsx(donorSpecs(DONORS, 'x', 'Xlsx'), join(work, 'donors.xlsx')) : null;
    const payments = paymentsCsv(PAYMENTS, csvDonors);
    console.log(
      `files: donors CSV ${(csv.length / 1e6).toFixed(1)} MB, ${xlsx ? `XLSX ${(statSync(join(work, 'donors.xlsx')).size / 1e6).toFixed(1)} MB, ` : ''}payments CSV ${(payments.length / 1e6).toFixed(1)} MB (load average ${loadBefore} before)`,
    );

    const targets = [];
    if (wanted.has('csv') || wanted.has('payments'))
      targets.push({ run: await run(api, server.pid, `${DONORS.toLocaleString('en-US')} donors + pledges, CSV`, 'donor', 'bench-donors.csv', csv, DONORS), limitS: 10, copyS: await copySeconds(pool, DONOR_HEADER, csv), ratioLimit: 12 });
    if (xlsx)
      targets.push({ run: await run(xlsxApi, server.pid, `${DONORS.toLocaleString('en-US')} donors + pledges, XLSX`, 'donor', 'bench-donors.xlsx', xlsx, DONORS), limitS: 12, copyS: await copySeconds(pool, DONOR_HEADER, csv), ratioLimit: null });
    if (wanted.has('payments'))
      targets.push({ run: await run(api, server.pid, `${PAYMENTS.toLocaleString('en-US')} payments, CSV`, 'payment', 'bench-payments.csv', payments, PAYMENTS), limitS: 10, copyS: await copySeconds(pool, PAYMENT_HEADER, payments), ratioLimit: null });
    let ok = true;
    console.log('\n| run | rows valid / imported | upload s | validate s | import s | first batch s | end to end s (limit) | rows/s | COPY s | ratio | RSS growth MB (limit 150): peak, while validating | within |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const { run: r, limitS, copyS, ratioLimit } of targets) {
      const ratio = r.totalS / copyS;
      const within = r.totalS <= limitS && r.rssGrowthMb <= RSS_LIMIT_MB && (ratioLimit === null || ratio <= ratioLimit) && r.state.counts.imported === r.state.counts.total - r.state.counts.rejected - r.state.counts.duplicates;
      ok &&= within;
      console.log(
        `| ${r.name} | ${r.state.counts.total - r.state.counts.rejected - r.state.counts.duplicates} / ${r.state.counts.imported} | ${r.uploadS.toFixed(2)} | ${r.validateS.toFixed(2)} | ${r.importS.toFixed(2)} | ${r.firstBatchS === null ? '–' : r.firstBatchS.toFixed(2)} | ${r.totalS.toFixed(2)} (${limitS}) | ${Math.round(r.rows / r.totalS).toLocaleString('en-US')} | ${copyS.toFixed(2)} | ${ratio.toFixed(1)}×${ratioLimit ? ` (≤ ${ratioLimit}×)` : ''} | ${r.rssGrowthMb.toFixed(0)}, ${r.validateRssGrowthMb.toFixed(0)} | ${within ? 'yes' : 'OVER'} |`,
      );
    }
    console.log('\n| run | CPU s validating: PostgreSQL, server | CPU s importing: PostgreSQL, server | import: PostgreSQL CPU ÷ wall |');
    console.log('|---|---:|---:|---:|');
    for (const { run: r } of targets) {
      const { validate, import: imp } = r.cpu;
      console.log(`| ${r.name} | ${validate.postgres.toFixed(1)}, ${validate.node.toFixed(1)} | ${imp.postgres.toFixed(1)}, ${imp.node.toFixed(1)} | ${(imp.postgres / r.importS).toFixed(2)} |`);
    }
    for (const { run: r } of targets) console.log(`${r.name}: ${r.state.reasons.map((x) => `${x.reason} (${x.count})`).join('; ') || 'no row refused'}`);
    return ok;
  } finally {
    await pool.end();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
    void spaDir;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchImport();
  process.exit(ok ? 0 : 1);
}
