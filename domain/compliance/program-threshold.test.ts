/**
 * The program threshold and public-funds cap rows of RULE_TABLE, chosen per rule set and office, and
 * the progress computed from the engine's match answers. Figures are written out as literals so a
 * change of the table has to be made on purpose here too.
 */
import { matchFor, ruleSetSummary } from './engine';
import { programProgress, programRows, type ThresholdContributor } from './program-threshold';
import { RULE_TABLE, ruleCents, ruleCount } from './rule-table';
import { donor } from './test-fixtures';
import type { ComplianceCampaign, ComplianceDonor } from './types';

const campaign = (rule_set: ComplianceCampaign['rule_set'], office: string | null, status: ComplianceCampaign['participant_status'] = 'participant', district: string | null = null): ComplianceCampaign => ({
  rule_set,
  participant_status: status,
  office_sought: office,
  custom_limit_individual_cents: null,
  custom_limit_organization_cents: null,
  district,
});

const ids = (c: ComplianceCampaign) => {
  const rows = programRows(c);
  return { contributors: rows.contributors?.id ?? null, amount: rows.amount?.id ?? null, cap: rows.cap?.id ?? null };
};

/** A contributor who gave `dollars` in one card gift, with the engine's answer for the campaign. */
const giver = (c: ComplianceCampaign, dollars: number, over: Partial<ComplianceDonor> = {}): ThresholdContributor => {
  const d = donor(over);
  return { donor: d, match: matchFor(c, d, [{ amount_cents: Math.round(dollars * 100), payment_method: 'card', refunded_cents: 0 }]) };
};

