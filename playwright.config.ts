import { defineConfig } from '@playwright/test';
import { E2E } from './tests/e2e/support/ports';

// E2E runs against the production build served by the real server on a real (embedded)
// PostgreSQL in a throwaway data folder, with a real SMTP server and OpenID provider beside it
// (tests/e2e/support/stack.ts). Browsers cannot be downloaded here: Debian's
// chromium is used.

export default defineConfig({
  testDir: 'tests/e2e',
  // `npm test` runs the scale-out spec on its own, after the rest (scripts/run-tests.mjs).
  testIgnore: process.env.E2E_SKIP_FLEET === 'true' ? ['**/scale-out.spec.ts'] : [],
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? 'reports/playwright.json' }]],
  use: {
    baseURL: E2E.appUrl,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'exec node_modules/.bin/tsx tests/e2e/support/stack.ts',
    url: `${E2E.appUrl}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
