// Measures the gzipped JavaScript a browser downloads to show each page with a budget
// (tests/e2e/support/bundle-budgets.ts; the same check runs in `npm test` as tests/e2e/budgets.spec.ts).
// Loads the pages in Chromium against the real production build and sums every script response,
// gzipped at level 9.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signInDemoOwner } from './lib/sign-in';
import { BUNDLE_BUDGETS, describeScripts, kb, loadForBudget, recordScripts } from '../tests/e2e/support/bundle-budgets';
import { chromiumPath, exitCodeOf, missingParts, skipped, type BenchOutcome } from './lib/requirements';
import { startServer } from './lib/server';

export async function benchBundle(): Promise<BenchOutcome> {
  const missing = missingParts(['chromium']);
  if (missing) return skipped('bundle', missing);
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' });
  const server = await startServer(3190);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let ok = true;
  try {
    for (const budget of BUNDLE_BUDGETS) {
      const page = await browser.newPage();
      if (budget.signedIn) {
        await signInDemoOwner(page, server.url);
        await page.goto('about:blank');
      }
      const recorder = recordScripts(page);
      await loadForBudget(page, `${server.url}${budget.path}`, budget, recorder);
      const total = kb(recorder.scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
      const within = total <= budget.limitKb;
      ok &&= within;
      console.log(describeScripts(recorder.scripts));
      console.log(
        `bundle: ${budget.path} loads ${recorder.scripts.length} scripts, ${total.toFixed(1)} KB gzipped (limit ${budget.limitKb} KB, goal ${budget.goalKb} KB) ${within ? 'OK' : 'OVER BUDGET'}${within && total > budget.goalKb ? ', goal not reached' : ''}`,
      );
      await page.close();
    }
    return ok;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBundle().then((outcome) => process.exit(exitCodeOf(outcome)));
}
