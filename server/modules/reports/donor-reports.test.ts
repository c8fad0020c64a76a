import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitFor } from '../../../domain/compliance/engine';
import type { DonorHistoryListData, DonorLimitListData, DonorMatchListData } from '../../../domain/donor-book/donor-reports-contract';
import { campaigns, donations } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { activeUser, post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, toSession, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, customCampaign, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('report data: donor limits, donor history, match', () => {
  let t: TestApp;
  let owner: Session;
  let outsider: Session;
  let campaignId: string;
  let nycId: string;
  const ids: Record<string, string> = {};
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));
  const get = async <T>(url: string, token = owner.token) => {
    const res = await getJson(t, url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as T;
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    outsider = toSession(await activeUser(t, 'reports-outsider@example.org'));
    campaignId = await customCampaign(t, owner.token);
    ids.amy = (await addDonor(t, owner.token, campaignId, { name: 'Amy Able' })).donor_id;
    ids.ben = (await addDonor(t, owner.token, campaignId, { name: 'Ben Bold' })).donor_id;
    ids.pac = (await addDonor(t, owner.token, campaignId, { name: 'Civic PAC', contributor_type: 'political_action_committee' })).donor_id;
    await addDonation(t, owner.token, campaignId, ids.amy!, { paid_amount_cents: 80_000, paying_date: '2025-02-01', reference_number: 'R-1' });
    const pledge = await addPledge(t, owner.token, campaignId, ids.ben!, { commitment_date: '2025-01-15', commitment_amount_cents: 30_000 });
    await addDonation(t, owner.token, campaignId, ids.ben!, { paid_amount_cents: 10_000, paying_date: '2025-03-01', pledge_id: pledge.pledge_id, payment_method: 'cash' });
    const refunded = await addDonation(t, owner.token, campaignId, ids.pac!, { paid_amount_cents: 20_000, paying_date: '2025-04-01' });
    await post(t, P.refundDonation, { campaign_id: campaignId, donation_id: refunded.donation.donation_id, refund_date: '2025-04-20', refund_reason: 'Not allowed' }, owner.token);
    await addDonation(t, owner.token, campaignId, ids.pac!, { paid_amount_cents: 45_000, paying_date: '2025-05-01' });
    const writeOff = await addPledge(t, owner.token, campaignId, ids.pac!, { commitment_date: '2025-05-10', commitment_amount_cents: 5_000 });
    await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: writeOff.pledge_id, reason: 'Dissolved' }, owner.token);
    // The owner lowers the organisation limit afterwards: the PAC is now over it.
    await t.db.update(campaigns).set({ customLimitOrganizationCents: 40_000 }).where(eq(campaigns.id, campaignId));
    await t.app.changes.sync();

    nycId = (await createCampaign(t, owner.token)).campaign_id;
    ids.brooklyn = (await addDonor(t, owner.token, nycId, { name: 'Bea Brooklyn', city: 'Brooklyn', zip: '11215', state: 'new_york', eligibility: 'p-a' })).donor_id;
    ids.albany = (await addDonor(t, owner.token, nycId, { name: 'Al Albany', city: 'Albany', zip: '12207', state: 'new_york', eligibility: 'p-a' })).donor_id;
    ids.queens = (await addDonor(t, owner.token, nycId, { name: 'Quinn Queens', city: 'Queens', zip: '11375', state: 'new_york', eligibility: 'p-a' })).donor_id;
    await addDonor(t, owner.token, nycId, { name: 'Nobody Gave' });
    await addDonation(t, owner.token, nycId, ids.brooklyn!, { paid_amount_cents: 5_000, payment_method: 'card' });
    // Cash over $100 from before the cash cap (written straight in the database): counted, not matchable.
    await t.db.insert(donations).values({ campaignId: nycId, donorId: ids.brooklyn!, payingDate: '2025-04-01', paidAmountCents: 15_000, paymentMethod: 'cash' });
    await t.app.changes.sync();
    await addDonation(t, owner.token, nycId, ids.albany!, { paid_amount_cents: 10_000 });
    await addDonation(t, owner.token, nycId, ids.queens!, { paid_amount_cents: 50_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('list_donor_limit: aggregate against each donor’s engine limit; over_limit filter; sorts', async () => {
    const data = await get<DonorLimitListData>(path(P.listDonorLimit, { campaignId }));
    expect(data.donor_limit_list).toEqual([
      { donor_id: ids.amy, name: 'Amy Able', contributor_type: 'individual', eligibility: 'un', aggregate_cents: 80_000, limit_cents: 100_000, remaining_limit_cents: 20_000, over_limit: false, warnings: [] },
      { donor_id: ids.pac, name: 'Civic PAC', contributor_type: 'political_action_committee', eligibility: 'un', aggregate_cents: 45_000, limit_cents: 40_000, remaining_limit_cents: 0, over_limit: true, warnings: [] },
      { donor_id: ids.ben, name: 'Ben Bold', contributor_type: 'individual', eligibility: 'un', aggregate_cents: 30_000, limit_cents: 100_000, remaining_limit_cents: 70_000, over_limit: false, warnings: [] },
    ]);
    expect(data.total).toBe(3);
    expect((await get<DonorLimitListData>(`${path(P.listDonorLimit, { campaignId })}?over_limit=true`)).donor_limit_list.map((r) => r.name)).toEqual(['Civic PAC']);
    expect((await get<DonorLimitListData>(`${path(P.listDonorLimit, { campaignId })}?over_limit=false`)).total).toBe(2);
    expect((await get<DonorLimitListData>(`${path(P.listDonorLimit, { campaignId })}?sort=remaining_limit_cents`)).donor_limit_list.map((r) => r.name)).toEqual(['Civic PAC', 'Amy Able', 'Ben Bold']);
    expect((await get<DonorLimitListData>(`${path(P.listDonorLimit, { campaignId })}?sort=name&limit=2&page=2`)).donor_limit_list.map((r) => r.name)).toEqual(['Civic PAC']);
    expect((await get<DonorLimitListData>(`${path(P.listDonorLimit, { campaignId })}?contributor_type=individual&search=ben`)).donor_limit_list.map((r) => r.name)).toEqual(['Ben Bold']);
    // The NYC limits are the engine's, whatever the eligibility.
    const nyc = await get<DonorLimitListData>(`${path(P.listDonorLimit, { campaignId: nycId })}?sort=name`);
    const engineLimit = limitFor(
      { rule_set: 'nyc_cfb', participant_status: 'participant', office_sought: 'mayor', custom_limit_individual_cents: null, custom_limit_organization_cents: null },
      { contributor_type: 'individual', eligibility: 'p-a', is_international: false, state: 'new_york', city: 'Brooklyn', zip: '11215', district: null },
    ).limit_cents;
    expect(nyc.donor_limit_list.find((r) => r.name === 'Bea Brooklyn')!.limit_cents).toBe(engineLimit);
  });

  it('list_donor_history: every pledge, donation, refund and write-off, newest first; filters and sorts', async () => {
    const data = await get<DonorHistoryListData>(path(P.listDonorHistory, { campaignId }));
    expect(data.donor_history_list.map((e) => [e.kind, e.date, e.amount_cents])).toEqual([
      ['write_off', '2025-06-15', -5_000],
      ['pledge', '2025-05-10', 5_000],
      ['donation', '2025-05-01', 45_000],
      ['refund', '2025-04-20', -20_000],
      ['donation', '2025-04-01', 20_000],
      ['donation', '2025-03-01', 10_000],
      ['donation', '2025-02-01', 80_000],
      ['pledge', '2025-01-15', 30_000],
    ]);
    expect(data.total).toBe(8);
    const amy = await get<DonorHistoryListData>(`${path(P.listDonorHistory, { campaignId })}?donor_id=${ids.amy}`);
    expect(amy.donor_history_list).toEqual([
      { event_id: expect.stringMatching(/^donation:/), kind: 'donation', date: '2025-02-01', donor_id: ids.amy, donor_name: 'Amy Able', amount_cents: 80_000, payment_method: 'card', reference: 'R-1' },
    ]);
    expect((await get<DonorHistoryListData>(`${path(P.listDonorHistory, { campaignId })}?kind=refund`)).donor_history_list.map((e) => e.donor_name)).toEqual(['Civic PAC']);
    expect((await get<DonorHistoryListData>(`${path(P.listDonorHistory, { campaignId })}?start_date=2025-03-01&end_date=2025-04-30`)).total).toBe(3);
    expect((await get<DonorHistoryListData>(`${path(P.listDonorHistory, { campaignId })}?sort=-amount_cents&limit=2`)).donor_history_list.map((e) => e.amount_cents)).toEqual([80_000, 45_000]);
    expect((await get<DonorHistoryListData>(`${path(P.listDonorHistory, { campaignId })}?sort=donor_name&search=bold`)).donor_history_list.map((e) => e.kind)).toEqual(['pledge', 'donation']);
  });

  it('list_donor_match: matchable amount and public funds per donor (NYC: residents, cash over $100 excluded, capped), totals, sorts', async () => {
    const data = await get<DonorMatchListData>(path(P.listDonorMatch, { campaignId: nycId }));
    const byName = Object.fromEntries(data.donor_match_list.map((r) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(['Al Albany', 'Bea Brooklyn', 'Quinn Queens']);
    expect(byName['Bea Brooklyn']).toMatchObject({ paid_cents: 20_000, matchable_cents: 5_000, public_funds_cents: 40_000, city: 'Brooklyn', state: 'new_york' });
    expect(byName['Al Albany']).toMatchObject({ paid_cents: 10_000, matchable_cents: 0, public_funds_cents: 0 });
    expect(byName['Quinn Queens']!.matchable_cents).toBeGreaterThan(0);
    expect(byName['Quinn Queens']!.matchable_cents).toBeLessThan(50_000);
    expect(data.donor_match_list.map((r) => r.name)).toEqual(['Quinn Queens', 'Bea Brooklyn', 'Al Albany']);
    expect(data.totals).toEqual({
      matchable_cents: data.donor_match_list.reduce((s, r) => s + r.matchable_cents, 0),
      public_funds_cents: data.donor_match_list.reduce((s, r) => s + r.public_funds_cents, 0),
    });
    expect((await get<DonorMatchListData>(`${path(P.listDonorMatch, { campaignId: nycId })}?sort=name&limit=1&page=2`)).donor_match_list.map((r) => r.name)).toEqual(['Bea Brooklyn']);
    expect((await get<DonorMatchListData>(`${path(P.listDonorMatch, { campaignId: nycId })}?sort=-paid_cents`)).donor_match_list.map((r) => r.name)).toEqual(['Quinn Queens', 'Bea Brooklyn', 'Al Albany']);
    // Custom rule set: nothing is matchable.
    expect((await get<DonorMatchListData>(path(P.listDonorMatch, { campaignId }))).totals).toEqual({ matchable_cents: 0, public_funds_cents: 0 });
  });

  it("tenancy: another campaign's member sees none of these rows", async () => {
    const theirs = await customCampaign(t, outsider.token);
    for (const p of [P.listDonorLimit, P.listDonorHistory, P.listDonorMatch]) {
      const data = await get<{ total: number }>(`${path(p, { campaignId: theirs })}?donor_id=${ids.amy}`, outsider.token);
      expect(data.total, p).toBe(0);
      const refused = await getJson(t, path(p, { campaignId }), outsider.token);
      expect([refused.statusCode, refused.json().message], p).toEqual([404, 'Campaign not found']);
    }
  });
});
