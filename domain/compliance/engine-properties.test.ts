/**
 * Property tests of the compliance engine: random sequences of operations on ONE donor (gifts in
 * every payment method, partial refunds, pledges and payments towards them, pledge write-offs,
 * edits of a gift amount, deletes), simulated by a small pure model below. An operation is accepted
 * only when checkContribution (with the cash input when the money moves in cash) reports no issue.
 *
 * After every accepted step the published rules must hold: the aggregate stays within the limit of
 * the office and the campaign's class, NYC cash stays within $100, the matchable amount within the
 * office's cap, and the public funds equal the matching formula — computed here independently of
 * the engine and of RULE_TABLE (literal published figures).
 */
import fc from 'fast-check';
import { aggregateCents, checkContribution, matchByContribution, matchFor, netCents } from './engine';
import type { ComplianceCampaign, ComplianceContribution, ComplianceDonor, CompliancePledge } from './types';
import type { Eligibility, PaymentMethod } from '../donor-book/enums';

// ── the combinations under test, with their published figures ───────────────────────────────

type Cls = ComplianceCampaign['participant_status'];
type RuleSet = ComplianceCampaign['rule_set'];

interface Expected {
  limit: number;
  /** null: no cash cap enforced. */
  cashCap: number | null;
  matchCap: number;
  /** Public funds for a matchable amount (independent of the engine). */
  funds: (matchable: number) => number;
  /** Matchable amount for the net gifts of the donor (independent of the engine). */
  matchable: (gifts: readonly { net: number; method: PaymentMethod }[]) => number;
}

const CLASSES: Cls[] = ['participant', 'non_participant', null];
const NYC_OFFICES = ['mayor', 'public_advocate', 'comptroller', 'borough_president', 'city_council', null] as const;
const NYS_OFFICES = ['governor', 'lieutenant_governor', 'attorney_general', 'state_comptroller', 'state_senate', 'state_assembly', null] as const;
const CITYWIDE = ['mayor', 'public_advocate', 'comptroller'];
const STATEWIDE = ['governor', 'lieutenant_governor', 'attorney_general', 'state_comptroller'];
const LEGISLATIVE = ['state_senate', 'state_assembly'];
const DISTRICT = 'ny_senate_59';

const noMatch = (): number => 0;

/** NYS §14-205(2)(b): 12:1 on the first $50, 9:1 on the next $100, 8:1 on the next $100. */
function nysTiers(m: number): number {
  const t1 = Math.min(m, 5_000);
  const t2 = Math.min(Math.max(m - 5_000, 0), 10_000);
  const t3 = Math.min(Math.max(m - 15_000, 0), 10_000);
  return 12 * t1 + 9 * t2 + 8 * t3;
}

function nycExpected(office: string | null, cls: Cls): Expected {
  const [participantLimit, nonParticipantLimit] =
    office === null
      ? [105_000, 105_000] // office not covered: strictest NYC limit, whatever the class
      : CITYWIDE.includes(office)
        ? [210_000, 370_000]
        : office === 'borough_president'
          ? [160_000, 265_000]
          : [105_000, 160_000];
  const limit = cls === 'non_participant' ? nonParticipantLimit : Math.min(participantLimit, nonParticipantLimit);
  const matchCap = office !== null && CITYWIDE.includes(office) ? 25_000 : 17_500;
  const participant = cls === 'participant';
  return {
    limit,
    cashCap: 10_000,
    matchCap: participant ? matchCap : 0,
    funds: participant ? (m) => 8 * m : noMatch,
    matchable: participant
      ? (gifts) => Math.min(matchCap, gifts.filter((g) => !(g.method === 'cash' && g.net > 10_000)).reduce((s, g) => s + g.net, 0))
      : noMatch,
  };
}

function nysExpected(office: string | null, cls: Cls): Expected {
  const limit = office !== null && STATEWIDE.includes(office) ? 1_800_000 : office === 'state_senate' ? 1_000_000 : 600_000;
  const participant = cls === 'participant';
  const legislative = office !== null && LEGISLATIVE.includes(office);
  return {
    limit,
    cashCap: null,
    matchCap: participant ? 25_000 : 0,
    funds: participant ? (legislative ? nysTiers : (m) => 6 * m) : noMatch,
    matchable: participant
      ? (gifts) => {
          const total = gifts.reduce((s, g) => s + g.net, 0);
          return total < 500 ? 0 : Math.min(25_000, total);
        }
      : noMatch,
  };
}

