/**
 * Vitest globalSetup for the 'server' project: ONE embedded PostgreSQL for the whole run, in a fresh
 * folder under ./.test-data (removed afterwards), with a migrated template database `app_template`.
 * Workers read the admin URL with `inject('pgAdminUrl')` (see test-db.ts).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabaseClient } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { ensureDatabase } from '../db/ensure-database';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection URL of the test cluster's `postgres` database (superuser). */
    pgAdminUrl: string;
  }
}

const TEMPLATE_DATABASE = 'app_template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = path.resolve('.test-data');
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(path.join(base, 'run-'));
  chmodSync(root, 0o755); // PostgreSQL runs as the 'postgres' user when we are root: it must reach pg/
  const pg = await startEmbeddedPostgres({
    dir: path.join(root, 'pg'),
    // Throw-away data: durability off for speed.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  try {
    await ensureDatabase(pg.url(), TEMPLATE_DATABASE);
    const template = createDatabaseClient(pg.url(TEMPLATE_DATABASE), { max: 1 });
    try {
      await runMigrations(template.pool);
    } finally {
      await template.pool.end(); // a template must have no open connections
    }
  } catch (error) {
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgAdminUrl', pg.url());

  return async () => {
    await pg.stop();
    rmSync(root, { recursive: true, force: true });
    if (readdirSync(base).length === 0) rmSync(base, { recursive: true, force: true });
  };
}
