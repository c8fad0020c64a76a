import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { runMigrations } from './migrate';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('create the foundation tables', async () => {
    const result = await database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = result.rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(['users', 'campaigns', 'campaign_members', 'states', 'offices_sought']));
  });

  it('load the reference data: 50 states + DC and the offices sought', async () => {
    const states = await database.db.execute<{ value: string }>(sql`select value from states`);
    expect(states.rows).toHaveLength(51);
    expect(states.rows.map((r) => r.value)).toEqual(expect.arrayContaining(['new_york', 'district_of_columbia', 'new_hampshire']));
    const offices = await database.db.execute<{ value: string }>(sql`select value from offices_sought order by sort_order`);
    expect(offices.rows.map((r) => r.value)).toEqual(
      expect.arrayContaining(['mayor', 'public_advocate', 'comptroller', 'borough_president', 'city_council', 'governor', 'state_senate', 'state_assembly']),
    );
  });

  it('are a no-op when run again', async () => {
    await runMigrations(database.pool);
    const states = await database.db.execute(sql`select count(*)::int as n from states`);
    expect(states.rows[0]).toEqual({ n: 51 });
  });
});
