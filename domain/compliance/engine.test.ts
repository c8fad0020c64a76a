import { aggregateCents, checkContribution, checkDonor, isNycResident, limitFor, matchByContribution, matchFor, netCents, ruleSetSummary } from './engine';
import { RULE_TABLE } from './rule-table';
import { donor } from './test-fixtures';
import type { ComplianceCampaign, ComplianceContribution, ComplianceDonor } from './types';

// ── fixtures ────────────────────────────────────────────────────────────────────────────────

/** true = participant campaign, false = non-participant campaign, null = class not set in the campaign settings. */
const statusOf = (participant: boolean | null): ComplianceCampaign['participant_status'] =>
  participant === null ? null : participant ? 'participant' : 'non_participant';

const nyc = (office: string | null, participant: boolean | null = true): ComplianceCampaign => ({
  rule_set: 'nyc_cfb',
  participant_status: statusOf(participant),
  office_sought: office,
  custom_limit_individual_cents: null,
  custom_limit_organization_cents: null,
});

const nys = (office: string | null, participant: boolean | null = true, district: string | null = null): ComplianceCampaign => ({
  rule_set: 'nys_pcf',
  participant_status: statusOf(participant),
  office_sought: office,
  custom_limit_individual_cents: null,
  custom_limit_organization_cents: null,
  district,
});

const custom = (individual: number | null, organization: number | null): ComplianceCampaign => ({
  rule_set: 'custom',
  participant_status: null,
  office_sought: null,
  custom_limit_individual_cents: individual,
  custom_limit_organization_cents: organization,
});


const gift = (dollars: number, over: Partial<ComplianceContribution> = {}): ComplianceContribution => ({
  amount_cents: Math.round(dollars * 100),
  payment_method: 'card',
  refunded_cents: 0,
  ...over,
});

/** A gift of `dollars` of which `refundDollars` were refunded. */
const refundedGift = (dollars: number, refundDollars: number, over: Partial<ComplianceContribution> = {}): ComplianceContribution =>
  gift(dollars, { refunded_cents: Math.round(refundDollars * 100), ...over });

const check = (campaign: ComplianceCampaign, d: ComplianceDonor, aggregateDollars: number, amountDollars: number) =>
  checkContribution(campaign, d, { aggregate_cents: Math.round(aggregateDollars * 100), amount_cents: Math.round(amountDollars * 100) });

const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

// ── RULE_TABLE ──────────────────────────────────────────────────────────────────────────────

describe('RULE_TABLE', () => {
  it('every row has a unique id, a description, a value and a public source', () => {
    const ids = RULE_TABLE.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of RULE_TABLE) {
      expect(row.id.startsWith(`${row.rule_set}.`)).toBe(true);
      expect(row.description.length).toBeGreaterThan(10);
      expect(row.source.length).toBeGreaterThan(10);
      if (row.rule_set !== 'custom') expect(row.source).toMatch(/https:\/\//);
    }
  });

  it('NYC CFB 2025 figures: $2,100/$3,700 citywide, $1,600/$2,650 borough president, $1,050/$1,600 council', () => {
    const value = (id: string) => RULE_TABLE.find((r) => r.id === id)?.value;
    expect(value('nyc_cfb.limit.citywide.participant')).toBe(210_000);
    expect(value('nyc_cfb.limit.citywide.non_participant')).toBe(370_000);
    expect(value('nyc_cfb.limit.borough_president.participant')).toBe(160_000);
    expect(value('nyc_cfb.limit.borough_president.non_participant')).toBe(265_000);
    expect(value('nyc_cfb.limit.city_council.participant')).toBe(105_000);
    expect(value('nyc_cfb.limit.city_council.non_participant')).toBe(160_000);
  });
});

// ── limits: NYC CFB ─────────────────────────────────────────────────────────────────────────

