import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { selectCampaign, signInWithPassword } from './support/sign-in';

/** No WCAG 2.1 A/AA violation axe can find on the page as it stands. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

test.describe('a donor on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a donor gives $25 on /demo-campaign from a phone, approves on the stand-in, sees the receipt; staff see the gift', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/demo-campaign');
    await expect(page.getByText('Test payments: no money moves').first()).toBeVisible();
    await page.getByText('$25', { exact: true }).click();
    await page.getByLabel('Full name').fill('Paula Phone');
    await page.getByLabel('E-mail').fill('paula.phone@example.com');
    await page.getByLabel('Phone number').fill('2125550188');
    await page.getByLabel('Street address').fill('12 Grand St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption({ label: 'New York' });
    await page.getByLabel('ZIP code').fill('10013');
    await page.getByLabel('Employer').fill('Self-employed');
    await page.getByLabel('Occupation').fill('Designer');
    for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/demo-campaign');
    await page.getByRole('button', { name: /^Give \$25/ }).click();

    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    await expect(page.getByText('Test payments: no money moves').first()).toBeVisible();
    await expectAccessible(page, 'stand-in approval page');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/payment-success\?/);
    await expect(page.getByText(/R-\d{6}/)).toBeVisible();
    await expectAccessible(page, '/payment-success');
    await expect(page.getByText('$25.00').first()).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInWithPassword(page, 'owner@demo.campaign');
    await selectCampaign(page, 'Friends of Demo Candidate');
    await page.goto('/donor-list?search=paula');
    await expect(page.getByRole('link', { name: 'Paula Phone' })).toBeVisible();
    await page.goto('/dev-outbox');
    await expect(page.getByText('receipt R-').first()).toBeVisible();
  });

  test('a declined funding source sends the donor back to PayPal for the same order; another choice then completes it', async ({ page }) => {
    await page.goto('/demo-campaign');
    await page.getByText('$50', { exact: true }).click();
    await page.getByLabel('Full name').fill('Dina Decline');
    await page.getByLabel('E-mail').fill('dina.decline@example.com');
    await page.getByLabel('Phone number').fill('2125550199');
    await page.getByLabel('Street address').fill('5 Elm St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption({ label: 'New York' });
    await page.getByLabel('ZIP code').fill('10002');
    await page.getByLabel('Employer').fill('Acme');
    await page.getByLabel('Occupation').fill('Clerk');
    for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
    await page.getByRole('button', { name: /^Give \$50/ }).click();
    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    const order = new URL(page.url()).searchParams.get('token');
    const refused = page.waitForResponse((res) => res.url().includes('/payment/capture') && res.status() === 402);
    await page.getByRole('button', { name: 'Decline the payment' }).click();
    // PayPal's INSTRUMENT_DECLINED: back to PayPal's page for the same order, nothing charged.
    await refused; // 402 PAYMENT_CHOOSE_ANOTHER_SOURCE (its body is gone with the navigation)
    await expect(page).toHaveURL(new RegExp(`/paypal-standin/checkoutnow\\?token=${order}`));
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  });
});

test('the owner buys a 1-year package for Neighbors for Rivera: the reminder goes, the purchase history lists it with its invoice', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, 'Neighbors for Rivera');
  const reminder = page.getByRole('dialog', { name: 'No active package' });
  await expect(reminder).toBeVisible();
  await page.goto('/purchase-package');
  await expect(page.getByRole('heading', { name: '1 year' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy' }).first().click();
  await expect(page.getByText('Test payments: no money moves').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByText(/R-\d{6}/)).toBeVisible();
  await page.goto('/purchase-history');
  const row = page.getByRole('row', { name: /\$300\.00/ });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Invoice/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await page.goto('/dashboard');
  await page.waitForTimeout(1_000);
  await expect(reminder).toBeHidden();
});