describe('threshold and cap rows', () => {
  it('picks the rows of the campaign office (NYC CFB)', () => {
    expect(ids(campaign('nyc_cfb', 'city_council'))).toEqual({
      contributors: 'nyc_cfb.threshold.city_council.contributors',
      amount: 'nyc_cfb.threshold.city_council.amount',
      cap: 'nyc_cfb.public_funds.city_council.cap',
    });
    expect(ids(campaign('nyc_cfb', 'mayor'))).toEqual({ contributors: 'nyc_cfb.threshold.mayor.contributors', amount: 'nyc_cfb.threshold.mayor.amount', cap: 'nyc_cfb.public_funds.mayor.cap' });
    // Not found for these offices: no threshold row, but the cap row.
    for (const office of ['public_advocate', 'comptroller']) {
      expect(ids(campaign('nyc_cfb', office))).toEqual({ contributors: null, amount: null, cap: 'nyc_cfb.public_funds.public_advocate_comptroller.cap' });
    }
    expect(ids(campaign('nyc_cfb', 'borough_president'))).toEqual({ contributors: null, amount: null, cap: 'nyc_cfb.public_funds.borough_president.cap' });
    // A state office is not a NYC one.
    expect(ids(campaign('nyc_cfb', 'state_senate'))).toEqual({ contributors: null, amount: null, cap: null });
    expect(ids(campaign('nyc_cfb', null))).toEqual({ contributors: null, amount: null, cap: null });
  });

  it('picks the rows of the campaign office (NYS PCF)', () => {
    expect(ids(campaign('nys_pcf', 'state_assembly'))).toEqual({
      contributors: 'nys_pcf.threshold.state_assembly.contributors',
      amount: 'nys_pcf.threshold.state_assembly.amount',
      cap: 'nys_pcf.public_funds.state_assembly.cap',
    });
    expect(ids(campaign('nys_pcf', 'state_senate')).cap).toBe('nys_pcf.public_funds.state_senate.cap');
    expect(ids(campaign('nys_pcf', 'governor'))).toEqual({ contributors: 'nys_pcf.threshold.governor.contributors', amount: 'nys_pcf.threshold.governor.amount', cap: 'nys_pcf.public_funds.governor_lieutenant_governor.cap' });
    expect(ids(campaign('nys_pcf', 'lieutenant_governor'))).toEqual({
      contributors: 'nys_pcf.threshold.statewide_other.contributors',
      amount: 'nys_pcf.threshold.statewide_other.amount',
      cap: 'nys_pcf.public_funds.governor_lieutenant_governor.cap',
    });
    expect(ids(campaign('nys_pcf', 'state_comptroller')).cap).toBe('nys_pcf.public_funds.state_comptroller.cap');
    expect(ids(campaign('nys_pcf', 'attorney_general')).cap).toBe('nys_pcf.public_funds.attorney_general.cap');
    expect(ids(campaign('nys_pcf', 'mayor'))).toEqual({ contributors: null, amount: null, cap: null });
    expect(ids(campaign('custom', 'mayor'))).toEqual({ contributors: null, amount: null, cap: null });
  });

  it('holds the figures read in the cited sources', () => {
    expect(ruleCount('nyc_cfb.threshold.mayor.contributors')).toBe(1_000);
    expect(ruleCents('nyc_cfb.threshold.mayor.amount')).toBe(25_000_000);
    expect(ruleCount('nyc_cfb.threshold.city_council.contributors')).toBe(75);
    expect(ruleCents('nyc_cfb.threshold.city_council.amount')).toBe(500_000);
    expect(ruleCents('nyc_cfb.threshold.contribution_minimum')).toBe(1_000);
    expect(ruleCents('nyc_cfb.public_funds.mayor.cap')).toBe(705_066_700);
    expect(ruleCents('nyc_cfb.public_funds.public_advocate_comptroller.cap')).toBe(440_800_000);
    expect(ruleCents('nyc_cfb.public_funds.borough_president.cap')).toBe(158_666_700);
    expect(ruleCents('nyc_cfb.public_funds.city_council.cap')).toBe(18_400_000);
    expect([ruleCount('nys_pcf.threshold.governor.contributors'), ruleCents('nys_pcf.threshold.governor.amount')]).toEqual([5_000, 50_000_000]);
    expect([ruleCount('nys_pcf.threshold.statewide_other.contributors'), ruleCents('nys_pcf.threshold.statewide_other.amount')]).toEqual([1_000, 10_000_000]);
    expect([ruleCount('nys_pcf.threshold.state_senate.contributors'), ruleCents('nys_pcf.threshold.state_senate.amount')]).toEqual([150, 1_200_000]);
    expect([ruleCount('nys_pcf.threshold.state_assembly.contributors'), ruleCents('nys_pcf.threshold.state_assembly.amount')]).toEqual([75, 600_000]);
    expect(ruleCents('nys_pcf.public_funds.governor_lieutenant_governor.cap')).toBe(350_000_000);
    expect(ruleCents('nys_pcf.public_funds.state_senate.cap')).toBe(37_500_000);
    expect(ruleCents('nys_pcf.public_funds.state_assembly.cap')).toBe(17_500_000);
    // A count is not an amount, nor an amount a count.
    expect(() => ruleCents('nyc_cfb.threshold.city_council.contributors')).toThrow(/not an amount/);
    expect(() => ruleCount('nyc_cfb.threshold.city_council.amount')).toThrow(/not a count/);
  });

  it('names one row per office and kind, only offices of its rule set, and quotes a public source', () => {
    const nycOffices = ['mayor', 'public_advocate', 'comptroller', 'borough_president', 'city_council'];
    const nysOffices = ['governor', 'lieutenant_governor', 'attorney_general', 'state_comptroller', 'state_senate', 'state_assembly'];
    const rows = RULE_TABLE.filter((r) => r.rule_set !== 'custom' && /\.(threshold|public_funds)\./.test(r.id));
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows) {
      expect(row.source, row.id).toMatch(/https?:\/\//);
      for (const office of row.offices ?? []) expect(row.rule_set === 'nyc_cfb' ? nycOffices : nysOffices, row.id).toContain(office);
    }
    for (const [set, offices] of [['nyc_cfb', nycOffices], ['nys_pcf', nysOffices]] as const) {
      for (const office of offices) {
        for (const kind of [/\.threshold\.[a-z_]+\.contributors$/, /\.threshold\.[a-z_]+\.amount$/, /\.public_funds\.[a-z_]+\.cap$/]) {
          expect(rows.filter((r) => r.rule_set === set && kind.test(r.id) && r.offices?.includes(office)).length, `${set} ${office} ${kind}`).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  it('are listed by ruleSetSummary for the office only, like the other office rows', () => {
    const council = ruleSetSummary(campaign('nyc_cfb', 'city_council')).map((r) => r.id);
    expect(council).toEqual(expect.arrayContaining(['nyc_cfb.threshold.city_council.contributors', 'nyc_cfb.public_funds.city_council.cap', 'nyc_cfb.threshold.contribution_minimum']));
    expect(council).not.toContain('nyc_cfb.threshold.mayor.contributors');
    expect(council).not.toContain('nyc_cfb.public_funds.mayor.cap');
    const assembly = ruleSetSummary(campaign('nys_pcf', 'state_assembly')).map((r) => r.id);
    expect(assembly).toEqual(expect.arrayContaining(['nys_pcf.threshold.state_assembly.amount', 'nys_pcf.public_funds.state_assembly.cap', 'nys_pcf.threshold.low_income_district']));
    expect(assembly).not.toContain('nys_pcf.public_funds.state_senate.cap');
  });
});

describe('programProgress', () => {
  it('counts City Council contributors of the district with $10 or more matchable, the amount from every city resident', () => {
    const c = campaign('nyc_cfb', 'city_council', 'participant', '33');
    const progress = programProgress(c, [
      giver(c, 20, { district: '33' }),
      giver(c, 20, { district: '33' }),
      giver(c, 300, { district: '33' }), // matchable $175 only
      giver(c, 9.99, { district: '33' }), // under $10: not counted, its amount is
      giver(c, 50), // no district: counted on city residence
      giver(c, 100, { district: '34' }), // another district: amount only
      giver(c, 100, { city: 'Albany', zip: '12207' }), // not a city resident: nothing
    ]);
    expect(progress).toMatchObject({ applies: true, area: 'district', unchecked: 1, minimum_cents: 1_000 });
    if (!progress.applies) throw new Error('applies');
    const [people, amount, funds] = progress.lines;
    expect(people).toEqual({ key: 'contributors', rule: 'nyc_cfb.threshold.city_council.contributors', required: 75, counted: 4, met: false });
    expect(amount).toEqual({ key: 'amount', rule: 'nyc_cfb.threshold.city_council.amount', required: 500_000, counted: 2_000 + 2_000 + 17_500 + 999 + 5_000 + 10_000, met: false });
    expect(funds).toEqual({ key: 'public_funds', rule: 'nyc_cfb.public_funds.city_council.cap', required: 18_400_000, counted: 8 * 37_499, estimated: 8 * 37_499, met: false });
  });

  it('counts on city residence when the campaign has no district', () => {
    const c = campaign('nyc_cfb', 'city_council');
    const progress = programProgress(c, [giver(c, 20, { district: '34' }), giver(c, 20)]);
    expect(progress).toMatchObject({ applies: true, area: 'city', unchecked: 0, lines: [{ counted: 2 }, { counted: 4_000 }, { counted: 32_000 }] });
  });

  it('meets the Assembly threshold at 75 district contributors and caps the public funds at $175,000', () => {
    const c = campaign('nys_pcf', 'state_assembly', 'participant', 'AD-12');
    const givers = (n: number) => Array.from({ length: n }, () => giver(c, 250, { district: 'AD-12' }));
    const short = programProgress(c, [...givers(74), giver(c, 250, { district: 'AD-13' }), giver(c, 4, { district: 'AD-12' })]);
    if (!short.applies) throw new Error('applies');
    expect(short.lines[0]).toMatchObject({ required: 75, counted: 74, met: false });
    expect(short.lines[1]).toMatchObject({ required: 600_000, counted: 74 * 25_000, met: true });
    expect(short.lines[2]).toMatchObject({ required: 17_500_000, counted: 74 * 230_000, estimated: 74 * 230_000, met: false });
    const over = programProgress(c, givers(77));
    if (!over.applies) throw new Error('applies');
    expect(over.lines[0]).toMatchObject({ counted: 77, met: true });
    // 77 × $2,300 = $177,100 estimated, $175,000 payable.
    expect(over.lines[2]).toMatchObject({ counted: 17_500_000, estimated: 77 * 230_000, met: true });
    expect(over).toMatchObject({ area: 'district', unchecked: 0 });
  });

  it('says which NYS contributors were counted on state residence (district unknown)', () => {
    const c = campaign('nys_pcf', 'state_senate', 'participant', 'SD-5');
    const progress = programProgress(c, [giver(c, 10, { district: 'SD-5' }), giver(c, 10), giver(c, 10, { district: 'SD-6' })]);
    expect(progress).toMatchObject({ applies: true, area: 'district', unchecked: 1, lines: [{ counted: 2, required: 150 }, { counted: 2_000, required: 1_200_000 }, { required: 37_500_000 }] });
  });

  it('has no target where the table has no figure, and does not apply outside the program', () => {
    const pa = campaign('nyc_cfb', 'public_advocate');
    const progress = programProgress(pa, [giver(pa, 300)]);
    expect(progress).toMatchObject({ applies: true, lines: [{ rule: null, required: null, counted: 1, met: null }, { rule: null, counted: 25_000, met: null }, { required: 440_800_000, counted: 200_000 }] });
    expect(programProgress(campaign('nyc_cfb', 'mayor', 'non_participant'), [])).toEqual({ applies: false, rule: 'nyc_cfb.threshold.non_participant' });
    expect(programProgress(campaign('nys_pcf', 'state_senate', null), [])).toEqual({ applies: false, rule: 'nys_pcf.threshold.non_participant' });
    expect(programProgress(campaign('custom', null, null), [])).toEqual({ applies: false, rule: 'custom.threshold.none' });
  });
});