describe('limitFor / checkContribution — NYC CFB', () => {
  it('NYC CFB citywide participant limit: $2,100 at the limit is allowed', () => {
    const result = check(nyc('mayor'), donor({ eligibility: 'p-a' }), 2_000, 100);
    expect(result.issues).toEqual([]);
    expect(result.limit_cents).toBe(210_000);
    expect(result.remaining_cents).toBe(0);
  });

  it('NYC CFB citywide participant limit: $2,100.01 is over the limit, with limit/aggregate/remaining details', () => {
    const result = check(nyc('public_advocate'), donor({ eligibility: 'p-a' }), 2_000, 100.01);
    expect(result.issues).toEqual([
      {
        code: 'COMMITMENT_EXCEEDS_LIMIT',
        rule: 'nyc_cfb.limit.citywide.participant',
        details: { limit_cents: 210_000, aggregate_cents: 200_000, remaining_cents: 10_000 },
      },
    ]);
    expect(result.remaining_cents).toBe(0);
  });

  it('NYC CFB citywide participant limit: below the limit leaves the exact remainder', () => {
    const result = check(nyc('comptroller'), donor(), 1_234.56, 100);
    expect(result.issues).toEqual([]);
    expect(result.aggregate_after_cents).toBe(133_456);
    expect(result.remaining_cents).toBe(76_544);
  });

  it('NYC CFB citywide non-participant campaign: $3,700 allowed, $3,701 not (donor marked np, no mismatch)', () => {
    expect(check(nyc('mayor', false), donor({ eligibility: 'np' }), 3_000, 700).issues).toEqual([]);
    const over = check(nyc('mayor', false), donor({ eligibility: 'np' }), 3_000, 701);
    expect(codes(over.issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    expect(over.issues[0]!.rule).toBe('nyc_cfb.limit.citywide.non_participant');
    expect(over.warnings).toEqual([]);
  });

  it("NYC CFB the campaign's class governs, not the donor's eligibility: np donor of a participant Mayor campaign gets $2,100", () => {
    const answer = limitFor(nyc('mayor'), donor({ eligibility: 'np' }));
    expect(answer.limit_cents).toBe(210_000);
    expect(answer.rule).toBe('nyc_cfb.limit.citywide.participant');
    expect(answer.warnings).toMatchObject([{ code: 'ELIGIBILITY_MISMATCH', rule: 'nyc_cfb.limit.class_governs' }]);
    // $2,100.01 is refused although the donor is marked np (np would have allowed $3,700 under the old rule).
    expect(codes(check(nyc('mayor'), donor({ eligibility: 'np' }), 2_100, 0.01).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('NYC CFB borough president: participant campaign $1,600 and non-participant campaign $2,650, whatever the donor eligibility', () => {
    for (const eligibility of ['p-a', 'p-b', 'np', 'un'] as const) {
      expect(limitFor(nyc('borough_president'), donor({ eligibility })).limit_cents).toBe(160_000);
      expect(limitFor(nyc('borough_president', false), donor({ eligibility })).limit_cents).toBe(265_000);
    }
    expect(check(nyc('borough_president'), donor({ eligibility: 'p-a' }), 1_600, 0.01).issues[0]!.code).toBe('COMMITMENT_EXCEEDS_LIMIT');
    expect(check(nyc('borough_president', false), donor({ eligibility: 'p-a' }), 1_600, 1_050).issues).toEqual([]);
  });

  it('NYC CFB city council participant limit: $1,050 at the limit allowed, one cent more refused', () => {
    expect(check(nyc('city_council'), donor(), 1_000, 50).issues).toEqual([]);
    expect(codes(check(nyc('city_council'), donor(), 1_000, 50.01).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('NYC CFB city council non-participant campaign: $1,600 (donor marked np: no warning)', () => {
    const answer = limitFor(nyc('city_council', false), donor({ eligibility: 'np' }));
    expect(answer).toEqual({ limit_cents: 160_000, rule: 'nyc_cfb.limit.city_council.non_participant', warnings: [] });
  });

  it('NYC CFB non-participant campaign, donor marked p-a or p-b: non-participant limit with ELIGIBILITY_MISMATCH (no Option B warning)', () => {
    for (const eligibility of ['p-a', 'p-b'] as const) {
      const answer = limitFor(nyc('city_council', false), donor({ eligibility }));
      expect(answer.limit_cents).toBe(160_000);
      expect(answer.rule).toBe('nyc_cfb.limit.city_council.non_participant');
      expect(answer.warnings.map((w) => [w.code, w.rule])).toEqual([['ELIGIBILITY_MISMATCH', 'nyc_cfb.limit.class_governs']]);
    }
  });

  it('NYC CFB Option B (p-b) ended in 2021: a participant campaign applies the participant limit, with a warning', () => {
    const answer = limitFor(nyc('mayor'), donor({ eligibility: 'p-b' }));
    expect(answer.limit_cents).toBe(210_000);
    expect(answer.warnings.map((w) => [w.code, w.rule])).toEqual([['OPTION_B_DISCONTINUED', 'nyc_cfb.limit.option_b']]);
  });

  it('NYC CFB donor eligibility undetermined (un): no warning, the campaign class decides', () => {
    expect(limitFor(nyc('borough_president'), donor({ eligibility: 'un' }))).toEqual({
      limit_cents: 160_000,
      rule: 'nyc_cfb.limit.borough_president.participant',
      warnings: [],
    });
    expect(limitFor(nyc('borough_president', false), donor({ eligibility: 'un' }))).toEqual({
      limit_cents: 265_000,
      rule: 'nyc_cfb.limit.borough_president.non_participant',
      warnings: [],
    });
  });

  it('NYC CFB campaign class not set: the strictest row of the office applies with CAMPAIGN_CLASS_UNDETERMINED', () => {
    for (const eligibility of ['p-a', 'np', 'un'] as const) {
      const answer = limitFor(nyc('borough_president', null), donor({ eligibility }));
      expect(answer.limit_cents).toBe(160_000);
      expect(answer.rule).toBe('nyc_cfb.limit.borough_president.participant');
      // No mismatch: there is no class to contradict.
      expect(answer.warnings.map((w) => [w.code, w.rule])).toEqual([['CAMPAIGN_CLASS_UNDETERMINED', 'nyc_cfb.limit.class_undetermined']]);
      expect(codes(check(nyc('borough_president', null), donor({ eligibility }), 0, 1_600.01).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    }
  });

  it('NYC CFB office not set: the strictest NYC limit (council participant $1,050) with OFFICE_NOT_COVERED, whatever the class', () => {
    const answer = limitFor(nyc(null), donor({ eligibility: 'p-a' }));
    expect(answer.limit_cents).toBe(105_000);
    expect(answer.warnings.map((w) => w.code)).toEqual(['OFFICE_NOT_COVERED']);
    expect(limitFor(nyc(null, false), donor({ eligibility: 'np' }))).toMatchObject({ limit_cents: 105_000, rule: 'nyc_cfb.limit.office_not_covered' });
    const unset = limitFor(nyc(null, null), donor({ eligibility: 'un' }));
    expect(unset.limit_cents).toBe(105_000);
    expect(unset.warnings.map((w) => w.code)).toEqual(['OFFICE_NOT_COVERED', 'CAMPAIGN_CLASS_UNDETERMINED']);
  });

  it('NYC CFB office not set, donor contradicting the class: ELIGIBILITY_MISMATCH too, limit unchanged', () => {
    const answer = limitFor(nyc(null), donor({ eligibility: 'np' }));
    expect(answer.limit_cents).toBe(105_000);
    expect(answer.warnings.map((w) => w.code)).toEqual(['OFFICE_NOT_COVERED', 'ELIGIBILITY_MISMATCH']);
  });

  it("NYC CFB candidate's own money: no limit, participant warned of the 3x cap", () => {
    const result = check(nyc('mayor'), donor({ contributor_type: 'candidate' }), 50_000, 50_000);
    expect(result.issues).toEqual([]);
    expect(result.limit_cents).toBeNull();
    expect(result.remaining_cents).toBeNull();
    expect(result.warnings.map((w) => w.code)).toContain('CANDIDATE_OWN_MONEY_CAP');
  });

  it('NYC CFB prohibited source: an LLC is refused whatever the amount (limit 0)', () => {
    const result = check(nyc('city_council'), donor({ contributor_type: 'limited_liability_company' }), 0, 10);
    expect(result.issues).toEqual([{ code: 'PROHIBITED_SOURCE', rule: 'nyc_cfb.prohibited.llc', details: { contributor_type: 'limited_liability_company' } }]);
    expect(result.limit_cents).toBe(0);
  });

  it('NYC CFB political committees: accepted with a registration warning', () => {
    const result = check(nyc('mayor'), donor({ contributor_type: 'political_action_committee' }), 0, 500);
    expect(result.issues).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toContain('COMMITTEE_MUST_BE_REGISTERED');
  });
});

// ── limits: NYS ─────────────────────────────────────────────────────────────────────────────

describe('limitFor / checkContribution — NYS public campaign finance', () => {
  it('NYS statewide limit (Election Law 14-114): $18,000 per cycle allowed, $18,000.01 refused', () => {
    expect(check(nys('governor'), donor(), 17_000, 1_000).issues).toEqual([]);
    const over = check(nys('attorney_general'), donor(), 17_000, 1_000.01);
    expect(over.issues[0]).toMatchObject({ code: 'COMMITMENT_EXCEEDS_LIMIT', rule: 'nys_pcf.limit.statewide' });
  });

  it('NYS State Senate limit: $10,000 per cycle, with the primary/general split warning', () => {
    const answer = limitFor(nys('state_senate'), donor());
    expect(answer.limit_cents).toBe(1_000_000);
    expect(answer.warnings.map((w) => w.code)).toContain('PRIMARY_GENERAL_SPLIT');
  });

  it('NYS State Assembly limit: $6,000 at the limit allowed, one cent more refused', () => {
    expect(check(nys('state_assembly'), donor(), 5_999.99, 0.01).issues).toEqual([]);
    expect(codes(check(nys('state_assembly'), donor(), 5_999.99, 0.02).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('NYS LLC (Election Law 14-116): capped at $5,000, not prohibited', () => {
    const d = donor({ contributor_type: 'limited_liability_company' });
    expect(checkDonor(nys('governor'), d)).toEqual([]);
    const answer = limitFor(nys('governor'), d);
    expect(answer).toMatchObject({ limit_cents: 500_000, rule: 'nys_pcf.limit.llc_annual_aggregate' });
    expect(answer.warnings.map((w) => w.code)).toContain('LLC_ANNUAL_AGGREGATE');
    expect(codes(check(nys('governor'), d, 4_000, 1_000.01).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('NYS participant campaign: same limit whatever the donor eligibility; only np contradicts the class', () => {
    for (const eligibility of ['p-a', 'p-b', 'un'] as const) {
      const answer = limitFor(nys('state_senate'), donor({ eligibility }));
      expect(answer.limit_cents).toBe(1_000_000);
      expect(answer.warnings.map((w) => w.code)).toEqual(['PRIMARY_GENERAL_SPLIT']);
    }
    const np = limitFor(nys('state_senate'), donor({ eligibility: 'np' }));
    expect(np.limit_cents).toBe(1_000_000);
    expect(np.warnings.map((w) => [w.code, w.rule])).toEqual([
      ['ELIGIBILITY_MISMATCH', 'nys_pcf.limit.class_governs'],
      ['PRIMARY_GENERAL_SPLIT', 'nys_pcf.limit.primary_general_split'],
    ]);
  });

  it('NYS non-participant campaign: the same (participant) figures, with NON_PARTICIPANT_LIMIT_NOT_IN_TABLE', () => {
    const answer = limitFor(nys('state_assembly', false), donor({ eligibility: 'np' }));
    expect(answer.limit_cents).toBe(600_000);
    expect(answer.rule).toBe('nys_pcf.limit.state_assembly');
    expect(answer.warnings.map((w) => [w.code, w.rule])).toEqual([
      ['NON_PARTICIPANT_LIMIT_NOT_IN_TABLE', 'nys_pcf.limit.non_participant'],
      ['PRIMARY_GENERAL_SPLIT', 'nys_pcf.limit.primary_general_split'],
    ]);
    const pa = limitFor(nys('state_assembly', false), donor({ eligibility: 'p-a' }));
    expect(pa.limit_cents).toBe(600_000);
    expect(pa.warnings.map((w) => w.code)).toEqual(['NON_PARTICIPANT_LIMIT_NOT_IN_TABLE', 'ELIGIBILITY_MISMATCH', 'PRIMARY_GENERAL_SPLIT']);
  });

  it('NYS campaign class not set: same figures with CAMPAIGN_CLASS_UNDETERMINED', () => {
    const answer = limitFor(nys('governor', null), donor({ eligibility: 'np' }));
    expect(answer.limit_cents).toBe(1_800_000);
    expect(answer.warnings.map((w) => [w.code, w.rule])).toEqual([
      ['CAMPAIGN_CLASS_UNDETERMINED', 'nys_pcf.limit.class_undetermined'],
      ['PRIMARY_GENERAL_SPLIT', 'nys_pcf.limit.primary_general_split'],
    ]);
  });
});

// ── limits: custom ──────────────────────────────────────────────────────────────────────────

describe('limitFor / checkContribution — custom', () => {
  it('custom individual limit applies to individuals, spouses and family: at the limit allowed, above refused', () => {
    const campaign = custom(100_000, 500_000);
    expect(check(campaign, donor(), 900, 100).issues).toEqual([]);
    expect(codes(check(campaign, donor({ contributor_type: 'candidates_spouse' }), 900, 100.01).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    expect(limitFor(campaign, donor({ contributor_type: 'candidates_family' })).rule).toBe('custom.limit.individual');
  });

  it('custom organisation limit applies to committees, unions and LLCs (no prohibited source)', () => {
    const campaign = custom(100_000, 500_000);
    for (const type of ['candidate_committee', 'party_committee', 'political_action_committee', 'labor_unions', 'limited_liability_company'] as const) {
      expect(limitFor(campaign, donor({ contributor_type: type }))).toEqual({ limit_cents: 500_000, rule: 'custom.limit.organization', warnings: [] });
      expect(checkDonor(campaign, donor({ contributor_type: type }))).toEqual([]);
    }
    expect(codes(check(campaign, donor({ contributor_type: 'labor_unions' }), 4_000, 1_000.01).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
  });

  it('custom empty limit: no limit, NO_LIMIT_CONFIGURED, never an excess', () => {
    const result = check(custom(null, null), donor(), 1_000_000, 1_000_000);
    expect(result.issues).toEqual([]);
    expect(result.limit_cents).toBeNull();
    expect(result.remaining_cents).toBeNull();
    expect(result.warnings.map((w) => w.code)).toEqual(['NO_LIMIT_CONFIGURED']);
  });

  it("custom candidate's own money: no limit and no warning", () => {
    expect(limitFor(custom(100, 100), donor({ contributor_type: 'candidate' }))).toEqual({
      limit_cents: null,
      rule: 'custom.limit.candidate_own_money',
      warnings: [],
    });
  });
});

// ── donors ──────────────────────────────────────────────────────────────────────────────────

describe('checkDonor', () => {
  it('SPEC §5: an international non-individual is refused under every rule set', () => {
    for (const campaign of [nyc('mayor'), nys('governor'), custom(100_000, 100_000)]) {
      const issues = checkDonor(campaign, donor({ is_international: true, contributor_type: 'party_committee' }));
      expect(issues).toEqual([
        { code: 'INTERNATIONAL_DONOR_INDIVIDUAL_ONLY', rule: `${campaign.rule_set}.international.individual_only`, details: { contributor_type: 'party_committee' } },
      ]);
    }
  });

  it('SPEC §5: an international individual is accepted (e.g. a US citizen abroad)', () => {
    expect(checkDonor(nyc('mayor'), donor({ is_international: true, state: null, city: 'Paris', zip: '75001' }))).toEqual([]);
  });

  it('an international LLC under NYC CFB gets both issues', () => {
    const issues = checkDonor(nyc('mayor'), donor({ is_international: true, contributor_type: 'limited_liability_company' }));
    expect(codes(issues)).toEqual(['INTERNATIONAL_DONOR_INDIVIDUAL_ONLY', 'PROHIBITED_SOURCE']);
  });
});

// ── aggregates ──────────────────────────────────────────────────────────────────────────────

describe('aggregateCents', () => {
  it('refunds reduce the aggregate: a fully refunded donation counts for nothing', () => {
    expect(aggregateCents([gift(100), refundedGift(250, 250), gift(0.01)], [])).toBe(10_001);
  });

  it('partial refunds: only amount - refunded counts ($250 refunded by $100.01 counts $149.99)', () => {
    expect(aggregateCents([gift(100), refundedGift(250, 100.01)], [])).toBe(10_000 + 14_999);
    expect(netCents(refundedGift(250, 100.01))).toBe(14_999);
    expect(netCents(gift(250))).toBe(25_000);
  });

  it('netCents never goes below 0 (a refund recorded above the amount)', () => {
    expect(netCents(refundedGift(10, 12))).toBe(0);
    expect(aggregateCents([gift(5), refundedGift(10, 12)], [])).toBe(500);
  });

  it('adds only the open remainder of pledges (the paid part is already a donation)', () => {
    // Pledge of $1,000 with $300 paid: the $300 donation is in contributions, $700 is still open.
    expect(aggregateCents([gift(300)], [{ commitment_amount_cents: 100_000, paid_cents: 30_000, written_off: false }])).toBe(100_000);
  });

  it('a written-off pledge no longer counts', () => {
    expect(aggregateCents([gift(300)], [{ commitment_amount_cents: 100_000, paid_cents: 30_000, written_off: true }])).toBe(30_000);
  });

  it('exact cents arithmetic: no floating point drift over many small gifts', () => {
    const gifts = Array.from({ length: 1_000 }, () => gift(0.1));
    expect(aggregateCents(gifts, [{ commitment_amount_cents: 33_333, paid_cents: 11_111, written_off: false }])).toBe(10_000 + 22_222);
  });

  it('a written-off pledge frees room under the NYC council limit', () => {
    const pledges = [{ commitment_amount_cents: 105_000, paid_cents: 0, written_off: false }];
    const open = aggregateCents([], pledges);
    expect(codes(checkContribution(nyc('city_council'), donor(), { aggregate_cents: open, amount_cents: 100 }).issues)).toEqual(['COMMITMENT_EXCEEDS_LIMIT']);
    const writtenOff = aggregateCents([], [{ ...pledges[0]!, written_off: true }]);
    expect(checkContribution(nyc('city_council'), donor(), { aggregate_cents: writtenOff, amount_cents: 100 }).issues).toEqual([]);
  });
});

// ── matching: NYC CFB ───────────────────────────────────────────────────────────────────────

describe('matchFor — NYC CFB', () => {
  it('NYC CFB citywide match: 8:1 on the first $250 ($300 given → $250 matchable → $2,000)', () => {
    expect(matchFor(nyc('mayor'), donor(), [gift(300)])).toEqual({
      matchable_cents: 25_000,
      public_funds_cents: 200_000,
      rule: 'nyc_cfb.match.cap.citywide',
      warnings: [],
    });
  });

  it('NYC CFB council match: 8:1 on the first $175 ($250 given → $1,400)', () => {
    const answer = matchFor(nyc('city_council'), donor(), [gift(200), gift(50)]);
    expect(answer).toMatchObject({ matchable_cents: 17_500, public_funds_cents: 140_000, rule: 'nyc_cfb.match.cap.borough_council' });
  });

  it('NYC CFB borough president match: below the $175 cap every cent is matched ($10.50 → $84)', () => {
    expect(matchFor(nyc('borough_president'), donor(), [gift(10.5)])).toMatchObject({ matchable_cents: 1_050, public_funds_cents: 8_400 });
  });

  it('NYC CFB cash over $100 is not matchable (warning); cash of exactly $100 is', () => {
    const answer = matchFor(nyc('mayor'), donor(), [gift(100.01, { payment_method: 'cash' }), gift(100, { payment_method: 'cash' })]);
    expect(answer.matchable_cents).toBe(10_000);
    expect(answer.public_funds_cents).toBe(80_000);
    expect(answer.warnings.map((w) => w.code)).toEqual(['CASH_OVER_100_NOT_MATCHABLE']);
  });

  it('NYC CFB refunds reduce the matchable amount (full refund)', () => {
    const answer = matchFor(nyc('city_council'), donor(), [gift(100), refundedGift(150, 150)]);
    expect(answer).toMatchObject({ matchable_cents: 10_000, public_funds_cents: 80_000 });
  });

  it('NYC CFB partial refunds: only the net counts towards the match ($100 + $150 refunded by $100 → $150 → $1,200)', () => {
    const answer = matchFor(nyc('city_council'), donor(), [gift(100), refundedGift(150, 100)]);
    expect(answer).toMatchObject({ matchable_cents: 15_000, public_funds_cents: 120_000 });
  });

  it('NYC CFB campaign class not set: nothing is matched (no public funds until the class is known)', () => {
    expect(matchFor(nyc('mayor', null), donor(), [gift(250)])).toMatchObject({ matchable_cents: 0, public_funds_cents: 0 });
  });

  it('NYC CFB non-participant campaign: nothing is matched', () => {
    expect(matchFor(nyc('mayor', false), donor(), [gift(250)])).toEqual({
      matchable_cents: 0,
      public_funds_cents: 0,
      rule: 'nyc_cfb.match.non_participant',
      warnings: [],
    });
  });

  it('NYC CFB residence: a Yonkers or Nassau (115xx) resident is not matchable', () => {
    for (const d of [donor({ city: 'Yonkers', zip: '10701' }), donor({ city: 'Hempstead', zip: '11550' }), donor({ state: 'new_jersey', city: 'Jersey City', zip: '07302' })]) {
      const answer = matchFor(nyc('mayor'), d, [gift(100)]);
      expect(answer.matchable_cents).toBe(0);
      expect(answer.warnings.map((w) => w.code)).toEqual(['NOT_MATCHABLE_RESIDENCE']);
    }
  });

  it('NYC CFB residence: borough names and NYC ZIP codes count (Flushing 11354, Astoria 11102, Far Rockaway 11691, Glen Oaks 11004)', () => {
    expect(isNycResident(donor({ city: 'The Bronx', zip: null }))).toBe(true);
    expect(isNycResident(donor({ city: 'Staten Island', zip: null }))).toBe(true);
    expect(isNycResident(donor({ city: 'Flushing', zip: '11354' }))).toBe(true);
    expect(isNycResident(donor({ city: 'Astoria', zip: '11102-1234' }))).toBe(true);
    expect(isNycResident(donor({ city: 'Far Rockaway', zip: '11691' }))).toBe(true);
    expect(isNycResident(donor({ city: 'Glen Oaks', zip: '11004' }))).toBe(true);
    expect(isNycResident(donor({ city: 'Great Neck', zip: '11021' }))).toBe(false);
    expect(isNycResident(donor({ city: 'New York', is_international: true }))).toBe(false);
  });

  it("NYC CFB contributor: the candidate's own money and organisations are not matchable; the spouse is", () => {
    for (const type of ['candidate', 'labor_unions', 'political_action_committee'] as const) {
      const answer = matchFor(nyc('mayor'), donor({ contributor_type: type }), [gift(100)]);
      expect(answer.matchable_cents).toBe(0);
      expect(answer.warnings.map((w) => w.code)).toEqual(['NOT_MATCHABLE_CONTRIBUTOR']);
    }
    expect(matchFor(nyc('mayor'), donor({ contributor_type: 'candidates_spouse' }), [gift(100)]).matchable_cents).toBe(10_000);
  });
});

// ── matching: NYS ───────────────────────────────────────────────────────────────────────────

describe('matchFor — NYS public campaign finance', () => {
  const assembly = nys('state_assembly', true, 'ny_assembly_52');
  const inDistrict = donor({ district: 'ny_assembly_52' });
  const funds = (dollars: number) => matchFor(assembly, inDistrict, [gift(dollars)]);

  it('NYS legislative minimum: $4 is under the $5 minimum, nothing matched', () => {
    expect(funds(4)).toMatchObject({ matchable_cents: 0, public_funds_cents: 0, rule: 'nys_pcf.match.minimum' });
  });

  it('NYS legislative tier 1 (12:1): $5 → $60', () => {
    expect(funds(5)).toMatchObject({ matchable_cents: 500, public_funds_cents: 6_000 });
  });

  it('NYS legislative tier 1 (12:1): $50 → $600', () => {
    expect(funds(50)).toMatchObject({ matchable_cents: 5_000, public_funds_cents: 60_000 });
  });

  it('NYS legislative tier 2 (9:1 on the next $100): $150 → $600 + $900 = $1,500', () => {
    expect(funds(150)).toMatchObject({ matchable_cents: 15_000, public_funds_cents: 150_000 });
  });

  it('NYS legislative tier 3 (8:1 on the next $100): $250 → $600 + $900 + $800 = $2,300', () => {
    expect(funds(250)).toMatchObject({ matchable_cents: 25_000, public_funds_cents: 230_000 });
  });

  it('NYS legislative cap (14-200-a(11)(b)(xii)): $251 is matched only up to $250 → $2,300', () => {
    expect(funds(251)).toMatchObject({ matchable_cents: 25_000, public_funds_cents: 230_000 });
  });

  it('NYS matching counts the aggregate: $3 + $2 reaches the $5 minimum; exact cents inside a tier ($50.01 → $600.09)', () => {
    expect(matchFor(assembly, inDistrict, [gift(3), gift(2)])).toMatchObject({ matchable_cents: 500, public_funds_cents: 6_000 });
    expect(funds(50.01)).toMatchObject({ matchable_cents: 5_001, public_funds_cents: 60_009 });
  });

  it('NYS refunds reduce the matchable aggregate (a $100 refund leaves $4: under the minimum)', () => {
    expect(matchFor(assembly, inDistrict, [gift(4), refundedGift(100, 100)]).matchable_cents).toBe(0);
    // A partial refund leaving $1 on the second gift brings the total to the $5 minimum.
    expect(matchFor(assembly, inDistrict, [gift(4), refundedGift(100, 99)])).toMatchObject({ matchable_cents: 500, public_funds_cents: 6_000 });
  });

  it('NYS statewide (14-205(2)(a)): 6:1 on up to $250 → $1,500', () => {
    expect(matchFor(nys('governor'), donor(), [gift(400)])).toMatchObject({
      matchable_cents: 25_000,
      public_funds_cents: 150_000,
      rule: 'nys_pcf.match.statewide.rate',
      warnings: [],
    });
  });

  it('NYS residence: out-of-state and out-of-district donors are not matchable', () => {
    expect(matchFor(nys('governor'), donor({ state: 'new_jersey' }), [gift(100)]).warnings.map((w) => w.code)).toEqual(['NOT_MATCHABLE_RESIDENCE']);
    expect(matchFor(assembly, donor({ district: 'ny_assembly_53' }), [gift(100)])).toMatchObject({ matchable_cents: 0 });
  });

  it('NYS residence: unknown campaign district falls back to state residence, with a warning', () => {
    const answer = matchFor(nys('state_senate'), donor({ city: 'Albany', zip: '12207' }), [gift(50)]);
    expect(answer).toMatchObject({ matchable_cents: 5_000, public_funds_cents: 60_000 });
    expect(answer.warnings.map((w) => w.code)).toEqual(['DISTRICT_NOT_CHECKED']);
  });

  it('NYS non-participant campaign and custom rule sets: nothing is matched', () => {
    expect(matchFor(nys('governor', false), donor(), [gift(100)]).public_funds_cents).toBe(0);
    expect(matchFor(custom(100_000, 100_000), donor(), [gift(100)])).toEqual({ matchable_cents: 0, public_funds_cents: 0, rule: 'custom.match.none', warnings: [] });
  });

  it('NYS contributor: an LLC is not matchable', () => {
    const answer = matchFor(nys('governor'), donor({ contributor_type: 'limited_liability_company' }), [gift(100)]);
    expect(answer.warnings.map((w) => w.code)).toEqual(['NOT_MATCHABLE_CONTRIBUTOR']);
  });
});

describe('matchByContribution — each donation\'s part of the donor\'s match', () => {
  const split = (campaign: ComplianceCampaign, d: ComplianceDonor, gifts: ComplianceContribution[]) => matchByContribution(campaign, d, gifts);

  it('the cap fills in the order given: NYC council $100 + $100 → $100 and $75, the rest over the cap', () => {
    const { answer, parts } = split(nyc('city_council'), donor(), [gift(100), gift(100)]);
    expect(answer).toMatchObject({ matchable_cents: 17_500, public_funds_cents: 140_000 });
    expect(parts.map((p) => [p.matchable_cents, p.public_funds_cents])).toEqual([
      [10_000, 80_000],
      [7_500, 60_000],
    ]);
    expect(parts[0]!.reason).toBeNull();
    expect(parts[1]!.reason).toBe('Over the $175.00 matchable per contributor.');
  });

  it('NYC cash over $100 is not matchable and says so; a fully refunded gift says it was refunded', () => {
    const { parts } = split(nyc('mayor'), donor(), [gift(150, { payment_method: 'cash' }), refundedGift(50, 50), gift(20)]);
    expect(parts).toEqual([
      { matchable_cents: 0, public_funds_cents: 0, reason: 'A cash contribution over $100 is not matchable.' },
      { matchable_cents: 0, public_funds_cents: 0, reason: 'Refunded.' },
      { matchable_cents: 2_000, public_funds_cents: 16_000, reason: null },
    ]);
  });

  it('a donor who is not matchable: every donation carries the donor\'s reason', () => {
    const { parts } = split(nyc('mayor'), donor({ contributor_type: 'limited_liability_company' }), [gift(10), gift(20)]);
    expect(parts.map((p) => p.reason)).toEqual(['Only natural persons other than the candidate are matchable.', 'Only natural persons other than the candidate are matchable.']);
    expect(parts.every((p) => p.matchable_cents === 0)).toBe(true);
  });

  it('NYS tiers fill in order: $40 then $40 → $480 (12:1) then $120 (12:1 on $10) + $270 (9:1 on $30)', () => {
    const assembly = nys('state_assembly', true, 'ny_assembly_52');
    const { answer, parts } = split(assembly, donor({ district: 'ny_assembly_52' }), [gift(40), gift(40)]);
    expect(parts.map((p) => p.public_funds_cents)).toEqual([48_000, 39_000]);
    expect(answer.public_funds_cents).toBe(87_000);
  });

  it('NYS under the $5 minimum: nothing is matched, each gift says why', () => {
    const assembly = nys('state_assembly', true, 'ny_assembly_52');
    const { answer, parts } = split(assembly, donor({ district: 'ny_assembly_52' }), [gift(2), gift(2)]);
    expect(answer).toMatchObject({ matchable_cents: 0, rule: 'nys_pcf.match.minimum' });
    expect(parts.map((p) => p.reason)).toEqual([RULE_TABLE.find((r) => r.id === 'nys_pcf.match.minimum')!.description, RULE_TABLE.find((r) => r.id === 'nys_pcf.match.minimum')!.description]);
  });
});

// ── summary ─────────────────────────────────────────────────────────────────────────────────

describe('ruleSetSummary', () => {
  it('lists the rows of the rule set that apply to the office', () => {
    const ids = ruleSetSummary(nyc('city_council')).map((r) => r.id);
    expect(ids).toContain('nyc_cfb.limit.city_council.participant');
    expect(ids).toContain('nyc_cfb.match.cap.borough_council');
    expect(ids).toContain('nyc_cfb.international.individual_only');
    expect(ids).not.toContain('nyc_cfb.limit.citywide.participant');
    expect(ids.every((id) => id.startsWith('nyc_cfb.'))).toBe(true);
  });
});

describe('rule ids', () => {
  it('every rule the engine answers with is a row of RULE_TABLE (a treasurer can look it up)', () => {
    const known = new Set(RULE_TABLE.map((r) => r.id));
    const campaigns = [
      ...[null, 'mayor', 'borough_president', 'city_council', 'governor'].flatMap((o) => [nyc(o), nyc(o, false), nyc(o, null)]),
      ...[null, 'governor', 'state_senate', 'state_assembly', 'mayor'].flatMap((o) => [nys(o), nys(o, true, 'd1'), nys(o, false), nys(o, null)]),
      custom(100_000, null),
      custom(null, 100_000),
    ];
    const types = ['individual', 'candidate', 'candidates_spouse', 'candidate_committee', 'labor_unions', 'limited_liability_company'] as const;
    const eligibilities = ['p-a', 'p-b', 'np', 'un'] as const;
    const seen: string[] = [];
    for (const campaign of campaigns) {
      for (const contributor_type of types) {
        for (const eligibility of eligibilities) {
          for (const d of [donor({ contributor_type, eligibility }), donor({ contributor_type, eligibility, is_international: true, state: null, district: 'd2' })]) {
            const result = checkContribution(campaign, d, {
              aggregate_cents: 5_000_000,
              amount_cents: 1,
              cash: { cash_aggregate_cents: 10_000, cash_amount_cents: 1 },
            });
            const match = matchFor(campaign, d, [gift(3), gift(500, { payment_method: 'cash' }), refundedGift(20, 5)]);
            seen.push(...result.issues.map((i) => i.rule), ...result.warnings.map((w) => w.rule), match.rule, ...match.warnings.map((w) => w.rule));
          }
        }
      }
    }
    expect(seen.filter((id) => !known.has(id))).toEqual([]);
  });
});
