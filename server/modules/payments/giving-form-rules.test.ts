/**
 * The giving form's rules on the server (issue 31.5): the phone is optional unless the campaign's
 * giving settings require it (checked with the same yup schema as the form), and a donor abroad gives
 * with their country, a free region and a postal code, recorded on the donor as typed.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GivingPage, GivingSettings } from '../../../domain/payments/api-contract';
import { donors } from '../../db/schema';
import { get, post } from '../../test/auth-helpers';
import { demoSignIn, type Session } from '../../test/campaign-helpers';
import { ALL_ATTESTATIONS, GIVING_SLUG, onlineDonor, onlineGiving } from '../../test/payment-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('giving form rules on the server', () => {
  let t: TestApp;
  let owner: Session;
  let staff: Session;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
    staff = await demoSignIn(t, 'staff');
    t.app.paypalStandin.holdWebhooks(true);
  });
  afterAll(async () => t?.close());

  const campaignId = () => t.seeded!.demoCampaign!.id;
  const { approve, capture } = onlineGiving(() => t);
  const payOnline = (donor: Record<string, unknown>) =>
    post(t, '/payment/pay-online', { slug: GIVING_SLUG, amount_cents: 2_500, donor, attestations: ALL_ATTESTATIONS, idempotency_key: randomUUID() });
  const settings = async () => (await get(t, `/payment/giving-settings/${campaignId()}`, owner.token)).json().data as GivingSettings;
  const save = (body: Record<string, unknown>, token = owner.token) =>
    post(t, '/payment/giving-settings', { campaign_id: campaignId(), appeal: 'Give today.', suggested_amounts_cents: [2_500, 5_000], ...body }, token);
  const page = async () => (await get(t, `/payment/giving-page/${GIVING_SLUG}`)).json().data as GivingPage;

  it('the phone is optional by default: a gift without one starts', async () => {
    expect((await settings()).require_phone).toBe(false);
    expect((await page()).require_phone).toBe(false);
    const { phone: _phone, ...noPhone } = onlineDonor('no-phone@example.com');
    const res = await payOnline(noPhone);
    expect(res.statusCode, res.body).toBe(201);
    expect((await payOnline({ ...onlineDonor('empty-phone@example.com'), phone: '' })).statusCode).toBe(201);
  });

  it('a campaign that requires the phone refuses a gift without one (400 on donor.phone); leaving the setting out of a save keeps it', async () => {
    const saved = await save({ require_phone: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().data as GivingSettings).require_phone).toBe(true);
    expect((await page()).require_phone).toBe(true);
    try {
      const { phone: _phone, ...noPhone } = onlineDonor('needs-phone@example.com');
      const refused = await payOnline(noPhone);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: { fields: { 'donor.phone': 'Phone number is required' } } });
      expect((await payOnline(onlineDonor('has-phone@example.com'))).statusCode).toBe(201);

      expect((await save({})).statusCode).toBe(200);
      expect((await settings()).require_phone).toBe(true);
    } finally {
      expect((await save({ require_phone: false })).statusCode).toBe(200);
    }
    expect((await settings()).require_phone).toBe(false);
  });

  it('only staff who may write the gateway change the setting, and it must be true or false', async () => {
    expect((await save({ require_phone: true }, staff.token)).statusCode).toBe(403);
    const bad = await save({ require_phone: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({ require_phone: 'Require phone must be true or false' });
    expect((await settings()).require_phone).toBe(false);
  });

  it('a donor abroad gives with a country, a free region and a postal code; the donor is recorded abroad with what they typed', async () => {
    const email = 'emma.abroad@example.co.uk';
    // The phone as a Londoner writes it: the national number of the country chosen (issue 33.14).
    const donor = { ...onlineDonor(email), phone: '020 7946 0958', city: 'London', country: 'GB', state: 'Greater London', zip: 'W1S 1HP' };
    const res = await payOnline(donor);
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json().data;
    await approve(started.order_id);
    expect((await capture(started)).statusCode).toBe(200);
    const [row] = await t.db
      .select({ country: donors.country, state: donors.state, city: donors.city, zip: donors.zip, phone: donors.donorPhone })
      .from(donors)
      .where(and(eq(donors.campaignId, campaignId()), eq(donors.donorEmail, email)));
    expect(row).toEqual({ country: 'GB', state: null, city: 'London, Greater London', zip: 'W1S 1HP', phone: '+442079460958' });
  });

  it('the address rules follow the country, each refusal on its field', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ country: 'GB', state: 'Greater London', zip: '!!' }, { 'donor.zip': 'Postal code may use letters, digits, spaces and - (at most 12)' }],
      [{ country: 'US', state: 'Greater London', zip: '10001' }, { 'donor.state': 'Unknown state' }],
      [{ country: 'US', state: 'new_york', zip: 'W1S 1HP' }, { 'donor.zip': 'ZIP code must be 5 digits (or ZIP+4)' }],
      [{ country: 'gb' }, { 'donor.country': 'Please choose a country' }],
      [{ country: 'US', phone: '0000000000' }, { 'donor.phone': 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)' }],
      [{ country: 'GB', phone: '12' }, { 'donor.phone': 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)' }],
    ];
    for (const [change, fields] of cases) {
      const res = await payOnline({ ...onlineDonor('rules@example.com'), ...change });
      expect([res.statusCode, res.json().details?.fields], JSON.stringify(change)).toEqual([400, fields]);
    }
    // Abroad, region and postal code may be empty (not every country has them).
    expect((await payOnline({ ...onlineDonor('hk@example.com'), country: 'HK', state: '', zip: '' })).statusCode).toBe(201);
  });
});
