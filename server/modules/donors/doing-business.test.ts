/**
 * A donor doing business with the City (issue 35.5), through the API of a NYC CFB City Council
 * participant campaign: staff mark the donor on the donor form (audited like every donor change); the
 * lower limit ($250 for City Council) refuses an over-limit gift or pledge; the donor's matchable part
 * drops to $0 on the dashboard and in the match report the moment the mark is set, and comes back when
 * it is cleared; the donor limit report shows the lower limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonorDetail, DonorLimitListData, DonorMatchListData, DonorRow, TotalStats } from '../../../domain/donor-book/api-contract';
import { ManualClock } from '../../plugins/clock';
import { post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, auditOf, donorBody, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

/** A New York City resident: matchable (up to $175 for City Council) unless doing business. */
const NYC_RESIDENT = { state: 'new_york', city: 'Brooklyn', zip: '11201' };

describe('doing business with the City: the lower limit and no match', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));

  const give = (donorId: string, overrides: Record<string, unknown> = {}) =>
    post(t, P.addDonation, { campaign_id: campaignId, donor_id: donorId, paying_date: '2025-04-01', paid_amount_cents: 5_000, payment_method: 'card', ...overrides }, owner.token);
  const detail = async (donorId: string) => (await getJson(t, path(P.getDonor, { campaignId, donorId }), owner.token)).json().data as DonorDetail;
  const matchable = async () => ((await getJson(t, path(P.totalStats, { campaignId }), owner.token)).json().data as TotalStats).matchable_cents;
  const update = (donor: DonorRow, changes: Record<string, unknown>) => {
    const { donor_id, name, donor_phone, donor_email, contributor_type, employer, occupation, address, apt_unit, city, state, zip, district, country, eligibility, recipient } = donor;
    const fields = { name, donor_phone, donor_email, contributor_type, employer, occupation, address, apt_unit, city, state, zip, district, country, eligibility, recipient };
    return post(t, P.updateDonor, { campaign_id: campaignId, donor_id, ...fields, ...changes }, owner.token);
  };

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
    campaignId = (await createCampaign(t, owner.token, { office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025' })).campaign_id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a donor marked on the form gets the $250 City Council limit: $251 is refused, $250 accepted; an unmarked donor may give $1,050', async () => {
    const marked = await addDonor(t, owner.token, campaignId, { ...NYC_RESIDENT, doing_business: true });
    expect(marked.doing_business).toBe(true);
    expect(marked.limit_cents).toBe(25_000);
    const over = await give(marked.donor_id, { paid_amount_cents: 25_100 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'COMMITMENT_EXCEEDS_LIMIT', details: { limit_cents: 25_000, aggregate_cents: 0, remaining_cents: 25_000 } });
    expect((await give(marked.donor_id, { paid_amount_cents: 25_000 })).statusCode).toBe(201);
    // A pledge counts the same way: nothing more may be promised.
    const pledge = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: marked.donor_id, commitment_date: '2025-04-02', commitment_amount_cents: 100, instalments: [] }, owner.token);
    expect(pledge.statusCode).toBe(422);
    expect(pledge.json()).toMatchObject({ code: 'COMMITMENT_EXCEEDS_LIMIT', details: { limit_cents: 25_000 } });

    const plain = await addDonor(t, owner.token, campaignId, NYC_RESIDENT);
    expect(plain.doing_business).toBe(false);
    expect((await give(plain.donor_id, { paid_amount_cents: 105_000 })).statusCode).toBe(201);

    const report = (await getJson(t, `${path(P.listDonorLimit, { campaignId })}?limit=100`, owner.token)).json().data as DonorLimitListData;
    expect(report.donor_limit_list.find((r) => r.donor_id === marked.donor_id)).toMatchObject({ limit_cents: 25_000, aggregate_cents: 25_000, over_limit: false });
    expect(report.donor_limit_list.find((r) => r.donor_id === plain.donor_id)).toMatchObject({ limit_cents: 105_000 });
  });

  it('marking a donor who gave $175 drops the dashboard matchable amount and the match report by $175, audited; clearing it brings them back', async () => {
    const donor = await addDonor(t, owner.token, campaignId, NYC_RESIDENT);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: 17_500 });
    const before = await matchable();
    expect((await detail(donor.donor_id)).matchable_cents).toBe(17_500);

    const marked = await update(donor, { doing_business: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ doing_business: true, matchable_cents: 0, limit_cents: 25_000 });
    expect(await matchable()).toBe(before - 17_500);
    const answer = await detail(donor.donor_id);
    expect(answer.matchable_cents).toBe(0);
    expect(answer.warnings.map((w) => w.code)).toContain('NOT_MATCHABLE_DOING_BUSINESS');
    const report = (await getJson(t, `${path(P.listDonorMatch, { campaignId })}?limit=100`, owner.token)).json().data as DonorMatchListData;
    expect(report.donor_match_list.find((r) => r.donor_id === donor.donor_id)).toMatchObject({ matchable_cents: 0 });

    const audit = (await auditOf(t, campaignId, 'donor.updated')).filter((a) => a.details.entity_id === donor.donor_id);
    expect(audit.at(-1)?.details).toMatchObject({ before: { doing_business: false }, after: { doing_business: true } });

    // An update that does not name the mark leaves it as it was.
    const unnamed = await update(marked.json().data as DonorRow, { occupation: 'Contractor' });
    expect(unnamed.json().data).toMatchObject({ doing_business: true, occupation: 'Contractor' });

    const cleared = await update(donor, { doing_business: false });
    expect(cleared.json().data).toMatchObject({ doing_business: false, matchable_cents: 17_500 });
    expect(await matchable()).toBe(before);
  });

  it('refuses a mark that is not true or false with a 400 naming the field, and saves nothing', async () => {
    const res = await post(t, P.addDonor, donorBody(campaignId, { doing_business: 'yes' }), owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(res.json())).toContain('doing_business');
  });
});
