/**
 * NODE_ENV=production and the demo accounts (issue 30, point 6): no demo seed unless DEMO_SEED=true
 * asks for it, never with a password the README publishes, and no start while a seeded account has one.
 * The real start-up path (startServer) on a test database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DEMO_OWNER_EMAIL, DEMO_STAFF_EMAIL, seed } from './db/seed';
import { users } from './db/schema';
import { verifyPassword } from './modules/auth/passwords';
import { startServer, type RunningServer } from './server';
import { createTestDatabase, type TestDatabase } from './test/test-db';

const SECRET = 'p'.repeat(40);

describe('production: demo accounts and published passwords', () => {
  let dir: string;
  const running: RunningServer[] = [];
  const databases: TestDatabase[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'production-seed-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const server of running.splice(0)) await server.stop();
    for (const database of databases.splice(0)) await database.drop();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const production = (database: TestDatabase, env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: 'production', DATABASE_URL: database.url, TOKEN_SECRET: SECRET, HOST: '127.0.0.1', PORT: '0', JOBS: 'false', LOG_LEVEL: 'silent', ...env }, dir);
  const fresh = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  const printed = () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    return lines;
  };

  it('config: no demo seed and no demo password by default; the README’s passwords refused', () => {
    const base = { NODE_ENV: 'production', TOKEN_SECRET: SECRET };
    expect(loadConfig(base, dir)).toMatchObject({ demoSeed: false, demoPassword: null, adminPassword: null });
    expect(loadConfig({ ...base, DEMO_SEED: 'true' }, dir)).toMatchObject({ demoSeed: true, demoPassword: null });
    for (const [name, password] of [['DEMO_PASSWORD', 'demo-pass-123'], ['ADMIN_PASSWORD', 'admin-pass-123'], ['DEMO_PASSWORD', 'admin-pass-123']]) {
      expect(() => loadConfig({ ...base, [name]: password }, dir), `${name}=${password}`).toThrow(ConfigError);
      try {
        loadConfig({ ...base, [name]: password }, dir);
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([`${name} must not be a password published in the README when NODE_ENV=production`]);
      }
    }
    // Outside production the README's passwords stay the defaults.
    expect(loadConfig({}, dir)).toMatchObject({ demoSeed: true, demoPassword: 'demo-pass-123' });
  });

  it('starts without the demo team unless DEMO_SEED=true', async () => {
    const database = await fresh();
    printed();
    running.push(await startServer(production(database)));
    expect(await database.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL))).toEqual([]);
  });

  it('DEMO_SEED=true: a random demo password, printed once (the start that set it), never the README’s', async () => {
    const database = await fresh();
    const lines = printed();
    running.push(await startServer(production(database, { DEMO_SEED: 'true' })));
    const banner = lines.join('\n');
    const password = /password (\S+) \(random, shown only now/.exec(banner)?.[1];
    expect(password, banner).toBeDefined();
    const [owner] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
    expect(await verifyPassword(password!, owner.passwordHash)).toBe(true);
    expect(await verifyPassword('demo-pass-123', owner.passwordHash)).toBe(false);
    await running.pop()!.stop();

    lines.length = 0;
    running.push(await startServer(production(database, { DEMO_SEED: 'true' })));
    expect(lines.join('\n')).not.toContain(password!);
    expect(lines.join('\n')).toContain('password set at an earlier start');
  });

  it('refuses to start while a seeded account has a password the README publishes (one line naming them)', async () => {
    const database = await fresh();
    // As a start outside production left it (demo seed with the README's passwords).
    await seed(database.db, { adminEmail: 'admin@example.org', demo: true, adminPassword: 'admin-pass-123', demoPassword: 'demo-pass-123' });
    printed();
    const refused = startServer(production(database));
    await expect(refused).rejects.toThrow(/^NODE_ENV=production and admin@example\.org, manager@demo\.campaign, owner@demo\.campaign, staff@demo\.campaign still have a password published in the README/);
    await refused.catch((error: Error) => expect(error.message).not.toContain('\n'));

    // Once every one of them has another password (or none), it starts.
    await database.db.update(users).set({ passwordHash: null });
    await seed(database.db, { adminEmail: 'admin@example.org', demo: true, demoPassword: 'a-private-one-42' });
    const [staff] = await database.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    expect(await verifyPassword('a-private-one-42', staff.passwordHash)).toBe(true);
    running.push(await startServer(production(database)));
  });
});
