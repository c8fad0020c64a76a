// Measures the gzipped JavaScript a browser downloads to show /auth/login
// (ARCHITECTURE §8 budget: ≤ 150 KB). Loads the page in Chromium against the real
// production build and sums every script response, gzipped at level 9.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './lib/server';

const BUDGET_KB = 150;

export async function benchBundle(): Promise<boolean> {
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' });
  const server = await startServer(3190);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts: { url: string; raw: number; gzip: number }[] = [];
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.body().then((body) => {
          scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(`${server.url}/auth/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await Promise.all(pending);
    scripts.sort((a, b) => b.gzip - a.gzip);
    for (const s of scripts) console.log(`  ${(s.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${(s.raw / 1024).toFixed(1).padStart(7)} KB raw  ${s.url}`);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    const ok = total <= BUDGET_KB;
    console.log(`bundle: /auth/login loads ${scripts.length} scripts, ${total.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB) ${ok ? 'OK' : 'OVER BUDGET'}`);
    return ok;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchBundle().then((ok) => process.exit(ok ? 0 : 1));
}
