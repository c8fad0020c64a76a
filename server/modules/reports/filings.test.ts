/**
 * Filings on a real database (issue 35): a NYC campaign's periods, the pre-filing check of one period, and
 * its C-SMART import file and companion sheet made by the report job recipe (entries under Generated
 * files, private storage, signed links), with the errors a client can cause.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilingCheckData, FilingPeriodsData, StartFilingData } from '../../../domain/filings/api-contract';
import { FILING_PATHS, filingCheckUrl, filingPeriodsUrl } from '../../../domain/filings/api-contract';
import { getReportUrl, reportListUrl, type ReportListData } from '../../../domain/reports/api-contract';
import { donationMatches, donations } from '../../db/schema';
import { ManualClock } from '../../plugins/clock';
import { get, post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor, customCampaign } from '../../test/donor-book-helpers';
import { localPath } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const PERIOD = 'nyc_cfb.2025.jul-2025'; // 2025-01-12 to 2025-07-11, due 2025-07-15

describe('filings: periods, pre-filing check, C-SMART file and companion sheet', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  let ana: string;
  let bob: string;
  let anaGift: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock: new ManualClock(new Date('2025-06-15T12:00:00Z')) });
    owner = await demoSignIn(t, 'owner');
    campaignId = (
      await createCampaign(t, owner.token, { office_sought: 'city_council', election_cycle: '2025', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', cfb_candidate_id: '1623', cfb_committee_id: 'A' })
    ).campaign_id;
    ana = (
      await addDonor(t, owner.token, campaignId, { name: 'Ana Lopez', address: '12 Court St', apt_unit: '4B', city: 'Brooklyn', zip: '11201', employer: 'Acme, Inc.', occupation: 'Teacher' })
    ).donor_id;
    bob = (await addDonor(t, owner.token, campaignId, { name: 'Bob Stone', address: '1 Main St', city: 'Albany', zip: '12207' })).donor_id;
    // Before the period, written into the book in time for its own statement: neither in this file nor questioned.
    const earlier = (await addDonation(t, owner.token, campaignId, ana, { paying_date: '2024-12-01', paid_amount_cents: 5_000, payment_method: 'check', check_number: '1001' })).donation.donation_id;
    await t.db.update(donations).set({ createdAt: new Date('2024-12-02T15:00:00Z') }).where(eq(donations.id, earlier));
    anaGift = (await addDonation(t, owner.token, campaignId, ana, { paying_date: '2025-03-05', paid_amount_cents: 25_000, payment_method: 'check', check_number: '1042', memo: 'Spring event' })).donation.donation_id;
    await addDonation(t, owner.token, campaignId, bob, { paying_date: '2025-04-01', paid_amount_cents: 15_000, payment_method: 'card', reference_number: 'CH-77' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("lists the regulator's periods of the campaign's cycle, today's period first choice", async () => {
    const res = await get(t, `${filingPeriodsUrl(campaignId)}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FilingPeriodsData;
    expect(data.regulator).toBe('nyc_cfb');
    expect(data.periods).toHaveLength(8);
    expect(data.current_period_id).toBe(PERIOD);
  });

  it("checks the period: the file's contributions, and each finding with the donor page that fixes it", async () => {
    const res = await get(t, `${filingCheckUrl(campaignId)}?regulator=nyc_cfb&period_id=${PERIOD}`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FilingCheckData;
    expect(data).toMatchObject({ in_file_count: 2, in_file_cents: 40_000, files: ['filing_csmart', 'filing_check'] });
    // Bob gave $150 (over $99) without employer or occupation; Ana's record is complete.
    expect(data.findings).toEqual([
      expect.objectContaining({ kind: 'employer_occupation', donor_id: bob, donor_name: 'Bob Stone', date: '2025-04-01', detail: 'Missing employer and occupation (cycle total $150.00).', fix_path: `/donor-list/${bob}` }),
    ]);
  });

  it('makes the C-SMART file and the companion sheet through the report job, listed under Generated files', async () => {
    const started = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nyc_cfb', period_id: PERIOD }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    const { entries } = started.json().data as StartFilingData;
    expect(entries.map((e) => [e.type, e.title, e.status])).toEqual([
      ['filing_csmart', 'July 2025 periodic - C-SMART Contribution Import - CSV File', 'queued'],
      ['filing_check', 'July 2025 periodic - Pre-filing Check (companion sheet) - CSV File', 'queued'],
    ]);
    await t.app.jobs.settled();

    const download = async (reportId: string) => {
      const link = await get(t, `${getReportUrl(reportId)}?campaign_id=${campaignId}`, owner.token);
      expect(link.statusCode, link.body).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) });
      expect(res.statusCode).toBe(200);
      return { text: res.rawPayload.toString('utf8'), fileName: link.json().data.file_name as string };
    };

    const csmart = await download(entries[0]!.report_id);
    expect(csmart.fileName).toBe('July 2025 periodic - C-SMART Contribution Import.csv');
    const [match] = await t.db.select().from(donationMatches).where(and(eq(donationMatches.campaignId, campaignId), eq(donationMatches.donationId, anaGift)));
    const anaMatchable = (Number(match?.matchableCents ?? 0) / 100).toFixed(2);
    const lines = csmart.text.split('\r\n');
    expect(lines).toHaveLength(3); // two lines and the empty rest after the last CRLF
    expect(lines[0]).toBe(`1,1623,2025,A,3/5/25,250.00,${anaMatchable},2,1042,N,N,Spring event,,,IND,Ana Lopez,12 Court St,4B,Brooklyn,NY,11201,"Acme, Inc.",Teacher`);
    expect(lines[1]).toMatch(/^2,1623,2025,A,4\/1\/25,150\.00,\d+\.\d\d,4,,N,N,,,,IND,Bob Stone,1 Main St,,Albany,NY,12207,,$/);
    expect(lines[2]).toBe('');

    const sheet = await download(entries[1]!.report_id);
    expect(sheet.text.startsWith('\uFEFFPre-filing check (companion sheet)\r\n')).toBe(true);
    expect(sheet.text).toContain('Contributions in the file,2\r\n');
    expect(sheet.text).toContain(`question,nyc_cfb.monetary_contribution.employer_occupation,Bob Stone,01-04-2025,150.00,`);
    expect(sheet.text).toContain(`${t.app.config.publicUrl}/donor-list/${bob}`);
    // What could not be confirmed is said in the sheet.
    expect(sheet.text).toContain('15,O,Contributor type code,not confirmed,NO,');

    const listed = await get(t, `${reportListUrl(campaignId, 'filing' as never)}`, owner.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json().data as ReportListData;
    expect(list.report_list.map((e) => [e.type, e.status]).sort()).toEqual([
      ['filing_check', 'ready'],
      ['filing_csmart', 'ready'],
    ]);
    const donationList = (await get(t, `${reportListUrl(campaignId, 'donation')}`, owner.token)).json().data as ReportListData;
    expect(donationList.total).toBe(0);
  });

  it('a gift dated in an earlier period but recorded after that statement was due is questioned, not filed here', async () => {
    // Dated in the January 2025 statement (due 2025-01-15), written into the book on 2025-06-15.
    await addDonation(t, owner.token, campaignId, ana, { paying_date: '2024-12-20', paid_amount_cents: 2_000, payment_method: 'check', check_number: '1002' });
    const data = (await get(t, `${filingCheckUrl(campaignId)}?regulator=nyc_cfb&period_id=${PERIOD}`, owner.token)).json().data as FilingCheckData;
    expect(data.in_file_count).toBe(2);
    expect(data.findings.filter((f) => f.kind === 'outside_period')).toEqual([expect.objectContaining({ donor_id: ana, date: '2024-12-20', detail: 'Dated 2024-12-20, outside 2025-01-12 to 2025-07-11.' })]);
  });

  it('answers clear errors: unknown period 404, bad regulator or period 400, no regulator 409', async () => {
    const unknown = await get(t, `${filingCheckUrl(campaignId)}?regulator=nyc_cfb&period_id=nyc_cfb.2029.jul-2027`, owner.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'FILING_PERIOD_NOT_FOUND' });
    const badRegulator = await get(t, `${filingCheckUrl(campaignId)}?regulator=fec&period_id=${PERIOD}`, owner.token);
    expect(badRegulator.statusCode).toBe(400);
    const badPeriod = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nyc_cfb', period_id: '../../etc' }, owner.token);
    expect(badPeriod.statusCode).toBe(400);
    const custom = await customCampaign(t, owner.token);
    const none = await get(t, filingPeriodsUrl(custom), owner.token);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'FILING_NO_REGULATOR' });
  });
});

describe('filings of the demo campaign', () => {
  let t: TestApp;
  let owner: Session;
  let campaignId: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, demoBook: true });
    owner = await demoSignIn(t, 'owner');
    campaignId = t.seeded!.demoCampaign!.id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("produces the C-SMART file and the companion sheet of a period of its book, one line per contribution of the period", async () => {
    const periods = (await get(t, filingPeriodsUrl(campaignId), owner.token)).json().data as FilingPeriodsData;
    expect(periods).toMatchObject({ regulator: 'nyc_cfb', election_cycle: '2029' });
    // The period holding most of the demo book.
    let best: FilingCheckData | null = null;
    for (const period of periods.periods) {
      const res = await get(t, `${filingCheckUrl(campaignId)}?regulator=nyc_cfb&period_id=${period.id}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as FilingCheckData;
      if (!best || data.in_file_count > best.in_file_count) best = data;
    }
    expect(best!.in_file_count).toBeGreaterThan(0);
    // The demo's identifiers are set: no campaign-level finding.
    expect(best!.findings.filter((f) => f.kind === 'filer_ids')).toEqual([]);

    const started = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nyc_cfb', period_id: best!.period.id }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    await t.app.jobs.settled();
    const { entries } = started.json().data as StartFilingData;
    const texts: string[] = [];
    for (const entry of entries) {
      const link = await get(t, `${getReportUrl(entry.report_id)}?campaign_id=${campaignId}`, owner.token);
      expect(link.statusCode, link.body).toBe(200);
      texts.push((await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) })).rawPayload.toString('utf8'));
    }
    const lines = texts[0]!.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(best!.in_file_count);
    for (const [i, line] of lines.entries()) expect(line.startsWith(`${i + 1},DEMO,2029,A,`), line).toBe(true);
    expect(texts[1]).toContain(`Contributions in the file,${best!.in_file_count}\r\n`);
    expect(texts[1]).toContain(`Findings,${best!.findings.length}\r\n`);
  });
});
