// The giving form as a donor on a phone meets it (issue 31): nothing retyped after Back from the
// PayPal stand-in, a decline, a cancel, "Try again" or a reload; a failed submit puts the focus on the
// first invalid field with an error summary at the top.
import { expect, test, type Page } from '@playwright/test';

const STATEMENTS = 5;

async function fillForm(page: Page, name: string, email: string) {
  await page.getByText('$50', { exact: true }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone number').fill('2125550166');
  await page.getByLabel('Street address').fill('40 Bond St');
  await page.getByLabel('Apt / unit').fill('5C');
  await page.getByLabel('City').fill('New York');
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption({ label: 'New York' });
  await page.getByLabel('ZIP code').fill('10012');
  await page.getByLabel('Employment').selectOption({ label: 'Retired' });
  for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
}

/** Every value fillForm typed, chosen and ticked is on the form. */
async function expectFilled(page: Page, name: string, email: string) {
  await expect(page.getByRole('radio', { name: '$50', exact: true })).toBeChecked();
  await expect(page.getByLabel('Full name')).toHaveValue(name);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await expect(page.getByLabel('Phone number')).toHaveValue('2125550166');
  await expect(page.getByLabel('Street address')).toHaveValue('40 Bond St');
  await expect(page.getByLabel('Apt / unit')).toHaveValue('5C');
  await expect(page.getByLabel('City')).toHaveValue('New York');
  await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('new_york');
  await expect(page.getByLabel('ZIP code')).toHaveValue('10012');
  await expect(page.getByLabel('Employment')).toHaveValue('retired');
  await expect(page.getByLabel('Employer')).toHaveValue('Not employed');
  await expect(page.getByLabel('Occupation')).toHaveValue('Retired');
  const statements = page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ });
  await expect(statements).toHaveCount(STATEMENTS);
  for (const box of await statements.all()) await expect(box).toBeChecked();
  await expect(page.getByRole('button', { name: /^Give \$50\.00/ })).toBeEnabled();
}

test.describe('the giving form on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('Back from the PayPal stand-in, and a reload, bring back every value', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/demo-campaign');
    await fillForm(page, 'Bea Back', 'bea.back@example.com');
    await page.getByRole('button', { name: /^Give \$50/ }).click();
    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);

    await page.goBack();
    await expect(page).toHaveURL(/\/demo-campaign$/);
    await expectFilled(page, 'Bea Back', 'bea.back@example.com');

    await page.reload();
    await expectFilled(page, 'Bea Back', 'bea.back@example.com');
  });

  test('a decline, then a cancel at PayPal, then "Try again": every value is still there; after a successful gift the form is empty', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/demo-campaign');
    await fillForm(page, 'Dora Decline', 'dora.decline@example.com');
    await page.getByRole('button', { name: /^Give \$50/ }).click();
    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    // A declined card: PayPal (the stand-in) asks for another funding source for the same order.
    await page.getByRole('button', { name: 'Decline the payment' }).click();
    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/payment-error\?/);
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/demo-campaign$/);
    await expectFilled(page, 'Dora Decline', 'dora.decline@example.com');

    // This time the gift goes through: the form no longer keeps anything.
    await page.getByRole('button', { name: /^Give \$50/ }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    await page.goto('/demo-campaign');
    await expect(page.getByLabel('Full name')).toHaveValue('');
    await expect(page.getByRole('checkbox', { name: /reimbursed/ })).not.toBeChecked();
  });

  test('an empty submit: the focus on the first invalid field, the error summary at the top; its links focus their fields', async ({ page }) => {
    await page.goto('/demo-campaign');
    await page.getByRole('button', { name: 'Give' }).click();
    const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });
    await expect(summary).toBeVisible();
    await expect(page.getByLabel('Other amount')).toBeFocused();
    await expect(page.getByLabel('Other amount')).toBeInViewport();
    await expect(summary.getByRole('link')).toHaveText([
      'Please enter an amount between $1.00 and $100,000.00',
      'Name is required',
      'E-mail is required',
      'Street address is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Employer is required (write "Self-employed", "Retired" or "Not employed" if that applies)',
      'Occupation is required (write "Retired" or "Not employed" if that applies)',
      'Please confirm each statement before giving',
    ]);
    await page.screenshot({ path: 'test-results/giving-form-errors-375.png' });
    await summary.getByRole('link', { name: 'City is required' }).tap();
    await expect(page.getByLabel('City')).toBeFocused();
    await expect(page.getByLabel('City')).toBeInViewport();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/giving-form-errors-1280.png' });
  });
});
