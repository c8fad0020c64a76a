import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('config', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cdt-config-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('WORK_SILENT_SECONDS: how long unfinished work of a dead worker waits before it is sent again (60 s, 5–3600)', () => {
    expect(loadConfig({}, dir).workSilentSeconds).toBe(60);
    expect(loadConfig({ WORK_SILENT_SECONDS: '10' }, dir).workSilentSeconds).toBe(10);
    expect(() => loadConfig({ WORK_SILENT_SECONDS: '2' }, dir)).toThrow(/WORK_SILENT_SECONDS must be a whole number between 5 and 3600/);
  });

  it('applies the documented defaults and is frozen', () => {
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 3000,
      dataDir: path.join(dir, '.data'),
      databaseUrl: null,
      embeddedPgPort: null,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      spaDir: path.join(dir, 'dist'),
      rateLimitMax: 300,
      adminEmail: 'admin@example.org',
      demoSeed: true,
      jobs: true,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('generates TOKEN_SECRET once into DATA_DIR/secret.key and reuses it', () => {
    const first = loadConfig({ DATA_DIR: 'data' }, dir);
    const second = loadConfig({ DATA_DIR: 'data' }, dir);
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.tokenSecret).toBe(first.tokenSecret);
    expect(readFileSync(path.join(dir, 'data', 'secret.key'), 'utf8')).toBe(first.tokenSecret);
  });

  it('reports every invalid value at once', () => {
    const env = { PORT: 'eighty', NODE_ENV: 'staging', DEMO_SEED: 'maybe', DATABASE_URL: 'mysql://x', TOKEN_SECRET: 'short', RATE_LIMIT_MAX: '0' };
    expect(() => loadConfig(env, dir)).toThrow(ConfigError);
    try {
      loadConfig(env, dir);
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'NODE_ENV', 'DEMO_SEED', 'DATABASE_URL', 'TOKEN_SECRET', 'RATE_LIMIT_MAX']) expect(problems).toContain(name);
    }
  });

  it('is silent in tests and derives PUBLIC_URL from PORT', () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '4010', TOKEN_SECRET: 'x'.repeat(32) }, dir);
    expect(config.logLevel).toBe('silent');
    expect(config.publicUrl).toBe('http://localhost:4010');
  });

  it('accounts and sign-in: documented defaults', () => {
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      autoApproveUsers: false,
      adminPassword: 'admin-pass-123',
      demoPassword: 'demo-pass-123',
      authRateLimitMax: 20,
      smtpUrl: null,
      smtpFrom: 'Campaign Donation Tracker <no-reply@localhost>',
      smsApiUrl: null,
      smsApiToken: null,
      socialProviders: {},
    });
    expect(loadConfig({ NODE_ENV: 'production', TOKEN_SECRET: 'x'.repeat(32) }, dir).adminPassword).toBeNull();
  });

  it('social providers from SOCIAL_PROVIDERS JSON and GOOGLE_* / AUTH0_* (which win)', () => {
    const config = loadConfig(
      {
        SOCIAL_PROVIDERS: JSON.stringify({ auth0: { client_id: 'a0', client_secret: 's0', issuer: 'https://tenant.auth0.com/' }, google: { client_id: 'old' } }),
        GOOGLE_CLIENT_ID: 'g1',
        GOOGLE_CLIENT_SECRET: 'gs',
      },
      dir,
    );
    expect(config.socialProviders).toEqual({
      google: { clientId: 'g1', clientSecret: 'gs', issuer: 'https://accounts.google.com' },
      auth0: { clientId: 'a0', clientSecret: 's0', issuer: 'https://tenant.auth0.com/' },
    });
  });

  it('reports invalid sign-in settings', () => {
    const env = { SMTP_URL: 'http://mail', AUTH0_CLIENT_ID: 'x', SOCIAL_PROVIDERS: '{nope', ADMIN_PASSWORD: 'a b', AUTO_APPROVE_USERS: 'perhaps' };
    try {
      loadConfig(env, dir);
      expect.unreachable();
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['SMTP_URL', 'AUTH0_CLIENT_SECRET', 'SOCIAL_PROVIDERS', 'ADMIN_PASSWORD', 'AUTO_APPROVE_USERS']) expect(problems).toContain(name);
    }
  });
});
