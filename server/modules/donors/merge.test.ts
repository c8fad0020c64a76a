import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, donorContacts, donorMetadata, donors, pledges } from '../../db/schema';
import { post } from '../../test/auth-helpers';
import type { Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, P, setUpBook } from '../../test/donor-book-helpers';
import type { TestApp } from '../../test/test-db';

describe('merge_donor', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;
  const tag = (donorId: string, kind: 'tag' | 'note', value: string) => post(t, P.addMetadata, { campaign_id: campaignId, donor_id: donorId, kind, value }, owner.token);

  beforeAll(async () => {
    ({ t, owner, outsider, campaignId, otherCampaignId } = await setUpBook('merge-outsider@example.org'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('moves pledges, donations, calls, notes and new tags to the survivor in one transaction; deletes the duplicate; audits both', async () => {
    const survivor = await addDonor(t, owner.token, campaignId, { name: 'Jane Doe', donor_email: 'jane@example.org', donor_phone: null, employer: null });
    const duplicate = await addDonor(t, owner.token, campaignId, { name: 'Jane M Doe', donor_email: 'jane.doe@work.example', donor_phone: '2125550999', employer: 'City Hall' });
    await addDonation(t, owner.token, campaignId, survivor.donor_id, { paid_amount_cents: 10_000 });
    const pledge = await addPledge(t, owner.token, campaignId, duplicate.donor_id, { commitment_amount_cents: 20_000 });
    const donation = await addDonation(t, owner.token, campaignId, duplicate.donor_id, { paid_amount_cents: 5_000, pledge_id: pledge.pledge_id });
    expect((await post(t, P.addFollowUpCall, { campaign_id: campaignId, donor_id: duplicate.donor_id, outcome: 'reached', note: 'Will pay' }, owner.token)).statusCode).toBe(201);
    expect((await tag(survivor.donor_id, 'tag', 'VIP')).statusCode).toBe(201);
    expect((await tag(duplicate.donor_id, 'tag', 'vip')).statusCode).toBe(201);
    expect((await tag(duplicate.donor_id, 'tag', 'Volunteer')).statusCode).toBe(201);
    expect((await tag(duplicate.donor_id, 'note', 'Prefers e-mail')).statusCode).toBe(201);

    const res = await post(t, P.mergeDonor, { campaign_id: campaignId, survivor_id: survivor.donor_id, duplicate_id: duplicate.donor_id }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(res.json().message_code).toBe('DONORS_MERGED');
    expect(data).toMatchObject({
      donor_id: survivor.donor_id,
      name: 'Jane Doe',
      donor_email: 'jane@example.org',
      // Empty fields of the survivor take the duplicate's values.
      donor_phone: '2125550999',
      employer: 'City Hall',
      paid_cents: 15_000,
      pledged_cents: 20_000,
      outstanding_cents: 15_000,
      aggregate_cents: 30_000,
      tags: ['VIP', 'Volunteer'],
    });
    expect(data.pledges.map((p: { pledge_id: string }) => p.pledge_id)).toEqual([pledge.pledge_id]);

    expect(await t.db.select().from(donors).where(eq(donors.id, duplicate.donor_id))).toEqual([]);
    expect((await t.db.select().from(pledges).where(eq(pledges.id, pledge.pledge_id)))[0]!.donorId).toBe(survivor.donor_id);
    expect((await t.db.select().from(donations).where(eq(donations.id, donation.donation.donation_id)))[0]!.donorId).toBe(survivor.donor_id);
    expect(await t.db.select().from(donorContacts).where(eq(donorContacts.donorId, survivor.donor_id))).toHaveLength(1);
    const metadata = await t.db.select().from(donorMetadata).where(eq(donorMetadata.donorId, survivor.donor_id));
    expect(metadata.map((m) => `${m.kind}:${m.value}`).sort()).toEqual(['note:Prefers e-mail', 'tag:VIP', 'tag:Volunteer']);

    const [entry] = await auditOf(t, campaignId, 'donor.merged');
    expect(entry.actorId).toBe(owner.userId);
    expect(entry.details).toMatchObject({
      entity: 'donor',
      entity_id: survivor.donor_id,
      duplicate_id: duplicate.donor_id,
      before: { survivor: { name: 'Jane Doe', donor_phone: null }, duplicate: { name: 'Jane M Doe', donor_email: 'jane.doe@work.example' } },
      after: { donor_phone: '2125550999' },
      moved: { pledges: 1, donations: 1, contacts: 1, notes: 1, tags: 1 },
    });
    // The duplicate's e-mail is free again.
    expect((await post(t, P.addDonor, { campaign_id: campaignId, name: 'Another Jane', contributor_type: 'individual', donor_email: 'jane.doe@work.example' }, owner.token)).statusCode).toBe(201);
  });

  it('the same donor twice → 422 DONOR_MERGE_SAME; missing ids → 400; an unknown donor → 404, nothing changes', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const same = await post(t, P.mergeDonor, { campaign_id: campaignId, survivor_id: donor.donor_id, duplicate_id: donor.donor_id.toUpperCase() }, owner.token);
    expect([same.statusCode, same.json()]).toEqual([422, { code: 'DONOR_MERGE_SAME', message: 'Choose two different donors to merge' }]);
    const missing = await post(t, P.mergeDonor, { campaign_id: campaignId }, owner.token);
    expect(missing.json().details.fields).toEqual({ survivor_id: 'Choose the donor to keep', duplicate_id: 'Choose the duplicate donor' });
    const unknown = await post(t, P.mergeDonor, { campaign_id: campaignId, survivor_id: donor.donor_id, duplicate_id: '00000000-0000-4000-8000-000000000009' }, owner.token);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    expect(await t.db.select().from(donors).where(eq(donors.id, donor.donor_id))).toHaveLength(1);
  });

  it("tenancy: a donor of another campaign cannot be merged in either direction (404), both stay", async () => {
    const mine = await addDonor(t, owner.token, campaignId);
    const theirs = await addDonor(t, outsider.token, otherCampaignId);
    const intoTheirs = await post(t, P.mergeDonor, { campaign_id: otherCampaignId, survivor_id: theirs.donor_id, duplicate_id: mine.donor_id }, outsider.token);
    expect([intoTheirs.statusCode, intoTheirs.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const intoMine = await post(t, P.mergeDonor, { campaign_id: campaignId, survivor_id: mine.donor_id, duplicate_id: theirs.donor_id }, owner.token);
    expect([intoMine.statusCode, intoMine.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    expect(await t.db.select().from(donors).where(eq(donors.id, mine.donor_id))).toHaveLength(1);
    expect(await t.db.select().from(donors).where(eq(donors.id, theirs.donor_id))).toHaveLength(1);
  });
});
