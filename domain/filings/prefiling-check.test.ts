import { describe, expect, it } from 'vitest';
import { findPeriod, type FilingPeriod } from '../compliance/filing-periods';
import type { FilingContribution } from './csmart-file';
import type { FilingExpenditure } from './nys-schedules';
import { CAMPAIGN_FIX_PATH, EXPENSES_FIX_PATH, prefilingCheck, type PrefilingInput } from './prefiling-check';
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

// NYS: the 32-day pre-primary report of 2026 (2026-01-12 to 2026-05-18), a State Assembly campaign.
const nysPeriod = findPeriod('nys_boe', 2026, 'nys_boe.2026.pre-primary-32-2026') as FilingPeriod;
const nysCampaign: PrefilingInput['campaign'] = { ...nycCampaign, rule_set: 'nys_pcf', office_sought: 'state_assembly', cfb_candidate_id: null, cfb_committee_id: null };
function nysCheck(contributions: FilingContribution[], expenditures: FilingExpenditure[] = []) {
  return prefilingCheck({ regulator: 'nys_boe', period: nysPeriod, campaign: nysCampaign, contributions, cycle: contributions, expenditures });
}
const expense = (over: Partial<FilingExpenditure> & Pick<FilingExpenditure, 'expense_id'>): FilingExpenditure => ({
  date: '2026-03-01',
  amount_cents: 1_000,
  payee: 'Payee',
  purpose: 'office',
  purpose_details: null,
  payment_method: 'check',
  reference_number: null,
  memo: null,
  ...over,
});

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
      expect.objectContaining({ kind: 'over_limit', donation_id: 'n', detail: 'Cycle total $1,100.00 over the $1,050.00 limit (nyc_cfb.limit.city_council.participant).' }),
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

  it('intermediary number: a contribution naming an intermediary without a C-SMART number is questioned; with a number, or with none named, it passes', () => {
    const bundler = { name: ' Sam  Lee ', address: null, city: null, state: null, zip: null, employer: null, occupation: null };
    const result = check([
      clean({ donation_id: 'a', donor: { donor_id: 'a' }, intermediary: { ...bundler, csmart_number: null } }),
      clean({ donation_id: 'b', donor: { donor_id: 'b' }, intermediary: { ...bundler, csmart_number: '  ' } }),
      clean({ donation_id: 'c', donor: { donor_id: 'c' }, intermediary: { ...bundler, csmart_number: '00417' } }),
      clean({ donation_id: 'd', donor: { donor_id: 'd' }, intermediary: null }),
      clean({ donation_id: 'e', donor: { donor_id: 'e' } }),
    ]);
    expect(result.findings.map((f) => [f.kind, f.severity, f.donation_id, f.detail, f.fix_path])).toEqual([
      ['intermediary_number', 'question', 'a', 'Intermediary Sam  Lee without a C-SMART Intermediary Number.', '/donor-list/a'],
      ['intermediary_number', 'question', 'b', 'Intermediary Sam  Lee without a C-SMART Intermediary Number.', '/donor-list/b'],
    ]);
    // Questioned, not refused: the contribution stays in the file.
    expect(result.in_file.map((c) => c.donation_id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    // NYS schedules have no intermediary number: no such rule there.
    expect(nysCheck([clean({ date: '2026-03-01', intermediary: { ...bundler, csmart_number: null } })]).findings).toEqual([]);
  });

  it('NYS: its own rule set (no C-SMART ids, employer or documentation rules)', () => {
    const sparse = clean({ date: '2026-03-01', matchable_cents: 1_000, check_number: null, donor: { employer: null, occupation: null } });
    expect(nysCheck([sparse]).findings).toEqual([]);
  });

  it('NYS contributor address: over $99 in the cycle, a missing street, city, state or ZIP is rejected; $99 exactly, or abroad without a state, passes', () => {
    const noZip = clean({ donation_id: 'a', date: '2026-03-01', amount_cents: 10_000, donor: { donor_id: 'a', zip: null, city: ' ' } });
    const ninetyNine = clean({ donation_id: 'b', date: '2026-03-01', amount_cents: 9_900, donor: { donor_id: 'b', address: null } });
    const abroad = clean({ donation_id: 'c', date: '2026-03-01', amount_cents: 50_000, donor: { donor_id: 'c', country: 'FR', state: null, city: 'Paris', zip: '75001' } });
    // Two gifts of $60: the second passes $99 in the cycle.
    const first = clean({ donation_id: 'd1', date: '2026-02-01', amount_cents: 6_000, donor: { donor_id: 'd', address: null } });
    const second = clean({ donation_id: 'd2', date: '2026-03-02', amount_cents: 6_000, donor: { donor_id: 'd', address: null } });
    const result = nysCheck([noZip, ninetyNine, abroad, first, second]);
    expect(result.findings.map((f) => [f.kind, f.severity, f.donation_id, f.detail])).toEqual([
      ['contributor_address', 'reject', 'a', 'Missing city, ZIP (cycle total $100.00).'],
      ['contributor_address', 'reject', 'd2', 'Missing street address (cycle total $120.00).'],
    ]);
    expect(result.findings[0]!.fix_path).toBe('/donor-list/a');
  });

  it('NYS expenditures: a purpose needing details without them is rejected; a transfer out is said to be schedule H', () => {
    const result = nysCheck([], [
      expense({ expense_id: 'x1', purpose: 'other', purpose_details: '  ', amount_cents: 4_000 }),
      expense({ expense_id: 'x2', purpose: 'reimbursement', purpose_details: 'Gas for canvass van', amount_cents: 4_000 }),
      expense({ expense_id: 'x3', purpose: 'transfer_out', payee: 'Friends of Lee', amount_cents: 4_000 }),
      expense({ expense_id: 'x4', purpose: 'other', purpose_details: null, date: '2026-06-30' }),
    ]);
    expect(result.findings.map((f) => [f.kind, f.severity, f.expense_id, f.donor_name, f.detail, f.fix_path])).toEqual([
      ['purpose_explanation', 'reject', 'x1', 'Payee', 'Purpose "other" without its details.', EXPENSES_FIX_PATH],
      ['other_schedule', 'question', 'x3', 'Friends of Lee', 'Transfer out of $40.00 to Friends of Lee: schedule H.', EXPENSES_FIX_PATH],
    ]);
  });

  it("NYS payee address: one finding for the period's schedule F payments of $50 or more (the book has no payee address)", () => {
    const result = nysCheck([], [
      expense({ expense_id: 'y1', amount_cents: 5_000 }),
      expense({ expense_id: 'y2', amount_cents: 4_999 }),
      expense({ expense_id: 'y3', amount_cents: 120_000 }),
      expense({ expense_id: 'y4', amount_cents: 90_000, purpose: 'transfer_out' }),
    ]);
    expect(result.findings.filter((f) => f.kind === 'payee_address')).toEqual([
      expect.objectContaining({ severity: 'question', expense_id: null, detail: "2 payments of $50.00 or more ($1,250.00) without the payee's address.", fix_path: EXPENSES_FIX_PATH }),
    ]);
    expect(nysCheck([], [expense({ expense_id: 'z', amount_cents: 4_999 })]).findings).toEqual([]);
  });

  it('the NYC check runs no expenditure rule', () => {
    expect(check([], { expenditures: [expense({ expense_id: 'x', purpose: 'other', amount_cents: 90_000 })] }).findings).toEqual([]);
  });
});

