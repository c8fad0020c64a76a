/**
 * Property tests of the donor book through the REAL API and database: for ONE fresh donor per run,
 * a random sequence of operations as the campaign owner — gifts in every payment method (some towards
 * a pledge), pledges, pledge write-offs, partial / full / excessive refunds, edits of a gift's amount,
 * deletes — on a few campaign shapes (NYC participant Mayor and Council, NYC non-participant Council,
 * NYS participant Assembly).
 *
 * Every call either succeeds (2xx) or is refused (4xx with a `{code, message}` body); a refusal changes
 * none of the donor's rows (nor the audit log), and whether a call is refused — and with which code —
 * is predicted by a small model read from the database before the call. After every step:
 *  1. the totals the triggers keep equal the sums of the rows (refunds, pledge payments, donor figures),
 *     and get_donor reports them;
 *  2. the aggregate never exceeds the limit get_donor reports (a literal published figure here), and
 *     NYC cash net of refunds stays within $100;
 *  3. no donation is refunded beyond what was paid;
 *  4. the matchable amount stays within the office's cap and equals what the rows give, and the public
 *     funds equal the matching formula — computed here, independently of the engine and RULE_TABLE.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DonorDetail } from '../../../domain/donor-book/donors-contract';
import type { PaymentMethod } from '../../../domain/donor-book/enums';
import { ManualClock } from '../../plugins/clock';
import { post } from '../../test/auth-helpers';
import { createCampaign, del, demoSignIn, type Session } from '../../test/campaign-helpers';
import { addDonor, getJson, P, path } from '../../test/donor-book-helpers';
import { buildTestApp, type TestApp } from '../../test/test-db';

const TODAY = '2025-06-15';
const SEED = 20_250_615;
const NUM_RUNS = 10;
const MAX_OPS = 12;

/** A New York City resident individual (also a New York State resident). */
const NYC_RESIDENT = { state: 'new_york', city: 'Brooklyn', zip: '11201' };
const METHODS: readonly PaymentMethod[] = ['paypal', 'cash', 'check', 'card', 'zelle', 'venmo'];
const NYC_CASH_CAP = 10_000;

// ── campaign shapes and their published figures ─────────────────────────────────────────────

interface Shape {
  name: string;
  campaign: { office_sought: string; compliance_rule_set: 'nyc_cfb' | 'nys_pcf'; participant_status: 'participant' | 'non_participant'; election_cycle: string };
  cycle: { start: string; end: string };
  limit: number;
  /** null: no cash cap. */
  cashCap: number | null;
  /** 0: nothing is matchable (non-participant). */
  matchCap: number;
  /** The matchable amount for the donor's net gifts of the cycle. */
  matchable: (gifts: readonly { net: number; method: string }[]) => number;
  funds: (matchable: number) => number;
}

/** NYC: 8:1; cash gifts over $100 are never matchable; capped per contributor. */
function nycMatchable(cap: number) {
  return (gifts: readonly { net: number; method: string }[]) =>
    Math.min(cap, gifts.filter((g) => g.net > 0 && !(g.method === 'cash' && g.net > 10_000)).reduce((s, g) => s + g.net, 0));
}

/** NYS §14-205(2)(b): 12:1 on the first $50, 9:1 on the next $100, 8:1 on the next $100. */
function nysLegislativeFunds(m: number): number {
  const t1 = Math.min(m, 5_000);
  const t2 = Math.min(Math.max(m - 5_000, 0), 10_000);
  const t3 = Math.min(Math.max(m - 15_000, 0), 10_000);
  return 12 * t1 + 9 * t2 + 8 * t3;
}

