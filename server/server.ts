import { demoGatewaySeed } from './modules/payments/demo-gateway';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import PgBoss from 'pg-boss';
import { buildApp } from './app';
import { getConfig, type Config } from './config';
import { createDatabaseClient, type DatabaseClient } from './db/client';
import { acquireDataFolderLock, type DataFolderLock } from './db/data-lock';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { ensureDatabase } from './db/ensure-database';
import { runMigrations } from './db/migrate';
import { seedDemoUpload } from './modules/imports/demo-upload';
import { accountsWithPublishedPassword, DEMO_MANAGER_EMAIL, DEMO_OWNER_EMAIL, DEMO_STAFF_EMAIL, seed } from './db/seed';

/** The database the app uses inside the embedded cluster. */
const EMBEDDED_DATABASE = 'campaign_tracker';
const SHUTDOWN_TIMEOUT_MS = 20_000;

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  stop(): Promise<void>;
}

/** Things started so far, stopped in reverse order (also when start-up fails half-way). */
interface Parts {
  lock?: DataFolderLock;
  embedded?: EmbeddedPostgres;
  client?: DatabaseClient;
  boss?: PgBoss;
  app?: FastifyInstance;
}

async function stopParts(parts: Parts): Promise<void> {
  const step = async (what: string, fn: () => Promise<unknown> | unknown) => {
    try {
      await fn();
    } catch (error) {
      console.error(`Shutdown: could not ${what}:`, error instanceof Error ? error.message : error);
    }
  };
  // Closing Fastify stops accepting connections, lets in-flight requests finish, then stops pg-boss (jobs plugin).
  if (parts.app) await step('close the HTTP server', () => parts.app?.close());
  else if (parts.boss) await step('stop the job queue', () => parts.boss?.stop({ graceful: true, wait: true, timeout: 10_000 }));
  if (parts.client) await step('close the database pool', () => parts.client?.pool.end());
  if (parts.embedded) await step('stop PostgreSQL', () => parts.embedded?.stop());
  parts.lock?.release();
}

/** True when `host` only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Outside production: where the Dev outbox is, and who can reach the server (HOST). */
export function devLines(config: Config): string[] {
  const codes = `  Codes:       ${config.publicUrl}/dev-outbox (sign-in codes, ${config.smtpUrl ? 'also e-mailed' : 'no SMTP_URL: not e-mailed'}; this machine only)`;
  const listening = isLoopbackHost(config.host)
    ? `  Listening:   ${config.host}:${config.port}, this machine only. To open it to your network on purpose: HOST=0.0.0.0 npm start`
    : `  Listening:   ${config.host}:${config.port}, open to the network (HOST=${config.host}); the Dev outbox still answers this machine only`;
  return [codes, listening];
}

/**
 * The demo team's line: the README's password outside production; in production (DEMO_SEED=true asked
 * for explicitly) DEMO_PASSWORD or a random one, printed this once when this start set it.
 */
function demoTeamLine(config: Config, generated: string | null): string {
  const team = `  Demo team:   ${DEMO_OWNER_EMAIL} (owner), ${DEMO_MANAGER_EMAIL} (manager), ${DEMO_STAFF_EMAIL} (staff)`;
  if (generated) return `${team}, password ${generated} (random, shown only now: note it)`;
  if (config.demoPassword === 'demo-pass-123') return `${team}, password demo-pass-123`;
  return `${team}, password ${config.demoPassword ? 'DEMO_PASSWORD' : 'set at an earlier start'}`;
}

