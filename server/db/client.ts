import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;

export interface DatabaseClient {
  pool: pg.Pool;
  db: Db;
}

/** A pg Pool and the Drizzle instance over it. The caller ends the pool (`pool.end()`). */
export function createDatabaseClient(connectionString: string, options: { max?: number } = {}): DatabaseClient {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; queries will report it.
  pool.on('error', () => undefined);
  return { pool, db: drizzle(pool, { schema }) };
}
