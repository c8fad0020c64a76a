// Account enumeration by timing (OWASP ASVS 5.0 6.3.8): the auth routes that take an address must
// take as long for an address with an account as for one without.
//
// 1. Starts the real server (`npm start`'s entry, pg-boss jobs on, as in production) on a throwaway
//    data folder (bench/lib/server.ts), with the per-IP auth limit out of the way, and writes the
//    known accounts straight in SQL: active, confirmed, with a password.
// 2. For each route, CALLS requests with a known address and CALLS with an unknown one (after
//    WARM_UP of each, not counted), interleaved in random order, one at a time over one keep-alive
//    connection, with a short pause between them (a quiet server each time: what a patient attacker
//    measures). Every request uses an address never used before and comes from its own client
//    address (X-Forwarded-For behind TRUST_PROXY=true), so no cool-down or lock applies: each one
//    does the full work of a first request.
// 3. Prints the median of each side beside the other; within budget when they differ by ≤ 10 %.
//    The answers (status and body, masked address and a new account's id aside) must be identical.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { hashPassword } from '../server/modules/auth/passwords';
import { freePort } from './lib/process';
import { startServer } from './lib/server';

const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 20;
const PAUSE_MS = 5;
const BUDGET = 0.1;
const A = '/auth/authentication';

interface Route {
  name: string;
  path: string;
  body: (email: string) => Record<string, string>;
}

const ROUTES: Route[] = [
  { name: 'signin-passwordless', path: `${A}/signin-passwordless`, body: (email) => ({ email }) },
  { name: 'forgot-password', path: `${A}/forgot-password`, body: (email) => ({ email }) },
  { name: 'resend-confirmation-code', path: `${A}/resend-confirmation-code`, body: (email) => ({ email }) },
  { name: 'signup', path: `${A}/signup`, body: (email) => ({ name: 'Bench', last_name: 'Mark', email }) },
  { name: 'signin (wrong password)', path: `${A}/signin`, body: (email) => ({ email, password: 'not-the-password' }) },
];


const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const normalise = (body: string) => body.replace(/"[a-z]\*\*\*@[^"]+"/, '"<masked>"').replace(/"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/g, '"<uuid>"');

/** Same-length local parts: `k-0001@…` (known) and `u-0001@…` (unknown); the masked address differs only by its first letter. */
const address = (kind: 'k' | 'u', route: number, i: number) => `${kind}-${route}-${String(i).padStart(4, '0')}@bench.example.org`;

async function seedKnown(pool: pg.Pool, count: number): Promise<void> {
  const hash = await hashPassword('the-right-password');
  const emails = ROUTES.flatMap((_, route) => Array.from({ length: count }, (__, i) => address('k', route, i)));
  await pool.query(
    `insert into users (email, name, last_name, status, password_hash, email_verified_at)
     select e, 'Bench', 'Known', 'active', $2, now() from unnest($1::text[]) e`,
    [emails, hash],
  );
  await pool.query('vacuum (analyze) users');
}

let client = 0;
/** A new client address for every request: 10.x.y.z. */
const nextClient = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

async function call(url: string, route: Route, email: string): Promise<{ ms: number; status: number; body: string }> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': nextClient() };
  const started = performance.now();
  const res = await fetch(url + route.path, {
    method: 'POST',
    headers,
    body: JSON.stringify(route.body(email)),
  });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body: normalise(body) };
}

export async function benchAuthEnumeration(): Promise<boolean> {
  const loadBefore = loadavg()[0].toFixed(1);
  const pgPort = await freePort();
  const port = await freePort();
  const spaDir = mkdtempSync(join(tmpdir(), 'cdt-bench-spa-')); // empty: API only
  const server = await startServer(port, { EMBEDDED_PG_PORT: String(pgPort), SPA_DIR: spaDir, AUTH_RATE_LIMIT_MAX: '1000000', TRUST_PROXY: 'true' });
  const password = readFileSync(join(server.dataDir, 'pg.password'), 'utf8').trim();
  const pool = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/campaign_tracker`, max: 2 });
  try {
    await seedKnown(pool, CALLS + WARM_UP);
    const rows: { name: string; known: number; unknown: number; diff: number; status: string; mismatches: number; ok: boolean }[] = [];
    for (const [index, route] of ROUTES.entries()) {
      const known: number[] = [];
      const unknown: number[] = [];
      const statuses = new Set<number>();
      let mismatches = 0;
      for (let i = 0; i < CALLS + WARM_UP; i++) {
        const order: ('k' | 'u')[] = Math.random() < 0.5 ? ['k', 'u'] : ['u', 'k'];
        const answers: Record<string, { status: number; body: string }> = {};
        for (const kind of order) {
          const res = await call(server.url, route, address(kind, index, i));
          answers[kind] = res;
          if (i >= WARM_UP) (kind === 'k' ? known : unknown).push(res.ms);
          await pause(PAUSE_MS);
        }
        statuses.add(answers.k.status);
        if (answers.k.status !== answers.u.status || answers.k.body !== answers.u.body) {
          if (mismatches === 0) console.log(`  ${route.name}: known ${answers.k.status} ${answers.k.body}\n  ${' '.repeat(route.name.length)}  unknown ${answers.u.status} ${answers.u.body}`);
          mismatches++;
        }
      }
      const k = median(known);
      const u = median(unknown);
      const diff = Math.abs(k - u) / Math.min(k, u);
      rows.push({ name: route.name, known: k, unknown: u, diff, status: [...statuses].join('/'), mismatches, ok: diff <= BUDGET && mismatches === 0 });
    }

    console.log(`\nauth enumeration by timing: median of ${CALLS} calls each (after ${WARM_UP} of each to warm up), load average before ${loadBefore}`);
    console.log(`${'route'.padEnd(26)} ${'status'.padStart(6)} ${'known ms'.padStart(9)} ${'unknown ms'.padStart(11)} ${'diff'.padStart(7)}  answers`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(26)} ${r.status.padStart(6)} ${r.known.toFixed(2).padStart(9)} ${r.unknown.toFixed(2).padStart(11)} ${`${(r.diff * 100).toFixed(1)}%`.padStart(7)}  ${r.mismatches === 0 ? 'identical' : `${r.mismatches} differ`}${r.ok ? '' : '  OVER BUDGET'}`,
      );
    }
    console.log(`budget: medians within ${BUDGET * 100} % of each other, identical answers`);
    return rows.every((r) => r.ok);
  } finally {
    await pool.end();
    await server.stop();
    rmSync(spaDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ok = await benchAuthEnumeration();
  process.exit(ok ? 0 : 1);
}
