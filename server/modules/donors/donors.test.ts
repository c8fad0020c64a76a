import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonorListData, DonorRow } from '../../../domain/donor-book/donors-contract';
import { CONTRIBUTOR_TYPE_OPTIONS, ELIGIBILITY_OPTIONS, labelOf } from '../../../domain/donor-book/enums';
import { donors } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { post } from '../../test/auth-helpers';
import { del, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, customCampaign, donorBody, getJson, P, path, setUpBook } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('donors: add, update, get, delete, duplicates, tenancy', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  beforeAll(async () => {
    ({ t, owner, outsider, campaignId, otherCampaignId } = await setUpBook('donors-outsider@example.org', clock));
  });
  afterAll(async () => {
    await t.close();
  });

  it('add_donor answers the row with zero figures, stores the e-mail lowercased, audits donor.created', async () => {
    const res = await post(t, P.addDonor, donorBody(campaignId, { name: "  Mary  O'Brien-Smith ", donor_email: 'Mary.OBrien@Example.ORG', donor_phone: '2125550100', employer: 'Acme', zip: '10001-1234' }), owner.token);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message_code).toBe('DONOR_ADDED');
    expect(body.data).toMatchObject({
      name: "Mary O'Brien-Smith",
      donor_email: 'mary.obrien@example.org',
      donor_phone: '2125550100',
      country: 'US',
      is_international: false,
      pledged_cents: 0,
      paid_cents: 0,
      outstanding_cents: 0,
      aggregate_cents: 0,
      limit_cents: 100_000,
      remaining_limit_cents: 100_000,
      tags: [],
      last_donation_date: null,
      created_at: '2025-06-15T12:00:00.000Z',
    });
    const [entry] = await auditOf(t, campaignId, 'donor.created');
    expect(entry.actorId).toBe(owner.userId);
    expect(entry.details).toMatchObject({ entity: 'donor', entity_id: body.data.donor_id, before: null, after: { name: "Mary O'Brien-Smith", donor_email: 'mary.obrien@example.org' } });
  });

  it('the same e-mail (any case) or phone in the campaign → 409 DONOR_ALREADY_EXISTS naming the donor; nothing saved', async () => {
    const first = await addDonor(t, owner.token, campaignId, { donor_email: 'dup@example.org', donor_phone: '2125550111' });
    const before = await t.db.select().from(donors).where(eq(donors.campaignId, campaignId));
    const byEmail = await post(t, P.addDonor, donorBody(campaignId, { donor_email: 'DUP@example.org' }), owner.token);
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toEqual({ code: 'DONOR_ALREADY_EXISTS', message: 'Donor already exist', details: { field: 'donor_email', donor_id: first.donor_id } });
    const byPhone = await post(t, P.addDonor, donorBody(campaignId, { donor_phone: '2125550111' }), owner.token);
    expect(byPhone.statusCode).toBe(409);
    expect(byPhone.json().details).toEqual({ field: 'donor_phone', donor_id: first.donor_id });
    expect(await t.db.select().from(donors).where(eq(donors.campaignId, campaignId))).toHaveLength(before.length);
    // Another campaign may have the same person.
    const elsewhere = await post(t, P.addDonor, donorBody(otherCampaignId, { donor_email: 'dup@example.org', donor_phone: '2125550111' }), outsider.token);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('validation: 400 VALIDATION_ERROR with a clear message per field', async () => {
    const res = await post(
      t,
      P.addDonor,
      {
        campaign_id: campaignId,
        name: 'R2-D2 <script>',
        donor_email: 'not-an-email',
        donor_phone: '12345',
        contributor_type: 'robot',
        eligibility: 'maybe',
        state: 'atlantis',
        zip: '1234',
        country: 'usa',
      },
      owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Please check the highlighted fields' });
    expect(res.json().details.fields).toEqual({
      name: "Name may contain only letters, spaces and . ' -",
      donor_email: 'Please enter a valid email',
      donor_phone: 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)',
      contributor_type: 'Unknown contributor type',
      eligibility: 'Eligibility must be Participant-Option A, Participant-Option B, Non-Participant or Undetermined',
      state: 'Unknown state',
      zip: 'ZIP code must be 5 digits (or ZIP+4)',
      country: 'Country must be a 2-letter code such as US',
    });
    const missing = await post(t, P.addDonor, { campaign_id: campaignId }, owner.token);
    expect(missing.json().details.fields).toMatchObject({ name: 'Name is required', contributor_type: 'Contributor type is required' });
    // Strict: a number is not a string.
    const typed = await post(t, P.addDonor, donorBody(campaignId, { donor_phone: 2125550199 }), owner.token);
    expect(typed.json().details.fields).toEqual({ donor_phone: 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)' });
  });

  it('an international donor must be an Individual Contributor (catalogue message); a postal code of its country is accepted', async () => {
    const bad = await post(t, P.addDonor, donorBody(campaignId, { country: 'CA', state: null, zip: 'K1A 0B1', contributor_type: 'party_committee' }), owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({ contributor_type: 'International donor can only be an Individual Contributor type' });
    const stateAbroad = await post(t, P.addDonor, donorBody(campaignId, { country: 'CA', state: 'new_york', zip: 'K1A 0B1' }), owner.token);
    expect(stateAbroad.json().details.fields).toEqual({ state: 'A state applies to US addresses only' });
    const ok = await post(t, P.addDonor, donorBody(campaignId, { country: 'CA', state: null, zip: 'K1A 0B1', city: 'Ottawa' }), owner.token);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ country: 'CA', is_international: true, state: null, zip: 'K1A 0B1' });
  });

  it('a phone is taken as people write it and stored in one form (issue 33.14); another spelling of it is the same donor', async () => {
    const us = await post(t, P.addDonor, donorBody(campaignId, { donor_phone: ' (718) 555-0170 ' }), owner.token);
    expect(us.statusCode, us.body).toBe(201);
    expect(us.json().data.donor_phone).toBe('7185550170');
    const uk = await post(t, P.addDonor, donorBody(campaignId, { country: 'GB', state: null, zip: 'W1S 1HP', donor_phone: '020 7183 8750' }), owner.token);
    expect(uk.statusCode, uk.body).toBe(201);
    expect(uk.json().data.donor_phone).toBe('+442071838750');
    const [stored] = await t.db.select({ phone: donors.donorPhone }).from(donors).where(eq(donors.id, uk.json().data.donor_id));
    expect(stored!.phone).toBe('+442071838750');
    const again = await post(t, P.addDonor, donorBody(campaignId, { donor_phone: '+1 718-555-0170' }), owner.token);
    expect([again.statusCode, again.json().details]).toEqual([409, { field: 'donor_phone', donor_id: us.json().data.donor_id }]);
    for (const phone of ['0000000000', '555-0170', '+44 20']) {
      const bad = await post(t, P.addDonor, donorBody(campaignId, { donor_phone: phone }), owner.token);
      expect([bad.statusCode, bad.json().details.fields], phone).toEqual([400, { donor_phone: 'Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)' }]);
    }
  });

  it('update_donor changes the fields, keeps e-mail/phone unique, audits before and after', async () => {
    const donor = await addDonor(t, owner.token, campaignId, { name: 'Before Name', employer: null });
    const other = await addDonor(t, owner.token, campaignId);
    clock.advance(60_000);
    const res = await post(t, P.updateDonor, { ...donorBody(campaignId), donor_id: donor.donor_id, name: 'After Name', donor_email: donor.donor_email, donor_phone: donor.donor_phone, employer: 'Library', eligibility: 'np' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'DONOR_UPDATED', data: { donor_id: donor.donor_id, name: 'After Name', employer: 'Library', eligibility: 'np', updated_at: '2025-06-15T12:01:00.000Z' } });
    const [entry] = (await auditOf(t, campaignId, 'donor.updated')).filter((e) => (e.details as { entity_id: string }).entity_id === donor.donor_id);
    expect(entry.details).toMatchObject({ entity: 'donor', before: { name: 'Before Name', employer: null }, after: { name: 'After Name', employer: 'Library' } });

    const clash = await post(t, P.updateDonor, { ...donorBody(campaignId), donor_id: donor.donor_id, donor_email: other.donor_email!.toUpperCase() }, owner.token);
    expect([clash.statusCode, clash.json().code, clash.json().details]).toEqual([409, 'DONOR_ALREADY_EXISTS', { field: 'donor_email', donor_id: other.donor_id }]);
    const unknown = await post(t, P.updateDonor, { ...donorBody(campaignId), donor_id: '00000000-0000-4000-8000-000000000001' }, owner.token);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
  });

  it('get_donor: figures, pledges, next payment and warnings', async () => {
    const donor = await addDonor(t, owner.token, campaignId, { eligibility: 'un' });
    const pledge = await addPledge(t, owner.token, campaignId, donor.donor_id, {
      commitment_date: '2025-05-01',
      commitment_amount_cents: 30_000,
      instalments: [
        { due_date: '2025-06-01', amount_cents: 10_000 },
        { due_date: '2025-07-01', amount_cents: 20_000 },
      ],
    });
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 12_000, pledge_id: pledge.pledge_id, payment_method: 'cash' });
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 5_000 });
    const res = await getJson(t, path(P.getDonor, { campaignId, donorId: donor.donor_id }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      donor_id: donor.donor_id,
      pledged_cents: 30_000,
      paid_cents: 17_000,
      outstanding_cents: 18_000,
      aggregate_cents: 35_000,
      limit_cents: 100_000,
      remaining_limit_cents: 65_000,
      last_donation_date: '2025-04-01',
      next_payment: { pledge_id: pledge.pledge_id, next_payment_date: '2025-07-01', amount_due_cents: 18_000 },
    });
    expect(detail.pledges).toEqual([expect.objectContaining({ pledge_id: pledge.pledge_id, paid_cents: 12_000, remaining_cents: 18_000, status: 'partly_paid', next_payment_date: '2025-07-01' })]);
    expect(Array.isArray(detail.warnings)).toBe(true);
    const missing = await getJson(t, path(P.getDonor, { campaignId, donorId: '00000000-0000-4000-8000-000000000002' }), owner.token);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const badId = await getJson(t, path(P.getDonor, { campaignId, donorId: 'nope' }), owner.token);
    expect([badId.statusCode, badId.json().details.fields]).toEqual([400, { donorId: 'Donor id is not valid' }]);
  });

  it('delete_donor: 409 DONOR_HAS_RECORDS with a pledge or donation; otherwise deleted with its tags, audited', async () => {
    const busy = await addDonor(t, owner.token, campaignId);
    await addDonation(t, owner.token, campaignId, busy.donor_id);
    const refused = await del(t, path(P.deleteDonor, { campaignId, donorId: busy.donor_id }), owner.token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'DONOR_HAS_RECORDS']);

    const free = await addDonor(t, owner.token, campaignId);
    expect((await post(t, P.addMetadata, { campaign_id: campaignId, donor_id: free.donor_id, kind: 'tag', value: 'VIP' }, owner.token)).statusCode).toBe(201);
    const res = await del(t, path(P.deleteDonor, { campaignId, donorId: free.donor_id }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'DONOR_DELETED', data: { donor_id: free.donor_id } });
    expect(await t.db.select().from(donors).where(eq(donors.id, free.donor_id))).toEqual([]);
    const [entry] = (await auditOf(t, campaignId, 'donor.deleted')).filter((e) => (e.details as { entity_id: string }).entity_id === free.donor_id);
    expect(entry.details).toMatchObject({ before: { donor_id: free.donor_id, name: free.name }, after: null });
    expect((await del(t, path(P.deleteDonor, { campaignId, donorId: free.donor_id }), owner.token)).statusCode).toBe(404);
  });

  it('delete_donor: a pledge alone (even written off) or a refunded donation still refuses; calls and notes go with the donor', async () => {
    const pledged = await addDonor(t, owner.token, campaignId);
    const pledge = await addPledge(t, owner.token, campaignId, pledged.donor_id);
    expect((await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: pledge.pledge_id, reason: 'Moved away' }, owner.token)).statusCode).toBe(200);
    const refunded = await addDonor(t, owner.token, campaignId);
    const gift = await addDonation(t, owner.token, campaignId, refunded.donor_id);
    expect((await post(t, P.refundDonation, { campaign_id: campaignId, donation_id: gift.donation.donation_id, refund_date: '2025-06-10', refund_reason: 'Asked back' }, owner.token)).statusCode).toBe(200);
    for (const donor of [pledged, refunded]) {
      const res = await del(t, path(P.deleteDonor, { campaignId, donorId: donor.donor_id }), owner.token);
      expect([res.statusCode, res.json()]).toEqual([409, { code: 'DONOR_HAS_RECORDS', message: 'This donor has pledges or donations; merge the donor instead of deleting' }]);
      expect((await getJson(t, path(P.getDonor, { campaignId, donorId: donor.donor_id }), owner.token)).statusCode).toBe(200);
    }

    const called = await addDonor(t, owner.token, campaignId, { name: 'Called Only' });
    const call = await post(t, P.addFollowUpCall, { campaign_id: campaignId, donor_id: called.donor_id, outcome: 'no_answer', note: 'Try again', next_call_date: null }, owner.token);
    expect(call.statusCode, call.body).toBe(201);
    expect((await post(t, P.addMetadata, { campaign_id: campaignId, donor_id: called.donor_id, kind: 'note', value: 'Met at the fair' }, owner.token)).statusCode).toBe(201);
    const res = await del(t, path(P.deleteDonor, { campaignId, donorId: called.donor_id }), owner.token);
    expect([res.statusCode, res.json().message_code]).toEqual([200, 'DONOR_DELETED']);
    expect((await getJson(t, path(P.getDonor, { campaignId, donorId: called.donor_id }), owner.token)).json().code).toBe('DONOR_NOT_FOUND');
    const calls = await getJson(t, `${path(P.listFollowUpCall, { campaignId })}?donor_id=${called.donor_id}`, owner.token);
    expect(calls.json().data).toMatchObject({ follow_up_call_list: [], total: 0 });
    const listed = (await getJson(t, `${path(P.listDonor, { campaignId })}?search=Called%20Only`, owner.token)).json().data as DonorListData;
    expect(listed.total).toBe(0);
  });

  it("tenancy: campaign B's member with B's id and A's donor ids gets 404 and nothing changes; A's rows never appear in B's lists", async () => {
    const donor = await addDonor(t, owner.token, campaignId, { name: 'Tenant Alpha' });
    const asB = (url: string) => getJson(t, url, outsider.token);
    expect((await asB(path(P.getDonor, { campaignId: otherCampaignId, donorId: donor.donor_id }))).json()).toMatchObject({ code: 'DONOR_NOT_FOUND' });
    const update = await post(t, P.updateDonor, { ...donorBody(otherCampaignId), donor_id: donor.donor_id, name: 'Hijacked' }, outsider.token);
    expect([update.statusCode, update.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const remove = await del(t, path(P.deleteDonor, { campaignId: otherCampaignId, donorId: donor.donor_id }), outsider.token);
    expect([remove.statusCode, remove.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const [stored] = await t.db.select().from(donors).where(and(eq(donors.id, donor.donor_id), eq(donors.campaignId, campaignId)));
    expect(stored.name).toBe('Tenant Alpha');
    const list = (await asB(path(P.listDonor, { campaignId: otherCampaignId }) + '?limit=500')).json().data as DonorListData;
    expect(list.donor_list.map((d) => d.donor_id)).not.toContain(donor.donor_id);
    expect(list.donor_list.every((d) => d.name !== 'Tenant Alpha')).toBe(true);
    // A's own id is refused outright (not a member).
    expect((await asB(path(P.listDonor, { campaignId }))).json()).toEqual({ code: 'NOT_FOUND', message: 'Campaign not found' });
  });
});

describe('list_donor: search, filters, sorts, paging, figures per row', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const ids: Record<string, string> = {};
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const list = async (query: string) => {
    const res = await getJson(t, `${path(P.listDonor, { campaignId })}?${query}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DonorListData;
  };
  const names = (data: DonorListData) => data.donor_list.map((d) => d.name);

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    const make = async (key: string, overrides: Record<string, unknown>) => {
      clock.advance(1000);
      ids[key] = (await addDonor(t, owner.token, campaignId, overrides)).donor_id;
    };
    await make('alice', { name: 'alice Adams', employer: 'Columbia University', donor_email: 'alice@list.example', donor_phone: '2125551001', contributor_type: 'individual', eligibility: 'p-a' });
    await make('bob', { name: 'Bob Brown', donor_email: 'bob@brown.example', donor_phone: '2125551002', eligibility: 'np' });
    await make('carol', { name: 'Carol Chen', donor_email: 'carol@list.example', donor_phone: '7185551003', contributor_type: 'political_action_committee' });
    await make('dave', { name: 'Dave Diaz', donor_email: 'dave@list.example', donor_phone: '2125551004' });
    await make('erin', { name: 'Erin Evans', donor_email: 'erin@list.example', donor_phone: '2125551005' });
    // Figures: alice paid 300 + open pledge 200; bob paid 500 (settled pledge); carol nothing; dave paid 100 (refunded 50 more); erin written-off pledge only.
    await addDonation(t, owner.token, campaignId, ids.alice!, { paid_amount_cents: 30_000, paying_date: '2025-03-10' });
    await addPledge(t, owner.token, campaignId, ids.alice!, { commitment_amount_cents: 20_000 });
    const bobPledge = await addPledge(t, owner.token, campaignId, ids.bob!, { commitment_amount_cents: 50_000 });
    await addDonation(t, owner.token, campaignId, ids.bob!, { paid_amount_cents: 50_000, paying_date: '2025-05-20', pledge_id: bobPledge.pledge_id });
    await addDonation(t, owner.token, campaignId, ids.dave!, { paid_amount_cents: 10_000, paying_date: '2025-01-05' });
    const refunded = await addDonation(t, owner.token, campaignId, ids.dave!, { paid_amount_cents: 5_000, paying_date: '2025-06-01' });
    expect((await post(t, P.refundDonation, { campaign_id: campaignId, donation_id: refunded.donation.donation_id, refund_date: '2025-06-10', refund_reason: 'Asked back' }, owner.token)).statusCode).toBe(200);
    const erinPledge = await addPledge(t, owner.token, campaignId, ids.erin!, { commitment_amount_cents: 40_000 });
    expect((await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: erinPledge.pledge_id, reason: 'Moved away' }, owner.token)).statusCode).toBe(200);
    for (const [key, tag] of [
      ['alice', 'VIP'],
      ['bob', 'vip'],
      ['bob', 'Board'],
    ] as const) {
      clock.advance(1000);
      expect((await post(t, P.addMetadata, { campaign_id: campaignId, donor_id: ids[key], kind: 'tag', value: tag }, owner.token)).statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('defaults: sorted by name (case-insensitive), 25 a page, total, figures per row', async () => {
    const data = await list('');
    expect(data).toMatchObject({ total: 5, page: 1, limit: 25 });
    expect(names(data)).toEqual(['alice Adams', 'Bob Brown', 'Carol Chen', 'Dave Diaz', 'Erin Evans']);
    const byName = Object.fromEntries(data.donor_list.map((d) => [d.name, d])) as Record<string, DonorRow>;
    expect(byName['alice Adams']).toMatchObject({ paid_cents: 30_000, pledged_cents: 20_000, outstanding_cents: 20_000, aggregate_cents: 50_000, remaining_limit_cents: 50_000, tags: ['VIP'], last_donation_date: '2025-03-10' });
    expect(byName['Bob Brown']).toMatchObject({ paid_cents: 50_000, pledged_cents: 50_000, outstanding_cents: 0, aggregate_cents: 50_000, tags: ['Board', 'vip'] });
    expect(byName['Carol Chen']).toMatchObject({ paid_cents: 0, limit_cents: 50_000, remaining_limit_cents: 50_000, last_donation_date: null });
    expect(byName['Dave Diaz']).toMatchObject({ paid_cents: 10_000, aggregate_cents: 10_000, last_donation_date: '2025-01-05' });
    expect(byName['Erin Evans']).toMatchObject({ pledged_cents: 0, outstanding_cents: 0, aggregate_cents: 0 });
  });

  it('sorts (each direction, stable) and paging', async () => {
    expect(names(await list('sort=-name'))).toEqual(['Erin Evans', 'Dave Diaz', 'Carol Chen', 'Bob Brown', 'alice Adams']);
    expect(names(await list('sort=created_at'))).toEqual(['alice Adams', 'Bob Brown', 'Carol Chen', 'Dave Diaz', 'Erin Evans']);
    expect(names(await list('sort=-created_at'))).toEqual(['Erin Evans', 'Dave Diaz', 'Carol Chen', 'Bob Brown', 'alice Adams']);
    expect(names(await list('sort=-paid_cents')).slice(0, 3)).toEqual(['Bob Brown', 'alice Adams', 'Dave Diaz']);
    const byOutstanding = names(await list('sort=-outstanding_cents'));
    expect(byOutstanding[0]).toBe('alice Adams');
    expect(names(await list('sort=-last_donation_date'))).toEqual(['Bob Brown', 'alice Adams', 'Dave Diaz', ...names(await list('sort=-last_donation_date')).slice(3)]);
    expect(names(await list('sort=-last_donation_date')).slice(3).sort()).toEqual(['Carol Chen', 'Erin Evans']);
    expect(names(await list('sort=last_donation_date')).slice(3)).toEqual(['alice Adams', 'Bob Brown']);
    // Ties (paid 0) keep one order page after page.
    const page1 = await list('sort=paid_cents&limit=2&page=1');
    const page2 = await list('sort=paid_cents&limit=2&page=2');
    const page3 = await list('sort=paid_cents&limit=2&page=3');
    expect(page1).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(new Set([...names(page1), ...names(page2), ...names(page3)]).size).toBe(5);
    expect(names(page3)).toEqual(['Bob Brown']);
    expect((await list('page=9')).donor_list).toEqual([]);
  });

  it('sorts by contributor type and eligibility (each direction, ties by id, stable across pages)', async () => {
    const byId = (...keys: string[]) => keys.map((k) => ids[k]!).sort();
    const idsOf = (data: DonorListData) => data.donor_list.map((d) => d.donor_id);
    const byType = [...byId('alice', 'bob', 'dave', 'erin'), ids.carol!];
    expect(idsOf(await list('sort=contributor_type'))).toEqual(byType);
    expect(idsOf(await list('sort=-contributor_type'))).toEqual([...byType].reverse());
    const byEligibility = [ids.bob!, ids.alice!, ...byId('carol', 'dave', 'erin')];
    expect(idsOf(await list('sort=eligibility'))).toEqual(byEligibility);
    expect(idsOf(await list('sort=-eligibility'))).toEqual([...byEligibility].reverse());
    const pages = await Promise.all([1, 2, 3].map((page) => list(`sort=eligibility&limit=2&page=${page}`)));
    expect(pages.flatMap(idsOf)).toEqual(byEligibility);
    // Filters and sort together.
    expect(idsOf(await list('sort=-eligibility&contributor_type=individual'))).toEqual([...byId('dave', 'erin').reverse(), ids.alice!, ids.bob!]);
  });

  it('the contributor type and eligibility sorts follow the labels the list shows, for every value', async () => {
    const other = await customCampaign(t, owner.token);
    const types = CONTRIBUTOR_TYPE_OPTIONS.map((o) => o.value);
    for (const [i, contributor_type] of types.entries()) {
      await addDonor(t, owner.token, other, { contributor_type, eligibility: ELIGIBILITY_OPTIONS[i % ELIGIBILITY_OPTIONS.length]!.value });
    }
    const rows = async (sort: string) => {
      const res = await getJson(t, `${path(P.listDonor, { campaignId: other })}?sort=${sort}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as DonorListData).donor_list;
    };
    const alphabetical = (labels: string[]) => [...labels].sort((a, b) => a.localeCompare(b, 'en'));
    const typeLabels = (await rows('contributor_type')).map((d) => labelOf(CONTRIBUTOR_TYPE_OPTIONS, d.contributor_type));
    expect(typeLabels).toHaveLength(types.length);
    expect(typeLabels).toEqual(alphabetical(typeLabels));
    expect((await rows('-contributor_type')).map((d) => labelOf(CONTRIBUTOR_TYPE_OPTIONS, d.contributor_type))).toEqual(alphabetical(typeLabels).reverse());
    const eligibilityLabels = (await rows('eligibility')).map((d) => labelOf(ELIGIBILITY_OPTIONS, d.eligibility));
    expect(new Set(eligibilityLabels).size).toBe(ELIGIBILITY_OPTIONS.length);
    expect(eligibilityLabels).toEqual(alphabetical(eligibilityLabels));
  });

  it('search: name, e-mail, employer, phone (digits), case-insensitive; the count follows', async () => {
    expect(names(await list('search=ALICE'))).toEqual(['alice Adams']);
    expect(names(await list('search=brown.example'))).toEqual(['Bob Brown']);
    expect(names(await list('search=columbia'))).toEqual(['alice Adams']);
    expect(names(await list('search=718'))).toEqual(['Carol Chen']);
    expect(names(await list(`search=${encodeURIComponent('(212) 555-1004')}`))).toEqual(['Dave Diaz']);
    expect((await list('search=a%25')).total).toBe(0);
    expect((await list('search=zzz')).total).toBe(0);
  });

  it('filters: contributor_type, eligibility, tag (case-insensitive), balance outstanding|settled|none', async () => {
    expect(names(await list('contributor_type=political_action_committee'))).toEqual(['Carol Chen']);
    expect(names(await list('eligibility=np'))).toEqual(['Bob Brown']);
    expect(names(await list('tag=VIP'))).toEqual(['alice Adams', 'Bob Brown']);
    expect(names(await list('tag=board'))).toEqual(['Bob Brown']);
    expect(names(await list('balance=outstanding'))).toEqual(['alice Adams']);
    expect(names(await list('balance=settled'))).toEqual(['Bob Brown']);
    expect(names(await list('balance=none'))).toEqual(['Carol Chen', 'Dave Diaz', 'Erin Evans']);
    expect((await list('balance=outstanding&search=alice')).total).toBe(1);
    expect(names(await list('contributor_type=&tag=&search='))).toHaveLength(5);
  });

  it('a write changes the next count (the cached count follows the campaign)', async () => {
    expect((await list('search=Zed')).total).toBe(0);
    const zed = await addDonor(t, owner.token, campaignId, { name: 'Zed Zimmer' });
    expect((await list('search=Zed')).total).toBe(1);
    expect((await del(t, path(P.deleteDonor, { campaignId, donorId: zed.donor_id }), owner.token)).statusCode).toBe(200);
    expect((await list('search=Zed')).total).toBe(0);
  });

  it('bad queries: 400 with the field and its message', async () => {
    const res = await getJson(t, `${path(P.listDonor, { campaignId })}?page=0&limit=501&sort=email&balance=owing&search=${'x'.repeat(101)}`, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      in: 'query',
      fields: {
        page: 'Page must be a whole number from 1',
        limit: 'Limit must be a whole number from 1 to 500',
        sort: 'Sort must be one of: name, created_at, paid_cents, outstanding_cents, last_donation_date, contributor_type, eligibility (prefix - for descending)',
        balance: 'Unknown filter value',
        search: 'Search should be at most 100 characters',
      },
    });
  });

  it('the page follows a change of the campaign settings (a new limit), not only of the donors', async () => {
    const alice = () => list('search=alice').then((d) => d.donor_list[0]!);
    expect(await alice()).toMatchObject({ limit_cents: 100_000, remaining_limit_cents: 50_000 });
    clock.advance(60_000);
    const res = await post(t, '/campaign/update_campaign', { campaign_id: campaignId, custom_limit_individual_cents: 60_000 }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await alice()).toMatchObject({ limit_cents: 60_000, remaining_limit_cents: 10_000 });
  });

  it('list_donor_tags: the distinct tags, case-insensitively, alphabetical', async () => {
    const res = await getJson(t, path(P.listDonorTags, { campaignId }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ tag_list: ['Board', 'VIP'], total: 2 });
    expect((await getJson(t, `${path(P.listDonorTags, { campaignId })}?search=bo`, owner.token)).json().data.tag_list).toEqual(['Board']);
  });
});
