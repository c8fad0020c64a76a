import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another server is already running on data folder ${dataDir} (pid ${pid}). Stop it, or set DATA_DIR to another folder.`);
    this.name = 'DataFolderLockedError';
  }
}

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

/** True when a process with this pid exists (EPERM means it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes DATA_DIR/server.lock (created with the exclusive flag, holding our pid).
 * A lock whose pid is alive → DataFolderLockedError; a stale lock (dead pid) is taken over.
 */
export function acquireDataFolderLock(dataDir: string, pid = process.pid): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          if (readPid(file) === pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readPid(file);
      if (holder !== null && holder !== pid && isProcessAlive(holder)) throw new DataFolderLockedError(dataDir, holder);
      rmSync(file, { force: true }); // stale (dead pid, our own pid, or unreadable): take over
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
