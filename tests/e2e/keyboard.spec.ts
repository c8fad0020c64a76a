// One full task with the keyboard alone (issue 16): add a donor, open their page, record a pledge.
// Tab moves between controls, Enter presses buttons and follows links, typing fills fields and picks
// options of a focused select; every control reached shows a visible focus ring.
import { expect, test, type Page } from '@playwright/test';
import { selectCampaign, signInWithPassword } from './support/sign-in';

interface Focused {
  tag: string;
  label: string;
  ring: boolean;
}

async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', label: '', ring: false };
    const field = el as HTMLInputElement;
    const label = el.getAttribute('aria-label') ?? field.labels?.[0]?.textContent ?? el.textContent ?? '';
    const style = getComputedStyle(el);
    const shows = (s: CSSStyleDeclaration) => (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    // A select's text input draws its ring on the focused control around it (react-select's --is-focused).
    const control = el.closest('[class*="is-focused"]');
    const ring = shows(style) || (control !== null && shows(getComputedStyle(control)));
    return { tag: el.tagName, label: label.replace(/\s+/g, ' ').trim(), ring };
  });
}

/** Presses Tab until the focused control's label matches (at most 80 presses); checks its focus ring. */
async function tabTo(page: Page, label: RegExp): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (label.test(now.label)) {
      expect(now.ring, `a visible focus ring on ${now.tag} "${now.label}"`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${label}`);
}

test('add a donor and record a pledge with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Kay Board ${Math.random().toString(36).replace(/[^a-z]/g, '').slice(0, 6)}`;
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, 'Friends of Demo Candidate');
  await page.goto('/donor-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Donor List' })).toBeVisible();

  await tabTo(page, /^Add donor$/);
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Add donor' });
  await expect(form).toBeVisible();
  await tabTo(page, /^Name/);
  await page.keyboard.type(name);
  await tabTo(page, /^Contributor type/);
  await page.keyboard.type('Individual');
  await tabTo(page, /^Eligibility/);
  await page.keyboard.type('Participant-Option A');
  await tabTo(page, /^E-mail/);
  await page.keyboard.type(`${name.toLowerCase().replace(/\s+/g, '.')}@example.org`);
  await tabTo(page, /^City/);
  await page.keyboard.type('Queens');
  await tabTo(page, /^State/);
  await page.keyboard.type('New York');
  await tabTo(page, /^ZIP code/);
  await page.keyboard.type('11101');
  await tabTo(page, /^Save donor$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Donor added successfully')).toBeVisible();
  await expect(form).toBeHidden();

  await tabTo(page, /^Search donors/);
  await page.keyboard.type(name);
  await expect(page.getByRole('link', { name })).toBeVisible();
  await tabTo(page, new RegExp(`^${name}$`));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await tabTo(page, /^Record a pledge$/);
  await page.keyboard.press('Enter');
  const pledge = page.getByRole('form', { name: 'Record a pledge' });
  await expect(pledge).toBeVisible();
  await tabTo(page, /^Commitment amount/);
  await page.keyboard.type('250');
  await tabTo(page, /^Save/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pledge added successfully')).toBeVisible();
  await expect(page.getByText('$250.00').first()).toBeVisible();
});

test('the campaign selector, the sidebar and a modal by keyboard: focus enters the modal and returns to its opener', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithPassword(page, 'owner@demo.campaign');

  // The header's campaign selector: Tab to it, type to filter, Enter picks.
  await tabTo(page, /^Select a campaign$/);
  await page.keyboard.type('Friends of Demo');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Select a campaign' })).toBeFocused();
  await expect(page.getByText('Friends of Demo Candidate').first()).toBeVisible();

  // The sidebar: Tab to an entry, Enter follows it.
  await tabTo(page, /^Donor List$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Donor List' })).toBeVisible();

  // A modal: focus moves into it, and back to the button that opened it when it closes.
  await tabTo(page, /^Add donor$/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, /^Cancel$/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await focused(page)).label).toBe('Add donor');
});
