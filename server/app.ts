import Fastify, { type FastifyInstance } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Config } from './config';
import type { Db } from './db/client';
import { registerAuthCleanup } from './modules/auth/cleanup';
import { authRoutes } from './modules/auth/routes';
import { campaignRoutes } from './modules/campaign/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { donationRoutes } from './modules/donations/routes';
import { doingBusinessRoutes } from './modules/donors/doing-business-routes';
import { donorRoutes } from './modules/donors/donor-routes';
import { metadataRoutes } from './modules/donors/metadata-routes';
import { followUpRoutes } from './modules/follow-up/follow-up-routes';
import { pledgeRoutes } from './modules/pledges/pledge-routes';
import { donorReportRoutes } from './modules/reports/donor-report-routes';
import { expenseRoutes } from './modules/expenses/routes';
import { importTemplateRoutes } from './modules/imports/template-routes';
import { uploadRoutes } from './modules/imports/upload-routes';
import { reportRoutes } from './modules/reports/report-routes';
import { paymentRoutes } from './modules/payments/payment-routes';
import { paypalStandinRoutes } from './modules/paypal-standin/standin-routes';
import { healthRoutes } from './modules/health/routes';
import { rbacRoutes } from './modules/rbac/routes';
import { registerOutbox } from './modules/outbox/delivery';
import { devOutboxRoutes } from './modules/outbox/dev-routes';
import { adminUsersRoutes } from './modules/users/admin-routes';
import { usersRoutes } from './modules/users/routes';
import { registerAccess } from './plugins/access';
import { registerAuth } from './plugins/auth';
import { registerChangeFeed } from './plugins/change-feed';
import { registerClock, type Clock } from './plugins/clock';
import { registerCompression } from './plugins/compression';
import { AppError, clientErrorHandler, frameworkErrorHandler, registerErrorHandlers } from './plugins/errors';
import { registerJobs } from './plugins/jobs';
import { registerMetrics } from './plugins/metrics';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSockets } from './plugins/sockets';
import { registerSpa, type NotFoundFallback } from './plugins/spa';
import { trustProxyOption } from './plugins/trust-proxy';
import { registerInputGuards } from './plugins/validate';
import { profilePictureRoutes } from './modules/users/profile-picture';
import { registerFileStorage } from './modules/storage/file-storage';
import { registerPrivateStorage } from './modules/storage/private-storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    pool: pg.Pool;
    boss: PgBoss | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Db;
  pool: pg.Pool;
  /** Started by the jobs plugin and stopped when the app closes. */
  boss?: PgBoss;
  /** "Now" for codes, sessions and tokens; tests pass a ManualClock. Default: the system clock. */
  clock?: Clock;
}

const WORKER_PATHS: ReadonlySet<string> = new Set(['/health', '/health/ready', '/metrics']);

/**
 * Builds the Fastify app: SPA + API on one instance. It never listens (server.ts does), and it
 * does not own the pool: whoever created the pool ends it after `app.close()`.
 * Routes can still be added to the returned instance until it is ready.
 */
export async function buildApp({ config, db, pool, boss, clock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password'],
    },
    ajv: { customOptions: { allErrors: true } },
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // TRUST_PROXY: request.ip (rate limits, logs) is the X-Forwarded-For client behind a trusted proxy.
    trustProxy: trustProxyOption(config.trustProxy),
    // Refusals before any route runs answer the §4 body too: bad %-escapes and over-long params
    // (frameworkErrors), and Node's own 431 / 400 for oversized headers or bad chunked encoding.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });

  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('pool', pool);
  registerClock(app, clock);
  await registerChangeFeed(app);

  // Order matters: the error handler and the hooks of helmet/rate-limit must exist before routes are added.
  const spa: { fallback?: NotFoundFallback } = {};
  registerErrorHandlers(app, { notFoundFallback: (request, reply) => spa.fallback?.(request, reply) ?? Promise.resolve(false) });
  if (!config.web) {
    // A pure worker (WEB=false, `npm run worker`): its HTTP port answers health and metrics only.
    app.addHook('onRequest', async (request) => {
      if (!WORKER_PATHS.has(request.url.split('?')[0]!)) throw new AppError(404, 'NOT_FOUND', 'This instance is a worker: it answers only /health, /health/ready and /metrics');
    });
  }
  await registerSecurity(app, config);
  await registerRateLimit(app, config.rateLimitMax);
  // First preValidation hook: a NUL character anywhere in params, query or body is a 400 (plugins/validate.ts).
  registerInputGuards(app);
  // Access before any route: every route declares `config.access` (plugins/access.ts).
  registerAuth(app);
  registerAccess(app);
  // GET /metrics (METRICS_TOKEN) and its timing hook: before any route or static plugin, so it times them all.
  registerMetrics(app);
  // Answers over 1 KB compressed (br, gzip): before the static plugins and routes, so it hooks them all.
  await registerCompression(app);
  spa.fallback = await registerSpa(app, config.spaDir);
  await registerFileStorage(app, config.storageDir);
  // Private files (imports, reports): never under /files/; downloads only through signed links.
  await registerPrivateStorage(app);
  await registerJobs(app, boss);
  await registerOutbox(app);
  await registerAuthCleanup(app);
  registerSockets(app);

  await app.register(healthRoutes);
  await app.register(campaignRoutes);
  await app.register(rbacRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(profilePictureRoutes);
  await app.register(adminUsersRoutes);
  // The donor book under /donation/donor/: donors, pledges, the donor report lists, tags and notes, follow-up.
  await app.register(donorRoutes);
  await app.register(doingBusinessRoutes);
  await app.register(pledgeRoutes);
  await app.register(donorReportRoutes);
  await app.register(metadataRoutes);
  await app.register(followUpRoutes);
  await app.register(donationRoutes);
  await app.register(expenseRoutes);
  await app.register(importTemplateRoutes);
  await app.register(uploadRoutes);
  await app.register(reportRoutes);
  await app.register(dashboardRoutes);
  await app.register(paymentRoutes);
  if (config.nodeEnv !== 'production') {
    await app.register(devOutboxRoutes);
    // The local PayPal stand-in (mode 'local' gateways, packages without PAYPAL_*): never in production.
    await app.register(paypalStandinRoutes, config.paypalStandinWebhookUrl ? { webhookUrl: config.paypalStandinWebhookUrl } : {});
  }
  return app;
}