const CUSTOM_EXPECTED: Expected = { limit: 100_000, cashCap: null, matchCap: 0, funds: noMatch, matchable: noMatch };

interface Combo {
  name: string;
  campaign: ComplianceCampaign;
  expected: Expected;
}

const makeCampaign = (rule_set: RuleSet, office: string | null, participant_status: Cls): ComplianceCampaign => ({
  rule_set,
  participant_status,
  office_sought: office,
  custom_limit_individual_cents: rule_set === 'custom' ? 100_000 : null,
  custom_limit_organization_cents: rule_set === 'custom' ? 500_000 : null,
  district: rule_set === 'nys_pcf' ? DISTRICT : null,
});

const COMBOS: Combo[] = [
  ...NYC_OFFICES.flatMap((office) =>
    CLASSES.map((cls) => ({ name: `nyc_cfb / ${office} / ${cls}`, campaign: makeCampaign('nyc_cfb', office, cls), expected: nycExpected(office, cls) })),
  ),
  ...NYS_OFFICES.flatMap((office) =>
    CLASSES.map((cls) => ({ name: `nys_pcf / ${office} / ${cls}`, campaign: makeCampaign('nys_pcf', office, cls), expected: nysExpected(office, cls) })),
  ),
  { name: 'custom / $1,000 individuals', campaign: makeCampaign('custom', null, null), expected: CUSTOM_EXPECTED },
];

/** A NYC (Brooklyn) resident individual, in the NYS campaigns' district too. */
const donorWith = (eligibility: Eligibility): ComplianceDonor => ({
  contributor_type: 'individual',
  eligibility,
  is_international: false,
  state: 'new_york',
  city: 'Brooklyn',
  zip: '11201',
  district: DISTRICT,
});

// ── the model ───────────────────────────────────────────────────────────────────────────────

interface Gift {
  amount: number;
  refunded: number;
  method: PaymentMethod;
  /** Index of the pledge this gift pays towards, or null. */
  pledge: number | null;
}

interface PledgeState {
  commitment: number;
  writtenOff: boolean;
}

interface State {
  gifts: Gift[];
  pledges: PledgeState[];
}

type Op =
  | { kind: 'gift'; amount: number; method: PaymentMethod }
  | { kind: 'refund'; pick: number; amount: number }
  | { kind: 'pledge'; amount: number }
  | { kind: 'pay'; pick: number; amount: number; method: PaymentMethod }
  | { kind: 'edit'; pick: number; amount: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'write_off'; pick: number };

const net = (g: Gift): number => g.amount - g.refunded;

const paidOf = (s: State, index: number): number => s.gifts.filter((g) => g.pledge === index).reduce((sum, g) => sum + net(g), 0);

/** The model's own aggregate: net gifts + open remainder of pledges not written off. */
function modelAggregate(s: State): number {
  const given = s.gifts.reduce((sum, g) => sum + net(g), 0);
  const open = s.pledges.reduce((sum, p, i) => sum + (p.writtenOff ? 0 : Math.max(0, p.commitment - paidOf(s, i))), 0);
  return given + open;
}

const modelCash = (s: State): number => s.gifts.filter((g) => g.method === 'cash').reduce((sum, g) => sum + net(g), 0);

/** The engine's view of the state. */
function engineInputs(s: State): { contributions: ComplianceContribution[]; pledges: CompliancePledge[] } {
  return {
    contributions: s.gifts.map((g) => ({ amount_cents: g.amount, payment_method: g.method, refunded_cents: g.refunded })),
    pledges: s.pledges.map((p, i) => ({ commitment_amount_cents: p.commitment, paid_cents: paidOf(s, i), written_off: p.writtenOff })),
  };
}

/**
 * The state after `op`, and the payment method the money moves in (for the cash input), or null
 * when the operation does not apply (nothing to refund, no pledge to pay …).
 */