describe('pre-filing rule table', () => {
  it('has, per regulator, one row per kind, each with a source and a message', () => {
    const evaluated: PrefilingRuleKind[] = ['filer_ids', 'employer_occupation', 'matchable_documentation', 'over_limit', 'prohibited_source', 'cash_cap', 'outside_period', 'value_too_long', 'intermediary_number'];
    expect(prefilingRules('nyc_cfb').map((r) => r.kind).sort()).toEqual([...evaluated].sort());
    expect(prefilingRules('nys_boe').map((r) => r.kind).sort()).toEqual(['contributor_address', 'outside_period', 'over_limit', 'prohibited_source']);
    expect(prefilingRules('nys_boe', 'expenditure').map((r) => r.kind).sort()).toEqual(['other_schedule', 'payee_address', 'purpose_explanation']);
    expect(prefilingRules('nyc_cfb', 'expenditure')).toEqual([]);
    for (const rule of PREFILING_RULES) {
      expect(rule.source.length, rule.id).toBeGreaterThan(20);
      expect(rule.message.length, rule.id).toBeGreaterThan(10);
      expect(rule.id.startsWith(`${rule.regulator}.${rule.transaction_type}.`), rule.id).toBe(true);
    }
    expect(new Set(PREFILING_RULES.map((r) => r.id)).size).toBe(PREFILING_RULES.length);
  });
});
