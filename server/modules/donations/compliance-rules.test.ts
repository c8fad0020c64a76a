/**
 * Compliance a treasurer can sign, through the API: the campaign's class governs the limit (not the
 * donor's eligibility), partial refunds, the $100 cash cap, gifts outside the cycle, checks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationListData, DonationRow } from '../../../domain/donor-book/donations-contract';
import type { DonorLimitListData } from '../../../domain/donor-book/donor-reports-contract';
import type { DonorDetail, DonorListData } from '../../../domain/donor-book/donors-contract';
import { campaigns } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, auditOf, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

/** A New York City resident individual: matchable in a participant NYC campaign. */
const NYC_RESIDENT = { state: 'new_york', city: 'Brooklyn', zip: '11201' };

describe('compliance: class, partial refunds, cash cap, cycles, checks', () => {
  let t: TestApp;
  let owner: Session;
  const clock = new ManualClock(new Date('2025-06-15T12:00:00Z'));

  const nycCampaign = async (office: string, participant: 'participant' | 'non_participant' | null) =>
    (await createCampaign(t, owner.token, { office_sought: office, compliance_rule_set: 'nyc_cfb', participant_status: participant, election_cycle: '2025' })).campaign_id;
  const donor = (campaignId: string, overrides: Record<string, unknown> = {}) => getJson(t, path(P.getDonor, { campaignId, donorId: overrides.donor_id as string }), owner.token);
  const detail = async (campaignId: string, donorId: string) => (await donor(campaignId, { donor_id: donorId })).json().data as DonorDetail;
  const give = (campaignId: string, donorId: string, overrides: Record<string, unknown> = {}) =>
    post(t, P.addDonation, { campaign_id: campaignId, donor_id: donorId, paying_date: '2025-04-01', paid_amount_cents: 5_000, payment_method: 'card', ...overrides }, owner.token);
  const refund = (campaignId: string, donationId: string, overrides: Record<string, unknown> = {}) =>
    post(t, P.refundDonation, { campaign_id: campaignId, donation_id: donationId, refund_date: '2025-05-01', refund_reason: 'Asked for it back', ...overrides }, owner.token);

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => {
    await t.close();
  });

  describe("the campaign's class governs the limit", () => {
    it('a participant Council campaign refuses $1,051 in all from a donor with default fields, whatever the donor is marked', async () => {
      const campaignId = await nycCampaign('city_council', 'participant');
      const plain = await addDonor(t, owner.token, campaignId);
      expect((await give(campaignId, plain.donor_id, { paid_amount_cents: 100_000 })).statusCode).toBe(201);
      const over = await give(campaignId, plain.donor_id, { paid_amount_cents: 5_100 });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({ code: 'COMMITMENT_EXCEEDS_LIMIT', details: { limit_cents: 105_000, aggregate_cents: 100_000, remaining_cents: 5_000 } });
      expect((await give(campaignId, plain.donor_id, { paid_amount_cents: 5_000 })).statusCode).toBe(201);

      // Marked non-participant: still the participant limit, and a warning says the record contradicts the campaign.
      const marked = await addDonor(t, owner.token, campaignId, { eligibility: 'np' });
      expect((await give(campaignId, marked.donor_id, { paid_amount_cents: 160_000 })).json()).toMatchObject({ code: 'COMMITMENT_EXCEEDS_LIMIT', details: { limit_cents: 105_000 } });
      const answer = await detail(campaignId, marked.donor_id);
      expect(answer.limit_cents).toBe(105_000);
      expect(answer.warnings.map((w) => w.code)).toContain('ELIGIBILITY_MISMATCH');
      const report = (await getJson(t, `${path(P.listDonorLimit, { campaignId })}?limit=100`, owner.token)).json().data as DonorLimitListData;
      const row = report.donor_limit_list.find((r) => r.donor_id === marked.donor_id)!;
      expect(row.warnings.map((w) => w.code)).toEqual(['ELIGIBILITY_MISMATCH']);
      expect(report.donor_limit_list.find((r) => r.donor_id === plain.donor_id)!.warnings).toEqual([]);
    });

    it('a non-participant Council campaign accepts $1,600 from a donor left undetermined, and refuses a cent more', async () => {
      const campaignId = await nycCampaign('city_council', 'non_participant');
      const plain = await addDonor(t, owner.token, campaignId);
      expect((await give(campaignId, plain.donor_id, { paid_amount_cents: 160_000 })).statusCode).toBe(201);
      expect((await give(campaignId, plain.donor_id, { paid_amount_cents: 1 })).json()).toMatchObject({ code: 'COMMITMENT_EXCEEDS_LIMIT', details: { limit_cents: 160_000 } });
      const marked = await addDonor(t, owner.token, campaignId, { eligibility: 'p-a' });
      expect((await detail(campaignId, marked.donor_id)).warnings.map((w) => w.code)).toContain('ELIGIBILITY_MISMATCH');
      expect((await detail(campaignId, plain.donor_id)).matchable_cents).toBe(0);
    });

    it('a campaign whose class is not set applies the strictest limit, with a warning', async () => {
      // The form requires the class for NYC CFB; a campaign saved before that rule may still lack it.
      const campaignId = await nycCampaign('city_council', 'non_participant');
      await t.db.update(campaigns).set({ participantStatus: null }).where(eq(campaigns.id, campaignId));
      await t.app.changes.sync();
      const plain = await addDonor(t, owner.token, campaignId);
      const answer = await detail(campaignId, plain.donor_id);
      expect(answer.limit_cents).toBe(105_000);
      expect(answer.warnings.map((w) => w.code)).toContain('CAMPAIGN_CLASS_UNDETERMINED');
    });
  });

  describe('partial refunds', () => {
    it('$250 refunded by $100 leaves $150 matchable and $1,200 public funds in a participant Mayor campaign', async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const resident = await addDonor(t, owner.token, campaignId, NYC_RESIDENT);
      const gift = await addDonation(t, owner.token, campaignId, resident.donor_id, { paid_amount_cents: 25_000 });
      expect((await detail(campaignId, resident.donor_id)).public_funds_cents).toBe(200_000);

      const res = await refund(campaignId, gift.donation.donation_id, { refund_amount_cents: 10_000 });
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().data as DonationRow;
      expect(row).toMatchObject({ paid_amount_cents: 25_000, refunded_cents: 10_000, net_amount_cents: 15_000, refunded_at: '2025-05-01', refund_reason: 'Asked for it back' });
      expect(row.refunds).toHaveLength(1);
      expect(row.refunds[0]).toMatchObject({ amount_cents: 10_000, refund_date: '2025-05-01', reason: 'Asked for it back' });

      const after = await detail(campaignId, resident.donor_id);
      expect(after).toMatchObject({ paid_cents: 15_000, aggregate_cents: 15_000, matchable_cents: 15_000, public_funds_cents: 120_000, all_time_paid_cents: 15_000 });
      const [audit] = await auditOf(t, campaignId, 'donation.refunded');
      expect(audit.details).toMatchObject({ after: { refunded_cents: 10_000, refund: { amount_cents: 10_000 } } });
    });

    it('several refunds, never more than was paid; the default refunds what remains; then nothing is left', async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const someone = await addDonor(t, owner.token, campaignId);
      const gift = await addDonation(t, owner.token, campaignId, someone.donor_id, { paid_amount_cents: 30_000 });
      const id = gift.donation.donation_id;
      expect((await refund(campaignId, id, { refund_amount_cents: 10_000 })).statusCode).toBe(200);
      const tooMuch = await refund(campaignId, id, { refund_amount_cents: 20_001 });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json()).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', details: { refundable_cents: 20_000 } });
      const rest = await refund(campaignId, id, { refund_date: '2025-05-02', refund_reason: 'The rest' });
      expect(rest.json().data).toMatchObject({ refunded_cents: 30_000, net_amount_cents: 0, refunded_at: '2025-05-02', refund_reason: 'The rest' });
      expect(rest.json().data.refunds.map((r: { amount_cents: number }) => r.amount_cents)).toEqual([10_000, 20_000]);
      expect((await refund(campaignId, id)).json()).toMatchObject({ code: 'DONATION_ALREADY_REFUNDED' });
      expect((await refund(campaignId, id, { refund_amount_cents: 0 })).statusCode).toBe(400);
      expect(await detail(campaignId, someone.donor_id)).toMatchObject({ paid_cents: 0, aggregate_cents: 0, last_donation_date: null });

      const list = (await getJson(t, `${path(P.listDonation, { campaignId })}?refunded=true`, owner.token)).json().data as DonationListData;
      expect(list.donation_list.map((d) => d.donation_id)).toEqual([id]);
      expect(list.donation_list[0]!.refunds).toHaveLength(2);
      expect(list.totals).toEqual({ paid_amount_cents: 30_000, refunded_cents: 30_000, net_cents: 0 });
    });

    it('a refunded part of a pledge payment reopens the pledge by that much; an edit cannot go under what was refunded', async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const someone = await addDonor(t, owner.token, campaignId);
      const pledge = await addPledge(t, owner.token, campaignId, someone.donor_id, { commitment_amount_cents: 50_000 });
      const payment = await addDonation(t, owner.token, campaignId, someone.donor_id, { paid_amount_cents: 50_000, pledge_id: pledge.pledge_id });
      await refund(campaignId, payment.donation.donation_id, { refund_amount_cents: 20_000 });
      expect(await detail(campaignId, someone.donor_id)).toMatchObject({ pledged_cents: 50_000, paid_cents: 30_000, outstanding_cents: 20_000, aggregate_cents: 50_000 });
      const edit = await post(
        t,
        P.updateDonation,
        { campaign_id: campaignId, donation_id: payment.donation.donation_id, donor_id: someone.donor_id, paying_date: '2025-04-01', paid_amount_cents: 19_999, payment_method: 'card', pledge_id: pledge.pledge_id },
        owner.token,
      );
      expect(edit.json()).toMatchObject({ code: 'DONATION_BELOW_REFUNDED', details: { refunded_cents: 20_000 } });
    });
  });

  describe('the $100 cash cap (NYC CFB)', () => {
    it('a second $60 cash gift after $50 cash is refused with the figures; $50 more is allowed; other methods are not capped', async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const someone = await addDonor(t, owner.token, campaignId);
      expect((await give(campaignId, someone.donor_id, { paid_amount_cents: 5_000, payment_method: 'cash' })).statusCode).toBe(201);
      const over = await give(campaignId, someone.donor_id, { paid_amount_cents: 6_000, payment_method: 'cash' });
      expect(over.statusCode).toBe(422);
      expect(over.json()).toMatchObject({ code: 'CASH_EXCEEDS_LIMIT', message: expect.stringContaining('$100'), details: { rule: 'nyc_cfb.limit.cash', limit_cents: 10_000, cash_cents: 5_000, remaining_cents: 5_000 } });
      expect((await getJson(t, `${path(P.listDonation, { campaignId })}?donor_id=${someone.donor_id}`, owner.token)).json().data.total).toBe(1);
      expect((await give(campaignId, someone.donor_id, { paid_amount_cents: 5_000, payment_method: 'cash' })).statusCode).toBe(201);
      expect((await give(campaignId, someone.donor_id, { paid_amount_cents: 6_000, payment_method: 'check', check_number: '1001' })).statusCode).toBe(201);
    });

    it('a refund of cash frees room under the cap; cash towards a pledge counts; a custom campaign has no cap', async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const someone = await addDonor(t, owner.token, campaignId);
      const cash = await addDonation(t, owner.token, campaignId, someone.donor_id, { paid_amount_cents: 10_000, payment_method: 'cash' });
      await refund(campaignId, cash.donation.donation_id, { refund_amount_cents: 4_000 });
      const pledge = await addPledge(t, owner.token, campaignId, someone.donor_id, { commitment_amount_cents: 20_000 });
      expect((await give(campaignId, someone.donor_id, { paid_amount_cents: 4_001, payment_method: 'cash', pledge_id: pledge.pledge_id })).json()).toMatchObject({ code: 'CASH_EXCEEDS_LIMIT' });
      expect((await give(campaignId, someone.donor_id, { paid_amount_cents: 4_000, payment_method: 'cash', pledge_id: pledge.pledge_id })).statusCode).toBe(201);

      const custom = (await createCampaign(t, owner.token, { compliance_rule_set: 'custom', participant_status: null, custom_limit_individual_cents: 1_000_000, custom_limit_organization_cents: 1_000_000 })).campaign_id;
      const other = await addDonor(t, owner.token, custom);
      expect((await give(custom, other.donor_id, { paid_amount_cents: 50_000, payment_method: 'cash' })).statusCode).toBe(201);
    });
  });

  describe('election cycles', () => {
    it("a gift outside the cycle is refused until confirmed, then counts all time but not toward this cycle's limit", async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const someone = await addDonor(t, owner.token, campaignId);
      const outside = await give(campaignId, someone.donor_id, { paying_date: '2023-05-01', paid_amount_cents: 20_000 });
      expect(outside.statusCode).toBe(422);
      expect(outside.json()).toMatchObject({ code: 'OUTSIDE_ELECTION_CYCLE', details: { cycle: '2025', cycle_start: '2024-01-01', cycle_end: '2025-12-31', counts_toward: '2024', date: '2023-05-01' } });
      const confirmed = await give(campaignId, someone.donor_id, { paying_date: '2023-05-01', paid_amount_cents: 20_000, confirm_outside_cycle: true });
      expect(confirmed.statusCode, confirmed.body).toBe(201);
      const warning = confirmed.json().data.warnings.find((w: { code: string }) => w.code === 'OUTSIDE_CYCLE');
      expect(warning.message).toContain('2025 cycle');
      expect(warning.message).toContain('2024');
      expect(await detail(campaignId, someone.donor_id)).toMatchObject({ paid_cents: 0, aggregate_cents: 0, all_time_paid_cents: 20_000, cycle: { value: '2025', start_date: '2024-01-01', end_date: '2025-12-31' } });
      // The full cycle limit is still there.
      expect((await give(campaignId, someone.donor_id, { paid_amount_cents: 210_000 })).statusCode).toBe(201);

      // Pledges too.
      const pledge = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: someone.donor_id, commitment_date: '2023-02-01', commitment_amount_cents: 1_000, instalments: [] }, owner.token);
      expect(pledge.json()).toMatchObject({ code: 'OUTSIDE_ELECTION_CYCLE' });
    });

    it('list filters by cycle: donors and donations dated in it; the list says which cycle its figures are for', async () => {
      const campaignId = await nycCampaign('mayor', 'participant');
      const old = await addDonor(t, owner.token, campaignId);
      const current = await addDonor(t, owner.token, campaignId);
      await give(campaignId, old.donor_id, { paying_date: '2023-05-01', confirm_outside_cycle: true });
      await give(campaignId, current.donor_id, { paying_date: '2025-02-01' });
      const donorsIn = async (cycle: string) =>
        ((await getJson(t, `${path(P.listDonor, { campaignId })}?cycle=${cycle}`, owner.token)).json().data as DonorListData).donor_list.map((d) => d.donor_id);
      expect(await donorsIn('2024')).toEqual([old.donor_id]);
      expect(await donorsIn('2025')).toEqual([current.donor_id]);
      expect(await donorsIn('2031')).toEqual([]);
      const list = (await getJson(t, path(P.listDonor, { campaignId }), owner.token)).json().data as DonorListData;
      expect(list.cycle).toEqual({ value: '2025', start_date: '2024-01-01', end_date: '2025-12-31' });
      const donationsIn = (await getJson(t, `${path(P.listDonation, { campaignId })}?cycle=2024`, owner.token)).json().data as DonationListData;
      expect(donationsIn.donation_list.map((d) => d.donor_id)).toEqual([old.donor_id]);
      expect((await getJson(t, `${path(P.listDonation, { campaignId })}?cycle=20x4`, owner.token)).statusCode).toBe(400);
    });
  });

  it("checks: payment method 'check' with its number; the number is dropped for other methods", async () => {
    const campaignId = await nycCampaign('mayor', 'participant');
    const someone = await addDonor(t, owner.token, campaignId);
    const check = await give(campaignId, someone.donor_id, { payment_method: 'check', check_number: ' 1042 ' });
    expect(check.json().data.donation).toMatchObject({ payment_method: 'check', check_number: '1042' });
    const card = await give(campaignId, someone.donor_id, { payment_method: 'card', check_number: '1043' });
    expect(card.json().data.donation).toMatchObject({ payment_method: 'card', check_number: null });
    const bad = await give(campaignId, someone.donor_id, { payment_method: 'check', check_number: '12; drop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({ check_number: 'Check number: up to 20 letters, digits or dashes' });
  });
});
