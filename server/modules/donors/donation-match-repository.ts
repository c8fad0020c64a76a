/**
 * SQL of `donation_matches` (each donation's part of its donor's match), its per-campaign state and
 * totals, the donors marked stale (`donation_match_dirty`, by the triggers of migration 0022), and the
 * donations the matches are computed from. Scoped by campaign_id. donation-matches.ts decides.
 */
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor';
import { donationMatchDirty, donationMatchStates, donationMatches } from '../../db/schema';
import { versionSql } from './book-version-repository';
import { donorRulesOf, type DonorRules, type DonorRulesColumns } from './donor-figures';

export interface MatchTotals {
  matchableCents: number;
  publicFundsCents: number;
}

export interface DonationMatchState extends MatchTotals {
  terms: string;
  /** When it was written (tells whether another writer came in between). */
  computedAt: string;
}

/** A donor marked stale, with the mark's sequence number (a later mark of the same donor has another). */
export interface DirtyMark {
  donorId: string;
  seq: number;
}

/**
 * What a read needs to know whether the matches are current: the state, the donors marked stale and
 * the book version, in one statement (a write that bumps the version after it marks its donors too).
 */
export async function findMatchStatus(
  db: Executor,
  campaignId: string,
): Promise<{ state: DonationMatchState | null; dirty: DirtyMark[]; version: number }> {
  const result = await db.execute<{ version: string; terms: string | null; matchable: string | null; funds: string | null; at: string | null; dirty: [string, string][] | null }>(sql`
    select ${versionSql(campaignId)} as version, s.terms, s.matchable_cents as matchable, s.public_funds_cents as funds, s.computed_at::text as at,
           (select json_agg(json_build_array(x.donor_id, x.seq)) from ${donationMatchDirty} x where x.campaign_id = ${campaignId}) as dirty
    from (select 1) one left join ${donationMatchStates} s on s.campaign_id = ${campaignId}
  `);
  const row = result.rows[0]!;
  return {
    version: Number(row.version),
    state: row.terms === null ? null : { terms: row.terms, matchableCents: Number(row.matchable), publicFundsCents: Number(row.funds), computedAt: row.at! },
    dirty: (row.dirty ?? []).map(([donorId, seq]) => ({ donorId, seq: Number(seq) })),
  };
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
    select d.id::text as id, d.contributor_type, d.eligibility, d.country, d.state, d.city, d.zip, d.district, dn.ids, dn.amounts, dn.refunded, dn.methods
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

/** Serialises the writers of one campaign's matches (another instance may be refreshing them too). */
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
 * or those of `donorIds` (their old rows replaced); keeps the totals; clears exactly the marks read.
 */
export async function writeDonationMatches(
  tx: Tx,
  campaignId: string,
  input: { terms: string; donorIds: readonly string[] | null; rows: readonly DonationMatchRow[]; marks: readonly DirtyMark[] },
): Promise<DonationMatchState> {
  const some = input.donorIds ? sql`and donor_id = any(${sql.param([...input.donorIds])}::uuid[])` : sql``;
  const gone = await tx.execute<{ matchable: string; funds: string }>(sql`
    with d as (delete from ${donationMatches} where campaign_id = ${campaignId} ${some} returning matchable_cents, public_funds_cents)
    select coalesce(sum(matchable_cents), 0)::bigint as matchable, coalesce(sum(public_funds_cents), 0)::bigint as funds from d
  `);
  await insertRows(tx, campaignId, input.rows);
  const added = input.rows.reduce((sum, r) => ({ m: sum.m + r.matchableCents, f: sum.f + r.publicFundsCents }), { m: 0, f: 0 });
  const dm = added.m - Number(gone.rows[0]!.matchable);
  const df = added.f - Number(gone.rows[0]!.funds);
  // A whole computation sets the totals; a partial one moves them by what changed.
  const state = await tx.execute<{ matchable: string; funds: string; at: string }>(sql`
    insert into ${donationMatchStates} as s (campaign_id, terms, matchable_cents, public_funds_cents, computed_at)
    values (${campaignId}, ${input.terms}, ${added.m}, ${added.f}, clock_timestamp())
    on conflict (campaign_id) do update set terms = excluded.terms, computed_at = excluded.computed_at,
      matchable_cents = ${input.donorIds ? sql`s.matchable_cents + ${dm}` : sql`excluded.matchable_cents`},
      public_funds_cents = ${input.donorIds ? sql`s.public_funds_cents + ${df}` : sql`excluded.public_funds_cents`}
    returning matchable_cents as matchable, public_funds_cents as funds, computed_at::text as at
  `);
  if (input.marks.length > 0) {
    await tx.execute(sql`
      delete from ${donationMatchDirty} x
      using unnest(${sql.param(input.marks.map((m) => m.donorId))}::uuid[], ${sql.param(input.marks.map((m) => m.seq))}::bigint[]) as r(donor_id, seq)
      where x.campaign_id = ${campaignId} and x.donor_id = r.donor_id and x.seq = r.seq
    `);
  }
  const row = state.rows[0]!;
  return { terms: input.terms, matchableCents: Number(row.matchable), publicFundsCents: Number(row.funds), computedAt: row.at };
}
