/**
 * The legal notices of the giving page and the receipt (issue 31 point 4): defaults built from the
 * campaign's committee and the rule table's figures, set per campaign in the giving settings
 * (validated, audited), shown on /{slug}, on the pledge link and in the receipt e-mail.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GivingPage, GivingSettings, PledgeLinkView } from '../../../domain/payments/api-contract';
import { DEFAULT_TAX_NOTICE } from '../../../domain/payments/giving-notices';
import { campaignAudit, campaigns, givingPages, outbox } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonor, addPledge } from '../../test/donor-book-helpers';
import { GIVING_SLUG, onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';
import { pledgeLinkUrl } from './pledge-link-token';

const NYC_MAYOR_RULES = 'NYC Campaign Finance Board rules: up to $2,100 from one contributor for this election cycle; no more than $100 in cash; no contributions from corporations, LLCs or partnerships.';

describe('legal notices on the giving page and the receipt', () => {
  let t: TestApp;
  let owner: Session;
  let staff: Session;
  const clock = new ManualClock(new Date());

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
  });
  afterAll(async () => t?.close());

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const { startOk, approve, capture } = onlineGiving(() => t);
  const page = async () => (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;
  const settings = async () => (await get(t, `/payment/giving-settings/${campaignId()}`, owner.token)).json().data as GivingSettings;
  const save = (notices: unknown, token = owner.token) =>
    post(t, '/payment/giving-settings', { campaign_id: campaignId(), appeal: 'Give today.', suggested_amounts_cents: [2_500, 5_000], notices }, token);

  async function receiptOf(email: string): Promise<string> {
    const started = await startOk(2_500, email);
    await approve(started.order_id);
    expect((await capture(started)).statusCode).toBe(200);
    const [mail] = await t.db.select().from(outbox).where(and(eq(outbox.recipient, email), eq(outbox.purpose, 'donation_receipt')));
    return mail!.body;
  }

  it("defaults: 'Paid for by' the committee, the tax notice, the NYC limit and cash rules from the rule table, no privacy link", async () => {
    const expected = { paid_for_by: 'Paid for by Friends of Demo Candidate', tax_notice: DEFAULT_TAX_NOTICE, privacy_url: null, rules_notice: NYC_MAYOR_RULES };
    expect((await page()).notices).toEqual(expected);
    expect(DEFAULT_TAX_NOTICE).toContain('Contributions are not tax deductible');
    expect(await settings()).toMatchObject({ notices: expected, default_notices: expected });
  });

  it('the receipt e-mail of an online gift carries the notices', async () => {
    const body = await receiptOf('notice-receipt@example.com');
    expect(body).toContain('Paid for by Friends of Demo Candidate');
    expect(body).toContain('Contributions are not tax deductible for federal income tax purposes.');
    expect(body).toContain(NYC_MAYOR_RULES);
    expect(body).not.toContain('Privacy policy');
  });

  it('a campaign sets its own notices: shown on the page, the pledge link and the receipt; audited', async () => {
    const res = await save({ paid_for_by: 'Paid for by Friends of Demo Candidate, Jane Roe, Treasurer', tax_notice: 'Contributions are not tax deductible.', privacy_url: 'https://demo.example.org/privacy', rules_notice: '' });
    expect(res.statusCode, res.body).toBe(200);
    const custom = { paid_for_by: 'Paid for by Friends of Demo Candidate, Jane Roe, Treasurer', tax_notice: 'Contributions are not tax deductible.', privacy_url: 'https://demo.example.org/privacy', rules_notice: '' };
    expect((res.json().data as GivingSettings).notices).toEqual(custom);
    expect((await page()).notices).toEqual(custom);

    const donor = await addDonor(t, owner.token, campaignId(), { donor_email: 'notice-pledge@example.com' });
    const pledge = await addPledge(t, owner.token, campaignId(), donor.donor_id, { commitment_amount_cents: 5_000, commitment_date: clock.now().toISOString().slice(0, 10) });
    const token = new URL(await pledgeLinkUrl(t.app, campaignId(), pledge.pledge_id, t.app.config.publicUrl)).searchParams.get('token')!;
    expect(((await get(t, `/payment/pledge-link?token=${encodeURIComponent(token)}`)).json().data as PledgeLinkView).notices).toEqual(custom);

    const body = await receiptOf('notice-custom@example.com');
    expect(body).toContain('Paid for by Friends of Demo Candidate, Jane Roe, Treasurer');
    expect(body).toContain('Privacy policy: https://demo.example.org/privacy');
    expect(body).not.toContain('NYC Campaign Finance Board rules');

    const audit = await t.db.select().from(campaignAudit).where(and(eq(campaignAudit.campaignId, campaignId()), eq(campaignAudit.action, 'giving_page.notices_saved')));
    expect(audit.at(-1)!.details).toMatchObject({ notices: custom });
  });

  it('a notice saved as its default follows the campaign: a renamed committee shows at once', async () => {
    const defaults = (await settings()).default_notices;
    expect((await save(defaults)).statusCode).toBe(200);
    const [row] = await t.db.select().from(givingPages).where(eq(givingPages.campaignId, campaignId()));
    expect(row).toMatchObject({ paidForBy: null, taxNotice: null, privacyUrl: null, rulesNotice: null });
    await t.db.update(campaigns).set({ committeeName: 'Demo for Mayor 2029' }).where(eq(campaigns.id, campaignId()));
    try {
      expect((await page()).notices.paid_for_by).toBe('Paid for by Demo for Mayor 2029');
    } finally {
      await t.db.update(campaigns).set({ committeeName: 'Friends of Demo Candidate' }).where(eq(campaigns.id, campaignId()));
    }
  });

  it('settings saved without notices keep the stored ones', async () => {
    expect((await save({ paid_for_by: 'Paid for by Demo', tax_notice: DEFAULT_TAX_NOTICE, privacy_url: null, rules_notice: 'Up to $2,100.' })).statusCode).toBe(200);
    const res = await post(t, '/payment/giving-settings', { campaign_id: campaignId(), appeal: 'Give now.', suggested_amounts_cents: [1_000] }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as GivingSettings).notices).toMatchObject({ paid_for_by: 'Paid for by Demo', rules_notice: 'Up to $2,100.' });
  });

  it('bad notices get 400 naming the field, never a 500; staff without the write permission get 403', async () => {
    const good = { paid_for_by: 'Paid for by Demo', tax_notice: DEFAULT_TAX_NOTICE, privacy_url: null, rules_notice: '' };
    const cases: [unknown, string, string][] = [
      [{ ...good, privacy_url: 'javascript:alert(1)' }, 'notices.privacy_url', 'Privacy policy link must be a web address starting with https:// or http://'],
      [{ ...good, privacy_url: 'https://' }, 'notices.privacy_url', 'Privacy policy link must be a web address starting with https:// or http://'],
      [{ ...good, paid_for_by: '   ' }, 'notices.paid_for_by', 'The "Paid for by" line is required (up to 200 characters)'],
      [{ ...good, tax_notice: 'x'.repeat(301) }, 'notices.tax_notice', 'The tax notice is required (up to 300 characters)'],
      [{ ...good, rules_notice: 42 }, 'notices.rules_notice', 'The contribution rules line may be up to 500 characters'],
      [{ ...good, extra: 'x' }, 'notices', ''],
    ];
    for (const [notices, field, message] of cases) {
      const res = await save(notices);
      expect(res.statusCode, JSON.stringify(notices)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      const fields = res.json().details.fields as Record<string, string>;
      expect(Object.keys(fields).some((k) => k.startsWith(field)), JSON.stringify(fields)).toBe(true);
      if (message) expect(fields[field]).toBe(message);
    }
    expect((await save(good, staff.token)).statusCode).toBe(403);
  });
});
