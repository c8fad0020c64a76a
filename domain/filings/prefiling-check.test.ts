import { describe, expect, it } from 'vitest';
import { findPeriod, type FilingPeriod } from '../compliance/filing-periods';
import type { FilingContribution } from './csmart-file';
import { CAMPAIGN_FIX_PATH, prefilingCheck, type PrefilingInput } from './prefiling-check';
import { PREFILING_RULES, prefilingRules, type PrefilingRuleKind } from './prefiling-rules';
import { gift, type GiftOverrides } from './test-fixtures';

// July 2027 periodic statement of the 2029 cycle: 2027-01-12 to 2027-07-11.
const period = findPeriod('nyc_cfb', 2029, 'nyc_cfb.2029.jul-2027') as FilingPeriod;

const nycCampaign: PrefilingInput['campaign'] = {
  rule_set: 'nyc_cfb',
  participant_status: 'participant',
  office_sought: 'city_council',
  custom_limit_individual_cents: null,
  custom_limit_organization_cents: null,
  district: null,
  cfb_candidate_id: '1623',
  cfb_committee_id: 'A',
  election_cycle: '2029',
};

/** A complete, matchable-ready record: nothing to say about it. */
const clean = (over: GiftOverrides = {}): FilingContribution =>
  gift({
    check_number: '1001',
    ...over,
    donor: { address: '12 Court St', city: 'Brooklyn', state: 'new_york', zip: '11201', employer: 'Acme', occupation: 'Teacher', ...over.donor },
  });

function check(contributions: FilingContribution[], over: Partial<PrefilingInput> = {}) {
  return prefilingCheck({ regulator: 'nyc_cfb', period, campaign: nycCampaign, contributions, cycle: contributions, ...over });
}
const kinds = (result: ReturnType<typeof check>) => result.findings.map((f) => f.kind);