const NYC_2025 = { start: '2024-01-01', end: '2025-12-31' };
const SHAPES: Shape[] = [
  {
    name: 'NYC participant mayor',
    campaign: { office_sought: 'mayor', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025' },
    cycle: NYC_2025,
    limit: 210_000,
    cashCap: NYC_CASH_CAP,
    matchCap: 25_000,
    matchable: nycMatchable(25_000),
    funds: (m) => 8 * m,
  },
  {
    name: 'NYC participant city_council',
    campaign: { office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'participant', election_cycle: '2025' },
    cycle: NYC_2025,
    limit: 105_000,
    cashCap: NYC_CASH_CAP,
    matchCap: 17_500,
    matchable: nycMatchable(17_500),
    funds: (m) => 8 * m,
  },
  {
    name: 'NYC non_participant city_council',
    campaign: { office_sought: 'city_council', compliance_rule_set: 'nyc_cfb', participant_status: 'non_participant', election_cycle: '2025' },
    cycle: NYC_2025,
    limit: 160_000,
    cashCap: NYC_CASH_CAP,
    matchCap: 0,
    matchable: () => 0,
    funds: () => 0,
  },
  {
    // Cycle 2026 (migration 0004): 2025-01-01 .. 2026-12-31; the clock is inside it. The campaign and
    // the donor have no district: New York State residence counts.
    name: 'NYS participant state_assembly',
    campaign: { office_sought: 'state_assembly', compliance_rule_set: 'nys_pcf', participant_status: 'participant', election_cycle: '2026' },
    cycle: { start: '2025-01-01', end: '2026-12-31' },
    limit: 600_000,
    cashCap: null,
    matchCap: 25_000,
    // No match under a $5 aggregate; at most $250.
    matchable: (gifts) => {
      const total = gifts.filter((g) => g.net > 0).reduce((s, g) => s + g.net, 0);
      return total < 500 ? 0 : Math.min(25_000, total);
    },
    funds: nysLegislativeFunds,
  },
];

// ── dates ───────────────────────────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;
const ms = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** The `n`-th day (modulo the range) from `start` to `end`, both included. */
const dayIn = (start: string, end: string, n: number) => isoOf(ms(start) + (n % ((ms(end) - ms(start)) / DAY_MS + 1)) * DAY_MS);
const inCycle = (shape: Shape, date: string) => date >= shape.cycle.start && date <= shape.cycle.end;

// ── operations ──────────────────────────────────────────────────────────────────────────────

/** A sum of money, or what is left under the limit ('room', at most $2,500) and a cent more. */
type Amount = number | 'room' | 'room+1';

type Op =
  | { kind: 'add_donation'; amount: Amount; method: PaymentMethod; day: number; pledge: number | null }
  | { kind: 'add_pledge'; amount: Amount; day: number }
  | { kind: 'write_off_pledge'; pledge: number }
  | { kind: 'refund_donation'; donation: number; mode: 'rest' | 'part' | 'exact' | 'over' | 'any'; n: number; day: number | null }
  | { kind: 'update_donation'; donation: number; amount: number }
  | { kind: 'delete_donation'; donation: number };

/**
 * 1 cent .. $2,500: small amounts often (cash cap, NYS minimum and tiers, match caps), and the figures
 * at the edges of the rules (equal to a cap or a limit is allowed, a cent more is not).
 */
const EDGES = [1, 499, 500, 5_000, 5_001, 9_999, 10_000, 10_001, 15_000, 17_500, 25_000, 52_500, 105_000, 160_000, 210_000, 250_000];
const amountArb = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }),
  fc.integer({ min: 1, max: 50_000 }),
  fc.integer({ min: 1, max: 250_000 }),
  fc.constantFrom(...EDGES),
);
const giftArb: fc.Arbitrary<Amount> = fc.oneof({ weight: 4, arbitrary: amountArb }, { weight: 1, arbitrary: fc.constantFrom('room' as const, 'room+1' as const) });
const indexArb = fc.nat({ max: 50 });
const dayArb = fc.nat({ max: 800 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('add_donation' as const),
      amount: giftArb,
      method: fc.constantFrom(...METHODS),
      day: dayArb,
      pledge: fc.option(indexArb, { nil: null, freq: 2 }),
    }),
  },
  {
    // Cash is small money: around the $100 cap.
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('add_donation' as const),
      amount: fc.oneof(fc.integer({ min: 1, max: 12_000 }), fc.constantFrom(2_500, 5_000, 9_999, 10_000, 10_001)),
      method: fc.constant('cash' as const),
      day: dayArb,
      pledge: fc.option(indexArb, { nil: null, freq: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('add_pledge' as const), amount: giftArb, day: dayArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('write_off_pledge' as const), pledge: indexArb }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund_donation' as const),
      donation: indexArb,
      mode: fc.constantFrom('rest' as const, 'part' as const, 'exact' as const, 'over' as const, 'any' as const),
      n: fc.integer({ min: 1, max: 250_000 }),
      day: fc.option(dayArb, { nil: null, freq: 2 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('update_donation' as const), donation: indexArb, amount: amountArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete_donation' as const), donation: indexArb }) },
);

// ── the donor's rows, straight from the database ────────────────────────────────────────────

interface DonationSnap {
  id: string;
  pledge_id: string | null;
  paid_amount_cents: number;
  refunded_cents: number;
  payment_method: string;
  check_number: string | null;
  paying_date: string;
  refunded_at: string | null;
  updated_at: string;
}
interface PledgeSnap {
  id: string;
  commitment_amount_cents: number;
  commitment_date: string;
  paid_cents: number;
  written_off: boolean;
  updated_at: string;
}
interface Snapshot {
  donor: Record<string, number | string | null>;
  pledges: PledgeSnap[];
  donations: DonationSnap[];
  refunds: { id: string; donation_id: string; amount_cents: number }[];
  audit: number;
}

/** Expected refusal: HTTP status and catalogue code. */
interface Refusal {
  status: number;
  code: string;
}

describe('donor book properties: random operations on one donor through the API', { timeout: 120_000 }, () => {
  let t: TestApp;
  let owner: Session;
  const clock = new ManualClock(new Date(`${TODAY}T12:00:00Z`));

  beforeAll(async () => {
    t = await buildTestApp({ seed: true, clock });
    owner = await demoSignIn(t, 'owner');
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = async <R,>(text: string, values: unknown[]): Promise<R[]> => (await t.pool.query(text, values)).rows as R[];

  async function snapshot(campaignId: string, donorId: string): Promise<Snapshot> {
    const [donor] = await rows<Record<string, string | null>>(
      `select paid_cents, pledged_cents, outstanding_cents, all_time_paid_cents, all_time_pledged_cents, all_time_outstanding_cents,
              to_char(last_donation_date, 'YYYY-MM-DD') as last_donation_date, updated_at::text as updated_at
       from donors where id = $1`,
      [donorId],
    );
    const pledges = await rows<Record<string, string | boolean>>(
      `select id, commitment_amount_cents, to_char(commitment_date, 'YYYY-MM-DD') as commitment_date, paid_cents,
              written_off_at is not null as written_off, updated_at::text as updated_at
       from pledges where donor_id = $1 order by created_at, id`,
      [donorId],
    );
    const donations = await rows<Record<string, string | null>>(
      `select id, pledge_id, paid_amount_cents, refunded_cents, payment_method, check_number, to_char(paying_date, 'YYYY-MM-DD') as paying_date,
              to_char(refunded_at, 'YYYY-MM-DD') as refunded_at, updated_at::text as updated_at
       from donations where donor_id = $1 order by created_at, id`,
      [donorId],
    );
    const refunds = await rows<Record<string, string>>(
      `select r.id, r.donation_id, r.amount_cents from donation_refunds r join donations d on d.id = r.donation_id
       where d.donor_id = $1 order by r.created_at, r.id`,
      [donorId],
    );
    const [audit] = await rows<{ n: string }>(`select count(*) as n from campaign_audit where campaign_id = $1`, [campaignId]);
    const num = (v: unknown) => Number(v);
    return {
      donor: Object.fromEntries(Object.entries(donor!).map(([k, v]) => [k, k.endsWith('_cents') ? num(v) : v])),
      pledges: pledges.map((p) => ({
        id: p.id as string,
        commitment_amount_cents: num(p.commitment_amount_cents),
        commitment_date: p.commitment_date as string,
        paid_cents: num(p.paid_cents),
        written_off: p.written_off as boolean,
        updated_at: p.updated_at as string,
      })),
      donations: donations.map((d) => ({
        id: d.id!,
        pledge_id: d.pledge_id,
        paid_amount_cents: num(d.paid_amount_cents),
        refunded_cents: num(d.refunded_cents),
        payment_method: d.payment_method!,
        check_number: d.check_number,
        paying_date: d.paying_date!,
        refunded_at: d.refunded_at,
        updated_at: d.updated_at!,
      })),
      refunds: refunds.map((r) => ({ id: r.id!, donation_id: r.donation_id!, amount_cents: num(r.amount_cents) })),
      audit: num(audit!.n),
    };
  }

  // ── the model: figures computed from the base rows only ───────────────────────────────────

  const net = (d: DonationSnap) => d.paid_amount_cents - d.refunded_cents;

  /** Net payments towards each pledge, from the donations (leaving one out). */
  function pledgePaid(s: Snapshot, pledgeId: string, excludeDonationId: string | null = null): number {
    return s.donations.filter((d) => d.pledge_id === pledgeId && d.id !== excludeDonationId).reduce((sum, d) => sum + net(d), 0);
  }

  /** Donations net of refunds in the cycle + open remainders of the cycle's pledges not written off (leaving one donation out). */
  function aggregate(shape: Shape, s: Snapshot, excludeDonationId: string | null = null): number {
    const given = s.donations.filter((d) => d.id !== excludeDonationId && inCycle(shape, d.paying_date)).reduce((sum, d) => sum + net(d), 0);
    const promised = s.pledges
      .filter((p) => !p.written_off && inCycle(shape, p.commitment_date))
      .reduce((sum, p) => sum + Math.max(0, p.commitment_amount_cents - pledgePaid(s, p.id, excludeDonationId)), 0);
    return given + promised;
  }

  function cashOf(shape: Shape, s: Snapshot, excludeDonationId: string | null = null): number {
    return s.donations.filter((d) => d.id !== excludeDonationId && d.payment_method === 'cash' && inCycle(shape, d.paying_date)).reduce((sum, d) => sum + net(d), 0);
  }

  /** The limit and cash checks of a write adding `increase` to the aggregate and `cash` in cash. */
  function complianceRefusal(shape: Shape, aggregateBefore: number, increase: number, cashBefore: number, cash: number | null): Refusal | null {
    if (increase > 0 && aggregateBefore + increase > shape.limit) return { status: 422, code: 'COMMITMENT_EXCEEDS_LIMIT' };
    if (cash !== null && shape.cashCap !== null && cash > 0 && cashBefore + cash > shape.cashCap) return { status: 422, code: 'CASH_EXCEEDS_LIMIT' };
    return null;
  }

  // ── invariants ────────────────────────────────────────────────────────────────────────────

  async function checkInvariants(shape: Shape, campaignId: string, donorId: string, s: Snapshot): Promise<void> {
    // 3. Never refunded beyond what was paid.
    for (const d of s.donations) {
      expect(d.refunded_cents, `donation ${d.id} refunded`).toBeGreaterThanOrEqual(0);
      expect(d.refunded_cents, `donation ${d.id} refunded ≤ paid`).toBeLessThanOrEqual(d.paid_amount_cents);
    }

    // 1. Totals kept by the triggers equal the sums of the rows.
    for (const d of s.donations) {
      const refunded = s.refunds.filter((r) => r.donation_id === d.id).reduce((sum, r) => sum + r.amount_cents, 0);
      expect(d.refunded_cents, `donations.refunded_cents of ${d.id} = sum of its refunds`).toBe(refunded);
    }
    for (const p of s.pledges) {
      expect(p.paid_cents, `pledges.paid_cents of ${p.id} = net payments towards it`).toBe(pledgePaid(s, p.id));
    }
    const cycleDonations = s.donations.filter((d) => inCycle(shape, d.paying_date));
    const open = s.pledges.filter((p) => !p.written_off);
    const cycleOpen = open.filter((p) => inCycle(shape, p.commitment_date));
    const remaining = (p: PledgeSnap) => Math.max(0, p.commitment_amount_cents - pledgePaid(s, p.id));
    const sum = <X,>(xs: readonly X[], f: (x: X) => number) => xs.reduce((acc, x) => acc + f(x), 0);
    const lastGift = s.donations.filter((d) => net(d) > 0).reduce<string | null>((max, d) => (max === null || d.paying_date > max ? d.paying_date : max), null);
    const expectedFigures = {
      paid_cents: sum(cycleDonations, net),
      pledged_cents: sum(cycleOpen, (p) => p.commitment_amount_cents),
      outstanding_cents: sum(cycleOpen, remaining),
      all_time_paid_cents: sum(s.donations, net),
      all_time_pledged_cents: sum(open, (p) => p.commitment_amount_cents),
      all_time_outstanding_cents: sum(open, remaining),
      last_donation_date: lastGift,
    };
    expect(s.donor, 'donor totals kept by the triggers').toMatchObject(expectedFigures);

    const res = await getJson(t, path(P.getDonor, { campaignId, donorId }), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data as DonorDetail;
    const agg = expectedFigures.paid_cents + expectedFigures.outstanding_cents;
    expect(detail, 'get_donor figures').toMatchObject({ ...expectedFigures, aggregate_cents: agg, limit_cents: shape.limit, remaining_limit_cents: Math.max(0, shape.limit - agg) });
    for (const p of s.pledges) {
      const shown = detail.pledges.find((x) => x.pledge_id === p.id);
      expect(shown, `get_donor lists pledge ${p.id}`).toBeDefined();
      expect(shown, `get_donor pledge ${p.id}`).toMatchObject({ paid_cents: pledgePaid(s, p.id), remaining_cents: p.written_off ? 0 : remaining(p) });
    }

    // 2. Within the limit, and within the NYC cash cap.
    expect(agg, 'aggregate (net gifts in cycle + open pledge remainders) ≤ limit').toBeLessThanOrEqual(detail.limit_cents!);
    expect(aggregate(shape, s)).toBe(agg);
    if (shape.cashCap !== null) expect(cashOf(shape, s), 'cash net of refunds ≤ $100').toBeLessThanOrEqual(shape.cashCap);

    // 4. Matchable within the cap, equal to what the rows give; public funds by the formula.
    expect(detail.matchable_cents, 'matchable ≤ cap of the office').toBeLessThanOrEqual(shape.matchCap);
    expect(detail.matchable_cents, 'matchable from the rows').toBe(shape.matchable(cycleDonations.map((d) => ({ net: net(d), method: d.payment_method }))));
    expect(detail.public_funds_cents, 'public funds by the tier formula').toBe(shape.funds(detail.matchable_cents));

    // 5. The campaign's figures kept by the triggers = the same figures counted from the rows.
    const kept = await t.pool.query('select raised_cents::bigint as raised, donation_count, pledged_cents::bigint as pledged, outstanding_cents::bigint as outstanding, donor_count from campaign_book_totals where campaign_id = $1', [campaignId]);
    const counted = await t.pool.query(
      `select (select coalesce(sum(paid_amount_cents - refunded_cents), 0) from donations where campaign_id = $1)::bigint as raised,
              (select count(*) from donations where campaign_id = $1 and paid_amount_cents > refunded_cents)::int as donation_count,
              (select coalesce(sum(commitment_amount_cents), 0) from pledges where campaign_id = $1 and written_off_at is null)::bigint as pledged,
              (select coalesce(sum(greatest(0, commitment_amount_cents - paid_cents)), 0) from pledges where campaign_id = $1 and written_off_at is null)::bigint as outstanding,
              (select count(*) from donors where campaign_id = $1)::int as donor_count`,
      [campaignId],
    );
    expect(kept.rows[0], 'campaign_book_totals kept by the triggers').toEqual(counted.rows[0]);
  }

  // ── one step ──────────────────────────────────────────────────────────────────────────────

  interface RunState {
    shape: Shape;
    campaignId: string;
    donorId: string;
    /** Every donation / pledge made in the run, in order (deleted ones stay: they answer 404). */
    donationIds: string[];
    pledgeIds: string[];
    checks: number;
  }

  const pick = (ids: readonly string[], i: number) => (ids.length === 0 ? null : ids[i % ids.length]!);

  function amountOf(shape: Shape, before: Snapshot, amount: Amount): number {
    if (typeof amount === 'number') return amount;
    const room = Math.min(250_000, Math.max(1, shape.limit - aggregate(shape, before)));
    return amount === 'room' ? room : room + 1;
  }

  /**
   * Sends `op` and answers what the model expected (null: success) and the response; null when the
   * op has nothing to act on yet (no donation or pledge so far).
   */
  async function send(run: RunState, op: Op, before: Snapshot) {
    const { shape, campaignId, donorId } = run;
    switch (op.kind) {
      case 'add_donation': {
        const amount = amountOf(shape, before, op.amount);
        const date = dayIn(shape.cycle.start, TODAY, op.day);
        const pledgeId = op.pledge === null ? null : pick(run.pledgeIds, op.pledge);
        const pledge = before.pledges.find((p) => p.id === pledgeId) ?? null;
        let expected: Refusal | null = null;
        let increase = inCycle(shape, date) ? amount : 0;
        if (pledge?.written_off) expected = { status: 422, code: 'PLEDGE_WRITTEN_OFF' };
        else if (pledge) {
          const left = Math.max(0, pledge.commitment_amount_cents - pledgePaid(before, pledge.id));
          if (amount > left) expected = { status: 422, code: 'DONATION_EXCEEDS_PLEDGE' };
          if (inCycle(shape, pledge.commitment_date)) increase -= Math.min(amount, left);
        }
        expected ??= complianceRefusal(shape, aggregate(shape, before), increase, cashOf(shape, before), op.method === 'cash' && inCycle(shape, date) ? amount : null);
        const body: Record<string, unknown> = { campaign_id: campaignId, donor_id: donorId, paying_date: date, paid_amount_cents: amount, payment_method: op.method };
        if (op.method === 'check') body.check_number = String(1_000 + run.donationIds.length);
        if (pledgeId) body.pledge_id = pledgeId;
        const res = await post(t, P.addDonation, body, owner.token);
        if (res.statusCode === 201) run.donationIds.push((res.json().data as { donation: { donation_id: string } }).donation.donation_id);
        return { expected, res, amount };
      }
      case 'add_pledge': {
        const amount = amountOf(shape, before, op.amount);
        const date = dayIn(shape.cycle.start, shape.cycle.end, op.day);
        const expected = complianceRefusal(shape, aggregate(shape, before), inCycle(shape, date) ? amount : 0, 0, null);
        const res = await post(t, P.addPledge, { campaign_id: campaignId, donor_id: donorId, commitment_date: date, commitment_amount_cents: amount, instalments: [] }, owner.token);
        if (res.statusCode === 201) run.pledgeIds.push((res.json().data as { pledge_id: string }).pledge_id);
        return { expected, res, amount };
      }
      case 'write_off_pledge': {
        const pledgeId = pick(run.pledgeIds, op.pledge);
        if (!pledgeId) return null;
        const pledge = before.pledges.find((p) => p.id === pledgeId)!;
        const expected: Refusal | null = pledge.written_off ? { status: 422, code: 'PLEDGE_WRITTEN_OFF' } : null;
        return { expected, res: await post(t, P.writeOffPledge, { campaign_id: campaignId, pledge_id: pledgeId, reason: 'Will not pay' }, owner.token) };
      }
      case 'refund_donation': {
        const donationId = pick(run.donationIds, op.donation);
        if (!donationId) return null;
        const donation = before.donations.find((d) => d.id === donationId) ?? null;
        const left = donation ? net(donation) : 0;
        const amount =
          op.mode === 'rest' ? undefined : op.mode === 'exact' ? Math.max(1, left) : op.mode === 'part' ? Math.max(1, Math.floor((left * (op.n % 1_000)) / 1_000)) : op.mode === 'over' ? left + 1 + (op.n % 1_000) : op.n;
        const date = op.day === null ? TODAY : dayIn(shape.cycle.start, TODAY, op.day);
        let expected: Refusal | null = null;
        if (!donation) expected = { status: 404, code: 'DONATION_NOT_FOUND' };
        else if (left <= 0) expected = { status: 409, code: 'DONATION_ALREADY_REFUNDED' };
        else if ((amount ?? left) > left) expected = { status: 422, code: 'REFUND_EXCEEDS_PAID' };
        else if (date < donation.paying_date) expected = { status: 400, code: 'VALIDATION_ERROR' };
        const body: Record<string, unknown> = { campaign_id: campaignId, donation_id: donationId, refund_date: date, refund_reason: 'Asked for it back' };
        if (amount !== undefined) body.refund_amount_cents = amount;
        return { expected, res: await post(t, P.refundDonation, body, owner.token), amount: amount ?? left };
      }
      case 'update_donation': {
        const donationId = pick(run.donationIds, op.donation);
        if (!donationId) return null;
        const current = before.donations.find((d) => d.id === donationId) ?? null;
        if (!current) {
          // Deleted: still a well-formed edit, answered 404.
          const body = { campaign_id: campaignId, donation_id: donationId, donor_id: donorId, paying_date: TODAY, paid_amount_cents: op.amount, payment_method: 'card' };
          return { expected: { status: 404, code: 'DONATION_NOT_FOUND' }, res: await post(t, P.updateDonation, body, owner.token) };
        }
        const pledge = current.pledge_id ? before.pledges.find((p) => p.id === current.pledge_id)! : null;
        const newNet = op.amount - current.refunded_cents;
        let expected: Refusal | null = null;
        let increase = inCycle(shape, current.paying_date) ? newNet : 0;
        if (op.amount < current.refunded_cents) expected = { status: 422, code: 'DONATION_BELOW_REFUNDED' };
        else if (pledge?.written_off) expected = { status: 422, code: 'PLEDGE_WRITTEN_OFF' };
        else if (pledge) {
          const left = Math.max(0, pledge.commitment_amount_cents - pledgePaid(before, pledge.id, current.id));
          if (newNet > left) expected = { status: 422, code: 'DONATION_EXCEEDS_PLEDGE' };
          if (inCycle(shape, pledge.commitment_date)) increase -= Math.min(newNet, left);
        }
        const cash = current.payment_method === 'cash' && inCycle(shape, current.paying_date) ? newNet : null;
        expected ??= complianceRefusal(shape, aggregate(shape, before, current.id), increase, cashOf(shape, before, current.id), cash);
        const body: Record<string, unknown> = {
          campaign_id: campaignId,
          donation_id: donationId,
          donor_id: donorId,
          paying_date: current.paying_date,
          paid_amount_cents: op.amount,
          payment_method: current.payment_method,
        };
        if (current.check_number) body.check_number = current.check_number;
        if (current.pledge_id) body.pledge_id = current.pledge_id;
        return { expected, res: await post(t, P.updateDonation, body, owner.token) };
      }
      case 'delete_donation': {
        const donationId = pick(run.donationIds, op.donation);
        if (!donationId) return null;
        const exists = before.donations.some((d) => d.id === donationId);
        const expected: Refusal | null = exists ? null : { status: 404, code: 'DONATION_NOT_FOUND' };
        return { expected, res: await del(t, path(P.deleteDonation, { campaignId, donationId }), owner.token) };
      }
    }
  }

  /** What a success must have changed, beyond the invariants. */
  function checkEffect(op: Op, run: RunState, before: Snapshot, after: Snapshot, amount: number | undefined): void {
    switch (op.kind) {
      case 'add_donation':
        expect(after.donations).toHaveLength(before.donations.length + 1);
        expect(after.donations.find((d) => d.id === run.donationIds.at(-1))).toMatchObject({ paid_amount_cents: amount, payment_method: op.method, refunded_cents: 0 });
        break;
      case 'add_pledge':
        expect(after.pledges).toHaveLength(before.pledges.length + 1);
        expect(after.pledges.find((p) => p.id === run.pledgeIds.at(-1))).toMatchObject({ commitment_amount_cents: amount, written_off: false });
        break;
      case 'write_off_pledge':
        expect(after.pledges.find((p) => p.id === pick(run.pledgeIds, op.pledge))!.written_off).toBe(true);
        break;
      case 'refund_donation': {
        const id = pick(run.donationIds, op.donation)!;
        const b = before.donations.find((d) => d.id === id)!;
        const a = after.donations.find((d) => d.id === id)!;
        expect(a).toMatchObject({ paid_amount_cents: b.paid_amount_cents, refunded_cents: b.refunded_cents + amount! });
        expect(after.refunds).toHaveLength(before.refunds.length + 1);
        break;
      }
      case 'update_donation': {
        const id = pick(run.donationIds, op.donation)!;
        const b = before.donations.find((d) => d.id === id)!;
        expect(after.donations.find((d) => d.id === id)).toMatchObject({ paid_amount_cents: op.amount, refunded_cents: b.refunded_cents, pledge_id: b.pledge_id, payment_method: b.payment_method });
        break;
      }
      case 'delete_donation': {
        const id = pick(run.donationIds, op.donation)!;
        expect(after.donations.some((d) => d.id === id)).toBe(false);
        expect(after.refunds.some((r) => r.donation_id === id)).toBe(false);
        break;
      }
    }
  }

  async function step(run: RunState, op: Op): Promise<void> {
    const before = await snapshot(run.campaignId, run.donorId);
    const sent = await send(run, op, before);
    if (!sent) return;
    const { expected, res } = sent;
    const label = `${op.kind} ${JSON.stringify(op)} → ${res.statusCode} ${res.body}`;
    expect(res.statusCode, `no 5xx: ${label}`).toBeLessThan(500);
    const after = await snapshot(run.campaignId, run.donorId);
    if (res.statusCode >= 400) {
      const body = res.json() as { code?: unknown; message?: unknown };
      expect(typeof body.code, `refusal has a code: ${label}`).toBe('string');
      expect(typeof body.message, `refusal has a message: ${label}`).toBe('string');
      expect(after, `a refusal changes nothing: ${label}`).toEqual(before);
    } else {
      expect(res.statusCode, label).toBeGreaterThanOrEqual(200);
      checkEffect(op, run, before, after, 'amount' in sent ? sent.amount : undefined);
    }
    // The model says whether the call is refused, and why.
    expect({ status: res.statusCode >= 400 ? res.statusCode : 'ok', code: res.statusCode >= 400 ? (res.json() as { code: string }).code : null }, `model: ${label}`).toEqual(
      expected ? { status: expected.status, code: expected.code } : { status: 'ok', code: null },
    );
    await checkInvariants(run.shape, run.campaignId, run.donorId, after);
    run.checks += 1;
  }

  for (const [index, shape] of SHAPES.entries()) {
    it(`${shape.name}: every step keeps the totals, the limit, the cash cap and the match`, async () => {
      const { campaign_id: campaignId } = await createCampaign(t, owner.token, shape.campaign);
      let steps = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: MAX_OPS, size: 'max' }), async (ops) => {
          const donor = await addDonor(t, owner.token, campaignId, NYC_RESIDENT);
          const run: RunState = { shape, campaignId, donorId: donor.donor_id, donationIds: [], pledgeIds: [], checks: 0 };
          await checkInvariants(shape, campaignId, donor.donor_id, await snapshot(campaignId, donor.donor_id));
          for (const op of ops) await step(run, op);
          steps += run.checks;
        }),
        { seed: SEED + index, numRuns: NUM_RUNS },
      );
      expect(steps).toBeGreaterThan(NUM_RUNS);
    });
  }
});
