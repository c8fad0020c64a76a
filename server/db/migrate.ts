import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any fixed number: serialises migrations when several instances start against one database. */
export const MIGRATION_LOCK_KEY = 7_311_204_001;

/** One committed migration as the code knows it (drizzle's journal): `when` is what drizzle stores as `created_at`. */
export interface CodeMigration {
  tag: string;
  when: number;
}

/** How the database's applied migrations compare with the code's. */
export interface MigrationStatus {
  /** Migrations of the code the database has not applied (oldest first). */
  pending: CodeMigration[];
  /** `created_at` of migrations applied in the database that this code does not know (code older than the database). */
  unknown: number[];
  /** Migrations recorded in the database. */
  applied: number;
  /** Migrations of the code. */
  known: number;
}

/**
 * The database and the code disagree on migrations: `MIGRATIONS_AHEAD` (the database has migrations this code
 * does not know: the code is older) or `MIGRATIONS_PENDING` (migrations are off and the database lacks some).
 * Its message is one line meant for the operator; `npm start` prints it and exits 1.
 */
export class MigrationStateError extends Error {
  constructor(
    readonly code: 'MIGRATIONS_AHEAD' | 'MIGRATIONS_PENDING',
    message: string,
    readonly status: MigrationStatus,
  ) {
    super(message);
    this.name = 'MigrationStateError';
  }
}

const journals = new Map<string, CodeMigration[]>();

/** The code's migrations, oldest first (drizzle's meta/_journal.json). */
export function codeMigrations(folder = MIGRATIONS_FOLDER): CodeMigration[] {
  let entries = journals.get(folder);
  if (!entries) {
    const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: CodeMigration[] };
    entries = journal.entries.map(({ tag, when }) => ({ tag, when }));
    journals.set(folder, entries);
  }
  return entries;
}

/** `created_at` of every migration drizzle recorded in the database (none when it never migrated). */
export async function appliedMigrations(db: pg.Pool | pg.ClientBase): Promise<number[]> {
  const { rows } = await db.query<{ exists: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`);
  if (!rows[0]?.exists) return [];
  const applied = await db.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at');
  return applied.rows.map((row) => Number(row.created_at));
}

/** Compares the database's applied migrations with the code's. */
export async function migrationStatus(db: pg.Pool | pg.ClientBase, folder = MIGRATIONS_FOLDER): Promise<MigrationStatus> {
  const code = codeMigrations(folder);
  const applied = await appliedMigrations(db);
  const appliedSet = new Set(applied);
  const knownSet = new Set(code.map((m) => m.when));
  return {
    pending: code.filter((m) => !appliedSet.has(m.when)),
    unknown: applied.filter((when) => !knownSet.has(when)),
    applied: applied.length,
    known: code.length,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The refusal for a status that cannot run with this code (null when it can; `apply`: pending ones will be applied). */
export function migrationRefusal(status: MigrationStatus, apply: boolean, folder = MIGRATIONS_FOLDER): MigrationStateError | null {
  const code = codeMigrations(folder);
  const codeLevel = code.at(-1)?.tag ?? 'none';
  if (status.unknown.length > 0) {
    const newest = new Date(Math.max(...status.unknown)).toISOString();
    return new MigrationStateError(
      'MIGRATIONS_AHEAD',
      `The database has ${plural(status.unknown.length, 'migration')} this code does not know (newest made ${newest}): the code (${codeLevel}) is older than the database. Deploy the newer code, or restore a backup taken at ${codeLevel}.`,
      status,
    );
  }
  if (!apply && status.pending.length > 0) {
    const first = status.pending[0]!.tag;
    const last = status.pending.at(-1)!.tag;
    return new MigrationStateError(
      'MIGRATIONS_PENDING',
      `The database lacks ${plural(status.pending.length, 'migration')} this code needs (${first === last ? first : `${first} … ${last}`}) and MIGRATE=false: run them first (start one instance with MIGRATE=true), then start this one.`,
      status,
    );
  }
  return null;
}

export interface RunMigrationsOptions {
  /** Apply pending migrations (default). false: only check, and refuse (MigrationStateError) when any is pending. */
  apply?: boolean;
  /** Default: the committed migrations (server/db/migrations). */
  folder?: string;
}

/**
 * Applies the committed SQL migrations (server/db/migrations) under an advisory lock. Refuses with a
 * MigrationStateError, before touching anything, when the database has migrations this code does not know
 * (drizzle alone would silently do nothing), or when `apply: false` and some are pending.
 */
export async function runMigrations(pool: pg.Pool, options: RunMigrationsOptions = {}): Promise<void> {
  const { apply = true, folder = MIGRATIONS_FOLDER } = options;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      const refusal = migrationRefusal(await migrationStatus(client, folder), apply, folder);
      if (refusal) throw refusal;
      if (apply) await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
