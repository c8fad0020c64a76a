// The report-file budget (issue 13): on this 2-core machine, the donation report of 100,000 donations
// as CSV ≤ 1 s and ≤ 2× PostgreSQL COPY of the same rows, as XLSX ≤ 5 s, a PDF of 10,000 rows ≤ 5 s,
// server RSS growth ≤ 150 MB for any of them.
//
// 1. Starts the real server (`npm start`'s entry, pg-boss on) on a throwaway data folder and seeds one
//    campaign with 20,000 donors and 100,000 donations (bench/donor-book.ts seedBook).
// 2. For each file: start_report → (job: cursor over the rows → writer → private storage) → ready,
//    polling report_list every 50 ms; time = start_report to ready. The server's RSS (its node
//    processes, not PostgreSQL's) is sampled every 50 ms: growth = peak − before the file.
// 3. The limit, in the same run: `COPY (<the report's own select, in its order>) TO STDOUT (FORMAT csv)`
//    on the same database. Ratio = file time ÷ COPY.
// 4. The on-screen page (report_data) first and 400th page of 25, timed alone (median of 5).
// Prints one table; within budget when every target is met.
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { REPORT_PATHS, reportDataUrl, reportListUrl, type ReportEntry, type ReportFormat, type ReportListData } from '../domain/reports/api-contract';
import { loadBookCampaign } from '../server/modules/donors/book-campaign';
import { orderBy } from '../server/modules/reports/report-query-repository';
import { donationSelect } from '../server/modules/reports/report-query-repository';
import { seedBook, signIn } from './donor-book';
import { call, serverRssMb, type Api } from './lib/process';
import { startServerWithDatabase } from './lib/server';

const RSS_LIMIT_MB = 150;
const ALL = { start_date: null, end_date: null };
/** 73 of the 730 days the seeded donations span: about 10,000 of them. */
const TEN_THOUSAND = { start_date: '2024-01-01', end_date: '2024-03-13' };

interface FileRun {
  name: string;
  format: ReportFormat;
  filter: { start_date: string | null; end_date: string | null };
  limitS: number;
  ratioLimit: number | null;
}

const RUNS: FileRun[] = [
  { name: 'donation report, 100,000 rows, CSV', format: 'csv', filter: ALL, limitS: 1, ratioLimit: 2 },
  { name: 'donation report, 100,000 rows, XLSX', format: 'xlsx', filter: ALL, limitS: 5, ratioLimit: null },
  { name: 'donation report, ~10,000 rows, PDF', format: 'pdf', filter: TEN_THOUSAND, limitS: 5, ratioLimit: null },
];

async function copySeconds(pool: pg.Pool, campaignId: string, filter: FileRun['filter']): Promise<number> {
  const { cycle } = await loadBookCampaign(drizzle(pool), campaignId);
  const query = new PgDialect().sqlToQuery(sql`select * from (${donationSelect(campaignId, filter, cycle)}) q order by ${orderBy('-paying_date', new Set())}`);
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => `'${String(query.params[Number(n) - 1]).replace(/'/g, "''")}'`);
  const client = await pool.connect();
  try {
    const started = performance.now();
    await pipeline(client.query(copyTo(`COPY (${text}) TO STDOUT (FORMAT csv)`)), new Writable({ write: (_chunk, _enc, done) => done() }));
    return (performance.now() - started) / 1000;
  } finally {
    client.release();
  }
}

