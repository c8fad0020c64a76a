import { expect, test, type Page } from '@playwright/test';
import { selectCampaign, signInWithPassword } from './support/sign-in';

// Issue 33 point 3: at 1280×800 (the config's viewport) no report page scrolls sideways, neither the
// page nor the table's own scroll container, and the columns a person acts on are in view.
const CAMPAIGN = 'Friends of Demo Candidate';

const REPORTS: { path: string; title: string; acted: string[] }[] = [
  { path: '/donation-report', title: 'Donation Report', acted: ['Net', 'Matchable'] },
  { path: '/pledges-receivable-report', title: 'Pledges Receivable Report', acted: ['Days overdue', 'Aging'] },
  { path: '/due-report', title: 'Due Report', acted: ['Days overdue', 'Last reminder'] },
  { path: '/donor-limit-report', title: 'Donor Limit Report', acted: ['Standing', 'Warnings'] },
  { path: '/donor-history-report', title: 'Donor History Report', acted: ['Running total given'] },
  { path: '/match-report', title: 'Match Report', acted: ['Public funds', 'Not matchable because'] },
  { path: '/expense-report', title: 'Expense Report', acted: ['Memo / explanation'] },
];

/** Widths of the page and of the table's scroll container (after the rows are shown). */
async function widths(page: Page, title: string) {
  return page.evaluate((name) => {
    const doc = document.scrollingElement!;
    const region = document.querySelector<HTMLElement>(`[data-scrolls-sideways][aria-label="${name}"]`);
    return {
      pageScroll: doc.scrollWidth,
      pageClient: doc.clientWidth,
      tableScroll: region?.scrollWidth ?? -1,
      tableClient: region?.clientWidth ?? -1,
    };
  }, title);
}

test('every report page fits 1280×800: no sideways scroll of the page or of its table, the columns acted on in view', async ({ page }) => {
  test.setTimeout(120_000);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, CAMPAIGN);
  for (const report of REPORTS) {
    await page.goto(report.path);
    const table = page.getByRole('table', { name: report.title });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]').filter({ has: table })).toHaveCount(0);
    const w = await widths(page, report.title);
    expect(w.tableClient, `${report.path}: the table's scroll container`).toBeGreaterThan(0);
    expect.soft(w.pageScroll, `${report.path}: the page scrolls sideways`).toBeLessThanOrEqual(w.pageClient);
    expect.soft(w.tableScroll, `${report.path}: the table scrolls sideways`).toBeLessThanOrEqual(w.tableClient);
    for (const header of report.acted) {
      const cell = table.getByRole('columnheader', { name: header, exact: true });
      const box = (await cell.boundingBox())!;
      expect(box, `${report.path}: ${header}`).not.toBeNull();
      expect.soft(box.x + box.width, `${report.path}: "${header}" ends inside the window`).toBeLessThanOrEqual(1280);
    }
    if (report.path === '/due-report') await expect(table.getByRole('button', { name: /^Send reminder to / }).first()).toBeInViewport();
    // REPORT_SCREENSHOTS=<folder>: the pages' pictures for the docs (docs/screenshots/).
    const folder = process.env.REPORT_SCREENSHOTS;
    if (folder && (report.path === '/due-report' || report.path === '/pledges-receivable-report')) {
      // Scrolled to the table: its last columns are what the picture is for.
      await page.getByRole('region', { name: report.title }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 90));
      await page.screenshot({ path: `${folder}/${report.path.slice(1)}-1280.png`, type: 'png' });
    }
  }
});
