import type { Page } from 'playwright-core';

/**
 * Signs the demo owner in with the password form and selects the demo campaign: the page ends on its
 * dashboard with the campaign's figures shown. For benches and screenshot scripts (e2e specs use
 * tests/e2e/support/sign-in.ts).
 */
export async function signInDemoOwner(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('Email').fill('owner@demo.campaign');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(process.env.DEMO_PASSWORD ?? 'demo-pass-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/dashboard/);
  await page.getByRole('combobox', { name: 'Select a campaign' }).click();
  await page.getByRole('option', { name: 'Friends of Demo Candidate' }).click();
  await page.getByRole('region', { name: 'Election cycle' }).waitFor();
}
