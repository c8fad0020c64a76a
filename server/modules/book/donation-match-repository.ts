/**
 * SQL of `donation_matches` (each donation's part of its donor's match), `donor_matches` (each donor's
 * sum of them), the per-campaign state (the match terms they were computed for), the donors marked
 * stale (`donation_match_dirty`, by the triggers of migrations 0022 and 0028), and the donations the
 * matches are computed from. Scoped by campaign_id. donation-matches.ts decides.
 */
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor';
import { donationMatchDirty, donationMatchStates, donationMatches, donorMatches } from '../../db/schema';
import { donorRulesOf, type DonorRules, type DonorRulesColumns } from '../donors/donor-figures';

export interface MatchTotals {
  matchableCents: number;
  publicFundsCents: number;
}

export interface DonationMatchState {
  terms: string;
  /** When it was last written. */
  computedAt: string;
}

/** A donor marked stale, with the mark's sequence number (a later mark of the same donor has another). */
export interface DirtyMark {
  donorId: string;
  seq: number;
}

/** The state and every donor marked stale (inside the writer's lock: what a refresh computes again). */
export async function findMatchStatus(db: Executor, campaignId: string): Promise<{ state: DonationMatchState | null; dirty: DirtyMark[] }> {
  const result = await db.execute<{ terms: string | null; at: string | null; dirty: [string, string][] | null }>(sql`
    select s.terms, s.computed_at::text as at,
           (select json_agg(json_build_array(x.donor_id, x.seq)) from ${donationMatchDirty} x where x.campaign_id = ${campaignId}) as dirty
    from (select 1) one left join ${donationMatchStates} s on s.campaign_id = ${campaignId}
  `);
  const row = result.rows[0]!;
  return {
    state: row.terms === null ? null : { terms: row.terms, computedAt: row.at! },
    dirty: (row.dirty ?? []).map(([donorId, seq]) => ({ donorId, seq: Number(seq) })),
  };
}

/** The match figures as a select of one row (terms, marked, matchable, funds): other statements embed it. */
export function matchSumsSelect(campaignId: string) {
  return sql`
    select s.terms,
           exists (select 1 from ${donationMatchDirty} x where x.campaign_id = ${campaignId}) as marked,
           p.matchable, p.funds
    from (select coalesce(sum(matchable_cents), 0)::bigint as matchable, coalesce(sum(public_funds_cents), 0)::bigint as funds
          from ${donorMatches} where campaign_id = ${campaignId}) p
    left join ${donationMatchStates} s on s.campaign_id = ${campaignId}`;
}

export interface MatchSums extends MatchTotals {
  /** The match terms the stored parts were computed for (null: never computed). */
  terms: string | null;
  /** Whether a donor is marked stale (a write left its mark). */
  marked: boolean;
}

export function matchSumsOf(row: { terms: string | null; marked: boolean; matchable: string | number; funds: string | number }): MatchSums {
  return { terms: row.terms, marked: row.marked, matchableCents: Number(row.matchable), publicFundsCents: Number(row.funds) };
}

/**
 * The sums of the donors' stored parts, whether a donor is marked stale and the terms, in one
 * statement (one snapshot, no lock: it never waits on a writer).
 */
export async function findMatchSums(db: Executor, campaignId: string): Promise<MatchSums> {
  const result = await db.execute<{ terms: string | null; marked: boolean; matchable: string; funds: string }>(matchSumsSelect(campaignId));
  return matchSumsOf(result.rows[0]!);
}

/**
 * What a writer keeping its own donors' parts starts with, in one statement: the lock it shares with
 * every other such writer until it commits (a refresh, lockDonationMatches, waits for them and they
 * for it), the donors this transaction marked (a mark's seq is the marking transaction's id) and the
 * match terms the stored parts were computed for (null: never computed). The terms are read before
 * the lock is granted: if a refresh changed them meanwhile, the writer's campaign (read after) differs
 * from them and the marks are left to the next read, which is the safe side.
 */
export async function startKeeping(tx: Tx, campaignId: string): Promise<{ marks: DirtyMark[]; terms: string | null }> {
  const result = await tx.execute<{ terms: string | null; marks: [string, string][] | null }>(sql`
    select (select terms from ${donationMatchStates} where campaign_id = ${campaignId}) as terms,
           (select json_agg(json_build_array(x.donor_id, x.seq)) from ${donationMatchDirty} x
            where x.campaign_id = ${campaignId} and x.seq = (pg_current_xact_id()::text)::bigint) as marks
    from (select pg_advisory_xact_lock_shared(hashtextextended(${campaignId}, 22))) l
  `);
  const row = result.rows[0]!;
  return { terms: row.terms, marks: (row.marks ?? []).map(([donorId, seq]) => ({ donorId, seq: Number(seq) })) };
}

/** A donor with their donations in the range, in date order (the order the match cap fills). */
export interface DonorCycleDonations extends DonorRules {
  donorId: string;
  donationIds: string[];
  amounts: number[];
  refunded: number[];
  methods: string[];
}

/**
 * The donors (all of the campaign, or `donorIds`) with a donation in the range (inclusive
 * 'YYYY-MM-DD'; null = all time), with those donations.
 */
