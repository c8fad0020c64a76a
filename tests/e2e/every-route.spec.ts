// Every route of the route table (src/config/paths.ts), as a person meets it: signed in as the demo
// owner and as staff (some pages then say what is not allowed) for the private pages at 1280×800; signed out for the auth and open pages at 1280×800 and
// 375×812. On each visit: axe (WCAG 2.1 A/AA) finds no serious or critical violation, the page
// does not scroll sideways nor runs on below its footer, the console shows no error, and the title is the page's. A route added to
// the table is visited by construction (only those needing a parameter or another role are listed
// apart below, with the test that covers them).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { selectCampaign, signInWithPassword } from './support/sign-in';

const SUFFIX = ' | Campaign Donation Tracker';

/** Routes visited elsewhere or needing something the walk does not have. */
const NOT_WALKED: Record<string, string> = {
  home: 'redirects to the dashboard (shell.spec.ts)',
  donorPage: 'needs a donor id (donor-book.spec.ts)',
  donationSlug: 'the public page: walked below as /demo-campaign',
  rolesAndAccess: 'a tab of user management (same page)',
  approveCampaign: 'the platform administrator’s page (campaigns.spec.ts)',
  adminUsers: 'the platform administrator’s page (accounts.spec.ts)',
  linkedinLogout: 'a redirect target of the social logout',
  payYourDonation: 'needs a signed pledge link (walked signed out below without one)',
  paymentSuccess: 'needs a payment (payments.spec.ts); walked signed out below without one',
};

const OPEN = ['paymentError', 'payYourDonation', 'paymentSuccess', 'error400', 'devOutbox'] as const;
const isAuth = (key: string) => (paths as Record<string, string>)[key]!.startsWith('/auth/');

async function check(page: Page, what: string, consoleErrors: string[]) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  // Nothing but blank page below the footer (hidden labels escaping a scroll area once made 800 px of it).
  const below = await page.evaluate(() => {
    const footer = document.querySelector('footer');
    return footer ? document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY) : 0;
  });
  expect(below, `${what} has ${below}px of blank page below its footer`).toBeLessThanOrEqual(2);
  expect(await page.title(), `${what} title`).toMatch(new RegExp(`${SUFFIX.replace(/[|]/g, '\\|')}$|^Campaign Donation Tracker$`));
  expect(consoleErrors, `${what} console errors`).toEqual([]);
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // A 4xx the page expects (an unknown slug, a missing link) is logged by the browser itself.
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const who of ['owner', 'staff'] as const) test(`every private page, signed in as ${who} at 1280×800`, async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  await signInWithPassword(page, `${who}@demo.campaign`);
  await selectCampaign(page, 'Friends of Demo Candidate');
  const keys = Object.keys(paths).filter((key) => !(key in NOT_WALKED) && !isAuth(key) && !(OPEN as readonly string[]).includes(key));
  expect(keys.length).toBeGreaterThanOrEqual(19);
  for (const key of keys) {
    const path = (paths as Record<string, string>)[key]!;
    await page.goto(path);
    errors.length = 0;
    await check(page, `${path} (${who})`, errors);
  }
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
]) {
  test(`every auth and open page, signed out, at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const errors = watchConsole(page);
    const keys = Object.keys(paths).filter((key) => (isAuth(key) || (OPEN as readonly string[]).includes(key)) && key !== 'devOutbox');
    for (const path of [...keys.map((key) => (paths as Record<string, string>)[key]!), '/demo-campaign']) {
      await page.goto(path);
      errors.length = 0;
      await check(page, `${path} at ${viewport.width}px`, errors);
    }
  });
}
