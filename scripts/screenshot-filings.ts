/**
 * A screenshot of the demo owner's Filings page (/filings) at 1280×800 with the NYS BOE chosen: the period's
 * pre-filing check and, under Generated files, the schedules A, B, C and F (PDF) and the companion sheet made
 * by the report job. Not a test: it writes docs/screenshots/filings-nys-1280.png for a person to look at.
 * Run after `npx vite build`: `npx tsx scripts/screenshot-filings.ts` (PORT: 3960 unless SCREENSHOT_PORT).
 */
import { chromium } from 'playwright-core';
import { chromiumPath } from '../bench/lib/requirements';
import { signInDemoOwner } from '../bench/lib/sign-in';
import { startServer } from '../bench/lib/server';

const port = Number(process.env.SCREENSHOT_PORT ?? 3960);
const out = 'docs/screenshots/filings-nys-1280.png';
const server = await startServer(port);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInDemoOwner(page, server.url);
  await page.goto(`${server.url}/filings`);
  await page.getByRole('table', { name: 'Pre-filing check' }).waitFor({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Regulator' }).selectOption('nys_boe');
  await page.getByRole('combobox', { name: "Schedules' format" }).selectOption('pdf');
  await page.getByText(/Files made: Schedule A/).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Make the file' }).click();
  try {
    // Five entries, all ready (each offers its download).
    await page.waitForFunction(() => document.querySelectorAll('button, a').length > 0 && (document.body.innerText.match(/NYS BOE Schedule [ABCF]/g) ?? []).length >= 4, undefined, { timeout: 60_000 });
    await page.waitForFunction(() => !/Queued|Running|Writing/i.test(document.body.innerText), undefined, { timeout: 120_000 });
  } catch (error) {
    await page.screenshot({ path: '/tmp/filings-failed.png' });
    throw error;
  }
  // The notices of the files fade away (the pointer off them: hovering keeps them): the page as a treasurer reads it afterwards.
  await page.mouse.move(640, 790);
  await page.waitForFunction(() => !/is ready|being made/.test(document.body.innerText), undefined, { timeout: 60_000 });
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
