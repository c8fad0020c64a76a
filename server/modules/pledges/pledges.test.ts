import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PledgeListData } from '../../../domain/donor-book/pledges-contract';
import { pledges } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { post } from '../../test/auth-helpers';
import { createCampaign, del, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, customCampaign, getJson, P, path, setUpBook } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('pledges: compliance, edits, write-off, delete, pledges receivable', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let otherCampaignId: string;
  const pledgesOf = (donorId: string) => t.db.select().from(pledges).where(eq(pledges.donorId, donorId));

  beforeAll(async () => {
    ({ t, owner, outsider, campaignId, otherCampaignId } = await setUpBook('pledges-outsider@example.org'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('add_pledge answers the row (open, next payment) and audits pledge.created', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const res = await post(
      t,
      P.addPledge,
      {
        campaign_id: campaignId,
        donor_id: donor.donor_id,
        commitment_date: '2025-06-01',
        commitment_amount_cents: 30_000,
        recipient: 'Main committee',
        instalments: [
          { due_date: '2025-08-01', amount_cents: 20_000 },
          { due_date: '2025-07-01', amount_cents: 10_000 },
        ],
        note: 'Promised at the gala',
      },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message_code: 'PLEDGE_ADDED',
      data: {
        donor_id: donor.donor_id,
        donor_name: donor.name,
        commitment_amount_cents: 30_000,
        instalments: [
          { due_date: '2025-07-01', amount_cents: 10_000 },
          { due_date: '2025-08-01', amount_cents: 20_000 },
        ],
        paid_cents: 0,
        remaining_cents: 30_000,
        status: 'open',
        next_payment_date: '2025-07-01',
        written_off_at: null,
      },
    });
    const [entry] = await auditOf(t, campaignId, 'pledge.created');
    expect(entry.details).toMatchObject({ entity: 'pledge', entity_id: res.json().data.pledge_id, before: null, after: { commitment_amount_cents: 30_000 } });
  });

  it('validation: instalments must add up to the commitment, real dates, amounts in cents', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const res = await post(
      t,
      P.addPledge,
      {
        campaign_id: campaignId,
        donor_id: donor.donor_id,
        commitment_date: '2025-02-30',
        commitment_amount_cents: 10.5,
        instalments: [{ due_date: '2025-07-01', amount_cents: 0 }],
      },
      owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual({
      commitment_date: 'Enter a real date as YYYY-MM-DD',
      commitment_amount_cents: 'Amount must be a whole number of cents from 1 to 1000000000',
      'instalments[0].amount_cents': 'Amount must be a whole number of cents from 1 to 1000000000',
    });
    const sum = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: donor.donor_id, commitment_date: '2025-06-01', commitment_amount_cents: 10_000, instalments: [{ due_date: '2025-07-01', amount_cents: 9_000 }] }, owner.token);
    expect(sum.json().details.fields).toEqual({ instalments: 'Instalments must add up to the commitment amount' });
    const early = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: donor.donor_id, commitment_date: '2025-06-01', commitment_amount_cents: 10_000, instalments: [{ due_date: '2025-05-01', amount_cents: 10_000 }] }, owner.token);
    expect(early.json().details.fields).toEqual({ instalments: 'An instalment cannot be due before the commitment date' });
    expect(await pledgesOf(donor.donor_id)).toEqual([]);
  });

  it('a commitment over the limit → 422 COMMITMENT_EXCEEDS_LIMIT with details, nothing saved', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 60_000 });
    await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 30_000 });
    const res = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: donor.donor_id, commitment_date: '2025-06-01', commitment_amount_cents: 10_001 }, owner.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'COMMITMENT_EXCEEDS_LIMIT',
      message: 'Commitment amount will exceed donation limit',
      details: { rule: 'custom.limit.individual', limit_cents: 100_000, aggregate_cents: 90_000, remaining_cents: 10_000 },
    });
    expect(await pledgesOf(donor.donor_id)).toHaveLength(1);
    // Exactly up to the limit is allowed.
    await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 10_000 });
    // A commitment dated outside the campaign's election cycle (2024–2025) does not count in it.
    await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_date: '2026-03-01', commitment_amount_cents: 50_000, confirm_outside_cycle: true });
  });

  it('the same pledge from 8 clients at once: no 5xx, and the limit holds (3 of 8 fit under $1,000)', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const body = { campaign_id: campaignId, donor_id: donor.donor_id, commitment_date: '2025-06-01', commitment_amount_cents: 30_000, instalments: [] };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(t, P.addPledge, body, owner.token)));
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
    for (const refused of answers.filter((a) => a.statusCode === 422)) expect(refused.json().code).toBe('COMMITMENT_EXCEEDS_LIMIT');
    const rows = await pledgesOf(donor.donor_id);
    expect(rows.reduce((sum, row) => sum + Number(row.commitmentAmountCents), 0)).toBe(90_000);
  });

  it('NYC rules: an LLC is a prohibited source (422 PROHIBITED_SOURCE)', async () => {
    const nyc = (await createCampaign(t, owner.token)).campaign_id;
    const llc = await addDonor(t, owner.token, nyc, { contributor_type: 'limited_liability_company' });
    const res = await post(t, P.addPledge, { campaign_id: nyc, donor_id: llc.donor_id, commitment_date: '2025-06-01', commitment_amount_cents: 1_000 }, owner.token);
    expect([res.statusCode, res.json().code, res.json().details]).toEqual([422, 'PROHIBITED_SOURCE', { rule: 'nyc_cfb.prohibited.llc', contributor_type: 'limited_liability_company' }]);
    expect(await pledgesOf(llc.donor_id)).toEqual([]);
  });

  it('update_pledge: never below what was paid (422 PLEDGE_BELOW_PAID); a raise is checked against the limit; audited', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const pledge = await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 40_000 });
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 25_000, pledge_id: pledge.pledge_id });
    const body = { campaign_id: campaignId, pledge_id: pledge.pledge_id, commitment_date: '2025-03-01', instalments: [], note: 'edited' };
    const below = await post(t, P.updatePledge, { ...body, commitment_amount_cents: 24_999 }, owner.token);
    expect([below.statusCode, below.json().code, below.json().details]).toEqual([422, 'PLEDGE_BELOW_PAID', { paid_cents: 25_000 }]);
    const over = await post(t, P.updatePledge, { ...body, commitment_amount_cents: 100_001 }, owner.token);
    expect([over.statusCode, over.json().code]).toEqual([422, 'COMMITMENT_EXCEEDS_LIMIT']);
    expect(over.json().details).toMatchObject({ limit_cents: 100_000, aggregate_cents: 40_000 });
    const ok = await post(t, P.updatePledge, { ...body, commitment_amount_cents: 100_000 }, owner.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message_code: 'PLEDGE_UPDATED', data: { commitment_amount_cents: 100_000, paid_cents: 25_000, remaining_cents: 75_000, status: 'partly_paid', note: 'edited' } });
    const [entry] = (await auditOf(t, campaignId, 'pledge.updated')).filter((e) => (e.details as { entity_id: string }).entity_id === pledge.pledge_id);
    expect(entry.details).toMatchObject({ before: { commitment_amount_cents: 40_000, note: null }, after: { commitment_amount_cents: 100_000, note: 'edited' } });
    const [stored] = await t.db.select().from(pledges).where(eq(pledges.id, pledge.pledge_id));
    expect(stored.commitmentAmountCents).toBe(100_000);
  });

  it('write_off_pledge: remaining drops to 0, status written_off; a second write-off or an edit → 422 PLEDGE_WRITTEN_OFF', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const pledge = await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 20_000 });
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 5_000, pledge_id: pledge.pledge_id });
    const empty = await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: pledge.pledge_id, reason: '  ' }, owner.token);
    expect(empty.json().details.fields).toEqual({ reason: 'Reason is required' });
    const res = await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: pledge.pledge_id, reason: 'Donor moved abroad' }, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'PLEDGE_WRITTEN_OFF', data: { status: 'written_off', remaining_cents: 0, paid_cents: 5_000, written_off_at: '2025-06-15T12:00:00.000Z', write_off_reason: 'Donor moved abroad', next_payment_date: null } });
    const detail = (await getJson(t, path(P.getDonor, { campaignId, donorId: donor.donor_id }), owner.token)).json().data;
    expect(detail).toMatchObject({ pledged_cents: 0, outstanding_cents: 0, paid_cents: 5_000, next_payment: null });
    const again = await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: pledge.pledge_id, reason: 'again' }, owner.token);
    expect([again.statusCode, again.json().code]).toEqual([422, 'PLEDGE_WRITTEN_OFF']);
    const edit = await post(t, P.updatePledge, { campaign_id: campaignId, pledge_id: pledge.pledge_id, commitment_date: '2025-03-01', commitment_amount_cents: 20_000 }, owner.token);
    expect([edit.statusCode, edit.json().code]).toEqual([422, 'PLEDGE_WRITTEN_OFF']);
    expect(await auditOf(t, campaignId, 'pledge.written_off')).toHaveLength(1);
  });

  it('delete_pledge: only without donations against it (409 PLEDGE_HAS_DONATIONS); audited', async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const paid = await addPledge(t, owner.token, campaignId, donor.donor_id);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 1_000, pledge_id: paid.pledge_id });
    const refused = await del(t, path(P.deletePledge, { campaignId, pledgeId: paid.pledge_id }), owner.token);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'PLEDGE_HAS_DONATIONS']);
    const unpaid = await addPledge(t, owner.token, campaignId, donor.donor_id);
    const res = await del(t, path(P.deletePledge, { campaignId, pledgeId: unpaid.pledge_id }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message_code: 'PLEDGE_DELETED', data: { pledge_id: unpaid.pledge_id } });
    expect((await pledgesOf(donor.donor_id)).map((p) => p.id)).toEqual([paid.pledge_id]);
    expect((await auditOf(t, campaignId, 'pledge.deleted')).map((e) => (e.details as { entity_id: string }).entity_id)).toContain(unpaid.pledge_id);
    expect((await del(t, path(P.deletePledge, { campaignId, pledgeId: unpaid.pledge_id }), owner.token)).json().code).toBe('PLEDGE_NOT_FOUND');
  });

  it("tenancy: campaign B's member cannot see, edit, write off or delete campaign A's pledge (404), nor pledge for A's donor", async () => {
    const donor = await addDonor(t, owner.token, campaignId);
    const pledge = await addPledge(t, owner.token, campaignId, donor.donor_id, { commitment_amount_cents: 12_345 });
    const update = await post(t, P.updatePledge, { campaign_id: otherCampaignId, pledge_id: pledge.pledge_id, commitment_date: '2025-03-01', commitment_amount_cents: 1 }, outsider.token);
    expect([update.statusCode, update.json().code]).toEqual([404, 'PLEDGE_NOT_FOUND']);
    const writeOff = await post(t, P.writeOffPledge, { campaign_id: otherCampaignId, pledge_id: pledge.pledge_id, reason: 'x' }, outsider.token);
    expect([writeOff.statusCode, writeOff.json().code]).toEqual([404, 'PLEDGE_NOT_FOUND']);
    const remove = await del(t, path(P.deletePledge, { campaignId: otherCampaignId, pledgeId: pledge.pledge_id }), outsider.token);
    expect([remove.statusCode, remove.json().code]).toEqual([404, 'PLEDGE_NOT_FOUND']);
    const add = await post(t, P.addPledge, { campaign_id: otherCampaignId, donor_id: donor.donor_id, commitment_date: '2025-03-01', commitment_amount_cents: 1_000 }, outsider.token);
    expect([add.statusCode, add.json().code]).toEqual([404, 'DONOR_NOT_FOUND']);
    const [stored] = await t.db.select().from(pledges).where(eq(pledges.id, pledge.pledge_id));
    expect([stored.commitmentAmountCents, stored.writtenOffAt]).toEqual([12_345, null]);
    const list = (await getJson(t, `${path(P.listDonorPledgeInfo, { campaignId: otherCampaignId })}?limit=500`, outsider.token)).json().data as PledgeListData;
    expect(list.pledge_list.map((p) => p.pledge_id)).not.toContain(pledge.pledge_id);
  });
});

