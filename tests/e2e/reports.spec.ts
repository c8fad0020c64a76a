import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { selectCampaign, signInWithPassword } from './support/sign-in';

const CAMPAIGN = 'Friends of Demo Candidate';

test('donation report: filter by dates, download CSV, XLSX and PDF, open each, see them in the history', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, CAMPAIGN);
  await page.goto('/donation-report');
  const table = page.getByRole('table', { name: 'Donation Report' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill('01-01-2026');
  await page.getByLabel('To', { exact: true }).fill('31-12-2026');
  await expect(page).toHaveURL(/start_date=2026-01-01&end_date=2026-12-31/);
  // The table keeps the previous answer (dimmed, aria-busy) while the filtered one loads: read the
  // totals only once the answer for both dates is shown.
  await expect(page.locator('[aria-busy="true"]').filter({ has: table })).toHaveCount(0);
  const totals = table.getByRole('row').last();
  await expect(totals).toContainText('Total');
  // Amount, refunded, net, matchable: the totals row's four sums.
  const sums = (await totals.textContent())!.match(/\$[\d,]+\.\d{2}/g)!;
  expect(sums).toHaveLength(4);
  const netValue = sums[2]!;

  const files = page.getByRole('table', { name: 'Generated files' });
  for (const [format, item] of [
    ['CSV', /CSV/],
    ['XLSX', /Excel/],
    ['PDF', /PDF/],
  ] as const) {
    await page.getByRole('button', { name: /^Download/ }).first().click();
    await page.getByRole('menuitem', { name: item }).click();
    const title = `01-01-2026 to 31-12-2026 - Donation Report - ${format} File`;
    const button = files.getByRole('button', { name: `Download ${title}` }).first();
    await expect(button).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent('download');
    await button.click();
    const path = (await (await download).path())!;
    const bytes = await readFile(path);
    if (format === 'CSV') {
      const text = bytes.toString('utf8');
      expect(text.charCodeAt(0)).toBe(0xfeff);
      const totalLine = text.split('\r\n').find((l) => l.startsWith('Total,'))!;
      expect(totalLine.split(',')[9]).toBe(netValue.replace(/[$,]/g, ''));
    } else if (format === 'XLSX') {
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(path);
      let found = false;
      book.worksheets[0]!.eachRow((row) => {
        if (row.getCell(1).value === 'Total') found = row.getCell(10).value === Number(netValue.replace(/[$,]/g, ''));
      });
      expect(found).toBe(true);
    } else {
      expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
      expect(execFileSync('pdftotext', ['-layout', path, '-']).toString('utf8')).toContain(netValue);
    }
  }
  await expect(files.getByRole('row', { name: /01-01-2026 to 31-12-2026 - Donation Report/ })).toHaveCount(3);
});