function apply(s: State, op: Op): { next: State; method: PaymentMethod | null } | null {
  const gifts = s.gifts.map((g) => ({ ...g }));
  const pledges = s.pledges.map((p) => ({ ...p }));
  switch (op.kind) {
    case 'gift':
      gifts.push({ amount: op.amount, refunded: 0, method: op.method, pledge: null });
      return { next: { gifts, pledges }, method: op.method };
    case 'refund': {
      const open = gifts.filter((g) => net(g) > 0);
      if (open.length === 0) return null;
      const g = open[op.pick % open.length]!;
      // Never more than what remains of the gift.
      g.refunded += 1 + (op.amount % net(g));
      return { next: { gifts, pledges }, method: g.method };
    }
    case 'pledge':
      pledges.push({ commitment: op.amount, writtenOff: false });
      return { next: { gifts, pledges }, method: null };
    case 'pay': {
      if (pledges.length === 0) return null;
      const index = op.pick % pledges.length;
      gifts.push({ amount: op.amount, refunded: 0, method: op.method, pledge: index });
      return { next: { gifts, pledges }, method: op.method };
    }
    case 'edit': {
      if (gifts.length === 0) return null;
      const g = gifts[op.pick % gifts.length]!;
      // An amount can't be edited below what was already refunded of it.
      g.amount = g.refunded + op.amount;
      return { next: { gifts, pledges }, method: g.method };
    }
    case 'delete': {
      if (gifts.length === 0) return null;
      const [g] = gifts.splice(op.pick % gifts.length, 1);
      return { next: { gifts, pledges }, method: g!.method };
    }
    case 'write_off': {
      const open = pledges.filter((p) => !p.writtenOff);
      if (open.length === 0) return null;
      open[op.pick % open.length]!.writtenOff = true;
      return { next: { gifts, pledges }, method: null };
    }
  }
}

// ── arbitraries ─────────────────────────────────────────────────────────────────────────────

const BOUNDARIES = [499, 500, 4_999, 5_000, 5_001, 9_999, 10_000, 10_001, 15_000, 17_500, 25_000, 105_000, 160_000, 210_000, 265_000, 370_000, 600_000, 1_000_000, 1_800_000];

const amountArb = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 6_000 }), weight: 4 },
  { arbitrary: fc.constantFrom(...BOUNDARIES), weight: 2 },
  { arbitrary: fc.integer({ min: 1, max: 120_000 }), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 2_000_000 }), weight: 1 },
);
const editAmountArb = fc.oneof(fc.integer({ min: 0, max: 10 }), amountArb);
const methodArb: fc.Arbitrary<PaymentMethod> = fc.oneof(
  { arbitrary: fc.constant<PaymentMethod>('cash'), weight: 3 },
  { arbitrary: fc.constantFrom<PaymentMethod>('check', 'card', 'paypal', 'zelle', 'venmo'), weight: 2 },
);
const pick = fc.nat({ max: 1_000 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('gift' as const), amount: amountArb, method: methodArb }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), pick, amount: fc.nat({ max: 2_000_000 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('pledge' as const), amount: amountArb }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick, amount: amountArb, method: methodArb }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('edit' as const), pick, amount: editAmountArb }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('write_off' as const), pick }), weight: 1 },
);

const eligibilityArb = fc.constantFrom<Eligibility>('p-a', 'p-b', 'np', 'un');

// ── the properties ──────────────────────────────────────────────────────────────────────────

interface Stats {
  accepted: number;
  refusedLimit: number;
  refusedCash: number;
  matched: number;
}

