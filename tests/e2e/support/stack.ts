// The e2e stack, started by Playwright's webServer: a real SMTP server that catches mail, a real
// OpenID Connect provider, and the product's server (production build, embedded PostgreSQL in a
// throwaway data folder) configured to use both.
import { rmSync } from 'node:fs';
import { startMailCatcher } from './mail-catcher';
import { startOidcProvider } from './oidc-provider';
import { E2E } from './ports';

rmSync(E2E.dataDir, { recursive: true, force: true });
await startMailCatcher(E2E.smtpPort, E2E.mailHttpPort);
const oidc = await startOidcProvider(E2E.oidcPort, {
  clientId: E2E.oidcClientId,
  clientSecret: E2E.oidcClientSecret,
  redirectUri: `${E2E.appUrl}/auth/social-login-int`,
});

Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: String(E2E.appPort),
  HOST: '127.0.0.1',
  DATA_DIR: E2E.dataDir,
  PUBLIC_URL: E2E.appUrl,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '10000',
  SMTP_URL: `smtp://127.0.0.1:${E2E.smtpPort}`,
  CODE_RESEND_SECONDS: '2',
  GOOGLE_ISSUER: oidc.issuer,
  GOOGLE_CLIENT_ID: E2E.oidcClientId,
  GOOGLE_CLIENT_SECRET: E2E.oidcClientSecret,
});

const { startServer, stopOnSignals } = await import('../../../server/server');
const { getConfig } = await import('../../../server/config');
const { buildSpaIfStale } = await import('../../../server/spa-build');
buildSpaIfStale(process.cwd(), getConfig().spaDir);
stopOnSignals(await startServer(getConfig()));