async function fileRun(api: Api, pid: number, run: FileRun): Promise<{ seconds: number; rssGrowthMb: number; entry: ReportEntry }> {
  const before = serverRssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, serverRssMb(pid))), 50);
  try {
    const started = performance.now();
    const entry = await call<ReportEntry>(api, 'POST', REPORT_PATHS.start, { campaign_id: api.campaignId, type: 'donation', format: run.format, filter: run.filter });
    for (;;) {
      const list = await call<ReportListData>(api, 'GET', `${reportListUrl(api.campaignId, 'donation')}?limit=5`);
      const now = list.report_list.find((r) => r.report_id === entry.report_id);
      if (now?.status === 'ready') return { seconds: (performance.now() - started) / 1000, rssGrowthMb: peak - before, entry: now };
      if (now?.status === 'failed') throw new Error(`report failed: ${now.message}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    clearInterval(sampler);
  }
}

async function pageMs(api: Api, page: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await call(api, 'GET', `${reportDataUrl(api.campaignId, 'donation')}?page=${page}&limit=25`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Each donation's matchable part (donation_matches): computed whole on the first donation report
 * after the seed, then only for the donors a write touched. Prints both, and the dashboard's
 * total-stats after one donation (median of 5).
 */
async function matchFigures(api: Api, pool: pg.Pool, campaignId: string): Promise<void> {
  const page = () => call(api, 'GET', `${reportDataUrl(api.campaignId, 'donation')}?page=1&limit=25`);
  const stats = () => call(api, 'GET', `/donation/dashboard/stats/total-stats/${api.campaignId}`);
  const whole = await timed(page);
  const afterWrite: { page: number; stats: number }[] = [];
  for (let i = 0; i < 5; i++) {
    await pool.query(
      `insert into donations (campaign_id, donor_id, paying_date, paid_amount_cents, payment_method, source, created_by, created_at, updated_at)
       select campaign_id, id, date '2025-06-01', 1000, 'card', 'manual', created_by, now(), now() from donors where campaign_id = $1 order by random() limit 1`,
      [campaignId],
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    afterWrite.push({ stats: await timed(stats), page: await timed(page) });
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[2]!;
  console.log(
    `\ndonation matches: first donation report page ${(whole / 1000).toFixed(2)} s (every donation's match computed and written); ` +
      `after one donation: total-stats ${median(afterWrite.map((x) => x.stats)).toFixed(0)} ms, donation report page ${median(afterWrite.map((x) => x.page)).toFixed(0)} ms (median of 5)`,
  );
}

export async function benchReports(): Promise<boolean> {
  const loadBefore = loadavg()[0].toFixed(1);
  const running = await startServerWithDatabase();
  const { server, pool } = running;
  try {
    const campaignId = await seedBook(pool);
    const api: Api = { url: server.url, token: await signIn(server.url), campaignId };
    console.log(`load average ${loadBefore} before`);
    await matchFigures(api, pool, campaignId);
    let ok = true;
    console.log('\n| file | rows | size MB | seconds (limit) | COPY s | ratio | RSS growth MB (limit 150) | within |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|');
    const only = process.env.BENCH_ONLY; // a format: run only that file
    for (const run of RUNS.filter((r) => !only || r.format === only)) {
      const result = await fileRun(api, server.pid, run);
      const copyS = await copySeconds(pool, campaignId, run.filter);
      const ratio = result.seconds / copyS;
      const within = result.seconds <= run.limitS && result.rssGrowthMb <= RSS_LIMIT_MB && (run.ratioLimit === null || ratio <= run.ratioLimit);
      ok &&= within;
      console.log(
        `| ${run.name} | ${(result.entry.row_count ?? 0).toLocaleString('en-US')} | ${((result.entry.size_bytes ?? 0) / 1e6).toFixed(1)} | ${result.seconds.toFixed(2)} (${run.limitS}) | ${copyS.toFixed(2)} | ${ratio.toFixed(1)}×${run.ratioLimit ? ` (≤ ${run.ratioLimit}×)` : ''} | ${result.rssGrowthMb.toFixed(0)} | ${within ? 'yes' : 'OVER'} |`,
      );
    }
    console.log(`\nreport_data, donation report, 25 rows: page 1 ${(await pageMs(api, 1)).toFixed(0)} ms, page 400 ${(await pageMs(api, 400)).toFixed(0)} ms (one client, median of 5)`);
    return ok;
  } finally {
    await running.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchReports();
  process.exit(ok ? 0 : 1);
}
