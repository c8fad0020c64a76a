// Scale-out as an operator runs it (issue 15): one external PostgreSQL (Debian's, the way `.ci/run`
// installs it), two API instances on it, and HAProxy in front (round robin, health-checked on
// /health/ready). A request may carry `x-pin: a|b` to reach one instance through the balancer (a test
// needs to know which one served it); every answer says who served it in `x-served-by`.
// Instance A is a pure web instance (JOBS=false); B serves and works jobs; C is a pure worker
// (`npm run worker`: WEB=false), outside the balancer. Each connects to PostgreSQL with its own
// application_name (cdt-a, cdt-b, cdt-c), so a test can see which one holds a piece of work.
// PayPal's webhooks (here from the PayPal stand-in inside the instances) pass a tap that delivers each
// one twice at once, through the balancer to A and to B: PayPal's at-least-once delivery at its worst.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFlags } from '../../../scripts/start-flags';
import { E2E } from './ports';

const PG_ROOT = '/usr/lib/postgresql';
const TOKEN_SECRET = 'fleet-secret-fleet-secret-fleet-secret-0123456789';
const METRICS_TOKEN = 'fleet-metrics-token-0123456789';

export interface Fleet {
  /** The balancer's address (also the instances' PUBLIC_URL). */
  url: string;
  ports: { a: number; b: number; c: number; pg: number };
  databaseUrl: string;
  /**
   * The live sockets one instance holds past their handshake, read from the instance itself (its
   * `live_sockets` metric), not from a balancer counter: a socket counted there is in its rooms.
   */
  liveSockets(name: 'a' | 'b'): Promise<number>;
  /** Every webhook the tap delivered twice: its type and the two answers. */
  webhookDeliveries: WebhookDelivery[];
  /** The process ids of the instances (their launcher) and PostgreSQL's postmaster, for CPU readings. */
  pids(): { a: number; b: number; c: number; postgres: number };
  /** kill -9 of one instance. */
  kill(name: 'a' | 'b' | 'c'): void;
  /** Ends everything started (instances, balancer, PostgreSQL) and removes the folder. */
  stop(): Promise<void>;
}

export interface WebhookDelivery {
  eventType: string;
  answers: { servedBy: string; status: number }[];
}

