import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationListData } from '../../../domain/donor-book/donations-contract';
import { donations, donors } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { activeUser, post } from '../../test/auth-helpers';
import { createCampaign, del, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, customCampaign, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('donations: compliance, edits, refunds, deletes, tenancy', () => {
  let t: TestApp;
  let owner: Session;
  let staff: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const donationsOf = (donorId: string) => t.db.select().from(donations).where(eq(donations.donorId, donorId));
  const figures = async (donorId: string) => (await getJson(t, path(P.getDonor, { campaignId, donorId }), owner.token)).json().data;
  const body = (donorId: string, overrides: Record<string, unknown> = {}) => ({ campaign_id: campaignId, donor_id: donorId, paying_date: '2025-04-01', paid_amount_cents: 5_000, payment_method: 'card', ...overrides });

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    staff = toSession(await activeUser(t, 'donations-staff@example.org'));
    await t.db.execute(`insert into campaign_members (campaign_id, user_id, role) values ('${campaignId}', '${staff.userId}', 'staff')`);
    await t.app.changes.sync();
    outsider = toSession(await activeUser(t, 'donations-outsider@example.org'));
    otherCampaignId = await customCampaign(t, outsider.token);
  });
  afterAll(async () => {
    await t.close();
  });

  it('add_donation (staff may): the row, the warnings, the donor figures updated, audited donation.created', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const res = await post(t, P.addDonation, body(donor.donor_id, { paid_amount_cents: 12_345, payment_method: 'zelle', reference_number: ' Z-1 ', memo: 'Thanks' }), staff.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message_code: 'DONATION_ADDED',
      data: {
        donation: { donor_id: donor.donor_id, donor_name: donor.name, paying_date: '2025-04-01', paid_amount_cents: 12_345, payment_method: 'zelle', reference_number: 'Z-1', memo: 'Thanks', source: 'manual', refunded_at: null, pledge_id: null },
        warnings: [],
      },
    });
    expect(await figures(donor.donor_id)).toMatchObject({ paid_cents: 12_345, aggregate_cents: 12_345, remaining_limit_cents: 87_655, last_donation_date: '2025-04-01' });
    const [entry] = await auditOf(t, campaignId, 'donation.created');
    expect(entry.actorId).toBe(staff.userId);
    expect(entry.details).toMatchObject({ entity: 'donation', entity_id: res.json().data.donation.donation_id, before: null, after: { paid_amount_cents: 12_345 } });
  });

  it('validation: clear messages; a payment date in the future (beyond tomorrow) is refused', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const res = await post(t, P.addDonation, { campaign_id: campaignId, donor_id: 'x', paying_date: '2025-06-17', paid_amount_cents: 0, payment_method: 'cheque', pledge_id: 'nope' }, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual({
      donor_id: 'Donor id is not valid',
      paying_date: 'The date cannot be in the future',
      paid_amount_cents: 'Amount must be a whole number of cents from 1 to 1000000000',
      payment_method: 'Payment method must be PayPal, Cash, Check, Card, Zelle or Venmo',
      pledge_id: 'Pledge id is not valid',
    });
    const missing = await post(t, P.addDonation, { campaign_id: campaignId }, owner.token);
    expect(missing.json().details.fields).toEqual({
      donor_id: 'Please choose a donor',
      paying_date: 'Payment date is required',
      paid_amount_cents: 'Amount is required',
      payment_method: 'Payment method is required',
    });
    const bad = await post(t, P.addDonation, body(donor.donor_id, { paying_date: '2025-13-01', paid_amount_cents: '50' }), owner.token);
    expect(bad.json().details.fields).toEqual({ paying_date: 'Enter a real date as YYYY-MM-DD', paid_amount_cents: 'Amount must be a whole number of cents from 1 to 1000000000' });
    // Tomorrow is accepted (a person ahead of UTC), by the app clock.
    expect((await post(t, P.addDonation, body(donor.donor_id, { paying_date: '2025-06-16' }), owner.token)).statusCode).toBe(201);
  });

  it('over the limit → 422 COMMITMENT_EXCEEDS_LIMIT with details; NOTHING saved (the list is unchanged)', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 70_000 });
    await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 20_000 });
    const listBefore = (await getJson(t, `${path(P.listDonation, { campaignId })}?limit=500`, owner.token)).json().data as DonationListData;
    const res = await post(t, P.addDonation, body(donor.donor_id, { paid_amount_cents: 10_001 }), owner.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'COMMITMENT_EXCEEDS_LIMIT',
      message: 'Commitment amount will exceed donation limit',
      details: { rule: 'custom.limit.individual', limit_cents: 100_000, aggregate_cents: 90_000, remaining_cents: 10_000 },
    });
    const listAfter = (await getJson(t, `${path(P.listDonation, { campaignId })}?limit=500`, owner.token)).json().data as DonationListData;
    expect(listAfter).toEqual(listBefore);
    expect(await donationsOf(donor.donor_id)).toHaveLength(1);
    expect(await auditOf(t, campaignId, 'donation.created')).toHaveLength((await t.db.select().from(donations).where(eq(donations.campaignId, campaignId))).length);
    // Exactly the limit is allowed.
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 10_000 });
  });

  it('a payment towards the donor’s pledge adds nothing to the aggregate; only the part beyond the pledge counts', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const pledge = await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 90_000 });
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 10_000 });
    // At the limit (10,000 given + 90,000 promised): paying the pledge is fine.
    const paying = await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 40_000, pledge_id: pledge.pledge_id });
    expect(paying.donation.pledge_id).toBe(pledge.pledge_id);
    expect(await figures(donor.donor_id)).toMatchObject({ paid_cents: 50_000, outstanding_cents: 50_000, aggregate_cents: 100_000 });
    // Paying more than what remains of the pledge is refused (the rest is a separate gift), nothing saved.
    const over = await post(t, P.addDonation, body(donor.donor_id, { paid_amount_cents: 50_001, pledge_id: pledge.pledge_id }), owner.token);
    expect([over.statusCode, over.json().code, over.json().details]).toEqual([422, 'DONATION_EXCEEDS_PLEDGE', { remaining_cents: 50_000 }]);
    expect(await donationsOf(donor.donor_id)).toHaveLength(2);
    // A separate gift beyond the pledge counts against the limit.
    const gift = await post(t, P.addDonation, body(donor.donor_id, { paid_amount_cents: 1 }), owner.token);
    expect([gift.statusCode, gift.json().code]).toEqual([422, 'COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('pledge_id: another donor’s → 422 PLEDGE_DONOR_MISMATCH; written off → 422 PLEDGE_WRITTEN_OFF; another campaign’s → 404', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const other = await addDonor(t, owner.token, campaignId);
    const othersPledge = await addPledge(t, owner.token, campaignId, other.donor_id);
    const mismatch = await post(t, P.addDonation, body(donor.donor_id, { pledge_id: othersPledge.pledge_id }), owner.token);
    expect([mismatch.statusCode, mismatch.json()]).toEqual([422, { code: 'PLEDGE_DONOR_MISMATCH', message: 'This pledge belongs to another donor' }]);
    const own = await addPledge(t, owner.token, campaignId, donor.donor_id);
    expect((await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: own.pledge_id, reason: 'Gone' }, owner.token)).statusCode).toBe(200);
    const writtenOff = await post(t, P.addDonation, body(donor.donor_id, { pledge_id: own.pledge_id }), owner.token);
    expect([writtenOff.statusCode, writtenOff.json().code]).toEqual([422, 'PLEDGE_WRITTEN_OFF']);
    const foreignDonor = await addDonor(t, outsider.token, otherCampaignId);
    const foreignPledge = await addPledge(t, outsider.token, otherCampaignId, foreignDonor.donor_id);
    const foreign = await post(t, P.addDonation, body(donor.donor_id, { pledge_id: foreignPledge.pledge_id }), owner.token);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'PLEDGE_NOT_FOUND']);
    expect(await donationsOf(donor.donor_id)).toEqual([]);
  });

  it('the election cycle bounds the aggregate: a payment dated before the cycle (once confirmed) neither counts nor is blocked', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 100_000 });
    const old = await post(t, P.addDonation, body(donor.donor_id, { paying_date: '2023-06-01', paid_amount_cents: 50_000, confirm_outside_cycle: true }), owner.token);
    expect(old.statusCode, old.body).toBe(201);
    expect(await figures(donor.donor_id)).toMatchObject({ paid_cents: 100_000, aggregate_cents: 100_000, last_donation_date: '2025-04-01' });
    // A campaign without a cycle counts everything.
    const noCycle = await customCampaign(t, owner.token);
    await t.db.execute(`update campaigns set election_cycle = null where id = '${noCycle}'`);
    await t.app.changes.sync();
    const d2 = await addDonor(t, owner.token, noCycle);
    await addDonation(t, owner.token, noCycle, d2.donor_id, { paying_date: '2019-01-01', paid_amount_cents: 100_000 });
    const blocked = await post(t, P.addDonation, { ...body(d2.donor_id, { paid_amount_cents: 1 }), campaign_id: noCycle }, owner.token);
    expect([blocked.statusCode, blocked.json().code]).toEqual([422, 'COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('NYC rules: an LLC → 422 PROHIBITED_SOURCE; cash over $100 is refused, and an older one is warned as not matchable', async () => {
    const nyc = (await createCampaign(t, owner.token)).campaign_id;
    const llc = await addDonor(t, owner.token, nyc, { contributor_type: 'limited_liability_company' });
    const res = await post(t, P.addDonation, { campaign_id: nyc, donor_id: llc.donor_id, paying_date: '2025-04-01', paid_amount_cents: 1_000, payment_method: 'card' }, owner.token);
    expect([res.statusCode, res.json().code]).toEqual([422, 'PROHIBITED_SOURCE']);
    expect(await donationsOf(llc.donor_id)).toEqual([]);
    const resident = await addDonor(t, owner.token, nyc, { city: 'Brooklyn', zip: '11215', state: 'new_york', eligibility: 'p-a' });
    const cash = await post(t, P.addDonation, { campaign_id: nyc, donor_id: resident.donor_id, paying_date: '2025-04-01', paid_amount_cents: 15_000, payment_method: 'cash' }, owner.token);
    expect([cash.statusCode, cash.json().code]).toEqual([422, 'CASH_EXCEEDS_LIMIT']);
    // A record from before the cap (written by another writer) still counts toward the limit but is not matchable.
    await t.db.insert(donations).values({ campaignId: nyc, donorId: resident.donor_id, payingDate: '2025-03-01', paidAmountCents: 15_000, paymentMethod: 'cash' });
    await t.app.changes.sync();
    const card = await addDonation(t, owner.token, nyc, resident.donor_id, { paid_amount_cents: 5_000, payment_method: 'card' });
    expect(card.donation.paid_amount_cents).toBe(5_000);
    expect(card.warnings.map((w) => w.code)).toContain('CASH_OVER_100_NOT_MATCHABLE');
    const detail = (await getJson(t, path(P.getDonor, { campaignId: nyc, donorId: resident.donor_id }), owner.token)).json().data;
    expect(detail).toMatchObject({ paid_cents: 20_000, matchable_cents: 5_000, public_funds_cents: 40_000 });
  });

  it('update_donation is checked excluding itself; refused edits change nothing; audited before/after', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 40_000 });
    const edited = await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 50_000 });
    const id = edited.donation.donation_id;
    const update = (overrides: Record<string, unknown>) => post(t, P.updateDonation, { ...body(donor.donor_id), donation_id: id, paid_amount_cents: 50_000, ...overrides }, owner.token);
    const ok = await update({ paid_amount_cents: 60_000, payment_method: 'venmo' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message_code: 'DONATION_UPDATED', data: { donation: { donation_id: id, paid_amount_cents: 60_000, payment_method: 'venmo' } } });
    const over = await update({ paid_amount_cents: 60_001 });
    expect([over.statusCode, over.json().code, over.json().details.aggregate_cents]).toEqual([422, 'COMMITMENT_EXCEEDS_LIMIT', 40_000]);
    expect((await t.db.select().from(donations).where(eq(donations.id, id)))[0]!.paidAmountCents).toBe(60_000);
    const [entry] = (await auditOf(t, campaignId, 'donation.updated')).filter((e) => (e.details as { entity_id: string }).entity_id === id);
    expect(entry.details).toMatchObject({ before: { paid_amount_cents: 50_000, payment_method: 'card' }, after: { paid_amount_cents: 60_000, payment_method: 'venmo' } });
    // Moving the payment to another donor checks that donor.
    const rich = await addDonor(t, owner.token, campaignId);
    await addDonation(t, owner.token, campaignId, rich.donor_id, { paid_amount_cents: 50_000 });
    const moved = await update({ donor_id: rich.donor_id, paid_amount_cents: 60_000 });
    expect([moved.statusCode, moved.json().code]).toEqual([422, 'COMMITMENT_EXCEEDS_LIMIT']);
    const unknown = await post(t, P.updateDonation, { ...body(donor.donor_id), donation_id: '00000000-0000-4000-8000-000000000003' }, owner.token);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'DONATION_NOT_FOUND']);
  });

  it('refund_donation: refunded once (409 DONATION_ALREADY_REFUNDED after), not before the payment date, figures drop', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const gift = await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 30_000, paying_date: '2025-05-01' });
    const refund = (overrides: Record<string, unknown> = {}) =>
      post(t, P.refundDonation, { campaign_id: campaignId, donation_id: gift.donation.donation_id, refund_date: '2025-06-01', refund_reason: 'Duplicate charge', ...overrides }, owner.token);
    const early = await refund({ refund_date: '2025-04-30' });
    expect([early.statusCode, early.json().details.fields]).toEqual([400, { refund_date: 'The refund date cannot be before the payment date' }]);
    const noReason = await refund({ refund_reason: '' });
    expect(noReason.json().details.fields).toEqual({ refund_reason: 'Reason is required' });
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'DONATION_REFUNDED', data: { refunded_at: '2025-06-01', refund_reason: 'Duplicate charge', paid_amount_cents: 30_000 } });
    expect(await figures(donor.donor_id)).toMatchObject({ paid_cents: 0, aggregate_cents: 0, last_donation_date: null });
    const again = await refund();
    expect([again.statusCode, again.json().code]).toEqual([409, 'DONATION_ALREADY_REFUNDED']);
    expect((await auditOf(t, campaignId, 'donation.refunded')).map((e) => (e.details as { entity_id: string }).entity_id)).toContain(gift.donation.donation_id);
  });

  it('delete_donation removes it and its figures; audited', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const gift = await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 7_000 });
    const res = await del(t, path(P.deleteDonation, { campaignId, donationId: gift.donation.donation_id }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'DONATION_DELETED', data: { donation_id: gift.donation.donation_id } });
    expect(await donationsOf(donor.donor_id)).toEqual([]);
    expect(await figures(donor.donor_id)).toMatchObject({ paid_cents: 0 });
    const [entry] = (await auditOf(t, campaignId, 'donation.deleted')).filter((e) => (e.details as { entity_id: string }).entity_id === gift.donation.donation_id);
    expect(entry.details).toMatchObject({ before: { paid_amount_cents: 7_000 }, after: null });
    expect((await del(t, path(P.deleteDonation, { campaignId, donationId: gift.donation.donation_id }), owner.token)).json().code).toBe('DONATION_NOT_FOUND');
  });

  it('two concurrent donations cannot both pass the limit (the donor row is locked while checking and writing)', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(t, P.addDonation, body(donor.donor_id, { paid_amount_cents: 30_000 }), owner.token)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422]);
    const stored = await donationsOf(donor.donor_id);
    expect(stored.reduce((sum, d) => sum + d.paidAmountCents, 0)).toBe(90_000);
    const [row] = await t.db.select().from(donors).where(eq(donors.id, donor.donor_id));
    expect(row!.paidCents).toBe(90_000);
  });

  it("tenancy: campaign B's member with B's id and A's ids gets 404 and nothing changes", async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const gift = await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 4_321 });
    const id = gift.donation.donation_id;
    const asB = { campaign_id: otherCampaignId };
    const add = await post(t, P.addDonation, { ...body(donor.donor_id), ...asB }, outsider.token);
    expect([add.statusCode, add.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const theirDonor = await addDonor(t, outsider.token, otherCampaignId);
    const update = await post(t, P.updateDonation, { ...body(theirDonor.donor_id), ...asB, donation_id: id, paid_amount_cents: 1 }, outsider.token);
    expect([update.statusCode, update.json().code]).toEqual([404, 'DONATION_NOT_FOUND']);
    const refund = await post(t, P.refundDonation, { ...asB, donation_id: id, refund_date: '2025-06-01', refund_reason: 'x' }, outsider.token);
    expect([refund.statusCode, refund.json().code]).toEqual([404, 'DONATION_NOT_FOUND']);
    const remove = await del(t, path(P.deleteDonation, { campaignId: otherCampaignId, donationId: id }), outsider.token);
    expect([remove.statusCode, remove.json().code]).toEqual([404, 'DONATION_NOT_FOUND']);
    const [stored] = await t.db.select().from(donations).where(eq(donations.id, id));
    expect([stored!.paidAmountCents, stored!.refundedAt, stored!.donorId]).toEqual([4_321, null, donor.donor_id]);
    const list = (await getJson(t, `${path(P.listDonation, { campaignId: otherCampaignId })}?limit=500`, outsider.token)).json().data as DonationListData;
    expect(list.donation_list.map((d) => d.donation_id)).not.toContain(id);
    expect(list.donation_list.every((d) => d.donor_id === theirDonor.donor_id)).toBe(true);
  });
});

