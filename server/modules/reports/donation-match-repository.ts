/**
 * SQL of `donation_matches` (each donation's part of its donor's match) and of the donations it is
 * computed from. Scoped by campaign_id. The rows are derived data: written whole per campaign, in one
 * transaction, by donation-matches.ts.
 */
import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/executor';
import { donationMatchStates, donationMatches } from '../../db/schema';
import { versionSql } from '../donors/book-version-repository';
import type { DonorRules } from '../donors/donor-figures';

/** A donor with the campaign's donations in the range, in date order (the order the match cap fills). */
export interface DonorCycleDonations extends DonorRules {
  donationIds: string[];
  amounts: number[];
  refunded: number[];
  methods: string[];
}

/**
 * Every donor with a donation in the range (inclusive 'YYYY-MM-DD'; null = all time), with those
 * donations, and the book version, in one statement.
 */
export async function donorCycleDonations(
  db: Executor,
  campaignId: string,
  range: { start: string; end: string } | null,
): Promise<{ rows: DonorCycleDonations[]; version: number }> {
  const inRange = range ? sql`and paying_date between ${range.start} and ${range.end}` : sql``;
  const result = await db.execute<{
    version: string | null;
    contributor_type: string;
    eligibility: string;
    country: string;
    state: string | null;
    city: string | null;
    zip: string | null;
    district: string | null;
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
      where campaign_id = ${campaignId} ${inRange}
      group by donor_id
    )
    select v.version, d.contributor_type, d.eligibility, d.country, d.state, d.city, d.zip, d.district, dn.ids, dn.amounts, dn.refunded, dn.methods
    from (select ${versionSql(campaignId)} as version) v
    left join (donors d join dn on dn.donor_id = d.id and d.campaign_id = ${campaignId}) on true
  `);
  const version = Number(result.rows[0]?.version ?? 0);
  const rows = result.rows
    .filter((row) => row.ids !== null)
    .map((row) => ({
      contributorType: row.contributor_type,
      eligibility: row.eligibility,
      country: row.country,
      state: row.state,
      city: row.city,
      zip: row.zip,
      district: row.district,
      donationIds: row.ids,
      amounts: row.amounts.map(Number),
      refunded: row.refunded.map(Number),
      methods: row.methods,
    }));
  return { rows, version };
}

export interface DonationMatchState {
  bookVersion: number;
  terms: string;
}

export async function findDonationMatchState(db: Executor, campaignId: string): Promise<DonationMatchState | null> {
  const result = await db.execute<{ book_version: string; terms: string }>(
    sql`select book_version, terms from ${donationMatchStates} where campaign_id = ${campaignId}`,
  );
  const row = result.rows[0];
  return row ? { bookVersion: Number(row.book_version), terms: row.terms } : null;
}

/** Serialises the writers of one campaign's matches (another instance may be refreshing them too). */
export async function lockDonationMatches(tx: Tx, campaignId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${campaignId}, 22))`);
}

export interface DonationMatchRow {
  donationId: string;
  matchableCents: number;
  publicFundsCents: number;
  reason: string | null;
}

const CHUNK = 20_000;

/** Replaces the campaign's rows and records what they were computed for (inside the caller's transaction). */
export async function replaceDonationMatches(tx: Tx, campaignId: string, state: DonationMatchState, rows: readonly DonationMatchRow[]): Promise<void> {
  await tx.execute(sql`delete from ${donationMatches} where campaign_id = ${campaignId}`);
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK);
    await tx.execute(sql`
      insert into ${donationMatches} (campaign_id, donation_id, matchable_cents, public_funds_cents, reason)
      select ${campaignId}, * from unnest(${sql.param(chunk.map((r) => r.donationId))}::uuid[], ${sql.param(chunk.map((r) => r.matchableCents))}::bigint[],
                                          ${sql.param(chunk.map((r) => r.publicFundsCents))}::bigint[], ${sql.param(chunk.map((r) => r.reason))}::text[])
    `);
  }
  await tx.execute(sql`
    insert into ${donationMatchStates} (campaign_id, book_version, terms, computed_at) values (${campaignId}, ${state.bookVersion}, ${state.terms}, now())
    on conflict (campaign_id) do update set book_version = excluded.book_version, terms = excluded.terms, computed_at = excluded.computed_at
  `);
}