describe('pre-filing check', () => {
  it('says nothing of a complete book', () => {
    const result = check([clean({ donation_id: 'a', matchable_cents: 10_000 }), clean({ donation_id: 'b', payment_method: 'paypal', reference_number: 'PAY-1', check_number: null })]);
    expect(result.findings).toEqual([]);
    expect(result.in_file.map((c) => c.donation_id)).toEqual(['a', 'b']);
  });

  it("filer ids: the campaign's CFB Candidate and Committee IDs, once, with the campaign details as the fix", () => {
    const result = check([clean()], { campaign: { ...nycCampaign, cfb_candidate_id: null, cfb_committee_id: ' ' } });
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: 'filer_ids', severity: 'reject', detail: 'Missing: CFB Candidate ID, CFB Committee ID.', donation_id: null, fix_path: CAMPAIGN_FIX_PATH }),
    ]);
  });

  it('employer / occupation: required once a natural person gave more than $99 in the cycle', () => {
    const earlier = clean({ donation_id: 'e', date: '2026-12-01', amount_cents: 6_000, donor: { occupation: null } });
    const now = clean({ donation_id: 'n', date: '2027-02-01', amount_cents: 5_000, donor: { occupation: null } });
    const result = check([now], { cycle: [earlier, now] });
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: 'employer_occupation', severity: 'question', donation_id: 'n', donor_id: 'p', detail: 'Missing occupation (cycle total $110.00).', fix_path: '/donor-list/p' }),
    ]);
    // $99 in all: not required; an LLC: never.
    expect(kinds(check([clean({ amount_cents: 9_900, donor: { employer: '', occupation: null } })]))).toEqual([]);
    expect(kinds(check([clean({ amount_cents: 9_900, donor: { contributor_type: 'candidate', employer: null } })]))).toEqual([]);
  });

  it('matchable documentation: a matchable claim needs the full address and the payment record', () => {
    const noZipNoCheck = clean({ matchable_cents: 5_000, check_number: null, donor: { zip: null } });
    expect(check([noZipNoCheck]).findings).toEqual([expect.objectContaining({ kind: 'matchable_documentation', severity: 'reject', detail: 'Matchable $50.00 claimed without: zip, check number.' })]);
    const online = clean({ matchable_cents: 2_500, payment_method: 'paypal', check_number: null, reference_number: null });
    expect(check([online]).findings.map((f) => f.detail)).toEqual(['Matchable $25.00 claimed without: payment reference.']);
    // Nothing claimed: nothing asked.
    expect(kinds(check([clean({ matchable_cents: 0, check_number: null, donor: { zip: null } })]))).toEqual([]);
  });

  it("over the limit: the donor's cycle total in date order, net of refunds, against the engine's limit ($1,050, City Council participant)", () => {
    const earlier = clean({ donation_id: 'e', date: '2026-10-01', amount_cents: 100_000 });
    const now = clean({ donation_id: 'n', date: '2027-03-01', amount_cents: 10_000 });
    expect(check([now], { cycle: [earlier, now] }).findings).toEqual([
      expect.objectContaining({ kind: 'over_limit', donation_id: 'n', detail: 'Cycle total $1100.00 over the $1050.00 limit (nyc_cfb.limit.city_council.participant).' }),
    ]);
    // The excess refunded: within the limit.
    const refunded = { ...now, refunded_cents: 5_000 };
    expect(kinds(check([refunded], { cycle: [earlier, refunded] }))).toEqual([]);
    // A later gift does not count before an earlier one.
    const later = clean({ donation_id: 'l', date: '2027-06-01', amount_cents: 100_000 });
    expect(check([now, later], { cycle: [now, later] }).findings.map((f) => f.donation_id)).toEqual(['l']);
  });

  it('prohibited source: an LLC in NYC, unless wholly refunded', () => {
    const llc = clean({ donor: { contributor_type: 'limited_liability_company' } });
    expect(check([llc]).findings).toEqual([expect.objectContaining({ kind: 'prohibited_source', severity: 'reject', detail: 'Prohibited source (nyc_cfb.prohibited.llc).' })]);
    expect(kinds(check([{ ...llc, refunded_cents: llc.amount_cents }]))).toEqual([]);
  });

  it("cash over the cap: the donor's cash in the cycle over $100", () => {
    const earlier = clean({ donation_id: 'e', date: '2026-09-01', amount_cents: 8_000, payment_method: 'cash', check_number: null });
    const now = clean({ donation_id: 'n', date: '2027-04-01', amount_cents: 3_000, payment_method: 'cash', check_number: null });
    expect(check([now], { cycle: [earlier, now] }).findings).toEqual([expect.objectContaining({ kind: 'cash_cap', detail: 'Cash over the $100.00 cap ($80.00 in cash before this gift).' })]);
    // A check beside it does not count as cash.
    const byCheck = clean({ donation_id: 'c', date: '2027-04-01', amount_cents: 3_000 });
    expect(kinds(check([byCheck], { cycle: [earlier, byCheck] }))).toEqual([]);
  });

  it('outside the period: listed, and left out of the file', () => {
    const late = clean({ donation_id: 'late', date: '2026-12-30' });
    const result = check([late, clean({ donation_id: 'ok' })]);
    expect(result.findings).toEqual([expect.objectContaining({ kind: 'outside_period', donation_id: 'late', detail: 'Dated 2026-12-30, outside 2027-01-12 to 2027-07-11.' })]);
    expect(result.in_file.map((c) => c.donation_id)).toEqual(['ok']);
  });

  it("value too long: a value over C-SMART's documented maximum is cut, and said", () => {
    const result = check([clean({ check_number: '1234567890123456' })]);
    expect(result.findings).toEqual([expect.objectContaining({ kind: 'value_too_long', severity: 'question', detail: "Cut to C-SMART's maximum: Check Number (column I, 15)." })]);
  });

  it('NYS: its own rule set (no C-SMART ids, employer or documentation rules)', () => {
    const nysPeriod = findPeriod('nys_boe', 2026, 'nys_boe.2026.pre-primary-32-2026') as FilingPeriod;
    const campaign = { ...nycCampaign, rule_set: 'nys_pcf' as const, office_sought: 'state_assembly', cfb_candidate_id: null, cfb_committee_id: null };
    const sparse = clean({ date: '2026-03-01', matchable_cents: 1_000, check_number: null, donor: { employer: null, occupation: null, zip: null } });
    expect(prefilingCheck({ regulator: 'nys_boe', period: nysPeriod, campaign, contributions: [sparse], cycle: [sparse] }).findings).toEqual([]);
  });
});

describe('pre-filing rule table', () => {
  it('has, per regulator, one row per kind, each with a source and a message', () => {
    const evaluated: PrefilingRuleKind[] = ['filer_ids', 'employer_occupation', 'matchable_documentation', 'over_limit', 'prohibited_source', 'cash_cap', 'outside_period', 'value_too_long'];
    expect(prefilingRules('nyc_cfb').map((r) => r.kind).sort()).toEqual([...evaluated].sort());
    expect(prefilingRules('nys_boe').map((r) => r.kind).sort()).toEqual(['outside_period', 'over_limit', 'prohibited_source']);
    for (const rule of PREFILING_RULES) {
      expect(rule.source.length, rule.id).toBeGreaterThan(20);
      expect(rule.message.length, rule.id).toBeGreaterThan(10);
      expect(rule.id.startsWith(`${rule.regulator}.${rule.transaction_type}.`), rule.id).toBe(true);
    }
    expect(new Set(PREFILING_RULES.map((r) => r.id)).size).toBe(PREFILING_RULES.length);
  });
});
