import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { outbox, users } from '../../db/schema';
import { testConfig } from '../../test/test-config';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { AUTH_MAIL_QUEUE } from './mail-queue';

describe('auth messages through pg-boss (as in production)', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createTestDatabase();
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 2 });
    app = await buildApp({ config: testConfig(), db: database.db, pool: database.pool, boss });
    const now = new Date();
    await database.db.insert(users).values({ email: 'known@example.org', name: 'Known', status: 'active', emailVerifiedAt: now, createdAt: now, updatedAt: now });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const jobs = async () => (await database.pool.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = $1`, [AUTH_MAIL_QUEUE])).rows[0].n;
  const messagesTo = (recipient: string) => database.db.select().from(outbox).where(eq(outbox.recipient, recipient));

  it('a known and an unknown address each cost the request one auth-mail job; only the known one gets a message, recorded by the worker', async () => {
    const before = await jobs();
    const send = (email: string) => app.inject({ method: 'POST', url: '/auth/authentication/signin-passwordless', payload: { email } });
    const known = await send('known@example.org');
    expect(await jobs()).toBe(before + 1);
    const unknown = await send('unknown@example.org');
    expect(await jobs()).toBe(before + 2);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ...known.json(), data: { ...known.json().data, destination: 'u***@example.org' } });

    const deadline = Date.now() + 15_000;
    while ((await messagesTo('known@example.org')).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const [message] = await messagesTo('known@example.org');
    expect(message).toMatchObject({ purpose: 'signin', channel: 'email' });
    expect(message.body).toMatch(/\b\d{6}\b/);
    expect(await messagesTo('unknown@example.org')).toEqual([]);

    // The job is part of the code's transaction: a refused request (cool-down) leaves none.
    const refused = await send('known@example.org');
    expect(refused.statusCode).toBe(429);
    expect(await jobs()).toBe(before + 2);
  });

  it('signing up with a taken address: the same answer as a new one; the owner gets "you already have an account" through the job', async () => {
    const signup = (email: string) => app.inject({ method: 'POST', url: '/auth/authentication/signup', payload: { name: 'New', last_name: 'Person', email } });
    const taken = await signup('known@example.org');
    const fresh = await signup('kfresh@example.org');
    expect([taken.statusCode, fresh.statusCode]).toEqual([201, 201]);
    expect(taken.json().message_code).toBe(fresh.json().message_code);
    const deadline = Date.now() + 15_000;
    const purposes = async (email: string) => (await messagesTo(email)).map((m) => m.purpose).sort();
    while ((await purposes('known@example.org')).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await purposes('known@example.org')).toEqual(['account_exists', 'signin']);
    while ((await purposes('kfresh@example.org')).length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await purposes('kfresh@example.org')).toEqual(['signup']);
  });
});
