// Every route of the route table (src/config/paths.ts), as a person meets it: signed in as the demo
// owner and as staff (some pages then say what is not allowed) for the private pages at 1280×800,
// with a donor's page; as the platform administrator for its pages; signed out for the auth and
// open pages, the public page and an unknown address at 1280×800 and 375×812. On each visit, once its
// heading is visible: axe (WCAG 2.2 A/AA and best practice) finds no serious or critical violation, the page does not scroll sideways, nothing
// is cut off at the side (by the window or by a box that clips it), it does not run on below its
// footer, the console shows no error and no request fails, and the title is the page's. A screenshot
// of each is attached to the report. A route added to the table is visited by construction (only
// those needing a parameter are listed apart below, with the test that covers them).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { paths } from '../../src/config/paths';
import { ADMIN, selectCampaign, signInWithPassword } from './support/sign-in';

const SUFFIX = ' | Campaign Donation Tracker';

/** Routes visited elsewhere or needing something the walk does not have. */
const NOT_WALKED: Record<string, string> = {
  home: 'redirects to the dashboard (shell.spec.ts)',
  donorPage: 'needs a donor id: walked below from the donor list',
  donationSlug: 'the public page: walked below as /demo-campaign',
  rolesAndAccess: 'a tab of user management (same page)',
  approveCampaign: 'the platform administrator’s page: walked below as the administrator',
  adminUsers: 'the platform administrator’s page: walked below as the administrator',
  linkedinLogout: 'a redirect target of the social logout',
  payYourDonation: 'needs a signed pledge link (walked signed out below without one)',
  paymentSuccess: 'needs a payment (payments.spec.ts); walked signed out below without one',
};

const OPEN = ['paymentError', 'payYourDonation', 'paymentSuccess', 'error400', 'devOutbox'] as const;
const isAuth = (key: string) => (paths as Record<string, string>)[key]!.startsWith('/auth/');

/** Visible elements pushed past the window's side or clipped sideways by a box that hides overflow. */
function cutOff(): string[] {
  const found: string[] = [];
  const clips = (el: Element) => {
    const style = getComputedStyle(el);
    return style.overflowX !== 'visible';
  };
  for (const el of document.querySelectorAll('button, a, input, select, textarea, th, td, h1, h2, h3, label, [role="tab"]')) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 1 || rect.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
    let right = window.innerWidth;
    let left = 0;
    let by = 'the window';
    let exempt = false; // visually hidden on purpose, or reached by scrolling its frame
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      if (!clips(box)) continue;
      // A report's wide table scrolls sideways in a focusable frame, by design (DataTable scrollsSideways).
      if (box.hasAttribute('data-scrolls-sideways')) {
        exempt = true; // not cut off: scrolled to
        break;
      }
      const r = box.getBoundingClientRect();
      // A visually hidden box (1 px, clipped) holds text for screen readers only, such as a chart's table.
      if (r.width <= 1 || r.height <= 1) exempt = true;
      if (r.right < right) [right, by] = [r.right, box.className || box.tagName];
      if (r.left > left) [left, by] = [r.left, box.className || box.tagName];
    }
    if (!exempt && (rect.right > right + 1 || rect.left < left - 1)) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
      found.push(`${el.tagName.toLowerCase()} "${name}" spans ${Math.round(rect.left)}–${Math.round(rect.right)}, clipped to ${Math.round(left)}–${Math.round(right)} by ${by}`);
    }
  }
  return found;
}

async function check(page: Page, what: string, consoleErrors: string[]) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await test.info().attach(what, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${what}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  expect(await page.evaluate(cutOff), `${what}: cut off at the side`).toEqual([]);
  // Nothing but blank page below the footer (hidden labels escaping a scroll area once made 800 px of it).
  const below = await page.evaluate(() => {
    const footer = document.querySelector('footer');
    return footer ? document.documentElement.scrollHeight - (footer.getBoundingClientRect().bottom + window.scrollY) : 0;
  });
  expect(below, `${what} has ${below}px of blank page below its footer`).toBeLessThanOrEqual(2);
  expect(await page.title(), `${what} title`).toMatch(new RegExp(`${SUFFIX.replace(/[|]/g, '\\|')}$|^Campaign Donation Tracker$`));
  expect(consoleErrors, `${what} console errors`).toEqual([]);
}

/** Console errors, page errors and failed requests (an error answer is logged by the browser itself). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => {
    // A navigation away cancels what the previous page still had in flight: not a failure of this page.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`);
  });
  return errors;
}

for (const who of ['owner', 'staff'] as const) test(`every private page, signed in as ${who} at 1280×800`, async ({ page }) => {
  // Minutes: some twenty pages, each with axe's WCAG 2.2 and best-practice rules (4+ min at load 20 on 2 cores).
  test.setTimeout(480_000);
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
  // A donor's page, opened from the list: the widest page (an open pledge with its Write off, gifts,
  // follow-up calls with their By column). Daniel Kim has all of them in the demo book.
  await page.goto(paths.donorList);
  await page.getByRole('table').getByRole('link', { name: 'Daniel Kim' }).click();
  await expect(page).toHaveURL(/\/donor-list\/[0-9a-f-]{36}/);
  await expect(page.getByRole('columnheader', { name: 'By' })).toBeVisible();
  if (who === 'owner') await expect(page.getByRole('button', { name: /Write off/ }).first()).toBeVisible();
  errors.length = 0;
  await check(page, `a donor's page (${who})`, errors);
});

test('the platform administrator’s pages at 1280×800', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signInWithPassword(page, ADMIN.email, ADMIN.password);
  for (const path of [paths.approveCampaign, paths.adminUsers, paths.dashboard, paths.myAccount]) {
    await page.goto(path);
    errors.length = 0;
    await check(page, `${path} (administrator)`, errors);
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
    for (const path of [...keys.map((key) => (paths as Record<string, string>)[key]!), '/demo-campaign', '/no-such-campaign']) {
      await page.goto(path);
      errors.length = 0;
      await check(page, `${path} at ${viewport.width}px`, errors);
    }
  });
}
