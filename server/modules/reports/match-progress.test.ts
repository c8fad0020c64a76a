/**
 * The Match report's progress toward the program threshold and the public-funds cap, on a real
 * database: campaigns whose donations stay under the threshold, cross it and cross the cap, a
 * non-participant, and the table in the CSV file.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS, getReportUrl, reportDataUrl, type ReportData, type ReportEntry, type ReportRow } from '../../../domain/reports/api-contract';
import { get, post } from '../../test/auth-helpers';
import { createCampaign, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonation, addDonor } from '../../test/donor-book-helpers';
import { localPath } from '../../test/import-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

describe('match report: program threshold and public-funds cap', () => {
  let t: TestApp;
  let owner: Session;

  beforeAll(async () => {
    t = await buildTestApp({ seed: true });
    owner = await demoSignIn(t, 'owner');
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  async function campaign(overrides: Record<string, unknown>): Promise<string> {
    return (await createCampaign(t, owner.token, overrides)).campaign_id;
  }

  /** A donor (`where`: residence fields) who gives `cents` once, by card. */
  async function gives(campaignId: string, cents: number, where: Record<string, unknown>): Promise<void> {
    const donor = await addDonor(t, owner.token, campaignId, where);
    await addDonation(t, owner.token, campaignId, donor.donor_id, { paid_amount_cents: cents, paying_date: '2025-04-01' });
  }

  async function match(campaignId: string): Promise<ReportData> {
    const res = await get(t, `${reportDataUrl(campaignId, 'match')}?limit=500`, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ReportData;
  }

  const line = (data: ReportData, key: string): ReportRow => {
    const row = data.breakdown?.rows.find((r) => r.row_id === key);
    expect(row, key).toBeDefined();
    return row!;
  };

  const brooklyn = (district: string | null) => ({ state: 'new_york', city: 'Brooklyn', zip: '11201', district });

  it('counts a City Council campaign under the threshold: district residents with $10 or more, the amount of every city resident', async () => {
    const id = await campaign({ office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025', district: '33' });
    await gives(id, 2_000, brooklyn('33'));
    await gives(id, 30_000, brooklyn('33')); // matchable $175
    await gives(id, 900, brooklyn('33')); // under $10: the amount counts, not the contributor
    await gives(id, 5_000, brooklyn(null)); // no district: counted on city residence
    await gives(id, 10_000, brooklyn('34')); // another district: amount only
    await gives(id, 10_000, { state: 'new_york', city: 'Albany', zip: '12207', district: '33' }); // not a city resident

    const data = await match(id);
    expect(data.breakdown?.title).toBe('Program threshold and public-funds cap — NYC Matching Funds Program, City Council');
    const people = line(data, 'contributors');
    expect(people).toMatchObject({ rule: 'nyc_cfb.threshold.city_council.contributors', required_value: 75, counted_value: 3, needed: '75', counted: '3', status: 'Not yet', met: 'not_yet' });
    expect(String(people.requirement)).toContain('residents of district 33; 1 without a district counted on city residence');
    // What the rule says, then who published it and where: no rule key, quotation or research notes.
    expect(String(people.source)).toMatch(/^Qualifying threshold, City Council: .* Source: NYC Campaign Finance Board press release, 21-01-2021, https?:\/\/\S+$/);
    expect(String(people.source)).not.toMatch(/nyc_cfb\.|not verified|not retrievable|CAVEAT/i);
    const amountCents = 2_000 + 17_500 + 900 + 5_000 + 10_000;
    expect(line(data, 'amount')).toMatchObject({ rule: 'nyc_cfb.threshold.city_council.amount', required_value: 500_000, counted_value: amountCents, needed: '$5,000.00', counted: '$354.00', status: 'Not yet' });
    expect(line(data, 'public_funds')).toMatchObject({
      rule: 'nyc_cfb.public_funds.city_council.cap',
      required_value: 18_400_000,
      counted_value: 8 * amountCents,
      needed: 'at most $184,000.00 per election',
      counted: '$2,832.00',
      status: 'Not yet',
    });
    // The table adds up with the report's own figures.
    expect(data.totals.matchable_cents).toBe(amountCents);
    expect(data.totals.public_funds_cents).toBe(8 * amountCents);
    expect(data.breakdown?.note).toContain('residents of district 33');

    // The same table, with its sources, in the CSV file.
    const started = await post(t, REPORT_PATHS.start, { campaign_id: id, type: 'match', format: 'csv', filter: {} }, owner.token);
    expect(started.statusCode, started.body).toBe(201);
    await t.app.jobs.settled();
    const link = await get(t, `${getReportUrl((started.json().data as ReportEntry).report_id)}?campaign_id=${id}`, owner.token);
    const download = await t.app.inject({ method: 'GET', url: localPath(link.json().data.url as string) });
    const lines = parse(download.rawPayload.toString('utf8').slice(1), { relax_column_count: true }) as string[][];
    const at = lines.findIndex((l) => l[0] === data.breakdown!.title);
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toEqual(['Requirement', 'Needed', 'So far', 'Status', 'Rule and source']);
    expect(lines[at + 2]!.slice(1, 4)).toEqual(['75', '3', 'Not yet']);
    expect(lines[at + 3]!.slice(1, 4)).toEqual(['$5,000.00', '$354.00', 'Not yet']);
    expect(lines[at + 4]!.slice(1, 4)).toEqual(['at most $184,000.00 per election', '$2,832.00', 'Not yet']);
    expect(lines[at + 4]![4]).toMatch(/^Maximum public funds payment per election.* Source: NYC Campaign Finance Board, https:\/\//);
    // A progress table has no totals line (nothing in it adds up).
    expect(lines.slice(at + 5).filter((l) => l.some((cell) => cell !== ''))).toEqual([]);
  }, 60_000);

  it('meets the Assembly threshold and caps the public funds at the office maximum', async () => {
    const id = await campaign({ office_sought: 'state_assembly', compliance_rule_set: 'nys_pcf', participant_status: 'participant', election_cycle: '2026', district: 'AD-12' });
    const albany = (district: string | null) => ({ state: 'new_york', city: 'Albany', zip: '12207', district });
    for (let i = 0; i < 77; i++) await gives(id, 25_000, albany('AD-12'));
    await gives(id, 25_000, albany('AD-13')); // out of the district: nothing
    await gives(id, 400, albany('AD-12')); // under $5: nothing

    const data = await match(id);
    expect(line(data, 'contributors')).toMatchObject({ rule: 'nys_pcf.threshold.state_assembly.contributors', required_value: 75, counted_value: 77, status: 'Met' });
    expect(line(data, 'amount')).toMatchObject({ rule: 'nys_pcf.threshold.state_assembly.amount', required_value: 600_000, counted_value: 77 * 25_000, counted: '$19,250.00', status: 'Met' });
    // 77 × $2,300 = $177,100 estimated; $175,000 payable.
    expect(line(data, 'public_funds')).toMatchObject({
      rule: 'nys_pcf.public_funds.state_assembly.cap',
      required_value: 17_500_000,
      counted_value: 17_500_000,
      counted: '$175,000.00 (estimate $177,100.00)',
      status: 'Met (cap reached)',
      met: 'met',
    });
    expect(data.totals.public_funds_cents).toBe(77 * 230_000);
  }, 120_000);

  it('says the threshold does not apply to a campaign outside the program', async () => {
    const id = await campaign({ office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'non_participant', election_cycle: '2025' });
    await gives(id, 2_000, brooklyn(null));
    const data = await match(id);
    expect(data.breakdown?.rows).toHaveLength(1);
    expect(data.breakdown?.rows[0]).toMatchObject({ rule: 'nyc_cfb.threshold.non_participant', status: 'Does not apply' });
    expect(data.breakdown?.note).toBe('The qualifying threshold does not apply to this campaign.');
  });
});
