import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { testConfig } from '../test/test-config';

describe('jobs plugin', () => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.drop();
  });

  it('starts pg-boss on the app database and stops it when the app closes', async () => {
    database = await createTestDatabase();
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 2 });
    let stopped = false;
    boss.on('stopped', () => {
      stopped = true;
    });
    const app = await buildApp({ config: testConfig(), db: database.db, pool: database.pool, boss });
    await app.ready();
    expect(app.boss).toBe(boss);

    await boss.createQueue('smoke');
    const id = await boss.send('smoke', { hello: 'world' });
    expect(id).toEqual(expect.any(String));
    const [job] = await boss.fetch<{ hello: string }>('smoke');
    expect(job.data).toEqual({ hello: 'world' });

    await app.close();
    expect(stopped).toBe(true);
  });
});