export async function donorCycleDonations(
  db: Executor,
  campaignId: string,
  range: { start: string; end: string } | null,
  donorIds: readonly string[] | null,
): Promise<DonorCycleDonations[]> {
  const inRange = range ? sql`and paying_date between ${range.start} and ${range.end}` : sql``;
  const some = donorIds ? sql`and donor_id = any(${sql.param([...donorIds])}::uuid[])` : sql``;
  const result = await db.execute<DonorRulesColumns & {
    id: string;
    ids: string[];
    amounts: string[];
    refunded: string[];
    methods: string[];
  }>(sql`
    with dn as (
      select donor_id, array_agg(id::text order by paying_date, created_at, id) as ids,
             array_agg(paid_amount_cents order by paying_date, created_at, id) as amounts,
             array_agg(refunded_cents order by paying_date, created_at, id) as refunded,
             array_agg(payment_method order by paying_date, created_at, id) as methods
      from donations
      where campaign_id = ${campaignId} ${inRange} ${some}
      group by donor_id
    )
    select d.id::text as id, d.contributor_type, d.eligibility, d.country, d.state, d.city, d.zip, d.district, d.doing_business, dn.ids, dn.amounts, dn.refunded, dn.methods
    from dn join donors d on d.id = dn.donor_id and d.campaign_id = ${campaignId}
  `);
  return result.rows.map((row) => ({
    donorId: row.id,
    ...donorRulesOf(row),
    donationIds: row.ids,
    amounts: row.amounts.map(Number),
    refunded: row.refunded.map(Number),
    methods: row.methods,
  }));
}

/** A refresh of the campaign's marks or of everything: alone, until it commits. */
export async function lockDonationMatches(tx: Tx, campaignId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${campaignId}, 22))`);
}

export interface DonationMatchRow {
  donorId: string;
  donationId: string;
  matchableCents: number;
  publicFundsCents: number;
  reason: string | null;
}

const CHUNK = 20_000;

async function insertRows(tx: Tx, campaignId: string, rows: readonly DonationMatchRow[]): Promise<void> {
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK);
    await tx.execute(sql`
      insert into ${donationMatches} (campaign_id, donor_id, donation_id, matchable_cents, public_funds_cents, reason)
      select ${campaignId}, * from unnest(${sql.param(chunk.map((r) => r.donorId))}::uuid[], ${sql.param(chunk.map((r) => r.donationId))}::uuid[],
                                          ${sql.param(chunk.map((r) => r.matchableCents))}::bigint[], ${sql.param(chunk.map((r) => r.publicFundsCents))}::bigint[],
                                          ${sql.param(chunk.map((r) => r.reason))}::text[])
    `);
  }
}

/**
 * Writes the computed rows inside the caller's transaction: all of the campaign's (`donorIds` null)
 * or those of `donorIds` (their old rows replaced), each donor's sum of them, the terms; clears
 * exactly the marks read (one a writer still holds is skipped: that writer computes it, or it stays).
 */
export async function writeDonationMatches(
  tx: Tx,
  campaignId: string,
  input: { terms: string | null; donorIds: readonly string[] | null; rows: readonly DonationMatchRow[]; marks: readonly DirtyMark[] },
): Promise<void> {
  const some = input.donorIds ? sql`and donor_id = any(${sql.param([...input.donorIds])}::uuid[])` : sql``;
  await tx.execute(sql`
    with a as (delete from ${donationMatches} where campaign_id = ${campaignId} ${some})
    delete from ${donorMatches} where campaign_id = ${campaignId} ${some}
  `);
  await insertRows(tx, campaignId, input.rows);
  const perDonor = new Map<string, { m: number; f: number }>();
  for (const r of input.rows) {
    const sums = perDonor.get(r.donorId) ?? { m: 0, f: 0 };
    sums.m += r.matchableCents;
    sums.f += r.publicFundsCents;
    perDonor.set(r.donorId, sums);
  }
  const donors = [...perDonor];
  for (let at = 0; at < donors.length; at += CHUNK) {
    const chunk = donors.slice(at, at + CHUNK);
    await tx.execute(sql`
      insert into ${donorMatches} (campaign_id, donor_id, matchable_cents, public_funds_cents)
      select ${campaignId}, * from unnest(${sql.param(chunk.map(([id]) => id))}::uuid[], ${sql.param(chunk.map(([, s]) => s.m))}::bigint[],
                                          ${sql.param(chunk.map(([, s]) => s.f))}::bigint[])
    `);
  }
  if (input.terms !== null) {
    await tx.execute(sql`
      insert into ${donationMatchStates} as s (campaign_id, terms, computed_at) values (${campaignId}, ${input.terms}, clock_timestamp())
      on conflict (campaign_id) do update set terms = excluded.terms, computed_at = excluded.computed_at
    `);
  }
  if (input.marks.length > 0) {
    await tx.execute(sql`
      delete from ${donationMatchDirty} x
      where x.ctid in (
        select d.ctid from ${donationMatchDirty} d
        join unnest(${sql.param(input.marks.map((m) => m.donorId))}::uuid[], ${sql.param(input.marks.map((m) => m.seq))}::bigint[]) as r(donor_id, seq)
          on d.donor_id = r.donor_id and d.seq = r.seq
        where d.campaign_id = ${campaignId}
        for update of d skip locked
      )
    `);
  }
}
