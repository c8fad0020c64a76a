import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { createDatabaseClient } from './client';
import { ensureDatabase } from './ensure-database';
import { codeMigrations, MigrationStateError, migrationStatus, MIGRATIONS_FOLDER, runMigrations } from './migrate';

const run = promisify(execFile);

async function refusal(promise: Promise<unknown>): Promise<MigrationStateError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MigrationStateError);
  return error as MigrationStateError;
}

describe('a clean refusal when the database and the code disagree on migrations', () => {
  let database: TestDatabase;
  let tmp: string;
  const future = Date.now() + 86_400_000;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', ['from-newer-code', future]);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'cdt-migrate-refusal-'));
  });
  afterAll(async () => {
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('the code is older than the database: runMigrations refuses (MIGRATIONS_AHEAD) instead of silently doing nothing', async () => {
    const error = await refusal(runMigrations(database.pool));
    expect(error.code).toBe('MIGRATIONS_AHEAD');
    expect(error.message).toContain('1 migration this code does not know');
    expect(error.message).toContain(codeMigrations().at(-1)!.tag);
    expect(error.message).not.toContain('\n');
    expect(error.status.unknown).toEqual([future]);
  });

  it('migrations off (apply: false) and the database lacks some: refuses (MIGRATIONS_PENDING); applying them then works', async () => {
    const name = `behind_${randomBytes(4).toString('hex')}`;
    await ensureDatabase(inject('pgAdminUrl'), name);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    const client = createDatabaseClient(url.toString(), { max: 2 });
    try {
      // The database as the previous release left it: every migration but the last.
      const older = path.join(tmp, 'migrations');
      cpSync(MIGRATIONS_FOLDER, older, { recursive: true });
      const journalFile = path.join(older, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries = journal.entries.slice(0, -1);
      writeFileSync(journalFile, JSON.stringify(journal));
      await migrate(drizzle(client.pool), { migrationsFolder: older });

      const error = await refusal(runMigrations(client.pool, { apply: false }));
      expect(error.code).toBe('MIGRATIONS_PENDING');
      expect(error.message).toBe(
        `The database lacks 1 migration this code needs (${codeMigrations().at(-1)!.tag}) and MIGRATE=false: run them first (start one instance with MIGRATE=true), then start this one.`,
      );
      await runMigrations(client.pool);
      expect(await migrationStatus(client.pool)).toMatchObject({ pending: [], unknown: [] });
      await runMigrations(client.pool, { apply: false }); // nothing pending: starts
    } finally {
      await client.pool.end();
      const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
      await admin.connect();
      await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
      await admin.end();
    }
  });

  it('npm start on a database newer than the code exits 1 with one line, no stack trace, nothing started', async () => {
    const spaDir = path.join(tmp, 'no-spa');
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(tmp, 'data'),
      SPA_DIR: spaDir,
      TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123',
      PORT: '0',
      JOBS: 'inline',
      DEMO_SEED: 'false',
    };
    const result = await run('npx', ['tsx', 'server/start.ts'], { env, timeout: 60_000 }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(result, 'the server must not start').not.toBeNull();
    expect(result!.code).toBe(1);
    const lines = result!.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The server could not start: The database has 1 migration this code does not know \(newest made .*\): the code \(.*\) is older than the database\./);
    expect(result!.stdout).not.toContain('is running');
    const { rows } = await database.pool.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows[0]!.n).toBe(0); // not even the seed ran
  });
});
