// Bengali (issue 33.15): a donor or a staff member chooses বাংলা on the sign-in page or on the giving
// page; the page turns Bengali, keeps it across a reload, and draws it with the shipped Noto Sans
// Bengali (the machine running these tests has no Bengali system font: without the webfont every
// letter would be a box). English pages download no Bengali font and no Bengali catalogue.
// DOCS_SCREENSHOTS=1 also writes the two 375×812 pictures of docs/languages.md.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** The Bengali font files and catalogue chunk the page asked for. */
function watchBengaliDownloads(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/noto-sans-bengali|bn-catalogue/.test(url)) seen.push(url.replace(/^.*\/assets\//, ''));
  });
  return seen;
}

/** Whether Bengali text is drawn with the shipped webfont (document.fonts knows it as loaded). */
async function bengaliFontLoaded(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    return document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা') && [...document.fonts].some((face) => face.family.includes('Noto Sans Bengali') && face.status === 'loaded');
  });
}

async function expectAccessible(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(A11Y_TAGS).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}) ${v.help}`)).toEqual([]);
}

test.use({ viewport: { width: 375, height: 812 } });

test('the sign-in page switches to Bengali, keeps it across a reload, and draws it with the Bengali webfont', async ({ page }) => {
  const downloads = watchBengaliDownloads(page);
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.waitForLoadState('networkidle');
  expect(downloads, 'the English sign-in page downloads nothing Bengali').toEqual([]);

  await page.getByLabel('Language').selectOption('bn');
  await expect(page.getByRole('heading', { level: 1, name: 'সাইন ইন' })).toBeVisible();
  await expect(page.getByLabel('ই-মেইল')).toBeVisible();
  await expect(page.getByRole('button', { name: 'কোড পাঠান' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('bn');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'সাইন ইন' })).toBeVisible();
  await expect(page.getByLabel('ভাষা')).toHaveValue('bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  expect(await bengaliFontLoaded(page), 'Noto Sans Bengali is loaded and covers the text').toBe(true);
  expect(downloads.some((file) => file.startsWith('noto-sans-bengali-bengali-400'))).toBe(true);
  await expectAccessible(page, '/auth/login in Bengali');
  if (process.env.DOCS_SCREENSHOTS) await page.screenshot({ path: 'docs/screenshots/sign-in-bn-375.png' });

  // Back to English: nothing Bengali is left on the page.
  await page.getByLabel('ভাষা').selectOption('en');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the giving page in Bengali: labels, the Give button and the chosen language after a reload', async ({ page }) => {
  const downloads = watchBengaliDownloads(page);
  await page.goto('/demo-campaign');
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Your Donation' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(downloads, 'the English giving page downloads nothing Bengali').toEqual([]);

  await page.getByLabel('Language').selectOption('bn');
  await expect(page.getByRole('heading', { level: 1, name: 'আপনার অনুদান দিন' })).toBeVisible();
  await expect(page.getByLabel('পুরো নাম')).toBeVisible();
  await expect(page.getByRole('group', { name: 'আপনার তথ্য' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'আইনি বিজ্ঞপ্তি' })).toBeVisible();
  // The campaign's own legal notice stays as the campaign wrote it.
  await expect(page.getByRole('region', { name: 'আইনি বিজ্ঞপ্তি' })).toContainText('Paid for by Friends of Demo Candidate');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'আপনার অনুদান দিন' })).toBeVisible();
  await page.getByText('$25', { exact: true }).click();
  await expect(page.getByRole('button', { name: /^\$25(\.00)? দান করুন/ })).toBeVisible();
  // An empty submit: the error summary's title is Bengali too.
  await page.getByRole('button', { name: /দান করুন/ }).click();
  await expect(page.getByRole('heading', { name: 'একটি সমস্যা আছে' })).toBeVisible();
  // The giving form's own messages (domain schema) in Bengali too: the address's state, not 'State'.
  await expect(page.getByRole('link', { name: 'রাস্তার ঠিকানা দিতে হবে' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'অঙ্গরাজ্য বেছে নিতে হবে' })).toBeVisible();
  expect(await bengaliFontLoaded(page)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (process.env.DOCS_SCREENSHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'docs/screenshots/giving-bn-375.png' });
  }
});