describe('list_donation', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const ids: Record<string, string> = {};
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const list = async (query = '') => {
    const res = await getJson(t, `${path(P.listDonation, { campaignId })}?${query}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DonationListData;
  };
  const amounts = (data: DonationListData) => data.donation_list.map((d) => d.paid_amount_cents);

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    const zoe = await addDonor(t, owner.token, campaignId, { name: 'Zoe Young' });
    const abe = await addDonor(t, owner.token, campaignId, { name: 'Abe Adler' });
    ids.zoe = zoe.donor_id;
    ids.abe = abe.donor_id;
    await addDonation(t, owner.token, campaignId, zoe.donor_id, { paying_date: '2025-01-15', paid_amount_cents: 1_000, payment_method: 'cash' });
    await addDonation(t, owner.token, campaignId, zoe.donor_id, { paying_date: '2025-02-15', paid_amount_cents: 2_000, payment_method: 'card', reference_number: 'CHK-778' });
    const refunded = await addDonation(t, owner.token, campaignId, abe.donor_id, { paying_date: '2025-03-15', paid_amount_cents: 3_000, payment_method: 'card' });
    await addDonation(t, owner.token, campaignId, abe.donor_id, { paying_date: '2025-04-15', paid_amount_cents: 4_000, payment_method: 'paypal' });
    expect((await post(t, P.refundDonation, { campaign_id: campaignId, donation_id: refunded.donation.donation_id, refund_date: '2025-04-01', refund_reason: 'Error' }, owner.token)).statusCode).toBe(200);
    await t.db.update(donations).set({ source: 'import' }).where(eq(donations.paidAmountCents, 4_000));
    await t.app.changes.sync();
  });
  afterAll(async () => {
    await t.close();
  });

  it('newest payment first, with totals (refunds reduce the net)', async () => {
    const data = await list();
    expect(amounts(data)).toEqual([4_000, 3_000, 2_000, 1_000]);
    expect(data).toMatchObject({ total: 4, page: 1, limit: 25, totals: { paid_amount_cents: 10_000, refunded_cents: 3_000, net_cents: 7_000 } });
    expect(data.donation_list[1]).toMatchObject({ donor_name: 'Abe Adler', refunded_at: '2025-04-01', refund_reason: 'Error' });
  });

  it('filters: donor, method, source, refunded, date range, search (donor or reference); totals follow', async () => {
    expect(amounts(await list(`donor_id=${ids.zoe}`))).toEqual([2_000, 1_000]);
    expect(amounts(await list('payment_method=card'))).toEqual([3_000, 2_000]);
    expect(amounts(await list('source=import'))).toEqual([4_000]);
    expect((await list('refunded=true')).totals).toEqual({ paid_amount_cents: 3_000, refunded_cents: 3_000, net_cents: 0 });
    expect(amounts(await list('refunded=false'))).toEqual([4_000, 2_000, 1_000]);
    expect(amounts(await list('start_date=2025-02-01&end_date=2025-03-31'))).toEqual([3_000, 2_000]);
    expect(amounts(await list('start_date=2025-03-15'))).toEqual([4_000, 3_000]);
    expect(amounts(await list('search=adler'))).toEqual([4_000, 3_000]);
    expect(amounts(await list('search=chk-778'))).toEqual([2_000]);
    expect((await list('search=nobody')).totals).toEqual({ paid_amount_cents: 0, refunded_cents: 0, net_cents: 0 });
  });

  it('sorts and paging', async () => {
    expect(amounts(await list('sort=paying_date'))).toEqual([1_000, 2_000, 3_000, 4_000]);
    expect(amounts(await list('sort=-paid_amount_cents'))).toEqual([4_000, 3_000, 2_000, 1_000]);
    expect((await list('sort=donor_name')).donation_list.map((d) => d.donor_name)).toEqual(['Abe Adler', 'Abe Adler', 'Zoe Young', 'Zoe Young']);
    expect((await list('sort=-donor_name')).donation_list.map((d) => d.donor_name)).toEqual(['Zoe Young', 'Zoe Young', 'Abe Adler', 'Abe Adler']);
    const page2 = await list('sort=paying_date&limit=3&page=2');
    expect([amounts(page2), page2.total]).toEqual([[4_000], 4]);
    const bad = await getJson(t, `${path(P.listDonation, { campaignId })}?sort=amount&refunded=maybe&payment_method=cheque&start_date=2025-02-30`, owner.token);
    expect(bad.json().details.fields).toEqual({
      sort: 'Sort must be one of: paying_date, paid_amount_cents, donor_name (prefix - for descending)',
      refunded: 'Must be true or false',
      payment_method: 'Payment method must be PayPal, Cash, Check, Card, Zelle or Venmo',
      start_date: 'Enter a real date as YYYY-MM-DD',
    });
  });

  it('totals follow writes (cached until the next write of the campaign)', async () => {
    expect((await list()).totals.net_cents).toBe(7_000);
    await addDonation(t, owner.token, campaignId, ids.abe!, { paid_amount_cents: 500 });
    expect((await list()).totals).toEqual({ paid_amount_cents: 10_500, refunded_cents: 3_000, net_cents: 7_500 });
    expect((await list()).total).toBe(5);
  });
});
