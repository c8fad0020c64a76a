import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-123';
export const ADMIN = { email: 'admin@example.org', password: 'admin-pass-123' };

export async function signInWithPassword(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).or(page.getByRole('button', { name: 'Log Out' })).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

/** Picks a campaign in the header selector; closes the purchase reminder if it opens. */
export async function selectCampaign(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Select a campaign' }).click();
  await page.getByRole('option', { name }).click();
}
