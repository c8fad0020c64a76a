/**
 * Server configuration: read from the environment ONCE, validated, frozen.
 *
 * A `.env` file in the working directory is loaded first when present (variables already
 * set in the environment win). Variables and their defaults:
 *
 *   NODE_ENV          development      development | test | production
 *   HOST              127.0.0.1        interface to listen on; NODE_ENV=production: 0.0.0.0. Outside production the
 *                                      default keeps the Dev outbox (one-time codes) off the network: set
 *                                      HOST=0.0.0.0 to expose the server deliberately (the outbox still answers loopback only)
 *   PORT              3000             HTTP port for SPA + API
 *   DATA_DIR          ./.data          data folder: embedded PostgreSQL (DATA_DIR/pg), secret.key, server.lock
 *   DATABASE_URL      (unset)          unset → embedded PostgreSQL in DATA_DIR/pg; set → that PostgreSQL
 *   EMBEDDED_PG_PORT  (unset)          unset → a free port is picked at each start
 *   LOG_LEVEL         info             fatal | error | warn | info | debug | trace | silent ('silent' when NODE_ENV=test)
 *   PUBLIC_URL        http://localhost:PORT   the address people open (printed in the banner). NODE_ENV=production:
 *                                      the origin of every absolute link (PayPal return/cancel, e-mails, the
 *                                      public page's address); elsewhere only when the request's Host is not
 *                                      allowed (plugins/link-origin.ts)
 *   ALLOWED_HOSTS     (unset)          outside production: comma-separated host names or IP addresses (no scheme,
 *                                      no port) whose Host header absolute links may follow, beside localhost,
 *                                      127.0.0.1, ::1, PUBLIC_URL's host and (HOST=0.0.0.0 or ::) this machine's
 *                                      own addresses; any other Host falls back to PUBLIC_URL. No effect in production
 *   SPA_DIR           ./dist           built SPA served at / when SPA_DIR/index.html exists
 *   RATE_LIMIT_MAX    300              API requests per minute per signed-in user, or per IP when anonymous
 *                                      (global baseline; static files and the SPA's index.html are not counted)
 *   TOKEN_SECRET      (unset)          unset → generated once and stored in DATA_DIR/secret.key (tokens survive restarts)
 *   ADMIN_EMAIL       admin@example.org   the platform administrator created by the seed
 *   DEMO_SEED         true             seed the demo owner and demo campaign at start (NODE_ENV=production: false;
 *                                      DEMO_SEED=true there asks for it explicitly)
 *   JOBS              true             true: pg-boss; this instance queues jobs and works them. false: a pure web
 *                                      instance (queues jobs on pg-boss, works none: workers elsewhere). inline:
 *                                      no pg-boss, jobs run in this process after the answer (tests, one-off tools)
 *   WEB               true             false: a pure worker (`npm run worker`): HTTP answers only /health,
 *                                      /health/ready and /metrics; jobs are worked (JOBS must not be false)
 *   INSTANCES         1                how many API instances share the database; with DATABASE_URL set or
 *                                      INSTANCES > 1, live pushes go through socket.io's PostgreSQL adapter
 *   MIGRATE           true             apply pending migrations at start; false (web instances of a fleet whose
 *                                      migrations run elsewhere) → refuse to start while the database lacks any
 *   IMPORT_BATCH_CHECKS true           true: an import batch checks and locks the rows it references once per batch
 *                                      and runs with session_replication_role = replica (no row-by-row foreign-key
 *                                      triggers; the book's triggers still fire) when this role may set it
 *                                      (superuser, or GRANT SET ON PARAMETER session_replication_role, PostgreSQL
 *                                      15+); false, or a role that may not: PostgreSQL checks every row
 *   IMPORT_BATCH_DONORS 2500           a payments import's batch: every row of this many donors (one transaction each)
 *   WORK_SILENT_SECONDS 60             long work (an upload, a report file) whose worker died is sent again once
 *                                      its lock is free and it has reported nothing for this long; the sweep looks
 *                                      every half of it, at most every 30 s (5–3600)
 *   METRICS_TOKEN     (unset)          unset → GET /metrics answers 404; set (at least 16 characters) → Prometheus
 *                                      metrics for `Authorization: Bearer <token>`, 401 for a wrong or missing token
 *                                      (a browser navigation without one gets what an unknown path gets)
 *   BACKUP_DIR        DATA_DIR/backups where `npm run backup` writes (and `npm run restore` looks for) backups
 *   STORAGE_DIR       DATA_DIR/uploads uploaded files (profile pictures …), served at /files/<key>
 *   PRIVATE_STORAGE_DIR DATA_DIR/private private files (imports, reports), never served as they are: only through
 *                                      signed links (modules/storage/private-storage.ts); must not lie inside STORAGE_DIR
 *   S3_BUCKET         (unset)          set → private files go to this S3 bucket instead of PRIVATE_STORAGE_DIR
 *   S3_REGION         us-east-1        the bucket's region
 *   S3_ENDPOINT       (unset)          an S3-compatible endpoint (MinIO, R2 …); unset → AWS S3
 *   S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY   both or neither (neither → the SDK's default credential chain)
 *   S3_FORCE_PATH_STYLE false          true → http://endpoint/bucket/key (most S3-compatible servers)
 *   TRUST_PROXY       false            behind a load balancer / reverse proxy: which X-Forwarded-For hops to
 *                                      trust, so rate limits and logs see the client's address. true (every
 *                                      hop: only when the app cannot be reached but through the proxy), a hop
 *                                      count (1 = the proxy in front of us; same caveat), or a comma-separated
 *                                      list of proxy addresses / CIDRs (10.0.0.0/8, 192.168.1.7, loopback,
 *                                      linklocal, uniquelocal): the safe choice
 *
 * Accounts and sign-in:
 *   AUTO_APPROVE_USERS  false          true → a confirmed sign-up is active at once (no admin approval)
 *   ADMIN_PASSWORD      admin-pass-123 outside production; unset in production → the seeded admin signs in
 *                                      with a one-time code only. Set only when the admin has no password yet.
 *   DEMO_PASSWORD       demo-pass-123  password of the seeded demo owner (owner@demo.campaign), set when it has none.
 *                                      NODE_ENV=production: unset → a random one, printed once when it is set;
 *                                      a password published in the README (WELL_KNOWN_PASSWORDS) is refused
 *                                      there, for ADMIN_PASSWORD too
 *   CODE_RESEND_SECONDS 60             wait before another one-time code of the same kind goes to an address
 *   AUTH_RATE_LIMIT_MAX 20             requests per minute per IP on each sign-in / code-sending route
 *                                      (NODE_ENV=test: RATE_LIMIT_MAX)
 *   SMTP_URL            (unset)        e.g. smtp://user:pass@mail.example.org:587; unset → e-mails are only
 *                                      recorded in the outbox table and logged (read them at GET /dev/outbox)
 *   SMTP_FROM           Campaign Donation Tracker <no-reply@localhost>
 *   SMS_API_URL         (unset)        Twilio-style endpoint: form POST To, Body (+ From); unset → texts are logged only
 *   SMS_API_TOKEN       (unset)        "user:secret" → HTTP Basic, anything else → Bearer
 *   SMS_FROM            (unset)        sender number sent as From
 *   SOCIAL_PROVIDERS    (unset)        JSON: {"google":{"client_id":"…","client_secret":"…","issuer":"…"},"auth0":{…}}
 *   GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET / GOOGLE_ISSUER (https://accounts.google.com)
 *   AUTH0_CLIENT_ID / AUTH0_CLIENT_SECRET / AUTH0_ISSUER (required with AUTH0_CLIENT_ID, e.g. https://tenant.auth0.com/)
 *                                      individual variables win over SOCIAL_PROVIDERS; a provider needs all three.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type SocialProviderId = 'google' | 'auth0';

export interface SocialProviderConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  /** OIDC issuer: discovery is read from `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
}

export interface Config {
  readonly nodeEnv: NodeEnv;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly embeddedPgPort: number | null;
  readonly logLevel: LogLevel;
  readonly publicUrl: string;
  /** ALLOWED_HOSTS: extra host names / addresses whose Host header links may follow outside production (plugins/link-origin.ts). */
  readonly allowedHosts: readonly string[];
  readonly spaDir: string;
  readonly storageDir: string;
  /** PRIVATE_STORAGE_DIR (default DATA_DIR/private): private files when S3 is not configured. */
  readonly privateStorageDir: string;
  /** S3_*: set → private files go to S3. */
  readonly s3: S3Config | null;
  readonly rateLimitMax: number;
  /** TRUST_PROXY: false (default: the socket's address is the client), true, a hop count, or proxy addresses/CIDRs. */
  readonly trustProxy: TrustProxy;
  readonly tokenSecret: string;
  readonly adminEmail: string;
  readonly demoSeed: boolean;
  /** pg-boss runs (JOBS=true or false); false: in-process jobs (JOBS=inline). */
  readonly jobs: boolean;
  /** This instance works jobs (JOBS=true, or inline in-process); false: a pure web instance (JOBS=false). */
  readonly jobWorkers: boolean;
  /** WEB: this instance serves the API and the SPA (true), or only health and metrics (a pure worker). */
  readonly web: boolean;
  /** INSTANCES (default 1): API instances sharing the database. */
  readonly instances: number;
  /** Live pushes across instances (socket.io's PostgreSQL adapter): DATABASE_URL set or INSTANCES > 1. */
  readonly liveAcrossInstances: boolean;
  /** MIGRATE: apply pending migrations at start (true), or refuse to start while any is missing (false). */
  readonly migrate: boolean;
  /** IMPORT_BATCH_CHECKS: import batches check their references once and skip PostgreSQL's row-by-row foreign-key triggers (when the role may). */
  readonly importBatchChecks: boolean;
  /** IMPORT_BATCH_DONORS: the donors whose payment rows make one import batch (one transaction). */
  readonly importBatchDonors: number;
  /** WORK_SILENT_SECONDS: unfinished work silent this long, its lock free, is sent again (plugins/work-recovery.ts). */
  readonly workSilentSeconds: number;
  /** METRICS_TOKEN: bearer token of GET /metrics; null → /metrics answers 404. */
  readonly metricsToken: string | null;
  /** BACKUP_DIR (default DATA_DIR/backups): where `npm run backup` writes. */
  readonly backupDir: string;
  readonly version: string;
  readonly autoApproveUsers: boolean;
  readonly adminPassword: string | null;
  /** null (production, unset): the start-up makes a random one (server.ts). */
  readonly demoPassword: string | null;
  readonly authRateLimitMax: number;
  readonly codeResendSeconds: number;
  readonly smtpUrl: string | null;
  readonly smtpFrom: string;
  readonly smsApiUrl: string | null;
  readonly smsApiToken: string | null;
  readonly smsFrom: string | null;
  readonly socialProviders: Readonly<Partial<Record<SocialProviderId, SocialProviderConfig>>>;
  /** PAYPAL_*: the platform's own PayPal account (package purchases); null → the local stand-in (refused in production). */
  readonly paypal: PaypalConfig | null;
  /** PAYPAL_SANDBOX_BASE_URL / PAYPAL_LIVE_BASE_URL: PayPal's REST hosts (configurable for proxies and tests). */
  readonly paypalBaseUrls: { readonly sandbox: string; readonly live: string };
  /**
   * PAYPAL_STANDIN_WEBHOOK_URL: where the local PayPal stand-in delivers its webhooks over HTTP, as
   * PayPal does (e.g. PUBLIC_URL/payment/webhook/paypal through a balancer); unset: in-process to this
   * instance's webhook route.
   */
  readonly paypalStandinWebhookUrl: string | null;
  /**
   * PAYPAL_STANDIN_CONTROL=true: the stand-in's test controls answer over HTTP (POST
   * /paypal-standin/_control, for Playwright). Off by default; refused in production.
   */
  readonly paypalStandinControl: boolean;
  /** PAYMENT_SECRET_KEY: the key material of gateway secrets at rest (default: the token secret). */
  readonly paymentSecretKey: string;
}

