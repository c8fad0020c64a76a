import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoGatewaySeed } from '../modules/payments/demo-gateway';
import { testConfig } from '../test/test-config';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { backupDatabase, BackupError, restoreDatabase, type BackupManifest } from './backup-archive';
import { createDatabaseClient } from './client';
import { codeMigrations, migrationStatus, runMigrations } from './migrate';
import { seed } from './seed';

const run = promisify(execFile);

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A one-connection pool whose connections a forced drop may end without an uncaught error. */
function quietPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  return pool;
}

/** Drops `name` (if there) and creates it empty: a wiped database. */
async function freshDatabase(name: string): Promise<string> {
  await admin(async (client) => {
    await client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`);
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  });
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Per table: row count and a digest of every row; per sequence: its value. */
async function inventory(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // a later test's forced drop may end it: not an uncaught error
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    const counts: Record<string, number> = {};
    const digests: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ n: number; digest: string | null }>(
        `select count(*)::int as n, md5(string_agg(x::text, E'\\n' order by x::text)) as digest from public.${client.escapeIdentifier(name)} x`,
      );
      counts[name] = rows[0]!.n;
      digests[name] = rows[0]!.digest ?? '';
    }
    const { rows: sequence } = await client.query<{ last_value: string; is_called: boolean }>('select last_value::text, is_called from public.payment_receipt_seq');
    return { counts, digests, sequence: sequence[0] };
  } finally {
    await client.end();
  }
}

async function refusal(promise: Promise<unknown>): Promise<BackupError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackupError);
  return error as BackupError;
}

describe('npm run backup / npm run restore (COPY, one snapshot, one transaction)', () => {
  let source: TestDatabase;
  let tmp: string;
  let backupDir: string;
  let manifest: BackupManifest;
  let before: Awaited<ReturnType<typeof inventory>>;
  const restored = `restore_${Date.now().toString(36)}`;

  beforeAll(async () => {
    source = await createTestDatabase();
    const config = testConfig();
    await seed(source.db, { adminEmail: config.adminEmail, demo: true, adminPassword: config.adminPassword, demoPassword: config.demoPassword, demoBook: true, demoGateway: demoGatewaySeed(config) });
    for (let i = 0; i < 3; i++) await source.pool.query(`select nextval('payment_receipt_seq')`);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'cdt-backup-test-'));
    backupDir = path.join(tmp, 'backup');
  });
  afterAll(async () => {
    await source.drop();
    await admin((client) => client.query(`drop database if exists ${client.escapeIdentifier(restored)} with (force)`));
    rmSync(tmp, { recursive: true, force: true });
  });

  it('backs up every table while the app is connected, with row counts, checksums, sequences and the migration level', async () => {
    before = await inventory(source.url);
    const result = await backupDatabase(source.url, backupDir, { appVersion: 'test' });
    manifest = result.manifest;
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(before.counts);
    expect(before.counts.donors).toBeGreaterThan(30);
    expect(before.counts.donations).toBeGreaterThan(50);
    expect(manifest.tables.find((t) => t.name === 'donors')!.columns).not.toContain('search_text'); // generated: recomputed
    // Every sequence: the receipt numbers, and the socket.io adapter's attachments (unused here).
    expect(manifest.sequences).toEqual([
      { name: 'payment_receipt_seq', last_value: before.sequence!.last_value, is_called: true },
      { name: 'socket_io_attachments_id_seq', last_value: '1', is_called: false },
    ]);
    expect(manifest.migrations.map((m) => m.created_at)).toEqual(codeMigrations().map((m) => m.when));
    expect(manifest.migrations.every((m) => m.tag !== null)).toBe(true);
    expect(manifest.tables.every((t) => /^[0-9a-f]{64}$/.test(t.sha256) && t.bytes > 0)).toBe(true);
    expect(manifest.not_included.join(' ')).toContain('pgboss');
    expect(() => readFileSync(`${backupDir}.partial/manifest.json`)).toThrow();
  });

  it('restores into a wiped database: the same rows in every table (counts and contents), the same sequence, migrations current', async () => {
    const url = await freshDatabase(restored);
    const result = await restoreDatabase(url, backupDir);
    expect(result.rows).toBe(Object.values(before.counts).reduce((a, b) => a + b, 0));
    const after = await inventory(url);
    expect(after.counts).toEqual(before.counts);
    expect(after.digests).toEqual(before.digests);
    expect(after.sequence).toEqual(before.sequence);
    const client = createDatabaseClient(url, { max: 1 });
    try {
      expect(await migrationStatus(client.pool)).toMatchObject({ pending: [], unknown: [] });
      await runMigrations(client.pool); // a no-op: the app starts on it
      // The totals kept by triggers came back as they were, and the triggers are enabled again.
      const { rows } = await client.pool.query<{ raised: string }>('select raised_cents::text as raised from campaign_book_totals order by raised_cents desc limit 1');
      expect(Number(rows[0]!.raised)).toBeGreaterThan(0);
      const { rows: triggers } = await client.pool.query<{ state: string; n: number }>(`select tgenabled as state, count(*)::int as n from pg_trigger where not tgisinternal group by 1`);
      expect(triggers).toEqual([{ state: 'A', n: expect.any(Number) }]);
      expect(triggers[0]!.n).toBeGreaterThan(5);
    } finally {
      await client.pool.end();
    }
  });

  it('refuses a database that holds data without --force, and replaces it with --force', async () => {
    const url = await freshDatabase(restored);
    await restoreDatabase(url, backupDir);
    const error = await refusal(restoreDatabase(url, backupDir));
    expect(error.code).toBe('TARGET_NOT_EMPTY');
    expect(error.message).toMatch(/already holds data .*--force/);
    const pool = quietPool(url);
    await pool.query('delete from donation_refunds');
    await pool.query(`update users set name = 'Changed' where email = $1`, [testConfig().adminEmail]);
    await pool.end();
    await restoreDatabase(url, backupDir, { force: true });
    expect(await inventory(url)).toEqual(before);
  });

  it('refuses a database other sessions are connected to', async () => {
    const url = await freshDatabase(restored);
    const pool = quietPool(url);
    await pool.query('select 1');
    try {
      expect((await refusal(restoreDatabase(url, backupDir))).code).toBe('TARGET_IN_USE');
    } finally {
      await pool.end();
    }
  });

  it('refuses a backup taken at another migration level, and a damaged one, before touching the database', async () => {
    const url = await freshDatabase(restored);
    const older = path.join(tmp, 'older');
    cpSync(backupDir, older, { recursive: true });
    const edited = { ...manifest, migrations: manifest.migrations.slice(0, -1) };
    writeFileSync(path.join(older, 'manifest.json'), JSON.stringify(edited));
    const level = await refusal(restoreDatabase(url, older));
    expect(level.code).toBe('BACKUP_MIGRATION_MISMATCH');
    expect(level.message).toContain(`this code is at ${manifest.migrations.at(-1)!.tag}`);

    const newer = { ...manifest, migrations: [...manifest.migrations, { tag: null, created_at: Date.now() + 86_400_000, hash: 'x' }] };
    writeFileSync(path.join(older, 'manifest.json'), JSON.stringify(newer));
    expect((await refusal(restoreDatabase(url, older))).code).toBe('BACKUP_MIGRATION_MISMATCH');

    const damaged = path.join(tmp, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const donors = path.join(damaged, manifest.tables.find((t) => t.name === 'donors')!.file);
    const bytes = readFileSync(donors);
    bytes[bytes.length >> 1] ^= 0xff;
    writeFileSync(donors, bytes);
    expect((await refusal(restoreDatabase(url, damaged))).code).toBe('BACKUP_CHECKSUM_MISMATCH');
    const { rows } = await admin((client) => client.query(`select count(*)::int as n from pg_database where datname = $1`, [restored]));
    expect(rows[0].n).toBe(1);
    const pool = quietPool(url);
    const { rows: tables } = await pool.query(`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`);
    await pool.end();
    expect(tables[0].n).toBe(0); // nothing was done
  });

  it('the scripts: npm run backup and npm run restore through DATABASE_URL print one line, refuse with one line and exit 1', async () => {
    const url = await freshDatabase(restored);
    const env = { ...process.env, DATABASE_URL: source.url, DATA_DIR: path.join(tmp, 'data'), TOKEN_SECRET: 'test-secret-test-secret-test-secret-0123', NODE_ENV: 'test' };
    const out = path.join(tmp, 'cli-backup');
    const backup = await run('npx', ['tsx', 'scripts/backup.ts', out], { env });
    expect(backup.stdout.trim().split('\n')).toHaveLength(1);
    expect(backup.stdout).toMatch(/^Backup of DATABASE_URL .* written to .*cli-backup: \d+ tables, \d+ rows/);
    const restoreEnv = { ...env, DATABASE_URL: url };
    const restore = await run('npx', ['tsx', 'scripts/restore.ts', out], { env: restoreEnv });
    expect(restore.stdout).toMatch(/^Restored .* tables, \d+ rows, 2 sequences/);
    expect((await inventory(url)).counts).toEqual(before.counts);
    const again = await run('npx', ['tsx', 'scripts/restore.ts', out], { env: restoreEnv }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(again?.code).toBe(1);
    expect(again?.stderr.trim()).toMatch(/^The database already holds data \(\d+ user account\(s\)\): restoring replaces all of it\. Run again with --force to do so\.$/);
  });
});