function printBanner(config: Config, embedded: EmbeddedPostgres | undefined, generatedDemoPassword: string | null): void {
  const lines = [
    '',
    `  Campaign donation tracker ${config.version} is running`,
    `  Open:        ${config.publicUrl}`,
    `  Database:    ${embedded ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pg')} (port ${embedded.port})` : 'DATABASE_URL'}`,
    ...(config.demoSeed ? [demoTeamLine(config, generatedDemoPassword)] : []),
    `  Admin:       ${config.adminEmail}${config.adminPassword === 'admin-pass-123' ? ' (password admin-pass-123)' : ''}`,
    ...(config.nodeEnv !== 'production' ? devLines(config) : []),
    '  Stop with Ctrl-C.',
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * NODE_ENV=production: refuses to start (one line, exit 1 through start.ts) while a seeded account
 * (the administrator, the demo team) has a password the README publishes.
 */
export async function refusePublishedPasswords(db: DatabaseClient['db'], adminEmail: string): Promise<void> {
  const found = await accountsWithPublishedPassword(db, adminEmail);
  if (found.length === 0) return;
  throw new Error(
    `NODE_ENV=production and ${found.join(', ')} still ${found.length === 1 ? 'has' : 'have'} a password published in the README: ` +
      `give ${found.length === 1 ? 'it' : 'them'} a new one (forgot-password, outside production) or clear it (UPDATE users SET password_hash = NULL WHERE email = '…': one-time codes only), then start again.`,
  );
}

/**
 * Starts everything: data-folder lock + embedded PostgreSQL (unless DATABASE_URL), migrations,
 * seed, pg-boss (JOBS), the app, listen. Returns a handle whose stop() shuts down in order.
 */
export async function startServer(config: Config = getConfig()): Promise<RunningServer> {
  const parts: Parts = {};
  let generatedDemoPassword: string | null = null;
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      parts.lock = acquireDataFolderLock(config.dataDir); // throws before PostgreSQL is touched
      const lock = parts.lock;
      process.once('exit', () => lock.release());
      parts.embedded = await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'pg'),
        port: config.embeddedPgPort,
        onLog: config.logLevel === 'debug' || config.logLevel === 'trace' ? (line) => console.error(`[postgres] ${line}`) : undefined,
      });
      await ensureDatabase(parts.embedded.url(), EMBEDDED_DATABASE);
      databaseUrl = parts.embedded.url(EMBEDDED_DATABASE);
    }

    parts.client = createDatabaseClient(databaseUrl);
    await runMigrations(parts.client.pool, { apply: config.migrate });
    if (config.nodeEnv === 'production') await refusePublishedPasswords(parts.client.db, config.adminEmail);
    // Production with DEMO_SEED=true and no DEMO_PASSWORD: a random password, never the README's.
    const randomDemoPassword = config.demoSeed && config.demoPassword === null ? randomBytes(12).toString('base64url') : null;
    const seeded = await seed(parts.client.db, {
      adminEmail: config.adminEmail,
      demo: config.demoSeed,
      adminPassword: config.adminPassword,
      demoPassword: config.demoPassword ?? randomDemoPassword,
      demoBook: config.demoSeed,
      demoGateway: config.demoSeed ? demoGatewaySeed(config) : null,
    });

    if (randomDemoPassword && seeded.demoPasswordSet) generatedDemoPassword = randomDemoPassword;
    if (config.jobs) parts.boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
    parts.app = await buildApp({ config, db: parts.client.db, pool: parts.client.pool, boss: parts.boss });
    if (seeded.demoCampaign && seeded.demoOwner) {
      await parts.app.ready();
      await seedDemoUpload(parts.app, { campaignId: seeded.demoCampaign.id, ownerId: seeded.demoOwner.id });
    }
    try {
      await parts.app.listen({ host: config.host, port: config.port });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new Error(`Port ${config.port} is already in use. Stop what uses it, or set PORT to another port.`, { cause: error });
      }
      throw error;
    }
  } catch (error) {
    await stopParts(parts);
    throw error;
  }

  printBanner(config, parts.embedded, generatedDemoPassword);
  let stopping: Promise<void> | null = null;
  return {
    app: parts.app,
    config,
    stop: () => (stopping ??= stopParts(parts)),
  };
}

/** SIGINT/SIGTERM → graceful stop, then exit; a second signal forces the exit. */
export function stopOnSignals(server: RunningServer): void {
  let receivedAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    // The same signal often arrives twice at once (to the process group and forwarded by tsx/npm):
    // only a second signal after a short pause forces the exit.
    if (receivedAt && Date.now() - receivedAt < 2_000) return;
    if (receivedAt) {
      console.error(`\n${signal} again: forcing exit.`);
      process.exit(1);
    }
    receivedAt = Date.now();
    console.log(`\n${signal} received: shutting down (press Ctrl-C again to force).`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long: forcing exit.');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    server.stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