export interface PaypalConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly mode: 'sandbox' | 'live';
  /** The id PayPal gave the platform's webhook (verify-webhook-signature needs it). */
  readonly webhookId: string | null;
}

export type TrustProxy = boolean | number | readonly string[];

/** S3_*: private files in an S3 (or S3-compatible) bucket instead of PRIVATE_STORAGE_DIR. */
export interface S3Config {
  readonly bucket: string;
  readonly region: string;
  readonly endpoint: string | null;
  /** Null: the SDK's default credential chain (instance role, AWS_* variables …). */
  readonly accessKeyId: string | null;
  readonly secretAccessKey: string | null;
  readonly forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const NODE_ENVS: readonly NodeEnv[] = ['development', 'test', 'production'];
/** The passwords the README gives the seeded accounts: never set, nor left, on an account in production. */
export const WELL_KNOWN_PASSWORDS: readonly string[] = ['demo-pass-123', 'admin-pass-123'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;

export const PACKAGE_VERSION = readPackageVersion();

function readPackageVersion(): string {
  try {
    const file = fileURLToPath(new URL('../package.json', import.meta.url));
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

/** Builds a validated, frozen config from an environment object. Throws ConfigError. */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number | null, min: number, max: number): number | null => {
    const raw = value(env, name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = value(env, name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    problems.push(`${name} must be true or false${name === 'JOBS' ? ' or inline' : ''} (got "${raw}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(env, name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
    return fallback;
  };
  const url = (name: string, raw: string | undefined, protocols: string[]): string | null => {
    if (raw === undefined) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return raw;
    } catch {
      problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${name === 'DATABASE_URL' ? '<hidden>' : raw}")`);
      return null;
    }
  };

  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  // Outside production, only this machine unless HOST says otherwise (GET /dev/outbox hands out sign-in codes).
  const host = value(env, 'HOST') ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');
  const port = int('PORT', 3000, 0, 65535) ?? 3000;
  const dataDir = path.resolve(cwd, value(env, 'DATA_DIR') ?? './.data');
  const databaseUrl = url('DATABASE_URL', value(env, 'DATABASE_URL'), ['postgres:', 'postgresql:']);
  const embeddedPgPort = int('EMBEDDED_PG_PORT', null, 1, 65535);
  const logLevel = oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info');
  const publicUrl = (url('PUBLIC_URL', value(env, 'PUBLIC_URL'), ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const allowedHosts = readAllowedHosts(value(env, 'ALLOWED_HOSTS'), problems);
  const spaDir = path.resolve(cwd, value(env, 'SPA_DIR') ?? './dist');
  const storageDir = path.resolve(cwd, value(env, 'STORAGE_DIR') ?? path.join(dataDir, 'uploads'));
  const privateStorageDir = path.resolve(cwd, value(env, 'PRIVATE_STORAGE_DIR') ?? path.join(dataDir, 'private'));
  const within = (inner: string, outer: string) => inner === outer || inner.startsWith(outer + path.sep);
  if (within(privateStorageDir, storageDir) || within(storageDir, privateStorageDir)) {
    problems.push(`PRIVATE_STORAGE_DIR (${privateStorageDir}) and STORAGE_DIR (${storageDir}, served publicly at /files/) must not contain one another`);
  }
  const s3 = readS3(env, problems, bool, url);
  const rateLimitMax = int('RATE_LIMIT_MAX', 300, 1, 1_000_000) ?? 300;
  const trustProxy = readTrustProxy(value(env, 'TRUST_PROXY'), problems);
  const adminEmail = (value(env, 'ADMIN_EMAIL') ?? 'admin@example.org').toLowerCase();
  if (!EMAIL_PATTERN.test(adminEmail)) problems.push(`ADMIN_EMAIL must be an e-mail address (got "${adminEmail}")`);
  const demoSeed = bool('DEMO_SEED', nodeEnv !== 'production');
  const jobsRaw = value(env, 'JOBS')?.toLowerCase();
  const jobsMode = jobsRaw === 'inline' ? 'inline' : bool('JOBS', true) ? 'true' : 'false';
  const jobs = jobsMode !== 'inline';
  const jobWorkers = jobsMode !== 'false';
  const web = bool('WEB', true);
  if (!web && jobsMode === 'false') problems.push('WEB=false (a pure worker) needs JOBS=true: an instance that neither serves nor works does nothing');
  const instances = int('INSTANCES', 1, 1, 1_000) ?? 1;
  const migrate = bool('MIGRATE', true);
  const importBatchChecks = bool('IMPORT_BATCH_CHECKS', true);
  const importBatchDonors = int('IMPORT_BATCH_DONORS', 2_500, 1, 100_000) ?? 2_500;
  const workSilentSeconds = int('WORK_SILENT_SECONDS', 60, 5, 3600) ?? 60;
  const metricsToken = value(env, 'METRICS_TOKEN') ?? null;
  if (metricsToken !== null && (metricsToken.length < 16 || /\s/.test(metricsToken))) problems.push('METRICS_TOKEN must be at least 16 characters without spaces');
  const backupDir = path.resolve(cwd, value(env, 'BACKUP_DIR') ?? path.join(dataDir, 'backups'));
  const tokenSecretRaw = value(env, 'TOKEN_SECRET');
  if (tokenSecretRaw !== undefined && tokenSecretRaw.length < 32) problems.push('TOKEN_SECRET must be at least 32 characters');

  const autoApproveUsers = bool('AUTO_APPROVE_USERS', false);
  const password = (name: string, fallback: string | null): string | null => {
    const raw = value(env, name);
    if (raw === undefined) return fallback;
    if (raw.length < 6 || /\s/.test(raw)) problems.push(`${name} must be at least 6 characters without spaces`);
    return raw;
  };
  const adminPassword = password('ADMIN_PASSWORD', nodeEnv === 'production' ? null : 'admin-pass-123');
  const demoPassword = password('DEMO_PASSWORD', nodeEnv === 'production' ? null : 'demo-pass-123');
  if (nodeEnv === 'production') {
    for (const [name, given] of [['ADMIN_PASSWORD', adminPassword], ['DEMO_PASSWORD', demoPassword]] as const) {
      if (given !== null && WELL_KNOWN_PASSWORDS.includes(given)) problems.push(`${name} must not be a password published in the README when NODE_ENV=production`);
    }
  }
  // NODE_ENV=test (e2e runs from one IP) → the global RATE_LIMIT_MAX unless set.
  const authRateLimitDefault = nodeEnv === 'test' ? rateLimitMax : 20;
  const authRateLimitMax = int('AUTH_RATE_LIMIT_MAX', authRateLimitDefault, 1, 1_000_000) ?? authRateLimitDefault;
  const codeResendSeconds = int('CODE_RESEND_SECONDS', 60, 1, 3600) ?? 60;
  const smtpUrl = url('SMTP_URL', value(env, 'SMTP_URL'), ['smtp:', 'smtps:']);
  const smtpFrom = value(env, 'SMTP_FROM') ?? 'Campaign Donation Tracker <no-reply@localhost>';
  const smsApiUrl = url('SMS_API_URL', value(env, 'SMS_API_URL'), ['http:', 'https:']);
  const smsApiToken = value(env, 'SMS_API_TOKEN') ?? null;
  const smsFrom = value(env, 'SMS_FROM') ?? null;
  const socialProviders = readSocialProviders(env, problems);
  const paypal = readPaypal(env, problems);
  const paypalBaseUrls = Object.freeze({
    sandbox: (url('PAYPAL_SANDBOX_BASE_URL', value(env, 'PAYPAL_SANDBOX_BASE_URL'), ['http:', 'https:']) ?? 'https://api-m.sandbox.paypal.com').replace(/\/+$/, ''),
    live: (url('PAYPAL_LIVE_BASE_URL', value(env, 'PAYPAL_LIVE_BASE_URL'), ['https:']) ?? 'https://api-m.paypal.com').replace(/\/+$/, ''),
  });
  const paypalStandinWebhookUrl = url('PAYPAL_STANDIN_WEBHOOK_URL', value(env, 'PAYPAL_STANDIN_WEBHOOK_URL'), ['http:', 'https:']) ?? null;
  const paypalStandinControl = bool('PAYPAL_STANDIN_CONTROL', false);
  if (paypalStandinControl && nodeEnv === 'production') problems.push('PAYPAL_STANDIN_CONTROL is a test switch and cannot be on in production');
  const tokenSecret = tokenSecretRaw ?? readOrCreateSecret(dataDir);

  if (problems.length > 0) throw new ConfigError(problems);

  return Object.freeze({
    nodeEnv,
    host,
    port,
    dataDir,
    databaseUrl,
    embeddedPgPort,
    logLevel,
    publicUrl,
    allowedHosts,
    spaDir,
    storageDir,
    privateStorageDir,
    s3,
    rateLimitMax,
    trustProxy,
    tokenSecret,
    adminEmail,
    demoSeed,
    jobs,
    jobWorkers,
    web,
    instances,
    liveAcrossInstances: databaseUrl !== null || instances > 1,
    migrate,
    importBatchChecks,
    importBatchDonors,
    workSilentSeconds,
    metricsToken,
    backupDir,
    version: PACKAGE_VERSION,
    autoApproveUsers,
    adminPassword,
    demoPassword,
    authRateLimitMax,
    codeResendSeconds,
    smtpUrl,
    smtpFrom,
    smsApiUrl,
    smsApiToken,
    smsFrom,
    socialProviders,
    paypal,
    paypalBaseUrls,
    paypalStandinWebhookUrl,
    paypalStandinControl,
    paymentSecretKey: value(env, 'PAYMENT_SECRET_KEY') ?? tokenSecret,
  });
}

/** PAYPAL_CLIENT_ID + PAYPAL_CLIENT_SECRET (both or neither), PAYPAL_MODE sandbox (default) | live, PAYPAL_WEBHOOK_ID. */
function readPaypal(env: Env, problems: string[]): PaypalConfig | null {
  const clientId = value(env, 'PAYPAL_CLIENT_ID');
  const clientSecret = value(env, 'PAYPAL_CLIENT_SECRET');
  if (clientId === undefined && clientSecret === undefined) return null;
  if (clientId === undefined || clientSecret === undefined) {
    problems.push('PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together');
    return null;
  }
  const mode = value(env, 'PAYPAL_MODE') ?? 'sandbox';
  if (mode !== 'sandbox' && mode !== 'live') problems.push(`PAYPAL_MODE must be sandbox or live (got "${mode}")`);
  return Object.freeze({ clientId, clientSecret, mode: mode === 'live' ? 'live' : 'sandbox', webhookId: value(env, 'PAYPAL_WEBHOOK_ID') ?? null });
}

/** S3_*: null unless S3_BUCKET is set; keys both or neither. */
function readS3(
  env: Env,
  problems: string[],
  bool: (name: string, fallback: boolean) => boolean,
  url: (name: string, raw: string | undefined, protocols: string[]) => string | null,
): S3Config | null {
  const bucket = value(env, 'S3_BUCKET');
  const accessKeyId = value(env, 'S3_ACCESS_KEY_ID') ?? null;
  const secretAccessKey = value(env, 'S3_SECRET_ACCESS_KEY') ?? null;
  const endpoint = url('S3_ENDPOINT', value(env, 'S3_ENDPOINT'), ['http:', 'https:']);
  const forcePathStyle = bool('S3_FORCE_PATH_STYLE', false);
  if (bucket === undefined) {
    if (accessKeyId || secretAccessKey || endpoint) problems.push('S3_BUCKET is needed with S3_ENDPOINT / S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY');
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push(`S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, '.' or '-' (got "${bucket}")`);
  if ((accessKeyId === null) !== (secretAccessKey === null)) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the default credential chain)');
  return Object.freeze({ bucket, region: value(env, 'S3_REGION') ?? 'us-east-1', endpoint, accessKeyId, secretAccessKey, forcePathStyle });
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** ALLOWED_HOSTS: comma-separated host names or IP addresses, lowercase; IPv6 in brackets (as a URL's hostname is). */
function readAllowedHosts(raw: string | undefined, problems: string[]): readonly string[] {
  if (raw === undefined) return Object.freeze([]);
  const hosts: string[] = [];
  for (const entry of raw.split(',').map((e) => e.trim().toLowerCase()).filter((e) => e !== '')) {
    const bare = entry.startsWith('[') && entry.endsWith(']') ? entry.slice(1, -1) : entry;
    if (isIP(bare) === 6) hosts.push(`[${bare}]`);
    else if (isIP(bare) === 4 || (bare === entry && HOST_NAME.test(entry))) hosts.push(bare);
    else problems.push(`ALLOWED_HOSTS must be a comma-separated list of host names or IP addresses, without scheme or port (got "${entry}")`);
  }
  return Object.freeze(hosts);
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_MAX_HOPS = 100;

/** An address, a CIDR (address/prefix or IPv4 address/netmask) or one of proxy-addr's named ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (family === 4 && isIP(prefix) === 4) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset/false → false; true; a hop count ('0' = false); or a comma-separated address/CIDR list. */
function readTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  if (raw === undefined) return false;
  const lower = raw.toLowerCase();
  if (['false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops <= TRUST_PROXY_MAX_HOPS) return hops === 0 ? false : hops;
    problems.push(`TRUST_PROXY hop count must be at most ${TRUST_PROXY_MAX_HOPS} (got "${raw}")`);
    return false;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !isProxyAddress(entry))) {
    problems.push(`TRUST_PROXY must be true, false, a hop count or a comma-separated list of proxy addresses / CIDRs (got "${raw}")`);
    return false;
  }
  return Object.freeze(entries);
}

const SOCIAL_DEFAULT_ISSUERS: Record<SocialProviderId, string | undefined> = { google: 'https://accounts.google.com', auth0: undefined };

/** SOCIAL_PROVIDERS (JSON) merged with GOOGLE_* / AUTH0_* (which win). Incomplete providers are errors. */
function readSocialProviders(env: Env, problems: string[]): Partial<Record<SocialProviderId, SocialProviderConfig>> {
  let fromJson: Record<string, { client_id?: unknown; client_secret?: unknown; issuer?: unknown }> = {};
  const raw = value(env, 'SOCIAL_PROVIDERS');
  if (raw !== undefined) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      fromJson = parsed as typeof fromJson;
    } catch {
      problems.push('SOCIAL_PROVIDERS must be a JSON object like {"google":{"client_id":"…","client_secret":"…","issuer":"…"}}');
    }
  }
  const result: Partial<Record<SocialProviderId, SocialProviderConfig>> = {};
  for (const id of ['google', 'auth0'] as const) {
    const prefix = id.toUpperCase();
    const json = fromJson[id] ?? {};
    const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    const clientId = value(env, `${prefix}_CLIENT_ID`) ?? str(json.client_id);
    const clientSecret = value(env, `${prefix}_CLIENT_SECRET`) ?? str(json.client_secret);
    const issuer = value(env, `${prefix}_ISSUER`) ?? str(json.issuer) ?? (clientId ? SOCIAL_DEFAULT_ISSUERS[id] : undefined);
    if (!clientId && !clientSecret && !issuer) continue;
    if (!clientId || !clientSecret || !issuer) {
      problems.push(`${prefix}_CLIENT_ID, ${prefix}_CLIENT_SECRET and ${prefix}_ISSUER are all needed for ${id} sign-in`);
      continue;
    }
    try {
      const parsed = new URL(issuer);
      if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('protocol');
    } catch {
      problems.push(`${prefix}_ISSUER must be an http(s) URL (got "${issuer}")`);
      continue;
    }
    result[id] = Object.freeze({ clientId, clientSecret, issuer });
  }
  return Object.freeze(result);
}

/** The secret lives in DATA_DIR/secret.key (mode 600), created once with a CSPRNG. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new ConfigError([`${file} holds a secret shorter than 32 characters; delete it to generate a new one`]);
  return secret;
}

let cached: Config | null = null;

/** The process-wide config: loads `.env` (if present) and the environment once. Exits on invalid values. */
export function getConfig(): Config {
  if (cached) return cached;
  const envFile = path.resolve(process.cwd(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  try {
    cached = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  return cached;
}
