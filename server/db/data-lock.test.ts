import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataFolderLock, DataFolderLockedError } from './data-lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('data-folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-lock-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes our pid to DATA_DIR/server.lock and removes it on release', () => {
    const lock = acquireDataFolderLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses a second holder while the first (a live process) holds it', () => {
    const first = acquireDataFolderLock(dir, process.pid);
    const otherPid = deadPid(); // the would-be second server, pretending to be another process
    expect(() => acquireDataFolderLock(dir, otherPid)).toThrow(DataFolderLockedError);
    expect(() => acquireDataFolderLock(dir, otherPid)).toThrow(
      `Another server is already running on data folder ${dir} (pid ${process.pid}). Stop it, or set DATA_DIR to another folder.`,
    );
    // The first holder keeps its lock.
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    first.release();
  });

  it('takes over a stale lock whose pid is dead', () => {
    writeFileSync(path.join(dir, 'server.lock'), `${deadPid()}\n`);
    const lock = acquireDataFolderLock(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('does not remove a lock that another process has taken since', () => {
    const lock = acquireDataFolderLock(dir);
    writeFileSync(path.join(dir, 'server.lock'), '1\n');
    lock.release();
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8').trim()).toBe('1');
  });
});
