/** Where the e2e stack listens (tests/e2e/support/stack.ts) and what tests use to reach it. */
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const E2E = {
  appPort,
  appUrl: `http://127.0.0.1:${appPort}`,
  dataDir: '.test-data/e2e',
  smtpPort: appPort + 25,
  mailHttpPort: appPort + 26,
  oidcPort: appPort + 27,
  oidcClientId: 'cdt-e2e',
  oidcClientSecret: 'cdt-e2e-client-secret-which-is-long-enough',
} as const;
