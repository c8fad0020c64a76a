/**
 * GET /metrics: Prometheus metrics (prom-client), not public.
 *
 *   METRICS_TOKEN unset   /metrics answers like a path that does not exist (404, or the SPA for a browser
 *                         navigation) and nothing is measured: no hook, no default metrics.
 *   METRICS_TOKEN set     `Authorization: Bearer <METRICS_TOKEN>` gets the text exposition; anything else
 *                         401 UNAUTHORIZED with `WWW-Authenticate: Bearer`, but a browser navigation without an
 *                         Authorization header (Accept: text/html) gets what an unknown path gets (the SPA).
 *
 * What it exposes (the names operators write dashboards against; keep them stable):
 *   process_* / nodejs_*                  prom-client's default metrics (CPU, memory, event-loop lag, GC, handles)
 *   http_request_duration_seconds         histogram by method, route (the Fastify route pattern such as
 *                                         `/donation/list_donor/:campaignId`, never the raw URL; `unmatched`
 *                                         for requests no route answered) and status_code
 *   job_duration_seconds                  histogram of job attempts by queue and outcome (ok | failed), both job modes
 *   job_queue_depth                       jobs by queue and state (waiting = created or retry, active), read from
 *                                         pg-boss on each scrape (JOBS=true only; in-process jobs have no queue)
 *   db_pool_connections                   the app's pg pool by state (total, idle, waiting = requests queued for
 *                                         a connection) and db_pool_max_connections
 *   read_cache_requests_total             read-cache answers by cache and result (hit | miss): the change-feed caches
 *                                         (session-auth, member-access, book-campaign) and the donor-list cache
 *   read_cache_entries                    entries kept per cache
 *   live_sockets                          live (socket.io) connections held by this instance, past their handshake
 * Figures are per instance (Prometheus adds the `instance` label); nothing here is shared between instances.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { donationRowCacheStats } from '../modules/donations/list-mirror';
import { listCacheStats } from '../modules/list-cache/list-cache';
import { AppError } from './errors';

export const METRICS_PATH = '/metrics';

/** Seconds. From a cached read (~1 ms) to a large report page or an import request. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds. From an e-mail handed to the outbox to a 100,000-row import batch. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 60, 300];
/** A scrape does not wait longer than this for pg-boss's counts. */
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

/** prom-client's default metrics measure the process: one set per process, shared by every app in it (tests build many). */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** True when the Authorization header carries exactly `Bearer <token>` (compared in constant time). */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const presented = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The app's own metrics (see the header), in a registry of this app. */
function appMetrics(app: FastifyInstance): { registry: Registry; observeRequest: (request: FastifyRequest, reply: FastifyReply) => void } {
  const registry = new Registry();

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });

  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'Job attempts by queue and outcome',
    labelNames: ['queue', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  // The jobs module is registered after this plugin (which must come before every route to time them all).
  app.addHook('onReady', async () => {
    app.jobs.onAttempt(({ name, seconds, ok }) => jobDuration.observe({ queue: name, outcome: ok ? 'ok' : 'failed' }, seconds));
  });

  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs by queue and state (waiting: created or retry; active), from pg-boss at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const boss = app.boss;
      if (!boss || app.jobs.state !== 'running') return;
      try {
        const counts = await withTimeout(
          Promise.all(
            app.jobs.names().map(async (queue) => {
              const [waiting, notDone] = await Promise.all([boss.getQueueSize(queue, { before: 'active' }), boss.getQueueSize(queue, { before: 'completed' })]);
              return { queue, waiting, active: Math.max(0, notDone - waiting) };
            }),
          ),
          QUEUE_DEPTH_TIMEOUT_MS,
        );
        for (const { queue, waiting, active } of counts) {
          this.set({ queue, state: 'waiting' }, waiting);
          this.set({ queue, state: 'active' }, active);
        }
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: job queue depth not read');
      }
    },
  });

  new Gauge({
    name: 'db_pool_connections',
    help: "The app's PostgreSQL pool: connections open (total), idle, and requests waiting for one",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, app.pool.totalCount);
      this.set({ state: 'idle' }, app.pool.idleCount);
      this.set({ state: 'waiting' }, app.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'live_sockets',
    help: 'Live (socket.io) connections held by this instance that passed the handshake and joined their rooms',
    registers: [registry],
    collect() {
      this.set(app.hasDecorator('live') ? app.live.connectedSockets() : 0);
    },
  });
  new Gauge({
    name: 'db_pool_max_connections',
    help: "The app's PostgreSQL pool size (max)",
    registers: [registry],
    collect() {
      this.set(app.pool.options.max ?? 10);
    },
  });

  const cacheStats = () => [...app.changes.cacheStats(), { name: 'donor-lists', ...listCacheStats(app) }, { name: 'donation-list-rows', ...donationRowCacheStats(app) }];
  new Counter({
    name: 'read_cache_requests_total',
    help: 'Read-cache answers by cache and result (hit: from memory; carried: from memory, kept across writes that could not change it; miss: read from the database)',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { name, hits, misses } of cacheStats()) {
        this.inc({ cache: name, result: 'hit' }, hits);
        this.inc({ cache: name, result: 'miss' }, misses);
      }
      const { carried } = listCacheStats(app);
      if (carried > 0) this.inc({ cache: 'donor-lists', result: 'carried' }, carried);
    },
  });
  new Gauge({
    name: 'read_cache_entries',
    help: 'Entries kept per read cache',
    labelNames: ['cache'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { name, size } of cacheStats()) this.set({ cache: name }, size);
    },
  });

  return {
    registry: Registry.merge([processMetrics(), registry]),
    observeRequest(request, reply) {
      const route = request.routeOptions.url ?? 'unmatched';
      requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    },
  };
}

/**
 * Adds GET /metrics (always registered, so route enumerations see it) and, with METRICS_TOKEN, the measuring hooks.
 * Call before any route or plugin that adds routes (its onResponse hook must reach them all).
 */
export function registerMetrics(app: FastifyInstance): void {
  const token = app.config.metricsToken;
  const metrics = token ? appMetrics(app) : null;
  if (metrics) app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));

  app.get(METRICS_PATH, { config: { access: 'public' } }, async (request, reply) => {
    // Unset, or a browser navigation without credentials: what any unknown path gets (the SPA's history fallback).
    const navigation = !request.headers.authorization && String(request.headers.accept ?? '').includes('text/html');
    if (!token || !metrics || navigation) return reply.callNotFound();
    if (!hasMetricsToken(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'UNAUTHORIZED', 'A valid metrics token is required');
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
