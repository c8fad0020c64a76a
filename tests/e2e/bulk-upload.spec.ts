import { expect, test } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selectCampaign, signInWithPassword } from './support/sign-in';

const CAMPAIGN = 'Friends of Demo Candidate';

/** Letters only (donor names take letters, spaces and . ' -), unique per run. */
function uniqueWord(): string {
  const letters = Date.now()
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
  return `${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

test('download the template, fill it, upload, review, import: the history counts, the donors are listed, the error report opens', async ({ page }) => {
  test.setTimeout(120_000);
  const word = uniqueWord();
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, CAMPAIGN);
  await page.goto('/bulk-history');

  // The demo's own upload is there from the start.
  const uploads = page.getByRole('table', { name: 'Uploads' });
  await expect(uploads.getByRole('row', { name: /spring-house-party-donors\.csv/ })).toBeVisible();

  // The CSV template, filled in: two good rows and one with a bad e-mail.
  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Donor template (CSV)' }).click();
  const template = await readFile(await (await templateDownload).path(), 'utf8');
  const [header] = template.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe('name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient');
  const lower = word.toLowerCase();
  const rows = [
    `Ada ${word},,ada.${lower}@example.org,Individual Contributor,,,New York,10023,New York,,,,2029-03-01,$300.00,,`,
    `Ben ${word},,ben.${lower}@example.org,Individual Contributor,,,New York,10025,New York,,,,,,,`,
    `Cy ${word},,not-an-email,Individual Contributor,,,,,,,,,,,,`,
  ];
  const file = join(tmpdir(), `donors-${lower}.csv`);
  await writeFile(file, `\uFEFF${[header, ...rows].join('\r\n')}\r\n`);

  // Upload → mapping (recognised) → validation → review.
  await page.getByRole('button', { name: 'Upload file' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload donors or payments' });
  await dialog.getByLabel(/File \(CSV or Excel/).setInputFiles(file);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  // Recognised: as our template's columns, or as the mapping saved when another spec uploaded the same layout.
  await expect(dialog.getByText(/The template's columns were recognised\.|Saved from last time: the columns you mapped for this layout\./)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Field for column donor_email' })).toHaveValue('donor_email');
  await dialog.getByRole('button', { name: 'Validate rows' }).click();

  const review = page.getByRole('dialog', { name: `Upload: donors-${lower}.csv` });
  await expect(review.getByRole('button', { name: 'Import 2 valid rows' })).toBeVisible({ timeout: 20_000 });
  await expect(review.getByRole('list', { name: 'Row counts' })).toContainText('1Rejected');
  await expect(review.getByRole('cell', { name: 'Donor email: Please enter a valid email' }).first()).toBeVisible();
  await review.getByRole('button', { name: 'Import 2 valid rows' }).click();
  await expect(review.getByText('Completed with errors')).toBeVisible({ timeout: 20_000 });

  // The error report downloads and names the row and the reason.
  const reportDownload = page.waitForEvent('download');
  await review.getByRole('button', { name: 'Download error report' }).click();
  const report = await readFile(await (await reportDownload).path(), 'utf8');
  expect(report).toContain('row_number,reason');
  expect(report).toContain(',4,Donor email: Please enter a valid email');
  await review.getByRole('button', { name: 'Close' }).last().click();

  // The history shows the counts; the donor list shows the donors.
  const row = uploads.getByRole('row', { name: new RegExp(`donors-${lower}\\.csv`) });
  await expect(row).toContainText('Completed with errors');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2'); // imported (the file name is the row header)
  await expect(row.getByRole('cell').nth(3)).toHaveText('1'); // rejected
  await page.goto('/donor-list');
  await page.getByRole('searchbox', { name: 'Search donors' }).fill(word);
  await expect(page.getByRole('link', { name: `Ada ${word}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `Ben ${word}` })).toBeVisible();
  await page.getByRole('link', { name: `Ada ${word}` }).click();
  await expect(page.getByText(`Imported from donors-${lower}.csv, row 2`)).toBeVisible();
});
