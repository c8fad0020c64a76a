/**
 * Which database `npm run backup` / `npm run restore` talk to, the same one `npm start` would use:
 *   DATABASE_URL set   that database, as it is (the server may be running: backup is a read-only snapshot;
 *                      restore refuses while other sessions are connected).
 *   DATA_DIR (embedded)
 *     no server running   take the data-folder lock (server.lock, so no server starts meanwhile), start the
 *                         embedded PostgreSQL in DATA_DIR/pg (initialised when new: a restore onto a new
 *                         machine), use its `campaign_tracker` database, stop it afterwards;
 *     a server running    backup connects to that server's PostgreSQL (port from DATA_DIR/pg/postmaster.pid,
 *                         password from DATA_DIR/pg.password) and reads its snapshot beside it; restore refuses.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { BackupError } from './backup-archive';
import { acquireDataFolderLock, DataFolderLockedError, type DataFolderLock } from './data-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { ensureDatabase } from './ensure-database';

/** The database `npm start` uses inside the embedded cluster (server/server.ts). */
export const EMBEDDED_DATABASE = 'campaign_tracker';

export interface BackupTarget {
  url: string;
  /** For messages: which database this is. */
  label: string;
  close(): Promise<void>;
}

/** The running embedded server's PostgreSQL, read from its postmaster.pid (line 4: the port). */
function runningEmbeddedUrl(config: Config): string {
  const dir = path.join(config.dataDir, 'pg');
  const pidFile = path.join(dir, 'postmaster.pid');
  const passwordFile = `${dir}.password`;
  if (!existsSync(pidFile) || !existsSync(passwordFile)) throw new Error(`The server on ${config.dataDir} has no PostgreSQL running (no ${pidFile}).`);
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`Could not read the port of the embedded PostgreSQL from ${pidFile}.`);
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
}

/**
 * Opens the app's database for a backup (`mode: 'backup'`: a running server is fine) or a restore (a running
 * server is refused with BackupError TARGET_IN_USE). Close it when done.
 */
export async function openBackupTarget(config: Config, mode: 'backup' | 'restore'): Promise<BackupTarget> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return { url: config.databaseUrl, label: `DATABASE_URL (${url.host}${url.pathname})`, close: async () => undefined };
  }
  const dir = path.join(config.dataDir, 'pg');
  if (mode === 'backup' && !existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`There is no database in ${dir} to back up (DATA_DIR=${config.dataDir}).`);
  let lock: DataFolderLock;
  try {
    lock = acquireDataFolderLock(config.dataDir);
  } catch (error) {
    if (error instanceof DataFolderLockedError && mode === 'backup') {
      return { url: runningEmbeddedUrl(config), label: `the running server's embedded PostgreSQL in ${dir}`, close: async () => undefined };
    }
    if (error instanceof DataFolderLockedError) {
      throw new BackupError('TARGET_IN_USE', `A server is running on data folder ${config.dataDir} (pid ${error.pid}): stop it before restoring.`);
    }
    throw error;
  }
  const release = () => lock.release();
  process.once('exit', release);
  let embedded: EmbeddedPostgres | undefined;
  try {
    embedded = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort });
    await ensureDatabase(embedded.url(), EMBEDDED_DATABASE);
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    release();
    throw error;
  }
  const running = embedded;
  return {
    url: running.url(EMBEDDED_DATABASE),
    label: `the embedded PostgreSQL in ${dir}`,
    async close() {
      try {
        await running.stop();
      } finally {
        release();
      }
    },
  };
}