describe('list_donor_pledge_info', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const list = async (query = '') => {
    const res = await getJson(t, `${path(P.listDonorPledgeInfo, { campaignId })}?${query}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PledgeListData;
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = await customCampaign(t, owner.token);
    const ann = await addDonor(t, owner.token, campaignId, { name: 'Ann Archer' });
    const ben = await addDonor(t, owner.token, campaignId, { name: 'Ben Baker' });
    await addPledge(t, owner.token, campaignId, ann.donor_id, { commitment_date: '2025-01-10', commitment_amount_cents: 10_000 }); // open
    const partly = await addPledge(t, owner.token, campaignId, ann.donor_id, { commitment_date: '2025-02-10', commitment_amount_cents: 20_000 });
    await addDonation(t, owner.token, campaignId, ann.donor_id, { paid_amount_cents: 5_000, pledge_id: partly.pledge_id });
    const paid = await addPledge(t, owner.token, campaignId, ben.donor_id, { commitment_date: '2025-03-10', commitment_amount_cents: 30_000, note: 'Gala table' });
    await addDonation(t, owner.token, campaignId, ben.donor_id, { paid_amount_cents: 30_000, pledge_id: paid.pledge_id });
    const gone = await addPledge(t, owner.token, campaignId, ben.donor_id, { commitment_date: '2025-04-10', commitment_amount_cents: 40_000 });
    expect((await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: gone.pledge_id, reason: 'Lost contact' }, owner.token)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('newest commitment first by default, with totals over the filter', async () => {
    const data = await list();
    expect(data.pledge_list.map((p) => p.commitment_date)).toEqual(['2025-04-10', '2025-03-10', '2025-02-10', '2025-01-10']);
    expect(data.pledge_list.map((p) => p.status)).toEqual(['written_off', 'paid', 'partly_paid', 'open']);
    expect(data).toMatchObject({ total: 4, page: 1, limit: 25, totals: { commitment_amount_cents: 100_000, paid_cents: 35_000, remaining_cents: 25_000 } });
  });

  it('filters: status, donor, date range, search (donor name or note); sorts; paging', async () => {
    const donorId = (await list('status=open')).pledge_list[0]!.donor_id;
    expect((await list('status=open')).pledge_list.map((p) => p.commitment_date)).toEqual(['2025-01-10']);
    expect((await list('status=partly_paid')).totals).toEqual({ commitment_amount_cents: 20_000, paid_cents: 5_000, remaining_cents: 15_000 });
    expect((await list('status=paid')).total).toBe(1);
    expect((await list('status=written_off')).pledge_list[0]).toMatchObject({ remaining_cents: 0, write_off_reason: 'Lost contact' });
    expect((await list(`donor_id=${donorId}`)).pledge_list.every((p) => p.donor_name === 'Ann Archer')).toBe(true);
    expect((await list('start_date=2025-02-01&end_date=2025-03-31')).pledge_list.map((p) => p.commitment_date)).toEqual(['2025-03-10', '2025-02-10']);
    expect((await list('search=gala')).pledge_list.map((p) => p.donor_name)).toEqual(['Ben Baker']);
    expect((await list('search=archer')).total).toBe(2);
    expect((await list('sort=-remaining_cents')).pledge_list.map((p) => p.remaining_cents)).toEqual([15_000, 10_000, 0, 0]);
    expect((await list('sort=donor_name')).pledge_list.map((p) => p.donor_name)).toEqual(['Ann Archer', 'Ann Archer', 'Ben Baker', 'Ben Baker']);
    expect((await list('sort=commitment_date&limit=3&page=2')).pledge_list.map((p) => p.commitment_date)).toEqual(['2025-04-10']);
    const bad = await getJson(t, `${path(P.listDonorPledgeInfo, { campaignId })}?status=late&start_date=2025-05-01&end_date=2025-04-01`, owner.token);
    expect(bad.json().details.fields).toEqual({ status: 'Unknown filter value', end_date: 'End date cannot be before the start date' });
  });
});
