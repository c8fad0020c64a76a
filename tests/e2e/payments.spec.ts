import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailsTo } from './support/mail';
import { DEMO_PASSWORD, selectCampaign, signInWithPassword } from './support/sign-in';

/** No WCAG 2.2 A/AA or best-practice violation axe can find on the page, once its heading is visible. */
async function expectAccessible(page: Page, what: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(violations.map((v) => `${what}: ${v.id} (${v.nodes.length}) ${v.help}`)).toEqual([]);
}

test.describe('a donor on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a donor gives $25 on /demo-campaign from a phone, approves on the stand-in, sees the receipt; staff see the gift', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/demo-campaign');
    await expect(page.getByText('Test payments: no money moves').first()).toBeVisible();
    const notices = page.getByRole('region', { name: 'Legal notices' });
    await expect(notices).toContainText('Paid for by Friends of Demo Candidate');
    await expect(notices).toContainText('Contributions are not tax deductible');
    await page.getByText('$25', { exact: true }).click();
    await page.getByLabel('Full name').fill('Paula Phone');
    await page.getByLabel('E-mail').fill('paula.phone@example.com');
    await page.getByLabel('Phone number').fill('2125550188');
    await page.getByLabel('Street address').fill('12 Grand St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption({ label: 'New York' });
    await page.getByLabel('ZIP code').fill('10013');
    await page.getByLabel('Employer').fill('Self-employed');
    await page.getByLabel('Occupation').fill('Designer');
    for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/demo-campaign');
    await page.getByRole('button', { name: /^Give \$25/ }).click();

    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    await expect(page.getByText('Test payments: no money moves').first()).toBeVisible();
    await expectAccessible(page, 'stand-in approval page');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/payment-success\?/);
    await expect(page.getByText(/R-\d{6}/)).toBeVisible();
    await expectAccessible(page, '/payment-success');
    await expect(page.getByText('$25.00').first()).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await signInWithPassword(page, 'owner@demo.campaign');
    await selectCampaign(page, 'Friends of Demo Candidate');
    await page.goto('/donor-list?search=paula');
    await expect(page.getByRole('link', { name: 'Paula Phone' })).toBeVisible();
    await page.goto('/dev-outbox');
    await expect(page.getByText('receipt R-').first()).toBeVisible();
  });

  test('a declined funding source sends the donor back to PayPal for the same order; another choice then completes it', async ({ page }) => {
    await page.goto('/demo-campaign');
    await page.getByText('$50', { exact: true }).click();
    await page.getByLabel('Full name').fill('Dina Decline');
    await page.getByLabel('E-mail').fill('dina.decline@example.com');
    await page.getByLabel('Phone number').fill('2125550199');
    await page.getByLabel('Street address').fill('5 Elm St');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('State').selectOption({ label: 'New York' });
    await page.getByLabel('ZIP code').fill('10002');
    await page.getByLabel('Employer').fill('Acme');
    await page.getByLabel('Occupation').fill('Clerk');
    for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
    await page.getByRole('button', { name: /^Give \$50/ }).click();
    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    const order = new URL(page.url()).searchParams.get('token');
    const refused = page.waitForResponse((res) => res.url().includes('/payment/capture') && res.status() === 402);
    await page.getByRole('button', { name: 'Decline the payment' }).click();
    // PayPal's INSTRUMENT_DECLINED: back to PayPal's page for the same order, nothing charged.
    await refused; // 402 PAYMENT_CHOOSE_ANOTHER_SOURCE (its body is gone with the navigation)
    await expect(page).toHaveURL(new RegExp(`/paypal-standin/checkoutnow\\?token=${order}`));
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  });
});

/** The demo owner's API session and the demo campaign's id (what staff do in the donor book, through its API). */
async function ownerApi(api: APIRequestContext) {
  const signin = await api.post('/auth/authentication/signin', { data: { email: 'owner@demo.campaign', password: DEMO_PASSWORD } });
  expect(signin.status()).toBe(200);
  const { idToken, user } = (await signin.json()).data as { idToken: string; user: { userId: string } };
  const headers = { authorization: `Bearer ${idToken}` };
  const list = (await (await api.get(`/campaign/list_campaign/${user.userId}`, { headers })).json()).data as { campaign_list: { campaign_id: string; campaign_name: string }[] };
  const campaignId = list.campaign_list.find((c) => c.campaign_name === 'Friends of Demo Candidate')!.campaign_id;
  return { headers, campaignId };
}