function run(combo: Combo, eligibility: Eligibility, ops: readonly Op[], stats: Stats): void {
  const { campaign, expected } = combo;
  const donor = donorWith(eligibility);
  let state: State = { gifts: [], pledges: [] };
  ops.forEach((op, step) => {
    const applied = apply(state, op);
    if (!applied) return;
    const where = `step ${step} ${JSON.stringify(op)}`;
    const before = modelAggregate(state);
    const after = modelAggregate(applied.next);
    const cashBefore = modelCash(state);
    const cashAfter = modelCash(applied.next);
    const cashInput = applied.method === 'cash' ? { cash_aggregate_cents: cashBefore, cash_amount_cents: cashAfter - cashBefore } : undefined;
    const result = checkContribution(campaign, donor, { aggregate_cents: before, amount_cents: Math.max(0, after - before), cash: cashInput });
    const issueCodes = result.issues.map((i) => i.code);

    // The engine refuses exactly what the published rules refuse (neither too lax nor too strict).
    const overLimit = after > before && after > expected.limit;
    const overCash = expected.cashCap !== null && cashAfter > cashBefore && cashAfter > expected.cashCap;
    expect(issueCodes.includes('COMMITMENT_EXCEEDS_LIMIT'), `${where}: limit issue (after ${after}, limit ${expected.limit})`).toBe(overLimit);
    expect(issueCodes.includes('CASH_EXCEEDS_LIMIT'), `${where}: cash issue (cash after ${cashAfter})`).toBe(overCash);
    expect(issueCodes.filter((c) => c !== 'COMMITMENT_EXCEEDS_LIMIT' && c !== 'CASH_EXCEEDS_LIMIT'), where).toEqual([]);
    if (result.limit_cents !== null) expect(result.limit_cents, where).toBe(expected.limit);

    if (issueCodes.length > 0) {
      if (overLimit) stats.refusedLimit += 1;
      if (overCash) stats.refusedCash += 1;
      return;
    }
    stats.accepted += 1;
    state = applied.next;

    const { contributions, pledges } = engineInputs(state);
    const aggregate = aggregateCents(contributions, pledges);
    expect(aggregate, `${where}: engine aggregate = model aggregate`).toBe(modelAggregate(state));
    expect(aggregate, `${where}: aggregate within the limit`).toBeLessThanOrEqual(expected.limit);
    if (expected.cashCap !== null) expect(modelCash(state), `${where}: cash within $100`).toBeLessThanOrEqual(expected.cashCap);

    const match = matchFor(campaign, donor, contributions);
    expect(match.matchable_cents, `${where}: matchable within the cap`).toBeLessThanOrEqual(expected.matchCap);
    expect(match.matchable_cents, `${where}: matchable`).toBe(expected.matchable(state.gifts.map((g) => ({ net: net(g), method: g.method }))));
    expect(match.public_funds_cents, `${where}: public funds = formula(matchable ${match.matchable_cents})`).toBe(expected.funds(match.matchable_cents));
    const { answer, parts } = matchByContribution(campaign, donor, contributions);
    expect(answer, `${where}: matchFor = matchByContribution's answer`).toEqual(match);
    expect(parts.reduce((sum, p) => sum + p.matchable_cents, 0), `${where}: the donations' parts add up to the matchable amount`).toBe(match.matchable_cents);
    expect(parts.reduce((sum, p) => sum + p.public_funds_cents, 0), `${where}: the donations' public funds add up`).toBe(match.public_funds_cents);
    parts.forEach((p, i) => {
      expect(p.matchable_cents, `${where}: a donation's part is within its net amount`).toBeLessThanOrEqual(netCents(contributions[i]!));
      const net = netCents(contributions[i]!);
      if (net > 0) expect(p.reason === null, `${where}: a reason exactly when part of the net is not matchable`).toBe(p.matchable_cents === net);
    });
    if (match.public_funds_cents > 0) stats.matched += 1;
  });
}

describe('compliance engine — properties over random operation sequences of one donor', () => {
  COMBOS.forEach((combo, index) => {
    it(`${combo.name}: limit, cash cap, matchable cap and matching formula hold after every accepted step`, () => {
      const stats: Stats = { accepted: 0, refusedLimit: 0, refusedCash: 0, matched: 0 };
      fc.assert(
        fc.property(eligibilityArb, fc.array(opArb, { minLength: 1, maxLength: 30 }), (eligibility, ops) => run(combo, eligibility, ops, stats)),
        { seed: 20_250_601 + index, numRuns: 200 },
      );
      // The runs reach both sides of every boundary (the properties above are not vacuous).
      expect(stats.accepted).toBeGreaterThan(500);
      expect(stats.refusedLimit).toBeGreaterThan(0);
      if (combo.expected.cashCap !== null) expect(stats.refusedCash).toBeGreaterThan(0);
      if (combo.expected.matchCap > 0) expect(stats.matched).toBeGreaterThan(0);
    });
  });
});
