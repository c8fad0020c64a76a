// Where a payments import's PostgreSQL time goes (issue 32 point 6), beside bench/import.ts (which times it).
//
// Starts the real server with PostgreSQL's function timing on (track_functions=all) and auto_explain
// logging every statement of the import's connections that takes ≥ PROFILE_MS (nested statements and
// trigger times included), imports BENCH_DONORS donors then BENCH_PAYMENTS payments through the API,
// then prints: the time of each stored function (the triggers and what they call) during the payments
// import, the rows each table got (and how many of the donors' updates were HOT), and the slowest
// logged plans' top lines. Not part of `npm run bench` (the logging slows the import itself).
//
//   BENCH_DONORS=20000 BENCH_PAYMENTS=40000 npx tsx bench/import-profile.ts 2> /tmp/import-profile.log
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { donorSpecs, donorsCsv, freshCampaign, paymentsCsv, run } from './import';
import { freePort, type Api } from './lib/process';
import { startServer } from './lib/server';

const DONORS = Number(process.env.BENCH_DONORS ?? 20_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 40_000);
const PROFILE_MS = Number(process.env.PROFILE_MS ?? 100);

const pgPort = await freePort();
const port = await freePort();
const options = [
  '-c track_functions=all',
  '-c session_preload_libraries=auto_explain',
  `-c auto_explain.log_min_duration=${PROFILE_MS}`,
  '-c auto_explain.log_analyze=on',
  '-c auto_explain.log_nested_statements=on',
  '-c auto_explain.log_triggers=on',
  '-c auto_explain.log_timing=on',
].join(' ');
const server = await startServer(port, { EMBEDDED_PG_PORT: String(pgPort), PGOPTIONS: options, LOG_LEVEL: 'debug', SPA_DIR: mkdtempSync(join(tmpdir(), 'cdt-bench-spa-')) });
const password = readFileSync(`${server.dataDir}/pg.password`, 'utf8').trim();
const pool = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/campaign_tracker`, max: 1 });
try {
  const signin = await fetch(`${server.url}/auth/authentication/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.campaign', password: process.env.DEMO_PASSWORD ?? 'demo-pass-123' }),
  });
  const token = ((await signin.json()) as { data: { idToken: string } }).data.idToken;
  const api: Api = { url: server.url, token, campaignId: await freshCampaign(server.url, token, 'profile') };
  const specs = donorSpecs(DONORS, 'c', 'Csv');
  await run(api, server.pid, 'donors', 'donor', 'profile-donors.csv', donorsCsv(specs), DONORS);
  await pool.query('select pg_stat_reset()');
  console.error('=== PAYMENTS START ===');
  const result = await run(api, server.pid, 'payments', 'payment', 'profile-payments.csv', paymentsCsv(PAYMENTS, specs), PAYMENTS);
  console.error('=== PAYMENTS END ===');
  console.log(`payments: validate ${result.validateS.toFixed(2)} s, import ${result.importS.toFixed(2)} s, imported ${result.state.counts.imported}`);
  await new Promise((r) => setTimeout(r, 1_000)); // the statistics collector's flush
  const functions = await pool.query(`select funcname, calls, round(total_time::numeric) as total_ms, round(self_time::numeric) as self_ms from pg_stat_user_functions order by total_time desc limit 20`);
  console.table(functions.rows);
  const tables = await pool.query(
    `select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del from pg_stat_user_tables where n_tup_ins + n_tup_upd + n_tup_del > 0 order by n_tup_ins + n_tup_upd desc limit 15`,
  );
  console.table(tables.rows);
} finally {
  await pool.end();
  await server.stop();
}
