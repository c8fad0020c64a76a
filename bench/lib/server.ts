import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startFlags } from '../../scripts/start-flags';
import { freePort } from './process';

export interface RunningServer {
  url: string;
  /** The throwaway DATA_DIR (embedded PostgreSQL in DATA_DIR/pg, its password in DATA_DIR/pg.password). */
  dataDir: string;
  /** The spawned process (tsx; the server may run in a node child of it). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`npm start`'s entry) on a throwaway data folder and waits for /health.
 * `env` adds or overrides variables (e.g. EMBEDDED_PG_PORT to reach its database from the bench).
 */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cdt-bench-'));
  chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach its folder
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn('node_modules/.bin/tsx', [...startFlags(), 'server/start.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not become healthy in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerWithDatabase {
  server: RunningServer;
  /** A small pool on the server's embedded PostgreSQL (seeding, COPY limits, invariants). */
  pool: pg.Pool;
  stop(): Promise<void>;
}

/** The real server on free ports with an empty SPA folder, and a pool on its embedded database. */
export async function startServerWithDatabase(env: Record<string, string> = {}): Promise<ServerWithDatabase> {
  const [port, pgPort] = [await freePort(), await freePort()];
  const spaDir = mkdtempSync(join(tmpdir(), 'cdt-bench-spa-'));
  const server = await startServer(port, { EMBEDDED_PG_PORT: String(pgPort), SPA_DIR: spaDir, ...env });
  const password = readFileSync(join(server.dataDir, 'pg.password'), 'utf8').trim();
  const pool = new pg.Pool({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/campaign_tracker`, max: 2 });
  return {
    server,
    pool,
    async stop() {
      await pool.end();
      await server.stop();
      rmSync(spaDir, { recursive: true, force: true });
    },
  };
}
