/**
 * Golden tests of the compliance engine: every published figure at its boundary (equal allowed, one
 * cent more refused), asserted as literal dollar amounts so that a change to RULE_TABLE has to be
 * made on purpose in two places. RULE_TABLE is read only by the tests that are about the table.
 */
import engineSource from './engine.ts?raw';
import { aggregateCents, cashCapCents, checkCash, checkContribution, limitFor, matchFor, netCents } from './engine';
import { RULE_TABLE } from './rule-table';
import { donor } from './test-fixtures';
import type { ComplianceCampaign, ComplianceContribution, ComplianceDonor } from './types';

// ── fixtures ────────────────────────────────────────────────────────────────────────────────

type Cls = ComplianceCampaign['participant_status'];

const campaign = (rule_set: ComplianceCampaign['rule_set'], office: string | null, participant_status: Cls, district: string | null = null): ComplianceCampaign => ({
  rule_set,
  participant_status,
  office_sought: office,
  custom_limit_individual_cents: rule_set === 'custom' ? 100_000 : null,
  custom_limit_organization_cents: rule_set === 'custom' ? 500_000 : null,
  district,
});

const nyc = (office: string | null, cls: Cls = 'participant') => campaign('nyc_cfb', office, cls);
const nys = (office: string | null, cls: Cls = 'participant', district: string | null = null) => campaign('nys_pcf', office, cls, district);


const gift = (amount_cents: number, over: Partial<ComplianceContribution> = {}): ComplianceContribution => ({
  amount_cents,
  payment_method: 'check',
  refunded_cents: 0,
  ...over,
});

const give = (c: ComplianceCampaign, d: ComplianceDonor, aggregate_cents: number, amount_cents: number) =>
  checkContribution(c, d, { aggregate_cents, amount_cents });

const codes = (list: readonly { code: string }[]) => list.map((x) => x.code);

// ── NYC CFB limits ──────────────────────────────────────────────────────────────────────────

