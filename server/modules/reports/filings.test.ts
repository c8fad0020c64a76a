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
import { donationMatches, donations, expenses } from '../../db/schema';
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

describe('NYS BOE schedules A, B, C, F of a period (report job: CSV, XLSX, PDF)', () => {
  const NYS_PERIOD = 'nys_boe.2026.pre-primary-32-2026'; // 2026-01-12 to 2026-05-18, due 2026-05-22
  let t: TestApp;
  let owner: Session;
  let campaignId: string;
  let bob: string;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock: new ManualClock(new Date('2026-04-01T12:00:00Z')) });
    owner = await demoSignIn(t, 'owner');
    campaignId = (await createCampaign(t, owner.token, { office_sought: 'state_assembly', election_cycle: '2026', compliance_rule_set: 'nys_pcf', participant_status: 'participant' })).campaign_id;
    const ana = (await addDonor(t, owner.token, campaignId, { name: 'Ana Lopez', address: '12 Court St', apt_unit: '4B', city: 'Brooklyn', zip: '11201' })).donor_id;
    bob = (await addDonor(t, owner.token, campaignId, { name: 'Bob Stone' })).donor_id; // Albany 12207, no street address
    const union = (await addDonor(t, owner.token, campaignId, { name: 'Painters Union Local Five', contributor_type: 'labor_unions', address: '9 Hall Pl', city: 'Troy', zip: '12180' })).donor_id;
    await addDonation(t, owner.token, campaignId, ana, { paying_date: '2026-03-05', paid_amount_cents: 25_000, payment_method: 'check', check_number: '1042', memo: 'Spring event' });
    await addDonation(t, owner.token, campaignId, bob, { paying_date: '2026-02-10', paid_amount_cents: 15_000, payment_method: 'card', reference_number: 'CH-1' });
    await addDonation(t, owner.token, campaignId, union, { paying_date: '2026-03-15', paid_amount_cents: 50_000, payment_method: 'paypal', reference_number: 'PAY-77' });
    // Before the period: in none of its schedules.
    await addDonation(t, owner.token, campaignId, ana, { paying_date: '2026-01-05', paid_amount_cents: 1_000, payment_method: 'cash' });
    const expense = { campaignId, paymentMethod: 'check', purposeDetails: null, memo: null };
    await t.db.insert(expenses).values([
      { ...expense, expenseDate: '2026-02-02', amountCents: 125_000, payee: 'Print Shop, Inc.', purpose: 'campaign_literature', referenceNumber: '3001' },
      { ...expense, expenseDate: '2026-03-01', amountCents: 50_000, payee: 'Friends of Lee', purpose: 'transfer_out', referenceNumber: '3002' },
      { ...expense, expenseDate: '2026-06-01', amountCents: 9_000, payee: 'After the period', purpose: 'office', referenceNumber: '3003' },
    ]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const download = async (reportId: string) => {
    // Made by the report job, which settled() waited for: ready now (the in-process queue runs one file at
    // a time, so five files sent together cannot each hold a work-lock connection and starve the pool).
    const link = await get(t, `${getReportUrl(reportId)}?campaign_id=${campaignId}`, owner.token);
    expect(link.statusCode, link.body).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) });
    expect(res.statusCode).toBe(200);
    return { bytes: res.rawPayload, text: res.rawPayload.toString('utf8'), fileName: link.json().data.file_name as string };
  };
  const start = async (format?: string) => {
    const res = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nys_boe', period_id: NYS_PERIOD, ...(format ? { format } : {}) }, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    await t.app.jobs.settled();
    return (res.json().data as StartFilingData).entries;
  };

  it('checks the period with the NYS rule sets: the contributor without a street address, a late gift, the payee addresses, the transfer out', async () => {
    const res = await get(t, `${filingCheckUrl(campaignId)}?period_id=${NYS_PERIOD}&regulator=nys_boe`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as FilingCheckData;
    expect(data.files).toEqual(['filing_nys_a', 'filing_nys_b', 'filing_nys_c', 'filing_nys_f', 'filing_check']);
    expect(data.findings.map((f) => [f.kind, f.donor_name, f.detail])).toEqual([
      ['contributor_address', 'Bob Stone', 'Missing street address (cycle total $150.00).'],
      // Written into the book today, after its own report (January 2026 periodic) was due: listed, not on A.
      ['outside_period', 'Ana Lopez', 'Dated 2026-01-05, outside 2026-01-12 to 2026-05-18.'],
      ['payee_address', null, "1 payment of $50.00 or more ($1,250.00) without the payee's address."],
      ['other_schedule', 'Friends of Lee', 'Transfer out of $500.00 to Friends of Lee: schedule H.'],
    ]);
    expect(data.findings[0]!.fix_path).toBe(`/donor-list/${bob}`);
  });

  it('makes the four schedules as CSV by default, each with its rows, its total and the period totals, and the companion sheet', async () => {
    const entries = await start();
    expect(entries.map((e) => [e.type, e.format, e.title])).toEqual([
      ['filing_nys_a', 'csv', '32-day pre-primary 2026 - NYS BOE Schedule A - CSV File'],
      ['filing_nys_b', 'csv', '32-day pre-primary 2026 - NYS BOE Schedule B - CSV File'],
      ['filing_nys_c', 'csv', '32-day pre-primary 2026 - NYS BOE Schedule C - CSV File'],
      ['filing_nys_f', 'csv', '32-day pre-primary 2026 - NYS BOE Schedule F - CSV File'],
      ['filing_check', 'csv', '32-day pre-primary 2026 - Pre-filing Check (companion sheet) - CSV File'],
    ]);
    const header = 'Date received,Contributor type,Contributor name,Address,City,State,ZIP,Country,Payment type,Check / payment number,Amount,Explanation\r\n';
    const periodTotals =
      '\r\nPeriod totals: 32-day pre-primary 2026\r\nSchedule,Items,Amount\r\n' +
      'A: Monetary Contributions Received From Individuals & Partnerships,2,400.00\r\n' +
      'B: Monetary Contributions Received From Corporations,0,0.00\r\n' +
      'C: Monetary Contributions Received From All Other Contributors,1,500.00\r\n' +
      'F: Expenditures/Payments,1,1250.00\r\n';
    const a = await download(entries[0]!.report_id);
    expect(a.fileName).toBe('32-day pre-primary 2026 - NYS BOE Schedule A.csv');
    expect(a.text).toBe(
      '\uFEFF' +
        header +
        '10-02-2026,Individual,Bob Stone,,Albany,NY,12207,US,Credit Card,CH-1,150.00,\r\n' +
        '05-03-2026,Individual,Ana Lopez,"12 Court St, 4B",Brooklyn,NY,11201,US,Check,1042,250.00,Spring event\r\n' +
        'Total,,,,,,,,,,400.00,\r\n' +
        periodTotals,
    );
    expect((await download(entries[1]!.report_id)).text).toBe('\uFEFF' + header + 'Total,,,,,,,,,,0.00,\r\n' + periodTotals);
    expect((await download(entries[2]!.report_id)).text).toBe(
      '\uFEFF' +
        'Date received,Contributor type,Contributor name,Political unit,Address,City,State,ZIP,Country,Payment type,Check / payment number,Amount,Explanation\r\n' +
        '15-03-2026,Union,Painters Union Local Five,,9 Hall Pl,Troy,NY,12180,US,Online Processor,PAY-77,500.00,\r\n' +
        'Total,,,,,,,,,,,500.00,\r\n' +
        periodTotals,
    );
    expect((await download(entries[3]!.report_id)).text).toBe(
      '\uFEFF' +
        'Date,Payee,Payee address,Purpose,Purpose code,Explanation,Payment type,Check / payment number,Amount\r\n' +
        '02-02-2026,"Print Shop, Inc.",,Campaign literature,LITER,,Check,3001,1250.00\r\n' +
        'Total,,,,,,,,1250.00\r\n' +
        periodTotals,
    );
    const sheet = (await download(entries[4]!.report_id)).text;
    expect(sheet).toContain('Regulator,NYS Board of Elections (EFS)\r\n');
    expect(sheet).toContain(`reject,nys_boe.monetary_contribution.contributor_address,Bob Stone,10-02-2026,150.00,`);
    expect(sheet).toContain('Schedule A: Monetary Contributions Received From Individuals & Partnerships\r\n');
    expect(sheet).toContain('Purpose code,PURPOSE_CODE_DESC,NO,');
    expect(sheet).toContain('Contributor type,Limited Liability Company,C,Professional/Limited Liability Company (PLLC/LLC),NO\r\n');
  });

  it('makes the schedules as XLSX or PDF when asked (the companion sheet stays CSV); a bad format is a 400', async () => {
    const xlsx = await start('xlsx');
    expect(xlsx.map((e) => e.format)).toEqual(['xlsx', 'xlsx', 'xlsx', 'xlsx', 'csv']);
    const book = await download(xlsx[0]!.report_id);
    expect(book.fileName).toBe('32-day pre-primary 2026 - NYS BOE Schedule A.xlsx');
    expect(book.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const pdf = await start('pdf');
    const f = await download(pdf[3]!.report_id);
    expect(f.fileName).toBe('32-day pre-primary 2026 - NYS BOE Schedule F.pdf');
    expect(f.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const bad = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nys_boe', period_id: NYS_PERIOD, format: 'docx' }, owner.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  }, 120_000); // ten files through the report job (20 s alone, 36 s at load average 15)
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

  it('produces the NYS BOE schedules A, B, C, F and the companion sheet of a period when asked for the NYS BOE (the page lets any campaign choose it)', async () => {
    const periods = (await get(t, `${filingPeriodsUrl(campaignId)}?regulator=nys_boe`, owner.token)).json().data as FilingPeriodsData;
    expect(periods.regulator).toBe('nys_boe');
    let best: FilingCheckData | null = null;
    for (const period of periods.periods) {
      const data = (await get(t, `${filingCheckUrl(campaignId)}?regulator=nys_boe&period_id=${period.id}`, owner.token)).json().data as FilingCheckData;
      if (!best || data.in_file_count > best.in_file_count) best = data;
    }
    expect(best!.in_file_count).toBeGreaterThan(0);
    const started = await post(t, FILING_PATHS.start, { campaign_id: campaignId, regulator: 'nys_boe', period_id: best!.period.id, format: 'csv' }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    await t.app.jobs.settled();
    const { entries } = started.json().data as StartFilingData;
    expect(entries.map((e) => e.type)).toEqual(['filing_nys_a', 'filing_nys_b', 'filing_nys_c', 'filing_nys_f', 'filing_check']);
    const rows: number[] = [];
    for (const entry of entries) {
      const link = await get(t, `${getReportUrl(entry.report_id)}?campaign_id=${campaignId}`, owner.token);
      expect(link.statusCode, link.body).toBe(200);
      const text = (await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) })).rawPayload.toString('utf8');
      // Header line, rows, then the total line (and the period totals after a blank line).
      const table = text.split('\r\n\r\n')[0]!.split('\r\n').filter(Boolean);
      rows.push(table.length - 2);
    }
    // Every contribution of the period is on A, B or C.
    expect(rows[0]! + rows[1]! + rows[2]!).toBe(best!.in_file_count);
  }, 90_000); // five files through the report job, each re-running the check over the demo book (11 s alone, 30 s under the CI's load)
});
