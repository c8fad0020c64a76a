// Scale-out (issue 15): the donor-book list load through HAProxy against one API instance, then
// against two, on the same external PostgreSQL (tests/e2e/support/fleet.ts: Debian's PostgreSQL,
// instances A (web) and B (web + jobs) behind the balancer, C a pure worker). The book is the donor
// bench's (bench/donor-book.ts: 20,000 donors, 100,000 donations in one campaign).
// Prints throughput and p99 for each and the ratio, and the CPU used meanwhile by PostgreSQL and by the
// API processes (from /proc): on this 2-core machine two instances share the same two cores with
// PostgreSQL, so the ratio says how much of the work the API was, not what two machines would do.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { startFleet } from '../tests/e2e/support/fleet';
import { load, seedBook } from './donor-book';
import { exitCodeOf, missingParts, skipped, type BenchOutcome } from './lib/requirements';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PATHS = ['/donation/donor/list_donor/{id}?sort=name&limit=25&page={page}', '/donation/list_donation/{id}?sort=-paying_date&limit=25&page={page}'];

/** CPU ticks (user + system, their own and their reaped children's) of a process and all its live descendants. */
function treeTicks(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += t;
        break;
      }
    }
  }
  return total;
}

export async function benchScale(): Promise<BenchOutcome> {
  // The fleet is Debian's PostgreSQL, two instances and HAProxy (tests/e2e/support/fleet.ts).
  const missing = missingParts(['haproxy', 'debian-postgresql']);
  if (missing) return skipped('scale-out', missing);
  const loadBefore = loadavg()[0].toFixed(1);
  const fleet = await startFleet();
  const pool = new pg.Pool({ connectionString: fleet.databaseUrl, max: 4 });
  try {
    const campaignId = await seedBook(pool);
    const signIn = await fetch(`${fleet.url}/auth/authentication/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.campaign', password: 'demo-pass-123' }),
    });
    const token = ((await signIn.json()) as { data: { idToken: string } }).data.idToken;
    const rows: { name: string; instances: number; rps: number; p99: number; pgShare: number; apiShare: number; errors: number }[] = [];
    for (const template of PATHS) {
      const path = template.replace('{id}', campaignId);
      const name = path.split('?')[0]!.split('/')[2] === 'donor' ? 'list_donor sort=name, random page of 800' : 'list_donation sort=-paying_date, random page of 4,000';
      const pages = name.startsWith('list_donor') ? 800 : 4000;
      for (const [instances, headers] of [
        [1, { 'x-pin': 'a' }],
        [2, {}],
      ] as const) {
        await load(fleet.url, path, token, CONNECTIONS, { duration: 1, pages, headers }); // warm-up
        const pids = fleet.pids();
        const before = { pg: treeTicks(pids.postgres), api: treeTicks(pids.a) + treeTicks(pids.b) + treeTicks(pids.c) };
        const result = await load(fleet.url, path, token, CONNECTIONS, { duration: SECONDS, pages, headers });
        const after = { pg: treeTicks(pids.postgres), api: treeTicks(pids.a) + treeTicks(pids.b) + treeTicks(pids.c) };
        const pgTicks = after.pg - before.pg;
        const apiTicks = after.api - before.api;
        const all = Math.max(pgTicks + apiTicks, 1);
        const ok = result.statusCodes?.['200']?.count ?? 0;
        rows.push({ name, instances, rps: ok / SECONDS, p99: result.p99, pgShare: pgTicks / all, apiShare: apiTicks / all, errors: result.non2xx + result.errors });
        if (result.non2xx + result.errors > 0) console.log(`${name}, ${instances} instance(s): status codes ${JSON.stringify(result.statusCodes)}, ${result.errors} errors/timeouts`);
      }
    }
    console.log(`\nscale-out: ${CONNECTIONS} connections × ${SECONDS} s through HAProxy, one instance (pinned) then two (round robin), one external PostgreSQL; ${cpus().length} CPUs, load average ${loadBefore} before`);
    console.log('| list | instances | answered 200/s | p99 ms | errors | CPU: PostgreSQL | CPU: API processes | throughput ratio 2:1 |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      const ratio = r.instances === 2 ? `${(r.rps / rows[i - 1]!.rps).toFixed(2)}×` : '';
      console.log(`| ${r.name} | ${r.instances} | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${Math.round(r.pgShare * 100)}% | ${Math.round(r.apiShare * 100)}% | ${ratio} |`);
    }
    return rows.every((r) => r.errors === 0);
  } finally {
    await pool.end();
    await fleet.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(exitCodeOf(await benchScale()));
}
