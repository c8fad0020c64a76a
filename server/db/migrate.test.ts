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

  it("leave every trigger of the book firing in every replication role (imports run in replica mode: migration 0020)", async () => {
    const result = await database.db.execute<{ name: string; state: string }>(
      sql`select c.relname || '.' || t.tgname as name, t.tgenabled as state from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace where not t.tgisinternal and n.nspname = current_schema() order by 1`,
    );
    expect(result.rows.length).toBeGreaterThan(20);
    // A migration adding a trigger must end with: SELECT cdt_user_triggers_always(true);
    expect(result.rows.filter((r) => r.state !== 'A')).toEqual([]);
  });

  it('are a no-op when run again', async () => {
    await runMigrations(database.pool);
    const states = await database.db.execute(sql`select count(*)::int as n from states`);
    expect(states.rows[0]).toEqual({ n: 51 });
  });
});
