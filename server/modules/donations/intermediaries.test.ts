/**
 * Intermediaries through the API (issue 35.6): a donation and a pledge payment name the person who
 * bundled them (stored trimmed, the C-SMART number uppercased), an update that does not name one keeps
 * it and null removes it, bad input is a 400 naming the field with nothing saved, and the period's C-SMART
 * import file made by the report job carries the intermediary number in column M.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonationRow } from '../../../domain/donor-book/donations-contract';
import { FILING_PATHS, filingCheckUrl, type FilingCheckData, type StartFilingData } from '../../../domain/filings/api-contract';
import { getReportUrl, REPORT_PATHS, reportDataUrl, reportListUrl, type ReportData, type ReportEntry, type ReportListData } from '../../../domain/reports/api-contract';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, addPledge, P, path } from '../../test/donor-book-helpers';
import { localPath } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const ROSA = {
  name: '  Rosa   Diaz ',
  address: '40 Broad St',
  city: 'New York',
  state: 'new_york',
  zip: '10004',
  employer: 'Diaz & Partners, LLP',
  occupation: 'Attorney',
  csmart_number: 'ab12',
};

describe('intermediaries: donations, pledge payments, validation, the C-SMART file', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  let donorId: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock: new ManualClock(new Date('2025-06-15T12:00:00Z')) });
    owner = await demoSignIn(t, 'owner');
    campaignId = (
      await createCampaign(t, owner.token, { office_sought: 'city_council', election_cycle: '2025', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', cfb_candidate_id: '1623', cfb_committee_id: 'A' })
    ).campaign_id;
    donorId = (await addDonor(t, owner.token, campaignId, { name: 'Ana Lopez', address: '12 Court St', city: 'Brooklyn', zip: '11201', employer: 'School', occupation: 'Teacher' })).donor_id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('a donation names its intermediary; an update without the key keeps it, null removes it', async () => {
    const { donation } = await addDonation(t, owner.token, campaignId, donorId, { paying_date: '2025-03-05', paid_amount_cents: 10_000, payment_method: 'check', check_number: '311', intermediary: ROSA });
    expect(donation.intermediary).toEqual({ ...ROSA, name: 'Rosa Diaz', csmart_number: 'AB12' });

    const body = { campaign_id: campaignId, donation_id: donation.donation_id, donor_id: donorId, paying_date: '2025-03-05', paid_amount_cents: 10_000, payment_method: 'check', check_number: '311', memo: 'Breakfast' };
    const kept = await post(t, P.updateDonation, body, owner.token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json().data as { donation: DonationRow }).donation).toMatchObject({ memo: 'Breakfast', intermediary: { name: 'Rosa Diaz', csmart_number: 'AB12' } });
    const removed = await post(t, P.updateDonation, { ...body, intermediary: null }, owner.token);
    expect((removed.json().data as { donation: DonationRow }).donation.intermediary).toBeNull();
  });

  it('a pledge payment names its intermediary', async () => {
    const pledge = await addPledge(t, owner.token, campaignId, donorId, { commitment_date: '2025-03-01', commitment_amount_cents: 5_000 });
    const { donation } = await addDonation(t, owner.token, campaignId, donorId, { pledge_id: pledge.pledge_id, paying_date: '2025-04-02', paid_amount_cents: 5_000, intermediary: { name: 'Sam Lee' } });
    expect(donation).toMatchObject({ pledge_id: pledge.pledge_id, intermediary: { name: 'Sam Lee', address: null, csmart_number: null } });
  });

  it('refuses an intermediary without a name, a malformed number or ZIP, or not an object: 400 naming the field, nothing saved', async () => {
    const give = (intermediary: unknown) =>
      post(t, P.addDonation, { campaign_id: campaignId, donor_id: donorId, paying_date: '2025-04-03', paid_amount_cents: 1_234, payment_method: 'cash', intermediary }, owner.token);
    for (const [intermediary, message] of [
      [{ address: '1 Main St' }, "The intermediary's name is required"],
      [{ name: '   ' }, "The intermediary's name is required"],
      [{ name: 'Rosa Diaz', csmart_number: 'AB-12' }, 'C-SMART intermediary number: 1 to 5 letters or digits'],
      [{ name: 'Rosa Diaz', csmart_number: '123456' }, 'C-SMART intermediary number: 1 to 5 letters or digits'],
      [{ name: 'Rosa Diaz', zip: '1000' }, 'ZIP code must be 5 digits (or ZIP+4)'],
      ['Rosa Diaz', 'Intermediary must be an object with a name, or null'],
    ] as const) {
      const res = await give(intermediary);
      expect(res.statusCode, JSON.stringify(intermediary)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.json()), JSON.stringify(intermediary)).toContain(message);
    }
    const list = await get(t, `${path(P.listDonation, { campaignId })}?limit=100`, owner.token);
    expect((list.json().data.donation_list as DonationRow[]).some((d) => d.paid_amount_cents === 1_234)).toBe(false);
  });

  it("the period's C-SMART file carries the intermediary number in column M", async () => {
    await addDonation(t, owner.token, campaignId, donorId, { paying_date: '2025-05-01', paid_amount_cents: 2_500, payment_method: 'check', check_number: '77', intermediary: { ...ROSA, csmart_number: '00417' } });
    const started = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nyc_cfb', period_id: 'nyc_cfb.2025.jul-2025' }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    const { entries } = started.json().data as StartFilingData;
    await t.app.jobs.settled();
    const link = await get(t, `${getReportUrl(entries[0]!.report_id)}?campaign_id=${campaignId}`, owner.token);
    const file = (await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) })).rawPayload.toString('utf8');
    const lines = file.split('\r\n').filter(Boolean);
    // Date order: the first gift (its intermediary removed), the pledge payment (named, no number), the bundled check.
    expect(lines.map((line) => line.split(',').slice(4, 14))).toEqual([
      ['3/5/25', '100.00', expect.any(String), '2', '311', 'N', 'N', 'Breakfast', '', ''],
      ['4/2/25', '50.00', expect.any(String), '4', '', 'N', 'N', '', '', ''],
      ['5/1/25', '25.00', expect.any(String), '2', '77', 'N', 'N', '', '00417', ''],
    ]);
    // The pre-filing check questions the pledge payment whose intermediary has no C-SMART number (column M empty), not the others.
    const checked = (await get(t, `${filingCheckUrl(campaignId)}?regulator=nyc_cfb&period_id=nyc_cfb.2025.jul-2025`, owner.token)).json().data as FilingCheckData;
    expect(checked.findings.filter((f) => f.kind === 'intermediary_number').map((f) => [f.severity, f.date, f.amount_cents, f.detail, f.fix_path])).toEqual([
      ['question', '2025-04-02', 5_000, 'Intermediary Sam Lee without a C-SMART Intermediary Number.', `/donor-list/${donorId}`],
    ]);
  });

  it('the intermediary report lists each bundled contribution of the period with a subtotal per intermediary, and is made as a file under Generated files', async () => {
    const other = (await createCampaign(t, owner.token, { office_sought: 'city_council', election_cycle: '2025', compliance_rule_set: 'nyc_cfb', participant_status: 'participant' })).campaign_id;
    const outsider = (await addDonor(t, owner.token, other)).donor_id;
    await addDonation(t, owner.token, other, outsider, { paying_date: '2025-05-02', paid_amount_cents: 9_900, intermediary: ROSA });

    const res = await get(t, `${reportDataUrl(campaignId, 'intermediary')}?start_date=2025-04-01&end_date=2025-06-30&limit=100`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ReportData;
    // Default order: by intermediary name. The gift of March (and the one whose intermediary was removed) is not in the period / has none.
    expect(data.rows.map((r) => [r.intermediary_name, r.intermediary_number, r.intermediary_address, r.intermediary_work, r.paying_date, r.donor_name, r.amount_cents, r.net_cents])).toEqual([
      ['Rosa Diaz', '00417', '40 Broad St, New York, New York, 10004', 'Diaz & Partners, LLP / Attorney', '2025-05-01', 'Ana Lopez', 2_500, 2_500],
      ['Sam Lee', null, null, null, '2025-04-02', 'Ana Lopez', 5_000, 5_000],
    ]);
    expect(data.totals).toMatchObject({ amount_cents: 7_500, net_cents: 7_500 });
    expect(data.summary.find((f) => f.key === 'intermediaries')?.value).toBe(2);
    expect(data.breakdown?.rows).toEqual([
      { row_id: 'Rosa Diaz', intermediary_name: 'Rosa Diaz', count: 1, amount_cents: 2_500, net_cents: 2_500 },
      { row_id: 'Sam Lee', intermediary_name: 'Sam Lee', count: 1, amount_cents: 5_000, net_cents: 5_000 },
    ]);
    const searched = (await get(t, `${reportDataUrl(campaignId, 'intermediary')}?search=rosa`, owner.token)).json().data as ReportData;
    expect(searched.rows.map((r) => r.intermediary_name)).toEqual(['Rosa Diaz']);

    const started = await post(t, REPORT_PATHS.start, { campaign_id: campaignId, type: 'intermediary', format: 'csv', filter: { start_date: '2025-04-01', end_date: '2025-06-30' } }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    await t.app.jobs.settled();
    const entry = started.json().data as ReportEntry;
    const link = await get(t, `${getReportUrl(entry.report_id)}?campaign_id=${campaignId}`, owner.token);
    const csv = (await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) })).rawPayload.toString('utf8');
    expect(csv).toContain('Rosa Diaz,00417,"40 Broad St, New York, New York, 10004","Diaz & Partners, LLP / Attorney",01-05-2025,Ana Lopez,25.00,0.00,25.00');
    const listed = (await get(t, reportListUrl(campaignId, 'intermediary'), owner.token)).json().data as ReportListData;
    expect(listed.report_list.map((r) => r.report_id)).toContain(entry.report_id);
  });
});