describe('golden — NYC CFB contribution limits (2025 cycle)', () => {
  // office, campaign class, published limit (cents), rule the engine must name
  const cases: [string, Cls, number, string][] = [
    ['mayor', 'participant', 210_000, 'nyc_cfb.limit.citywide.participant'],
    ['public_advocate', 'participant', 210_000, 'nyc_cfb.limit.citywide.participant'],
    ['comptroller', 'participant', 210_000, 'nyc_cfb.limit.citywide.participant'],
    ['mayor', 'non_participant', 370_000, 'nyc_cfb.limit.citywide.non_participant'],
    ['public_advocate', 'non_participant', 370_000, 'nyc_cfb.limit.citywide.non_participant'],
    ['comptroller', 'non_participant', 370_000, 'nyc_cfb.limit.citywide.non_participant'],
    ['borough_president', 'participant', 160_000, 'nyc_cfb.limit.borough_president.participant'],
    ['borough_president', 'non_participant', 265_000, 'nyc_cfb.limit.borough_president.non_participant'],
    ['city_council', 'participant', 105_000, 'nyc_cfb.limit.city_council.participant'],
    ['city_council', 'non_participant', 160_000, 'nyc_cfb.limit.city_council.non_participant'],
    // Class not set: the strictest of the two (the participant figure).
    ['mayor', null, 210_000, 'nyc_cfb.limit.citywide.participant'],
    ['borough_president', null, 160_000, 'nyc_cfb.limit.borough_president.participant'],
    ['city_council', null, 105_000, 'nyc_cfb.limit.city_council.participant'],
    // Office not set: the strictest NYC limit (council participant), whatever the class.
    [null as unknown as string, 'participant', 105_000, 'nyc_cfb.limit.office_not_covered'],
    [null as unknown as string, 'non_participant', 105_000, 'nyc_cfb.limit.office_not_covered'],
    [null as unknown as string, null, 105_000, 'nyc_cfb.limit.office_not_covered'],
    ['governor', 'participant', 105_000, 'nyc_cfb.limit.office_not_covered'],
  ];

  it.each(cases)('%s / %s: %i cents in one gift allowed, one cent more refused', (office, cls, limit, rule) => {
    const c = nyc(office, cls);
    const d = donor({ eligibility: 'un' });
    const at = give(c, d, 0, limit);
    expect(at.issues).toEqual([]);
    expect(at.limit_cents).toBe(limit);
    expect(at.remaining_cents).toBe(0);
    const over = give(c, d, 0, limit + 1);
    expect(over.issues).toEqual([{ code: 'COMMITMENT_EXCEEDS_LIMIT', rule, details: { limit_cents: limit, aggregate_cents: 0, remaining_cents: limit } }]);
    expect(over.aggregate_after_cents).toBe(limit + 1);
    expect(over.remaining_cents).toBe(0);
  });

  it.each(cases)('%s / %s: aggregate one cent under %i takes exactly one cent more', (office, cls, limit, rule) => {
    const c = nyc(office, cls);
    expect(give(c, donor(), limit - 1, 1).issues).toEqual([]);
    const over = give(c, donor(), limit - 1, 2);
    expect(over.issues).toEqual([{ code: 'COMMITMENT_EXCEEDS_LIMIT', rule, details: { limit_cents: limit, aggregate_cents: limit - 1, remaining_cents: 1 } }]);
  });

  it('City Council participant: $1,050 allowed (105_000), 105_001 refused', () => {
    expect(give(nyc('city_council'), donor(), 0, 105_000).issues).toEqual([]);
    expect(codes(give(nyc('city_council'), donor(), 0, 105_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('City Council non-participant: $1,600 allowed (160_000), 160_001 refused', () => {
    const c = nyc('city_council', 'non_participant');
    expect(give(c, donor({ eligibility: 'np' }), 0, 160_000).issues).toEqual([]);
    expect(codes(give(c, donor({ eligibility: 'np' }), 0, 160_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('citywide $2,100 / $3,700 and borough president $1,600 / $2,650', () => {
    expect(limitFor(nyc('mayor'), donor()).limit_cents).toBe(2_100_00);
    expect(limitFor(nyc('mayor', 'non_participant'), donor()).limit_cents).toBe(3_700_00);
    expect(limitFor(nyc('borough_president'), donor()).limit_cents).toBe(1_600_00);
    expect(limitFor(nyc('borough_president', 'non_participant'), donor()).limit_cents).toBe(2_650_00);
  });

  it('class undetermined: strictest limit of the office + CAMPAIGN_CLASS_UNDETERMINED (never the $3,700)', () => {
    const answer = limitFor(nyc('mayor', null), donor({ eligibility: 'np' }));
    expect(answer.limit_cents).toBe(210_000);
    expect(answer.warnings.map((w) => [w.code, w.rule])).toEqual([['CAMPAIGN_CLASS_UNDETERMINED', 'nyc_cfb.limit.class_undetermined']]);
    const over = give(nyc('mayor', null), donor({ eligibility: 'np' }), 0, 210_001);
    expect(codes(over.issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    expect(codes(over.warnings)).toContain('CAMPAIGN_CLASS_UNDETERMINED');
  });

  it("donor 'np' in a participant Council campaign: participant limit ($1,050) + ELIGIBILITY_MISMATCH", () => {
    const d = donor({ eligibility: 'np' });
    const at = give(nyc('city_council'), d, 0, 105_000);
    expect(at.issues).toEqual([]);
    expect(at.limit_cents).toBe(105_000);
    expect(at.warnings.map((w) => [w.code, w.rule])).toEqual([['ELIGIBILITY_MISMATCH', 'nyc_cfb.limit.class_governs']]);
    const over = give(nyc('city_council'), d, 0, 105_001);
    expect(over.issues).toMatchObject([{ code: 'COMMITMENT_EXCEEDS_LIMIT', rule: 'nyc_cfb.limit.city_council.participant' }]);
  });

  it("donor 'un' in a non-participant Council campaign accepts $1,600, no warning", () => {
    const c = nyc('city_council', 'non_participant');
    const at = give(c, donor({ eligibility: 'un' }), 0, 160_000);
    expect(at.issues).toEqual([]);
    expect(at.warnings).toEqual([]);
    expect(codes(give(c, donor({ eligibility: 'un' }), 0, 160_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it("donor 'p-a' / 'p-b' in a non-participant campaign: non-participant limit + ELIGIBILITY_MISMATCH (never tightened nor loosened)", () => {
    for (const eligibility of ['p-a', 'p-b'] as const) {
      const c = nyc('borough_president', 'non_participant');
      const at = give(c, donor({ eligibility }), 0, 265_000);
      expect(at.issues).toEqual([]);
      expect(codes(at.warnings)).toEqual(['ELIGIBILITY_MISMATCH']);
      expect(codes(give(c, donor({ eligibility }), 0, 265_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    }
  });

  it("donor 'p-b' in a participant campaign: participant limit + OPTION_B_DISCONTINUED, no mismatch", () => {
    const at = give(nyc('comptroller'), donor({ eligibility: 'p-b' }), 0, 210_000);
    expect(at.issues).toEqual([]);
    expect(at.warnings.map((w) => [w.code, w.rule])).toEqual([['OPTION_B_DISCONTINUED', 'nyc_cfb.limit.option_b']]);
    expect(codes(give(nyc('comptroller'), donor({ eligibility: 'p-b' }), 0, 210_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('no eligibility ever changes the limit of a given campaign', () => {
    for (const cls of ['participant', 'non_participant', null] as const) {
      for (const office of ['mayor', 'borough_president', 'city_council', null]) {
        const limits = (['p-a', 'p-b', 'np', 'un'] as const).map((eligibility) => limitFor(nyc(office, cls), donor({ eligibility })).limit_cents);
        expect(new Set(limits).size).toBe(1);
      }
    }
  });
});

// ── NYS limits ──────────────────────────────────────────────────────────────────────────────

describe('golden — NYC CFB doing-business limits ($400 / $320 / $250, participant or not, never matchable)', () => {
  // Source: NYC CFB "Limits & Thresholds — 2025 Citywide Elections", Doing Business Contribution Limit table
  // ("whether the candidate is a participant or non-participant"; "not eligible for matching funds"); NYC Admin. Code §3-703(1-a), (1-b).
  const dealer = donor({ doing_business: true });
  it.each([
    ['mayor', 40_000],
    ['public_advocate', 40_000],
    ['comptroller', 40_000],
    ['borough_president', 32_000],
    ['city_council', 25_000],
  ] as const)('%s: $%s cents in all is allowed, one cent more is refused, participant or not', (office, limit) => {
    for (const cls of ['participant', 'non_participant', null] as const) {
      expect(limitFor(nyc(office, cls), dealer).limit_cents).toBe(limit);
      expect(codes(give(nyc(office, cls), dealer, limit - 5_000, 5_000).issues)).toEqual([]);
      expect(codes(give(nyc(office, cls), dealer, limit - 5_000, 5_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    }
  });

  it('without the mark the usual limit applies ($2,100 for a participating Mayor campaign); an unknown office takes the strictest ($250)', () => {
    expect(limitFor(nyc('mayor'), donor()).limit_cents).toBe(210_000);
    expect(limitFor(nyc('mayor'), donor({ doing_business: false })).limit_cents).toBe(210_000);
    const unknown = limitFor(nyc(null), dealer);
    expect(unknown).toMatchObject({ limit_cents: 25_000, rule: 'nyc_cfb.limit.doing_business.city_council' });
    expect(codes(unknown.warnings)).toEqual(['OFFICE_NOT_COVERED']);
  });

  it('a doing-business contributor is not matchable (an NYC resident giving $175 to a Council participant: $0, not $175)', () => {
    expect(matchFor(nyc('city_council'), donor(), [gift(17_500)])).toMatchObject({ matchable_cents: 17_500 });
    expect(matchFor(nyc('city_council'), dealer, [gift(17_500)])).toMatchObject({ matchable_cents: 0, public_funds_cents: 0, rule: 'nyc_cfb.match.doing_business' });
  });

  it('is a NYC rule: a NYS campaign keeps its own limit and match', () => {
    expect(limitFor(nys('state_assembly'), dealer).limit_cents).toBe(limitFor(nys('state_assembly'), donor()).limit_cents);
    expect(matchFor(nys('state_assembly'), dealer, [gift(5_000)]).matchable_cents).toBe(matchFor(nys('state_assembly'), donor(), [gift(5_000)]).matchable_cents);
  });
});

describe('golden — NYS public campaign finance limits', () => {
  const cases: [string | null, number, string][] = [
    ['governor', 1_800_000, 'nys_pcf.limit.statewide'],
    ['lieutenant_governor', 1_800_000, 'nys_pcf.limit.statewide'],
    ['attorney_general', 1_800_000, 'nys_pcf.limit.statewide'],
    ['state_comptroller', 1_800_000, 'nys_pcf.limit.statewide'],
    ['state_senate', 1_000_000, 'nys_pcf.limit.state_senate'],
    ['state_assembly', 600_000, 'nys_pcf.limit.state_assembly'],
    [null, 600_000, 'nys_pcf.limit.office_not_covered'],
    ['mayor', 600_000, 'nys_pcf.limit.office_not_covered'],
  ];
  const classWarning: [Cls, string | null][] = [
    ['participant', null],
    ['non_participant', 'NON_PARTICIPANT_LIMIT_NOT_IN_TABLE'],
    [null, 'CAMPAIGN_CLASS_UNDETERMINED'],
  ];

  for (const [cls, expectedWarning] of classWarning) {
    it.each(cases)(`%s / ${cls}: %i allowed, one cent more refused`, (office, limit, rule) => {
      const c = nys(office, cls);
      const at = give(c, donor({ eligibility: 'un' }), 0, limit);
      expect(at.issues).toEqual([]);
      expect(at.remaining_cents).toBe(0);
      const w = codes(at.warnings);
      expect(w).toContain('PRIMARY_GENERAL_SPLIT');
      expect(w.includes('NON_PARTICIPANT_LIMIT_NOT_IN_TABLE')).toBe(expectedWarning === 'NON_PARTICIPANT_LIMIT_NOT_IN_TABLE');
      expect(w.includes('CAMPAIGN_CLASS_UNDETERMINED')).toBe(expectedWarning === 'CAMPAIGN_CLASS_UNDETERMINED');
      expect(w).not.toContain('ELIGIBILITY_MISMATCH');
      const over = give(c, donor({ eligibility: 'un' }), limit - 1, 2);
      expect(over.issues).toEqual([{ code: 'COMMITMENT_EXCEEDS_LIMIT', rule, details: { limit_cents: limit, aggregate_cents: limit - 1, remaining_cents: 1 } }]);
    });
  }

  it('NYS eligibility mismatch: np donor of a participant campaign, p-a / p-b donor of a non-participant campaign; limit unchanged', () => {
    expect(limitFor(nys('state_senate'), donor({ eligibility: 'np' }))).toMatchObject({ limit_cents: 1_000_000 });
    expect(codes(limitFor(nys('state_senate'), donor({ eligibility: 'np' })).warnings)).toContain('ELIGIBILITY_MISMATCH');
    for (const eligibility of ['p-a', 'p-b'] as const) {
      const answer = limitFor(nys('state_senate', 'non_participant'), donor({ eligibility }));
      expect(answer.limit_cents).toBe(1_000_000);
      expect(codes(answer.warnings)).toContain('ELIGIBILITY_MISMATCH');
    }
    expect(codes(limitFor(nys('state_senate', null), donor({ eligibility: 'np' })).warnings)).not.toContain('ELIGIBILITY_MISMATCH');
  });

  it('NYS LLC: $5,000 allowed, $5,000.01 refused (smaller than every office limit)', () => {
    const llc = donor({ contributor_type: 'limited_liability_company' });
    expect(give(nys('governor'), llc, 0, 500_000).issues).toEqual([]);
    expect(give(nys('governor'), llc, 0, 500_001).issues).toMatchObject([{ code: 'COMMITMENT_EXCEEDS_LIMIT', rule: 'nys_pcf.limit.llc_annual_aggregate' }]);
  });
});

// ── cash ────────────────────────────────────────────────────────────────────────────────────

describe('golden — cash cap ($100 per contributor, NYC CFB only)', () => {
  const mayor = nyc('mayor');

  it('cashCapCents: $100 for every NYC campaign, none for NYS and custom', () => {
    for (const cls of ['participant', 'non_participant', null] as const) {
      for (const office of ['mayor', 'borough_president', 'city_council', null]) expect(cashCapCents(nyc(office, cls))).toBe(10_000);
      expect(cashCapCents(nys('governor', cls))).toBeNull();
    }
    expect(cashCapCents(campaign('custom', null, null))).toBeNull();
  });

  it('$50 then $50 is allowed (= $100)', () => {
    expect(checkCash(mayor, { cash_aggregate_cents: 0, cash_amount_cents: 5_000 })).toBeNull();
    expect(checkCash(mayor, { cash_aggregate_cents: 5_000, cash_amount_cents: 5_000 })).toBeNull();
    expect(checkCash(mayor, { cash_aggregate_cents: 0, cash_amount_cents: 10_000 })).toBeNull();
  });

  it('$50 then $60 is refused, with limit / cash before / room left', () => {
    expect(checkCash(mayor, { cash_aggregate_cents: 5_000, cash_amount_cents: 6_000 })).toEqual({
      code: 'CASH_EXCEEDS_LIMIT',
      rule: 'nyc_cfb.limit.cash',
      details: { limit_cents: 10_000, cash_cents: 5_000, remaining_cents: 5_000 },
    });
  });

  it('one cent over $100 is refused, in one gift or after $100', () => {
    expect(checkCash(mayor, { cash_aggregate_cents: 0, cash_amount_cents: 10_001 })).toMatchObject({
      code: 'CASH_EXCEEDS_LIMIT',
      details: { limit_cents: 10_000, cash_cents: 0, remaining_cents: 10_000 },
    });
    expect(checkCash(mayor, { cash_aggregate_cents: 10_000, cash_amount_cents: 1 })).toMatchObject({
      details: { limit_cents: 10_000, cash_cents: 10_000, remaining_cents: 0 },
    });
    expect(checkCash(mayor, { cash_aggregate_cents: 9_999, cash_amount_cents: 1 })).toBeNull();
  });

  it('remaining_cents never goes below 0 (older records already over the cap)', () => {
    expect(checkCash(mayor, { cash_aggregate_cents: 15_000, cash_amount_cents: 1 })).toMatchObject({
      details: { limit_cents: 10_000, cash_cents: 15_000, remaining_cents: 0 },
    });
  });

  it('a non-positive cash amount (a cash gift edited down) is never refused', () => {
    expect(checkCash(mayor, { cash_aggregate_cents: 15_000, cash_amount_cents: 0 })).toBeNull();
    expect(checkCash(mayor, { cash_aggregate_cents: 15_000, cash_amount_cents: -500 })).toBeNull();
  });

  it('checkContribution: the cash issue alone when the limit is respected, both when both are exceeded', () => {
    const cash = checkContribution(mayor, donor(), { aggregate_cents: 5_000, amount_cents: 6_000, cash: { cash_aggregate_cents: 5_000, cash_amount_cents: 6_000 } });
    expect(cash.issues).toEqual([
      { code: 'CASH_EXCEEDS_LIMIT', rule: 'nyc_cfb.limit.cash', details: { limit_cents: 10_000, cash_cents: 5_000, remaining_cents: 5_000 } },
    ]);
    const ok = checkContribution(mayor, donor(), { aggregate_cents: 5_000, amount_cents: 5_000, cash: { cash_aggregate_cents: 5_000, cash_amount_cents: 5_000 } });
    expect(ok.issues).toEqual([]);
    const both = checkContribution(mayor, donor(), { aggregate_cents: 205_000, amount_cents: 6_000, cash: { cash_aggregate_cents: 5_000, cash_amount_cents: 6_000 } });
    expect(codes(both.issues).sort()).toEqual(['CASH_EXCEEDS_LIMIT', 'COMMITMENT_EXCEEDS_LIMIT']);
    // Without the cash input nothing is known of cash: no cash issue.
    expect(checkContribution(mayor, donor(), { aggregate_cents: 5_000, amount_cents: 6_000 }).issues).toEqual([]);
  });

  it('the cash cap applies to non-participant and undetermined NYC campaigns too', () => {
    for (const cls of ['non_participant', null] as const) {
      const c = nyc('city_council', cls);
      expect(codes(checkContribution(c, donor(), { aggregate_cents: 0, amount_cents: 10_001, cash: { cash_aggregate_cents: 0, cash_amount_cents: 10_001 } }).issues)).toEqual([
        'CASH_EXCEEDS_LIMIT',
      ]);
    }
  });

  it('NYS and custom: cash is not capped ($5,000 cash accepted)', () => {
    for (const c of [nys('governor'), nys('state_assembly', 'non_participant'), campaign('custom', null, null)]) {
      expect(checkCash(c, { cash_aggregate_cents: 10_000, cash_amount_cents: 500_000 })).toBeNull();
      const result = checkContribution(c, donor(), { aggregate_cents: 10_000, amount_cents: 90_000, cash: { cash_aggregate_cents: 10_000, cash_amount_cents: 90_000 } });
      expect(result.issues).toEqual([]);
    }
  });
});

// ── aggregates ──────────────────────────────────────────────────────────────────────────────

describe('golden — aggregates with partial refunds', () => {
  it('$250 refunded by $100 counts $150; refunded in full counts 0', () => {
    expect(netCents(gift(25_000, { refunded_cents: 10_000 }))).toBe(15_000);
    expect(netCents(gift(25_000, { refunded_cents: 25_000 }))).toBe(0);
    expect(aggregateCents([gift(25_000, { refunded_cents: 10_000 }), gift(100)], [{ commitment_amount_cents: 50_000, paid_cents: 20_000, written_off: false }])).toBe(
      15_000 + 100 + 30_000,
    );
  });

  it('a partial refund frees exactly its amount under the Council limit', () => {
    const contributions = [gift(105_000, { refunded_cents: 5_000 })];
    const aggregate = aggregateCents(contributions, []);
    expect(aggregate).toBe(100_000);
    expect(give(nyc('city_council'), donor(), aggregate, 5_000).issues).toEqual([]);
    expect(codes(give(nyc('city_council'), donor(), aggregate, 5_001).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });
});

// ── matching ────────────────────────────────────────────────────────────────────────────────

describe('golden — NYC CFB matching (8:1)', () => {
  it('a $250 gift refunded by $100 leaves $150 matchable → $1,200 public funds (participant Mayor, NYC-resident individual)', () => {
    expect(matchFor(nyc('mayor'), donor(), [gift(25_000, { refunded_cents: 10_000 })])).toEqual({
      matchable_cents: 15_000,
      public_funds_cents: 120_000,
      rule: 'nyc_cfb.match.cap.citywide',
      warnings: [],
    });
  });

  it.each([
    ['mayor', 25_000, 25_000, 200_000],
    ['mayor', 25_001, 25_000, 200_000],
    ['mayor', 24_999, 24_999, 199_992],
    ['comptroller', 25_000, 25_000, 200_000],
    ['borough_president', 17_500, 17_500, 140_000],
    ['borough_president', 17_501, 17_500, 140_000],
    ['city_council', 17_499, 17_499, 139_992],
    ['city_council', 17_500, 17_500, 140_000],
    ['city_council', 1, 1, 8],
  ])('%s: %i given → %i matchable → %i public funds', (office, given, matchable, funds) => {
    expect(matchFor(nyc(office), donor(), [gift(given)])).toMatchObject({ matchable_cents: matchable, public_funds_cents: funds });
  });

  it('cash of exactly $100 is matchable; a (legacy) cash gift of $100.01 is not', () => {
    expect(matchFor(nyc('mayor'), donor(), [gift(10_000, { payment_method: 'cash' })])).toMatchObject({ matchable_cents: 10_000, public_funds_cents: 80_000 });
    const over = matchFor(nyc('mayor'), donor(), [gift(10_001, { payment_method: 'cash' }), gift(5_000)]);
    expect(over).toMatchObject({ matchable_cents: 5_000, public_funds_cents: 40_000 });
    expect(codes(over.warnings)).toEqual(['CASH_OVER_100_NOT_MATCHABLE']);
  });

  it('non-participant and undetermined classes get no public funds', () => {
    for (const cls of ['non_participant', null] as const) {
      expect(matchFor(nyc('mayor', cls), donor(), [gift(25_000)])).toMatchObject({ matchable_cents: 0, public_funds_cents: 0 });
    }
  });
});

describe('golden — NYS matching', () => {
  const senate = nys('state_senate', 'participant', 'ny_senate_59');
  const inDistrict = donor({ district: 'ny_senate_59' });
  const legislative = (cents: number) => matchFor(senate, inDistrict, [gift(cents)]);

  it.each([
    [499, 0, 0],
    [500, 500, 6_000],
    [5_000, 5_000, 60_000], // tier 1 full: $50 × 12
    [5_001, 5_001, 60_009], // first cent of tier 2 at 9:1
    [15_000, 15_000, 150_000], // + $100 × 9
    [15_001, 15_001, 150_008], // first cent of tier 3 at 8:1
    [25_000, 25_000, 230_000], // + $100 × 8
    [25_001, 25_000, 230_000], // capped at $250
    [1_000_000, 25_000, 230_000],
  ])('legislative tiers: %i given → %i matchable → %i public funds', (given, matchable, funds) => {
    expect(legislative(given)).toMatchObject({ matchable_cents: matchable, public_funds_cents: funds });
  });

  it('legislative: a partial refund moves the match down a tier ($250 refunded by $100 → $150 → $1,500)', () => {
    expect(matchFor(senate, inDistrict, [gift(25_000, { refunded_cents: 10_000 })])).toMatchObject({ matchable_cents: 15_000, public_funds_cents: 150_000 });
  });

  it.each([
    [499, 0, 0],
    [500, 500, 3_000],
    [25_000, 25_000, 150_000],
    [25_001, 25_000, 150_000],
  ])('statewide 6:1: %i given → %i matchable → %i public funds', (given, matchable, funds) => {
    expect(matchFor(nys('governor'), donor(), [gift(given)])).toMatchObject({ matchable_cents: matchable, public_funds_cents: funds });
  });

  it('NYS cash: no cash rule, $250 in cash is matched like a check', () => {
    expect(matchFor(nys('governor'), donor(), [gift(25_000, { payment_method: 'cash' })])).toMatchObject({ matchable_cents: 25_000, public_funds_cents: 150_000 });
  });
});

// ── RULE_TABLE ──────────────────────────────────────────────────────────────────────────────

describe('golden — RULE_TABLE', () => {
  const ids = new Set(RULE_TABLE.map((r) => r.id));
  const row = (id: string) => RULE_TABLE.find((r) => r.id === id);

  it('every row has a non-empty source (and a non-empty description)', () => {
    const missing = RULE_TABLE.filter((r) => typeof r.source !== 'string' || r.source.trim() === '' || r.description.trim() === '').map((r) => r.id);
    expect(missing).toEqual([]);
  });

  it('the new rows exist and the removed one is gone', () => {
    for (const id of [
      'nyc_cfb.limit.class_governs',
      'nyc_cfb.limit.class_undetermined',
      'nyc_cfb.limit.cash',
      'nys_pcf.limit.class_governs',
      'nys_pcf.limit.class_undetermined',
      'nys_pcf.limit.non_participant',
      'nyc_cfb.cycle.outside',
      'nys_pcf.cycle.outside',
      'custom.cycle.outside',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
    expect(ids.has('nyc_cfb.limit.undetermined')).toBe(false);
  });

  it('the cash row is $100, enforced; the NYS cash row is informational only', () => {
    expect(row('nyc_cfb.limit.cash')).toMatchObject({ value: 10_000 });
    expect(row('nyc_cfb.limit.cash')!.informational).toBeFalsy();
    expect(row('nys_pcf.limit.cash')?.informational).toBe(true);
  });

  it('every limit the engine answers is the value of the row it names (no figure outside the table)', () => {
    const offices = [null, 'mayor', 'public_advocate', 'comptroller', 'borough_president', 'city_council', 'governor', 'lieutenant_governor', 'attorney_general', 'state_comptroller', 'state_senate', 'state_assembly'];
    let compared = 0;
    for (const rule_set of ['nyc_cfb', 'nys_pcf'] as const) {
      for (const cls of ['participant', 'non_participant', null] as const) {
        for (const office of offices) {
          for (const contributor_type of ['individual', 'candidates_family', 'labor_unions', 'limited_liability_company'] as const) {
            const answer = limitFor(campaign(rule_set, office, cls), donor({ contributor_type }));
            const r = row(answer.rule);
            expect(r, answer.rule).toBeDefined();
            if (typeof r!.value === 'number') {
              expect(answer.limit_cents, answer.rule).toBe(r!.value);
              compared += 1;
            } else {
              expect(answer.rule).toBe('nyc_cfb.prohibited.llc');
              expect(answer.limit_cents).toBe(0);
            }
            if (r!.offices && office) expect(r!.offices, `${answer.rule} for ${office}`).toContain(office);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('every rule id written in engine.ts is a row of RULE_TABLE (template ids match at least one row)', () => {
    const literals = [...engineSource.matchAll(/'((?:nyc_cfb|nys_pcf|custom)\.[a-z0-9_.]+)'/g)].map((m) => m[1]!);
    expect(literals.length).toBeGreaterThan(30);
    expect(literals.filter((id) => !ids.has(id))).toEqual([]);
    const templates = [...engineSource.matchAll(/`((?:\$\{[^}`]+\}|[a-z0-9_])+(?:\.(?:\$\{[^}`]+\}|[a-z0-9_]+))+)`/g)].map((m) => m[1]!);
    expect(templates.length).toBeGreaterThanOrEqual(4);
    const unmatched = templates.filter((t) => {
      const pattern = new RegExp(`^${t.split(/\$\{[^}]+\}/).map((part) => part.replace(/\./g, '\\.')).join('[a-z0-9_]+')}$`);
      return !RULE_TABLE.some((r) => pattern.test(r.id));
    });
    expect(unmatched).toEqual([]);
  });

  it('every rule id the engine answers with (issues, warnings, limits, matches, cash) is a row of RULE_TABLE', () => {
    const offices = [null, 'mayor', 'borough_president', 'city_council', 'governor', 'state_senate', 'state_assembly'];
    const campaigns: ComplianceCampaign[] = [];
    for (const cls of ['participant', 'non_participant', null] as const) {
      for (const office of offices) {
        campaigns.push(nyc(office, cls), nys(office, cls), nys(office, cls, 'd1'));
      }
    }
    campaigns.push(campaign('custom', null, null), { ...campaign('custom', null, null), custom_limit_individual_cents: null, custom_limit_organization_cents: null });
    const types = ['individual', 'candidate', 'candidates_spouse', 'candidates_family', 'candidate_committee', 'party_committee', 'political_action_committee', 'labor_unions', 'limited_liability_company'] as const;
    const seen = new Set<string>();
    for (const c of campaigns) {
      for (const contributor_type of types) {
        for (const eligibility of ['p-a', 'p-b', 'np', 'un'] as const) {
          for (const d of [
            donor({ contributor_type, eligibility }),
            donor({ contributor_type, eligibility, district: 'd1' }),
            donor({ contributor_type, eligibility, district: 'd2', city: 'Albany', zip: '12207' }),
            donor({ contributor_type, eligibility, is_international: true, state: null }),
          ]) {
            const r = checkContribution(c, d, { aggregate_cents: 5_000_000, amount_cents: 1, cash: { cash_aggregate_cents: 10_000, cash_amount_cents: 1 } });
            r.issues.forEach((i) => seen.add(i.rule));
            r.warnings.forEach((w) => seen.add(w.rule));
            seen.add(limitFor(c, d).rule);
            for (const contributions of [[gift(300)], [gift(300, { payment_method: 'cash' })], [gift(400, { refunded_cents: 100 })], [gift(25_000), gift(10_001, { payment_method: 'cash' })]]) {
              const m = matchFor(c, d, contributions);
              seen.add(m.rule);
              m.warnings.forEach((w) => seen.add(w.rule));
            }
          }
        }
      }
    }
    expect([...seen].filter((id) => !ids.has(id))).toEqual([]);
    // The enumeration reaches the new rules (so the check above is not vacuous).
    for (const id of ['nyc_cfb.limit.cash', 'nyc_cfb.limit.class_governs', 'nyc_cfb.limit.class_undetermined', 'nys_pcf.limit.non_participant', 'nys_pcf.limit.class_undetermined', 'nys_pcf.limit.class_governs', 'nyc_cfb.limit.option_b']) {
      expect(seen.has(id), id).toBe(true);
    }
  });
});
