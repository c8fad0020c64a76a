// WCAG 2.2 AA 2.5.8 target size (issue 33.16): what a person taps on the follow-up page (each donor's
// name and phone number) and the auth pages' text buttons is at least 24 × 24 CSS px. axe's
// target-size rule (it also accepts a smaller target with 24 px of room around it) and the boxes.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { selectCampaign, signInWithPassword } from './support/sign-in';

async function smallerThan24(targets: Locator): Promise<string[]> {
  const small: string[] = [];
  for (const target of await targets.all()) {
    const box = await target.boundingBox();
    if (box && (box.width < 24 || box.height < 24)) small.push(`${(await target.textContent())?.trim()} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }
  return small;
}

async function targetSizeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

test('the follow-up page: every donor name and phone link is at least 24 × 24 px', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, 'Friends of Demo Candidate');
  await page.goto(paths.followUpCall);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const links = page.getByRole('table').getByRole('link');
  await expect(links.first()).toBeVisible();
  expect(await links.count()).toBeGreaterThanOrEqual(2);
  expect(await smallerThan24(links)).toEqual([]);
  expect(await targetSizeViolations(page)).toEqual([]);
});

test('the set-password page: its text buttons are at least 24 px high', async ({ page }) => {
  await page.goto(paths.setPassword);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await targetSizeViolations(page)).toEqual([]);
});