/** Receives a webhook and delivers it through the balancer to A and to B at the same time. */
function startWebhookTap(port: number, lbUrl: string, deliveries: WebhookDelivery[]): Promise<Server> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers = forwardable(request.headers);
      const deliver = async (pin: 'a' | 'b') => {
        const answer = await fetch(`${lbUrl}${request.url}`, { method: 'POST', headers: { ...headers, 'x-pin': pin }, body });
        await answer.arrayBuffer();
        return { servedBy: answer.headers.get('x-served-by') ?? '?', status: answer.status };
      };
      void Promise.all([deliver('a'), deliver('b')]).then(
        (answers) => {
          deliveries.push({ eventType: String((JSON.parse(body.toString('utf8')) as { event_type?: string }).event_type), answers });
          response.writeHead(answers[0]!.status).end();
        },
        () => response.writeHead(502).end(),
      );
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (['host', 'content-length', 'connection', 'transfer-encoding'].includes(name) || value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Debian's newest PostgreSQL bin folder, or a clear error. */
function postgresBin(): string {
  const versions = existsSync(PG_ROOT) ? readdirSync(PG_ROOT).filter((v) => existsSync(join(PG_ROOT, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((x, y) => Number(y) - Number(x))[0];
  if (!newest) throw new Error(`Debian's PostgreSQL is not installed (${PG_ROOT}/*/bin/initdb): run .ci/run, or apt-get install postgresql`);
  return join(PG_ROOT, newest, 'bin');
}

/** Runs a PostgreSQL tool as the postgres user when we are root (PostgreSQL refuses root). */
function asPostgres(command: string, args: string[]): { status: number | null; output: string } {
  const root = process.getuid?.() === 0;
  const result = root ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

function haproxyConfig(lb: number, a: number, b: number, stats: number, tap: number): string {
  // Checked every second; down after 3 failures in a row (a busy instance answers slowly, not never).
  const server = (name: string, port: number) => `  server ${name} 127.0.0.1:${port} check inter 1s fall 3 rise 1`;
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 5s',
    '  timeout client 120s',
    '  timeout server 120s',
    '  timeout tunnel 1h',
    '  timeout check 5s',
    '  option httpchk GET /health/ready',
    'listen stats',
    `  bind 127.0.0.1:${stats}`,
    '  stats enable',
    '  stats uri /stats',
    'frontend lb',
    `  bind 127.0.0.1:${lb}`,
    '  use_backend pin_a if { req.hdr(x-pin) -m str a }',
    '  use_backend pin_b if { req.hdr(x-pin) -m str b }',
    '  use_backend webhook_tap if { path /payment/webhook/paypal }',
    '  default_backend both',
    'backend webhook_tap',
    `  server tap 127.0.0.1:${tap}`,
    'backend both',
    '  balance roundrobin',
    '  http-response set-header x-served-by %[srv_name]',
    server('a', a),
    server('b', b),
    'backend pin_a',
    '  http-response set-header x-served-by %[srv_name]',
    server('a', a),
    'backend pin_b',
    '  http-response set-header x-served-by %[srv_name]',
    server('b', b),
    '',
  ].join('\n');
}

export async function startFleet(): Promise<Fleet> {
  const base = E2E.appPort + 40;
  const ports = { lb: base, a: base + 1, b: base + 2, pg: base + 3, stats: base + 4, tap: base + 5, c: base + 6 };
  const dir = join(tmpdir(), `cdt-fleet-${base}`);
  const bin = postgresBin();
  const pgData = join(dir, 'pg', 'data');
  // A PostgreSQL left running by an interrupted run holds the port: stop it first.
  if (existsSync(join(pgData, 'postmaster.pid'))) asPostgres(join(bin, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', '-w', 'stop']);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'pg'), { recursive: true });
  chmodSync(dir, 0o777);
  chmodSync(join(dir, 'pg'), 0o777);
  const children: ChildProcess[] = [];
  const webhookDeliveries: WebhookDelivery[] = [];
  let tap: Server | null = null;

  const stop = async () => {
    tap?.close();
    const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
    for (const child of children.reverse()) if (running(child)) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (running(child) ? new Promise((resolve) => child.once('exit', resolve)) : null)));
    if (existsSync(pgData)) asPostgres(join(bin, 'pg_ctl'), ['-D', pgData, '-m', 'fast', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    const init = asPostgres(join(bin, 'initdb'), ['-D', pgData, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.output}`);
    const started = asPostgres(join(bin, 'pg_ctl'), ['-D', pgData, '-w', '-l', join(dir, 'pg', 'log'), '-o', `-p ${ports.pg} -k ${join(dir, 'pg')} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, 'start']);
    if (started.status !== 0) throw new Error(`PostgreSQL did not start: ${started.output}`);
    const created = spawnSync(join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(ports.pg), '-U', 'postgres', 'cdt'], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`createdb failed: ${created.stderr}`);
    const databaseUrl = `postgres://postgres@127.0.0.1:${ports.pg}/cdt`;
    const url = `http://127.0.0.1:${ports.lb}`;

    const byName = new Map<string, ChildProcess>();
    const instance = (name: 'a' | 'b' | 'c', port: number, jobs: 'true' | 'false', web = true) => {
      // One process per instance (node with tsx's loader, not the tsx launcher and its child), in a
      // process group of its own: `kill -9` then really ends the instance.
      const child = spawn(process.execPath, [...startFlags(), '--import', 'tsx', 'server/start.ts'], {
        detached: true,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: `${databaseUrl}?application_name=cdt-${name}`,
          INSTANCES: '3',
          JOBS: jobs,
          WEB: String(web),
          DATA_DIR: join(dir, name),
          // A shared volume: either instance serves the files the other wrote.
          STORAGE_DIR: join(dir, 'files'),
          PRIVATE_STORAGE_DIR: join(dir, 'private'),
          PUBLIC_URL: url,
          // The stand-in's webhooks go over HTTP through the balancer, as PayPal's do (and so past the tap).
          PAYPAL_STANDIN_WEBHOOK_URL: `${url}/payment/webhook/paypal`,
          TOKEN_SECRET,
          METRICS_TOKEN,
          // A killed worker's import is sent again after 10 s of silence (60 s by default): the kill -9 test waits less.
          WORK_SILENT_SECONDS: '10',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX: '1000000',
        },
        // The banner to /dev/null; warnings and errors to the test's output.
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      byName.set(name, child);
      return child;
    };
    // One at a time: the first applies the migrations and seeds the demo; the second finds them done.
    const a = instance('a', ports.a, 'false');
    await waitFor(`http://127.0.0.1:${ports.a}/health/ready`, 120_000, a);
    const b = instance('b', ports.b, 'true');
    await waitFor(`http://127.0.0.1:${ports.b}/health/ready`, 120_000, b);
    const c = instance('c', ports.c, 'true', false);
    await waitFor(`http://127.0.0.1:${ports.c}/health/ready`, 120_000, c);

    const cfg = join(dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(ports.lb, ports.a, ports.b, ports.stats, ports.tap));
    tap = await startWebhookTap(ports.tap, url, webhookDeliveries);
    const lb = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(lb);
    await waitFor(`${url}/health/ready`, 20_000, lb);
    const liveSockets = async (name: 'a' | 'b') => {
      const text = await (await fetch(`http://127.0.0.1:${ports[name]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(/^live_sockets (\d+)$/m.exec(text)?.[1] ?? Number.NaN);
    };
    const kill = (name: 'a' | 'b' | 'c') => process.kill(-byName.get(name)!.pid!, 'SIGKILL');
    const pids = () => ({
      a: byName.get('a')!.pid!,
      b: byName.get('b')!.pid!,
      c: byName.get('c')!.pid!,
      postgres: Number(readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n')[0]),
    });
    return { url, ports: { a: ports.a, b: ports.b, c: ports.c, pg: ports.pg }, databaseUrl, liveSockets, webhookDeliveries, pids, kill, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
