import { expect, test } from '@playwright/test';

test('the root sends a signed-out visitor to the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle(/\| /);
});

test('a private page keeps where the visitor wanted to go in redirect_to', async ({ page }) => {
  await page.goto('/donor-list?page=2');
  await expect(page).toHaveURL(/\/auth\/login\?redirect_to=/);
  const redirectTo = new URL(page.url()).searchParams.get('redirect_to');
  expect(redirectTo).toBe('/donor-list?page=2');
});

test('an unknown path shows the 404 page and Back to Home leads home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('The page you are attempting to reach is currently not available')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).or(page.getByRole('button', { name: 'Back to Home' })).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the error route shows the 404 page', async ({ page }) => {
  await page.goto('/pages/errors/error400');
  await expect(page.getByText('The page you are attempting to reach is currently not available')).toBeVisible();
});

test('a slug that belongs to no campaign shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-campaign-slug');
  await expect(page.getByText('The page you are attempting to reach is currently not available')).toBeVisible();
});

test('the demo campaign has its public donation page', async ({ page }) => {
  await page.goto('/demo-campaign');
  await expect(page.getByRole('heading', { name: /Pay Your Donation/i })).toBeVisible();
  await expect(page.getByText('Friends of Demo Candidate', { exact: true })).toBeVisible();
});

test('the page loads under the server Content-Security-Policy without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto('/auth/login');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(violations).toEqual([]);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test(`login page screenshot at ${viewport.width}x${viewport.height}`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // Nothing may overflow sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const path = testInfo.outputPath(`login-${viewport.name}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`login-${viewport.name}`, { path, contentType: 'image/png' });
  });
}
