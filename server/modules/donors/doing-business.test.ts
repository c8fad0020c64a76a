/**
 * A donor doing business with the City (issue 35.5), through the API of a NYC CFB City Council
 * participant campaign: staff mark the donor on the donor form (audited like every donor change); the
 * lower limit ($250 for City Council) refuses an over-limit gift or pledge; the donor's matchable part
 * drops to $0 on the dashboard and in the match report the moment the mark is set, and comes back when
 * it is cleared; the donor limit report shows the lower limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TotalStats } from '../../../domain/donor-book/dashboard-contract';
import type { DonorLimitListData, DonorMatchListData } from '../../../domain/donor-book/donor-reports-contract';
import type { DoingBusinessReviewData, DonorDetail, DonorRow } from '../../../domain/donor-book/donors-contract';
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

  it("the Doing Business Database extract: the review lists the donors of this campaign with the same name and ZIP or address, nothing written; apply marks the chosen ones", async () => {
    const ann = await addDonor(t, owner.token, campaignId, { ...NYC_RESIDENT, name: 'Ann  Extract', address: '1 Main St', zip: '11201-4455' });
    const bob = await addDonor(t, owner.token, campaignId, { ...NYC_RESIDENT, name: 'Bob Extract', address: '20 Court St., Apt 3', zip: '11201' });
    const carol = await addDonor(t, owner.token, campaignId, { ...NYC_RESIDENT, name: 'Carol Extract', address: '5 Elm St', zip: '11201' });
    const dan = await addDonor(t, owner.token, campaignId, { ...NYC_RESIDENT, name: 'Dan Extract', address: '9 Oak St', zip: '11215' });
    const other = (await createCampaign(t, owner.token, { office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025' })).campaign_id;
    const elsewhere = await addDonor(t, owner.token, other, { ...NYC_RESIDENT, name: 'Ann Extract', address: '1 Main St', zip: '11201' });
    await addDonation(t, owner.token, campaignId, ann.donor_id, { paid_amount_cents: 17_500 });
    const before = await matchable();

    // Ann: same name and ZIP (case and spacing aside); Bob: another ZIP, same street address (punctuation
    // and case aside); Carol: same name, neither ZIP nor address; Dan: marked already; a row with no name.
    const csv = [
      '\uFEFFLast Name,First Name,Business Address,ZIP Code',
      'EXTRACT,ANN,"100 Other Ave",11201',
      'Extract,Bob,20 COURT ST APT 3,10001',
      'Extract,Carol,77 Elsewhere Rd,10451',
      'Extract,Dan,9 Oak St,11215',
      ',,1 Main St,11201',
      'Nobody,Zed,1 Main St,11201',
    ].join('\r\n');
    await update(dan, { doing_business: true });
    const review = await post(t, P.reviewDoingBusiness, { campaign_id: campaignId, file_text: csv }, owner.token);
    expect(review.statusCode, review.body).toBe(200);
    const data = review.json().data as DoingBusinessReviewData;
    expect(data.rows).toBe(5);
    expect(data.unmatched_rows).toBe(2);
    expect(data.matches.map((m) => [m.row_number, m.donor_id, m.matched_by, m.already_marked])).toEqual([
      [2, ann.donor_id, 'name_zip', false],
      [3, bob.donor_id, 'name_address', false],
      [5, dan.donor_id, 'name_zip', true],
    ]);
    expect(data.matches.some((m) => m.donor_id === elsewhere.donor_id || m.donor_id === carol.donor_id)).toBe(false);
    expect((await detail(ann.donor_id)).doing_business).toBe(false);
    expect(await matchable()).toBe(before);

    // The person leaves Bob out: only Ann is marked now (Dan was already).
    const applied = await post(t, P.applyDoingBusiness, { campaign_id: campaignId, donor_ids: [ann.donor_id, dan.donor_id] }, owner.token);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toEqual({ marked: 1, already_marked: 1 });
    expect(await detail(ann.donor_id)).toMatchObject({ doing_business: true, matchable_cents: 0, limit_cents: 25_000 });
    expect((await detail(bob.donor_id)).doing_business).toBe(false);
    expect(await matchable()).toBe(before - 17_500);
    const audit = (await auditOf(t, campaignId, 'donor.updated')).filter((a) => a.details.entity_id === ann.donor_id);
    expect(audit.at(-1)?.details).toMatchObject({ before: { doing_business: false }, after: { doing_business: true }, source: 'doing_business_extract' });
    expect((await getJson(t, path(P.getDonor, { campaignId: other, donorId: elsewhere.donor_id }), owner.token)).json().data.doing_business).toBe(false);
  });

  it('refuses an extract it cannot read, and a donor of another campaign, with {code, message} and nothing written', async () => {
    const noName = await post(t, P.reviewDoingBusiness, { campaign_id: campaignId, file_text: 'Address,ZIP\r\n1 Main St,11201' }, owner.token);
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'DOING_BUSINESS_FILE_INVALID', message: 'This file cannot be read as a Doing Business Database extract' });
    const broken = await post(t, P.reviewDoingBusiness, { campaign_id: campaignId, file_text: 'Name,ZIP\r\n"Ann,11201' }, owner.token);
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'DOING_BUSINESS_FILE_INVALID' });
    expect((await post(t, P.reviewDoingBusiness, { campaign_id: campaignId, file_text: '' }, owner.token)).statusCode).toBe(400);

    const mine = await addDonor(t, owner.token, campaignId, NYC_RESIDENT);
    const other = (await createCampaign(t, owner.token, { office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025' })).campaign_id;
    const theirs = await addDonor(t, owner.token, other, NYC_RESIDENT);
    const mixed = await post(t, P.applyDoingBusiness, { campaign_id: campaignId, donor_ids: [mine.donor_id, theirs.donor_id] }, owner.token);
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ code: 'DONOR_NOT_FOUND' });
    expect((await detail(mine.donor_id)).doing_business).toBe(false);
    expect((await post(t, P.applyDoingBusiness, { campaign_id: campaignId, donor_ids: [] }, owner.token)).statusCode).toBe(400);
  });
});
