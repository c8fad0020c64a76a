// Page-load budgets (ARCHITECTURE §8, issue 16): `/auth/login`, `/dashboard` (signed in as the demo
// owner) and the public page `/demo-campaign`, each loaded in Chromium with the CPU throttled 4× (CDP
// Emulation.setCPUThrottlingRate) against the real production build. Prints Largest Contentful Paint,
// Cumulative Layout Shift and Total Blocking Time (the sum over long tasks of their time beyond 50 ms,
// from first paint to 3 s after load), median of 3 loads each. Targets: LCP ≤ 2.5 s, CLS ≤ 0.1,
// TBT ≤ 200 ms.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { freePort } from './lib/process';
import { chromiumPath, exitCodeOf, missingParts, skipped, type BenchOutcome } from './lib/requirements';
import { startServer } from './lib/server';

const TARGET = { lcpMs: 2_500, cls: 0.1, tbtMs: 200 };
const RUNS = 3;

/** Collects LCP, CLS and long tasks from the first paint on (installed before any page script runs). */
const OBSERVE = `
  window.__vitals = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__vitals.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
`;

interface Vitals {
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

async function measure(page: Page, url: string): Promise<Vitals> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(3_000);
  const raw = await page.evaluate(() => {
    const v = (window as unknown as { __vitals: { lcp: number; cls: number; longTasks: [number, number][] } }).__vitals;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { lcp: v.lcp, cls: v.cls, tbt: v.longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0) };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { lcpMs: raw.lcp, cls: raw.cls, tbtMs: raw.tbt };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchPages(): Promise<BenchOutcome> {
  const missing = missingParts(['chromium']);
  if (missing) return skipped('page loads', missing);
  if (!existsSync('dist/index.html')) execSync('npx vite build', { stdio: 'inherit' });
  const server = await startServer(await freePort());
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const results: [string, Vitals][] = [];
    const run = async (name: string, url: string) => {
      const runs: Vitals[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measure(page, url));
      results.push([name, { lcpMs: median(runs.map((r) => r.lcpMs)), cls: median(runs.map((r) => r.cls)), tbtMs: median(runs.map((r) => r.tbtMs)) }]);
    };
    await run('/auth/login', `${server.url}/auth/login`);
    await run('/demo-campaign', `${server.url}/demo-campaign`);
    // Sign in (unthrottled) for the dashboard.
    await page.goto(`${server.url}/auth/login`);
    await page.getByRole('button', { name: 'Sign in with password' }).click();
    await page.getByLabel('Email').fill('owner@demo.campaign');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(process.env.DEMO_PASSWORD ?? 'demo-pass-123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await run('/dashboard', `${server.url}/dashboard`);

    console.log('\n| page (CPU 4× slower, median of 3) | LCP ms (≤ 2,500) | CLS (≤ 0.1) | TBT ms (≤ 200) | within |');
    console.log('|---|---:|---:|---:|---|');
    let ok = true;
    for (const [name, v] of results) {
      const within = v.lcpMs <= TARGET.lcpMs && v.cls <= TARGET.cls && v.tbtMs <= TARGET.tbtMs;
      ok &&= within;
      console.log(`| ${name} | ${v.lcpMs.toFixed(0)} | ${v.cls.toFixed(3)} | ${v.tbtMs.toFixed(0)} | ${within ? 'yes' : 'OVER'} |`);
    }
    return ok;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(exitCodeOf(await benchPages()));
}
