import { expect, test } from '@playwright/test';
import { mailCount, waitForCode } from './support/mail';
import { ADMIN, logOut, signInWithPassword } from './support/sign-in';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.org`;

test('register → confirm with the mailed code → admin approves → passwordless sign-in → profile → logout', async ({ page }) => {
  test.setTimeout(90_000);
  const email = unique('newcomer');

  // Register with e-mail; the code arrives at the real SMTP server.
  await page.goto('/auth/registration');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Nadia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  const signupCode = await waitForCode(email);
  await page.getByLabel('Verification code').fill(signupCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Email confirmed, please wait for admin approval')).toBeVisible();

  // Signing in before approval is refused with the catalogue message.
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const earlyCode = await waitForCode(email, 1);
  await page.getByLabel('Verification code').fill(earlyCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Admin approval required').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  const beforeApproval = await mailCount(email);

  // The platform administrator approves the account.
  await signInWithPassword(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/users');
  await page.getByRole('searchbox').or(page.getByLabel(/search/i)).first().fill(email);
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row).toHaveCount(0); // no longer pending
  await logOut(page);

  // Passwordless sign-in with the mailed code.
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const signinCode = await waitForCode(email, beforeApproval);
  await page.getByLabel('Verification code').fill(signinCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The profile-completion modal asks for the name once.
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: 'Name', exact: true }).fill('Nadia Okafor');
  await modal.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('Profile info updated successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  // My account shows who is signed in.
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('link', { name: 'My account', exact: true }).click();
  await expect(page).toHaveURL(/\/my-account/);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Nadia Okafor');
  await expect(page.getByText(email).first()).toBeVisible();

  // Logout lands on login with nothing left in storage.
  await logOut(page);
  expect(await page.evaluate(() => ({ local: localStorage.length, session: sessionStorage.length, cookies: document.cookie }))).toEqual({
    local: 0,
    session: 0,
    cookies: '',
  });
});

test('a wrong code four times shows the attempt-limit message (3 tries per code)', async ({ page }) => {
  const email = unique('guesser');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = page.getByLabel('Verification code');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await code.fill(String(100000 + attempt));
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt < 4) await expect(page.getByText('OTP incorrect or expired').first()).toBeVisible();
  }
  await expect(page.getByText('Attempt limit exceeded, please try after some time').first()).toBeVisible();
});

test('social sign-in through the local OpenID provider lands on the dashboard', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Login with Google' }).click();
  // The provider's own login and consent pages (oidc-provider's development interactions).
  await page.locator('input[name="login"]').fill('owner@demo.campaign');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('cdt.session') ?? '{}'));
  expect(session.signinSource).toBe('GOOGLE');
});

test('after sign-in the visitor lands where redirect_to pointed', async ({ page }) => {
  await page.goto('/donor-list?page=2');
  await expect(page).toHaveURL(/redirect_to=/);
  await page.getByRole('button', { name: 'Sign in with password' }).click();
  await page.getByLabel('Email').fill('owner@demo.campaign');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo-pass-123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/donor-list\?page=2$/);
});
