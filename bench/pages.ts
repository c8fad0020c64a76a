// Page-load budgets (ARCHITECTURE §8, issues 16 and 31.6) against the real production build, each load
// in a fresh browser context (empty cache, as a first visit):
//
// 1. The public giving page `/demo-campaign`, unthrottled and on Chromium's "Slow 4G" with the CPU
//    4× slower (CDP Network.emulateNetworkConditions + Emulation.setCPUThrottlingRate): Largest
//    Contentful Paint and the time until the form is usable (its "Give" button shown and enabled),
//    median of 3 loads each. Budget on Slow 4G + 4× CPU: LCP ≤ 2.5 s, interactive ≤ 3.5 s.
// 2. `/auth/login`, `/demo-campaign` and `/dashboard` (signed in as the demo owner) with the CPU 4×
//    slower: LCP, Cumulative Layout Shift and Total Blocking Time (the sum over long tasks of their
//    time beyond 50 ms, from first paint to 3 s after load), median of 3. Targets: LCP ≤ 2.5 s,
//    CLS ≤ 0.1, TBT ≤ 200 ms.
// 3. The JavaScript each of those pages loads, gzipped at level 9, beside its budget
//    (tests/e2e/support/bundle-budgets.ts, checked in `npm test`).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { signInDemoOwner } from './lib/sign-in';
import { BUNDLE_BUDGETS, kb, loadForBudget, recordScripts } from '../tests/e2e/support/bundle-budgets';
import { freePort } from './lib/process';
import { chromiumPath, exitCodeOf, missingParts, skipped, type BenchOutcome } from './lib/requirements';
import { startServer } from './lib/server';

const TARGET = { lcpMs: 2_500, cls: 0.1, tbtMs: 200, givingLcpMs: 2_500, givingInteractiveMs: 3_500 };
const RUNS = 3;
const GIVING_PATH = '/demo-campaign';

/**
 * Chromium DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts): 562.5 ms round trip,
 * 1.6 Mbit/s down and 750 kbit/s up, each × 0.9, as Lighthouse's mobile profile.
 */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1_000_000 * 0.9) / 8, uploadThroughput: (750 * 1_000 * 0.9) / 8 };

interface Profile {
  name: string;
  network: typeof SLOW_4G | null;
  cpuRate: number;
}

const UNTHROTTLED: Profile = { name: 'unthrottled', network: null, cpuRate: 1 };
const PHONE: Profile = { name: 'Slow 4G + CPU 4×', network: SLOW_4G, cpuRate: 4 };
const CPU_ONLY: Profile = { name: 'CPU 4×', network: null, cpuRate: 4 };

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
  /** From navigation start until the page's ready element was shown and enabled. */
  interactiveMs: number;
}

async function throttle(cdp: CDPSession, profile: Profile): Promise<void> {
  await cdp.send('Network.enable');
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuRate });
}

/** One load of `url` in `context` (its cache as it is) under `profile`; `ready` finds the usable page. */
async function measure(context: BrowserContext, url: string, profile: Profile, ready: (page: Page) => Promise<void>): Promise<Vitals> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await throttle(cdp, profile);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await ready(page);
    // Right after the ready element showed: the time since navigation start, in the page's clock.
    const interactiveMs = await page.evaluate(() => performance.now());
    await page.waitForLoadState('load');
    await page.waitForTimeout(3_000);
    const raw = await page.evaluate(() => {
      const v = (window as unknown as { __vitals: { lcp: number; cls: number; longTasks: [number, number][] } }).__vitals;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { lcp: v.lcp, cls: v.cls, tbt: v.longTasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0) };
    });
    return { lcpMs: raw.lcp, cls: raw.cls, tbtMs: raw.tbt, interactiveMs };
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function medianVitals(runs: Vitals[]): Vitals {
  return {
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    interactiveMs: median(runs.map((r) => r.interactiveMs)),
  };
}

function readyOf(path: string): (page: Page) => Promise<void> {
  const budget = BUNDLE_BUDGETS.find((b) => b.path === path);
  if (!budget) throw new Error(`no bundle budget for ${path}`);
  return async (page) => {
    const element = page.getByRole(budget.ready.role, { name: budget.ready.name }).first();
    await element.waitFor({ timeout: 60_000 });
    if (budget.ready.role === 'button') await page.waitForFunction((el) => !(el as HTMLButtonElement).disabled, await element.elementHandle(), { polling: 'raf' });
  };
}

