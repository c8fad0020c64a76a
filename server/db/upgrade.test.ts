import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseClient, type DatabaseClient } from './client';
import { ensureDatabase } from './ensure-database';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';

/** The migrations folder as it was before `tag` (journal cut there). */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('upgrading a database made before accounts and sign-in', () => {
  let client: DatabaseClient;
  let oldFolder: string;
  const name = `upgrade_${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    await ensureDatabase(inject('pgAdminUrl'), name);
    const url = new URL(inject('pgAdminUrl'));
    url.pathname = `/${name}`;
    client = createDatabaseClient(url.toString(), { max: 2 });
    oldFolder = migrationsBefore('0002_accounts-and-sign-in');
  });
  afterAll(async () => {
    await client.pool.end();
    rmSync(oldFolder, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${admin.escapeIdentifier(name)} with (force)`);
    await admin.end();
  });

  it('keeps existing users, who become usable with the new columns', async () => {
    await migrate(drizzle(client.pool), { migrationsFolder: oldFolder });
    await client.pool.query(`insert into users (email, name, status, is_platform_admin) values ('old@example.org', 'Old Timer', 'active', true)`);
    await runMigrations(client.pool);
    const { rows } = await client.pool.query('select email, status, last_name, failed_signin_count from users');
    expect(rows).toEqual([{ email: 'old@example.org', status: 'active', last_name: '', failed_signin_count: 0 }]);
    await client.pool.query(`insert into users (phone, status) values ('5551112222', 'unconfirmed')`);
  });
});
