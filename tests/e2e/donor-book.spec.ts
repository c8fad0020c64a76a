import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { selectCampaign, signInWithPassword } from './support/sign-in';

const CAMPAIGN = 'Friends of Demo Candidate';

/** A name of letters only (donor names take letters, spaces and . ' -), unique per run. */
function uniqueName(): string {
  const letters = Date.now()
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
  return `Robin ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

function dollars(text: string): number {
  return Number(text.replace(/[^0-9.-]/g, ''));
}

async function dashboardFigure(page: Page, label: string): Promise<number> {
  await page.goto('/dashboard');
  const card = page.getByRole('listitem', { name: label });
  await expect(card).toBeVisible();
  return dollars(await card.locator('span').nth(1).innerText());
}

test('add a donor, pledge $500, pay $200: follow-up shows $300 remaining and the dashboard moves; a donation over the limit is refused and nothing is saved', async ({ page }) => {
  test.setTimeout(120_000);
  const name = uniqueName();
  const email = `${name.toLowerCase().replace(/\s+/g, '.')}@example.org`;

  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, CAMPAIGN);
  const raisedBefore = await dashboardFigure(page, 'Total raised');
  const outstandingBefore = await dashboardFigure(page, 'Outstanding');

  // Add the donor.
  await page.goto('/donor-list');
  await page.getByRole('button', { name: 'Add donor' }).first().click();
  const donorForm = page.getByRole('form', { name: 'Add donor' });
  await donorForm.getByLabel(/^Name/).fill(name);
  await donorForm.getByLabel(/^Contributor type/).selectOption('individual');
  await donorForm.getByLabel(/^Eligibility/).selectOption('p-a');
  await donorForm.getByLabel(/^E-mail/).fill(email);
  await donorForm.getByLabel(/^City/).fill('Brooklyn');
  await donorForm.getByLabel(/^State/).selectOption('new_york');
  await donorForm.getByLabel(/^ZIP code/).fill('11201');
  await donorForm.getByRole('button', { name: 'Save donor' }).click();
  await expect(page.getByText('Donor added successfully')).toBeVisible();

  // Open the donor's page.
  await page.goto('/donor-list');
  await page.getByRole('searchbox', { name: 'Search donors' }).fill(name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // A pledge of $500.
  await page.getByRole('button', { name: 'Record a pledge' }).click();
  const pledgeForm = page.getByRole('form', { name: 'Record a pledge' });
  await pledgeForm.getByLabel(/^Commitment amount/).fill('500');
  await pledgeForm.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Pledge added successfully')).toBeVisible();

  // A donation of $200 that pays it.
  await page.getByRole('button', { name: 'Record a donation' }).click();
  const donationForm = page.getByRole('form', { name: 'Record a donation' });
  await donationForm.getByLabel(/^Amount/).fill('200');
  await donationForm.getByLabel(/^Payment method/).selectOption('card');
  await donationForm.getByLabel(/^Pledge it pays/).selectOption({ index: 1 });
  await donationForm.getByRole('button', { name: 'Save donation' }).click();
  await expect(page.getByText('Donation added successfully')).toBeVisible();
  const donations = page.getByRole('table', { name: `Donations of ${name}` });
  await expect(donations.getByRole('row')).toHaveCount(3); // header, the donation, the total row

  // A donation far over the limit: the catalogue message, nothing saved.
  await page.getByRole('button', { name: 'Record a donation' }).click();
  const overForm = page.getByRole('form', { name: 'Record a donation' });
  await overForm.getByLabel(/^Amount/).fill('50000');
  await overForm.getByLabel(/^Payment method/).selectOption('card');
  await overForm.getByLabel(/^Pledge it pays/).selectOption({ index: 0 }); // a new gift, not the pledge
  await overForm.getByRole('button', { name: 'Save donation' }).click();
  await expect(overForm.getByText('Commitment amount will exceed donation limit')).toBeVisible();
  await overForm.getByRole('button', { name: 'Cancel' }).click();
  const leave = page.getByRole('dialog', { name: /leave/i });
  if (await leave.isVisible()) await leave.getByRole('button', { name: /leave|discard|yes/i }).first().click();
  await page.reload();
  await expect(page.getByRole('table', { name: `Donations of ${name}` }).getByRole('row')).toHaveCount(3);

  // Follow-up: $300 remaining.
  await page.goto('/follow-up-call?due=all');
  await page.getByRole('searchbox').first().fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('$300.00').first()).toBeVisible();

  // Dashboard: raised +$200, outstanding +$300.
  expect(await dashboardFigure(page, 'Total raised')).toBeCloseTo(raisedBefore + 200, 2);
  expect(await dashboardFigure(page, 'Outstanding')).toBeCloseTo(outstandingBefore + 300, 2);
});