/** A fresh context per load (no cached scripts); signed-in contexts carry the session's storage. */
async function freshContext(browser: Browser, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, storageState });
  await context.addInitScript(OBSERVE);
  return context;
}

async function runs(browser: Browser, url: string, profile: Profile, ready: (page: Page) => Promise<void>, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<Vitals> {
  const results: Vitals[] = [];
  for (let i = 0; i < RUNS; i++) {
    const context = await freshContext(browser, storageState);
    try {
      results.push(await measure(context, url, profile, ready));
    } finally {
      await context.close();
    }
  }
  return medianVitals(results);
}

async function scriptsKb(browser: Browser, baseUrl: string, path: string, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<number> {
  const budget = BUNDLE_BUDGETS.find((b) => b.path === path)!;
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const recorder = recordScripts(page);
    await loadForBudget(page, `${baseUrl}${path}`, budget, recorder);
    return kb(recorder.scripts.reduce((sum, s) => sum + s.gzipBytes, 0));
  } finally {
    await context.close();
  }
}

const ms = (value: number) => value.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

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
    let ok = true;
    // The signed-in session (local storage) for the dashboard's loads.
    const signInContext = await browser.newContext();
    await signInDemoOwner(await signInContext.newPage(), server.url);
    const staffState = await signInContext.storageState();
    await signInContext.close();

    // 1. The giving page on a phone: Slow 4G + CPU 4× beside the unthrottled figure.
    const givingUrl = `${server.url}${GIVING_PATH}`;
    const fast = await runs(browser, givingUrl, UNTHROTTLED, readyOf(GIVING_PATH));
    const phone = await runs(browser, givingUrl, PHONE, readyOf(GIVING_PATH));
    const phoneWithin = phone.lcpMs <= TARGET.givingLcpMs && phone.interactiveMs <= TARGET.givingInteractiveMs;
    ok &&= phoneWithin;
    console.log(`\n| ${GIVING_PATH} (375×812, fresh cache, median of ${RUNS}) | LCP ms | form interactive ms |`);
    console.log('|---|---:|---:|');
    console.log(`| unthrottled | ${ms(fast.lcpMs)} | ${ms(fast.interactiveMs)} |`);
    console.log(`| ${PHONE.name} | ${ms(phone.lcpMs)} | ${ms(phone.interactiveMs)} |`);
    console.log(`| budget (${PHONE.name}) | ≤ ${ms(TARGET.givingLcpMs)} | ≤ ${ms(TARGET.givingInteractiveMs)} |`);
    console.log(`pages: ${GIVING_PATH} on ${PHONE.name}: LCP ${ms(phone.lcpMs)} ms, interactive ${ms(phone.interactiveMs)} ms ${phoneWithin ? 'within budget' : 'OVER BUDGET'}`);

    // 2 and 3. Each budgeted page on a 4× slower CPU, and its JavaScript.
    console.log(`\n| page (CPU 4× slower, median of ${RUNS}) | JS KB gz (limit / goal) | LCP ms (≤ 2,500) | CLS (≤ 0.1) | TBT ms (≤ 200) | within |`);
    console.log('|---|---:|---:|---:|---:|---|');
    for (const budget of BUNDLE_BUDGETS) {
      const state = budget.signedIn ? staffState : undefined;
      const jsKb = await scriptsKb(browser, server.url, budget.path, state);
      const v = await runs(browser, `${server.url}${budget.path}`, CPU_ONLY, readyOf(budget.path), state);
      const within = jsKb <= budget.limitKb && v.lcpMs <= TARGET.lcpMs && v.cls <= TARGET.cls && v.tbtMs <= TARGET.tbtMs;
      ok &&= within;
      console.log(`| ${budget.path} | ${jsKb.toFixed(1)} (${budget.limitKb} / ${budget.goalKb}) | ${ms(v.lcpMs)} | ${v.cls.toFixed(3)} | ${ms(v.tbtMs)} | ${within ? 'yes' : 'OVER'} |`);
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
