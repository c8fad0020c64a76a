/**
 * An upload's original file on this machine for the length of a preview or a job: copied from
 * private storage (local folder or S3) into our own temporary folder, DATA_DIR/tmp/imports, bounded
 * by UPLOAD_LIMITS.maxBytes (a longer stream stops the copy and removes it). The readers need a path
 * (an XLSX's zip directory is at its end) and write nothing beside it (read-xlsx.ts). The same file
 * uploaded again is recognised by its content as read, not its bytes (validate-upload.ts).
 *
 * Each copy is removed when its work ends, on success and error alike (`dispose`). Each process
 * works in a folder of its own, named for its host, its pid and a tag drawn at start, so what a
 * process that died (kill -9, a crash) left behind is recognised and swept at the next start
 * (`sweepImportTemp`), while the folders of other live processes sharing DATA_DIR (a web instance
 * and a worker; instances on other machines when DATA_DIR is a shared volume) are kept.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_LIMITS } from '../../../domain/imports/api-contract';
import { byteLimit } from '../storage/private-storage';

export interface LocalCopy {
  path: string;
  size: number;
  /** Removes the copy. */
  dispose(): Promise<void>;
}

/** This machine's name as a folder name part. */
export const HOST = os.hostname().toLowerCase().replace(/[^a-z0-9.]/g, '_').slice(0, 64) || 'host';

/** This process's folder name: `<host>-<pid>-<tag>`, the tag new at each start (a pid can be reused, e.g. 1 in a container). */
const PROCESS_FOLDER = `${HOST}-${process.pid}-${randomUUID().slice(0, 8)}`;

/** No copy lives this long: a folder of another machine untouched for a day is left from a process that is gone. */
const FOREIGN_STALE_MS = 24 * 60 * 60 * 1000;

/** Where import copies live: DATA_DIR/tmp/imports. */
export function importTempRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp', 'imports');
}

export async function copyToLocal(app: FastifyInstance, key: string, fileName: string): Promise<LocalCopy> {
  const folder = path.join(importTempRoot(app.config.dataDir), PROCESS_FOLDER, randomUUID());
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const extension = path.extname(fileName).toLowerCase().replace(/[^.a-z0-9]/g, '').slice(0, 10);
  const target = path.join(folder, `file${extension}`);
  const counter = byteLimit(UPLOAD_LIMITS.maxBytes);
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    await pipeline(await app.privateStorage.open(key), counter, createWriteStream(target, { mode: 0o600 }));
  } catch (error) {
    await dispose();
    throw error;
  }
  return { path: target, size: counter.bytes, dispose };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, run by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what dead processes left in DATA_DIR/tmp/imports: on this machine, folders of a pid that
 * no longer runs, or of this pid but an earlier start; folders of another machine (DATA_DIR on a
 * shared volume) untouched for a day (a live process's folder then holds nothing: it is made again
 * when needed); anything else not named like a process's folder. Returns the names removed.
 */
export async function sweepImportTemp(dataDir: string, now = Date.now()): Promise<string[]> {
  const root = importTempRoot(dataDir);
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    if (name === PROCESS_FOLDER) continue;
    const match = /^(.+)-(\d+)-[0-9a-f]{8}$/.exec(name);
    if (match && match[1] !== HOST) {
      const touched = (await stat(path.join(root, name)).catch(() => null))?.mtimeMs ?? 0;
      if (now - touched < FOREIGN_STALE_MS) continue;
    } else if (match) {
      const pid = Number(match[2]);
      if (pid !== process.pid && isAlive(pid)) continue;
    }
    await rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