test.describe('a pledged donor on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test('the pledge link prefills what the campaign holds; a changed address is on the donor afterwards; the notices are on the page and the receipt', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { headers, campaignId } = await ownerApi(request);
    const email = `pledge.link.${Date.now().toString(36)}@example.org`;
    const added = await request.post('/donation/donor/add_donor', {
      headers,
      data: {
        campaign_id: campaignId,
        name: 'Priya Pledger',
        donor_email: email,
        donor_phone: String(2_125_000_000 + (Date.now() % 999_999)),
        contributor_type: 'individual',
        eligibility: 'un',
        address: '12 Old Rd',
        city: 'Albany',
        state: 'new_york',
        zip: '12207',
        country: 'US',
        employer: 'Old Employer',
        occupation: 'Clerk',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const donorId = (await added.json()).data.donor_id as string;
    const pledged = await request.post('/donation/donor/add_pledge', {
      headers,
      data: { campaign_id: campaignId, donor_id: donorId, commitment_date: new Date().toISOString().slice(0, 10), commitment_amount_cents: 10_000, instalments: [] },
    });
    expect(pledged.status(), await pledged.text()).toBe(201);
    // The reminder carries the pledge's signed link.
    const sent = await request.post(`/donation/donor/send_notification/${campaignId}`, { headers, data: { donor_id: donorId, channel: 'email' } });
    expect(sent.status(), await sent.text()).toBeLessThan(300);
    let link = '';
    await expect
      .poll(async () => (link = /\/pay-your-donation\?token=[^\s)>"]+/.exec((await mailsTo(email)).map((m) => m.text).join('\n'))?.[0] ?? ''), { timeout: 20_000 })
      .not.toBe('');

    await page.goto(link);
    await expect(page.getByText('Hello Priya Pledger')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Priya Pledger');
    await expect(page.getByLabel('E-mail')).toHaveValue(email);
    await expect(page.getByLabel('Street address')).toHaveValue('12 Old Rd');
    await expect(page.getByLabel('City')).toHaveValue('Albany');
    await expect(page.getByLabel('State')).toHaveValue('new_york');
    await expect(page.getByLabel('ZIP code')).toHaveValue('12207');
    await expect(page.getByLabel('Employer')).toHaveValue('Old Employer');
    await expect(page.getByLabel('Occupation')).toHaveValue('Clerk');
    const notices = page.getByRole('region', { name: 'Legal notices' });
    await expect(notices).toContainText('Paid for by Friends of Demo Candidate');
    await expect(notices).toContainText('Contributions are not tax deductible');
    await expect(notices).toContainText('NYC Campaign Finance Board rules: up to $2,100 from one contributor');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath('pledge-link-375x812.png'), fullPage: true });

    // The donor moved and changed jobs.
    await page.getByLabel('Street address').fill('500 New Ave');
    await page.getByLabel('City').fill('New York');
    await page.getByLabel('ZIP code').fill('10001');
    await page.getByLabel('Employer').fill('New Employer');
    await page.getByLabel('Occupation').fill('Manager');
    if ((await page.getByLabel('Phone number').inputValue()) === '') await page.getByLabel('Phone number').fill('2125550177');
    for (const box of await page.getByRole('checkbox', { name: /contribution|reimbursed|citizen/ }).all()) await box.check();
    await expectAccessible(page, '/pay-your-donation');
    await page.getByRole('button', { name: /^Give \$100/ }).click();
    await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();

    const donor = (await (await request.get(`/donation/donor/get_donor/${campaignId}/${donorId}`, { headers })).json()).data as Record<string, unknown>;
    expect(donor).toMatchObject({ address: '500 New Ave', city: 'New York', zip: '10001', employer: 'New Employer', occupation: 'Manager', donor_email: email });
    let receipt = '';
    await expect.poll(async () => (receipt = (await mailsTo(email)).find((m) => /receipt R-/.test(m.subject))?.text ?? ''), { timeout: 20_000 }).not.toBe('');
    expect(receipt).toContain('Paid for by Friends of Demo Candidate');
    expect(receipt).toContain('Contributions are not tax deductible');
  });
});

test('the owner buys a 1-year package for Neighbors for Rivera: the reminder goes, the purchase history lists it with its invoice', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithPassword(page, 'owner@demo.campaign');
  await selectCampaign(page, 'Neighbors for Rivera');
  const reminder = page.getByRole('dialog', { name: 'No active package' });
  await expect(reminder).toBeVisible();
  await page.goto('/purchase-package');
  await expect(page.getByRole('heading', { name: '1 year' })).toBeVisible();
  await page.getByRole('button', { name: 'Buy' }).first().click();
  await expect(page.getByText('Test payments: no money moves').first()).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByText(/R-\d{6}/)).toBeVisible();
  await page.goto('/purchase-history');
  const row = page.getByRole('row', { name: /\$300\.00/ });
  await expect(row).toBeVisible();
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: /Invoice/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await page.goto('/dashboard');
  await page.waitForTimeout(1_000);
  await expect(reminder).toBeHidden();
});
