/**
 * Every link right from any address (issue 31.7): the app opened at 127.0.0.1 and at localhost (the
 * stack's PUBLIC_URL is http://127.0.0.1:PORT, so localhost is "another address") uploads a file and
 * takes a gift through the PayPal stand-in, and PayPal sends the browser back to the address it left
 * from, where the staff member is still signed in.
 */
import { expect, test } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E } from './support/ports';
import { selectCampaign, signInWithPassword } from './support/sign-in';

const CAMPAIGN = 'Friends of Demo Candidate';
const HEADER = 'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient';

/** Letters only (donor names take letters, spaces and . ' -), unique per run. */
function uniqueWord(): string {
  const letters = Date.now()
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
  return `${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

for (const host of ['127.0.0.1', 'localhost']) {
  const origin = `http://${host}:${E2E.appPort}`;

  test.describe(`the app opened at ${origin}`, () => {
    test.use({ baseURL: origin });

    test('a bulk upload goes through (the signed upload URL is this address’s own)', async ({ page }) => {
      test.setTimeout(90_000);
      const failedCalls: string[] = [];
      // The upload's calls: the file's PUT and the POSTs around it (a GET a navigation aborts is not the upload's business).
      page.on('requestfailed', (request) => {
        if (request.method() !== 'GET' || request.url().includes('/private-files/')) failedCalls.push(`${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`);
      });
      const word = uniqueWord();
      await signInWithPassword(page, 'owner@demo.campaign');
      await selectCampaign(page, CAMPAIGN);
      await page.goto('/bulk-history');
      const fileName = `addresses-${host}-${word.toLowerCase()}.csv`;
      const file = join(tmpdir(), fileName);
      await writeFile(file, `${HEADER}\r\nAda ${word},,ada.${word.toLowerCase()}@example.org,Individual Contributor,,,New York,10023,New York,,,,,,,\r\n`);

      await page.getByRole('button', { name: 'Upload file' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload donors or payments' });
      await dialog.getByLabel(/File \(CSV or Excel/).setInputFiles(file);
      const put = page.waitForRequest((request) => request.method() === 'PUT' && request.url().includes('/private-files/upload'));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      expect(new URL((await put).url()).origin).toBe(origin);
      await expect(dialog.getByText(`Match the columns of ${fileName} to our fields.`)).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Validate rows' }).click();
      const review = page.getByRole('dialog', { name: `Upload: ${fileName}` });
      await expect(review.getByRole('button', { name: /^Import 1 valid row/ })).toBeVisible({ timeout: 20_000 });
      expect(failedCalls).toEqual([]);
    });

    test('a gift through the PayPal stand-in comes back to this address, where staff are still signed in', async ({ page }) => {
      test.setTimeout(90_000);
      const word = uniqueWord();
      await signInWithPassword(page, 'owner@demo.campaign');
      await page.goto('/demo-campaign');
      await page.getByText('$25', { exact: true }).click();
      await page.getByLabel('Full name').fill(`Hal ${word}`);
      await page.getByLabel('E-mail').fill(`hal.${word.toLowerCase()}@example.com`);
      // A phone of its own: a known phone would add the gift to that donor.
      // (212 2xx-xxxx: a real exchange; the phone rule refuses one starting with 0 or 1.)
      await page.getByLabel('Phone number').fill(`2122${String(Date.now()).slice(-6)}`);
      await page.getByLabel('Street address').fill('3 Host St');
      await page.getByLabel('City').fill('New York');
      await page.getByLabel('State').selectOption({ label: 'New York' });
      await page.getByLabel('ZIP code').fill('10013');
      await page.getByLabel('Employer').fill('Acme');
      await page.getByLabel('Occupation').fill('Clerk');
      for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
      await page.getByRole('button', { name: /^Give \$25/ }).click();

      await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(page).toHaveURL(new RegExp(`^${origin.replace(/\./g, '\\.')}/payment-success\\?`));
      await expect(page.getByText(/R-\d{6}/)).toBeVisible();

      // The same address's session: the dashboard opens without a new sign-in, and the gift is in the book.
      await page.goto('/dashboard');
      await expect(page).toHaveURL(`${origin}/dashboard`);
      await selectCampaign(page, CAMPAIGN);
      await page.goto(`/donor-list?search=${word}`);
      await expect(page.getByRole('link', { name: `Hal ${word}` })).toBeVisible();
    });
  });
}
