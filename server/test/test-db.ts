/**
 * Test helpers: a fresh database per test file (or per test), copied from the migrated template.
 *
 *   const { url, pool, db, drop } = await createTestDatabase();
 *   const { app, db, pool, close } = await buildTestApp({ config: { rateLimitMax: 3 }, seed: true });
 *   const res = await app.inject({ method: 'GET', url: '/health' });
 */
import { demoGatewaySeed } from '../modules/payments/demo-gateway';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { Clock } from '../plugins/clock';
import { createDatabaseClient, type Db } from '../db/client';
import { seed, type SeedResult } from '../db/seed';
import { testConfig } from './test-config';

const TEMPLATE_DATABASE = 'app_template';

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  db: Db;
  /** Ends the pool (if still open) and drops the database. */
  drop(): Promise<void>;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** `CREATE DATABASE test_<random> TEMPLATE app_template`: migrated, reference data, no seed. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${client.escapeIdentifier(name)} template ${TEMPLATE_DATABASE}`);
        return;
      } catch (error) {
        // Two copies started at the same instant can collide on the template; try again shortly.
        if (attempt >= 10 || !String((error as Error).message).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      }
    }
  });
  const url = new URL(inject('pgAdminUrl'));
  url.pathname = `/${name}`;
  const { pool, db } = createDatabaseClient(url.toString(), { max: 5 });
  let ended = false;
  const endPool = pool.end.bind(pool);
  pool.end = (async () => {
    if (ended) return;
    ended = true;
    await endPool();
  }) as typeof pool.end;

  return {
    name,
    url: url.toString(),
    pool,
    db,
    async drop() {
      await pool.end();
      await withAdmin((client) => client.query(`drop database if exists ${client.escapeIdentifier(name)} with (force)`));
    },
  };
}

export interface BuildTestAppOptions {
  /** Config overrides on top of testConfig() (e.g. `{ rateLimitMax: 3, spaDir }`). */
  config?: Partial<Config>;
  /** Run the seed (admin + demo owner + demo campaign) first; passwords from the config. */
  seed?: boolean;
  /** With `seed`: also fill the demo campaign's book (server/db/demo-book.ts), as `npm start` does. */
  demoBook?: boolean;
  /** A ManualClock to move time in tests. */
  clock?: Clock;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  database: TestDatabase;
  seeded: SeedResult | null;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/** The real app on a fresh database, not listening: use `app.inject()`. Routes may be added before the first inject. */
export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  const database = await createTestDatabase();
  try {
    const seeded = options.seed
      ? await seed(database.db, { adminEmail: config.adminEmail, demo: true, adminPassword: config.adminPassword, demoPassword: config.demoPassword, demoBook: options.demoBook === true, demoGateway: demoGatewaySeed(config) })
      : null;
    const app = await buildApp({ config, db: database.db, pool: database.pool, clock: options.clock });
    return {
      app,
      db: database.db,
      pool: database.pool,
      database,
      seeded,
      async close() {
        await app.close();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
