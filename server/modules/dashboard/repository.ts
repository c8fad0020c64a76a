/**
 * SQL of the dashboard. Every query is scoped by campaign_id. Refunded donations count for nothing
 * (refunds reduce every total), written-off pledges are neither pledged nor outstanding. Sums are
 * bigint in SQL, read back as numbers (cents well below 2^53).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { campaignBookTotals } from '../../db/schema';
import { versionSql } from '../book/book-version-repository';
import { matchSumsOf, matchSumsSelect, type MatchSums } from '../book/donation-match-repository';
import { donorRulesOf, type DonorRules, type DonorRulesColumns } from '../donors/donor-figures';

/** An inclusive 'YYYY-MM-DD' range; null = all time. */
export interface DateRange {
  start: string;
  end: string;
}

/** The rows and the campaign's donor-book version read by the same statement (null without rows). */
export interface Versioned<T> {
  rows: T[];
  version: number | null;
}

const n = (value: unknown): number => Number(value ?? 0);

const inRange = (column: SQL, range: DateRange | null): SQL => (range ? sql`and ${column} between ${range.start} and ${range.end}` : sql``);

export interface BookTotals {
  raisedCents: number;
  donationCount: number;
  pledgedCents: number;
  outstandingCents: number;
  donorCount: number;
}

/**
 * total-stats in one statement (one connection, one snapshot, no lock: it never waits on a writer):
 * the book's totals (one row kept by triggers), all that was spent, and the sums of the donors'
 * stored matchable parts with what tells whether they are current.
 */
export async function totalFigures(db: Executor, campaignId: string): Promise<{ totals: BookTotals; spentCents: number; match: MatchSums }> {
  const result = await db.execute<Record<string, string | number | null> & { terms: string | null; marked: boolean; matchable: string; funds: string }>(sql`
    -- The book's totals are kept by triggers as each write happens (migration 0016): one row, whatever the size of the book.
    select t.raised_cents as raised, t.donation_count, t.pledged_cents as pledged, t.outstanding_cents as outstanding, t.donor_count,
           (select coalesce(sum(amount_cents), 0)::bigint from expenses where campaign_id = ${campaignId}) as spent,
           m.terms, m.marked, m.matchable, m.funds
    from (${matchSumsSelect(campaignId)}) m left join ${campaignBookTotals} t on t.campaign_id = ${campaignId}
  `);
  const row = result.rows[0]!;
  return {
    totals: {
      raisedCents: n(row.raised),
      donationCount: n(row.donation_count),
      pledgedCents: n(row.pledged),
      outstandingCents: n(row.outstanding),
      donorCount: n(row.donor_count),
    },
    spentCents: n(row.spent),
    match: matchSumsOf(row),
  };
}

/** What the campaign spent, all time or inside `range` (expenses are not part of the donor-book version: never cached). */
export async function spentCents(db: Executor, campaignId: string, range: DateRange | null): Promise<number> {
  const result = await db.execute<{ spent: string }>(sql`
    select coalesce(sum(amount_cents), 0)::bigint as spent from expenses where campaign_id = ${campaignId} ${inRange(sql`expense_date`, range)}
  `);
  return n(result.rows[0]?.spent);
}

export interface MonthlyRow {
  kind: 'raised' | 'pledged' | 'spent';
  /** 'YYYY-MM' */
  month: string;
  cents: number;
}

/**
 * Raised and pledged (commitment date) per month, `from` ≤ date < `toExclusive`, with the book version.
 * Raised counts refunds on their own date (what filings use; the reports do the same): a donation in
 * its paying month, whole, less the refunds of each month (a month may be negative).
 */
export async function monthlyBookSums(db: Executor, campaignId: string, from: string, toExclusive: string): Promise<Versioned<MonthlyRow>> {
  const result = await db.execute<{ version: string; kind: MonthlyRow['kind']; month: string; cents: string }>(sql`
    select ${versionSql(campaignId)} as version, m.kind, m.month, m.cents
    from (
      select 'raised' as kind, to_char(paying_date, 'YYYY-MM') as month, sum(paid_amount_cents)::bigint as cents
        from donations
        where campaign_id = ${campaignId} and paying_date >= ${from} and paying_date < ${toExclusive}
        group by 2
      union all
      select 'raised', to_char(r.refund_date, 'YYYY-MM'), -sum(r.amount_cents)::bigint
        from donation_refunds r join donations d on d.id = r.donation_id and d.campaign_id = ${campaignId}
        where r.campaign_id = ${campaignId} and r.refund_date >= ${from} and r.refund_date < ${toExclusive}
        group by 2
      union all
      select 'pledged', to_char(commitment_date, 'YYYY-MM'), sum(commitment_amount_cents)::bigint
        from pledges
        where campaign_id = ${campaignId} and written_off_at is null and commitment_date >= ${from} and commitment_date < ${toExclusive}
        group by 2
    ) m
  `);
  return {
    rows: result.rows.map((row) => ({ kind: row.kind, month: row.month, cents: n(row.cents) })),
    version: result.rows.length > 0 ? n(result.rows[0].version) : null,
  };
}

/** Spent per month (expense date), `from` ≤ date < `toExclusive`. */
export async function monthlySpent(db: Executor, campaignId: string, from: string, toExclusive: string): Promise<MonthlyRow[]> {
  const result = await db.execute<{ month: string; cents: string }>(sql`
    select to_char(expense_date, 'YYYY-MM') as month, sum(amount_cents)::bigint as cents
    from expenses
    where campaign_id = ${campaignId} and expense_date >= ${from} and expense_date < ${toExclusive}
    group by 1
  `);
  return result.rows.map((row) => ({ kind: 'spent', month: row.month, cents: n(row.cents) }));
}

/**
 * What was raised inside `range` (all time: null), refunds counting on their own date: the donations
 * received in it, whole, less the refunds dated in it. Per payment method (the donation's), and per
 * contributor type with the donors whose net in the range is above 0. One statement, with the book version.
 */
export async function raisedInRange(
  db: Executor,
  campaignId: string,
  range: DateRange | null,
): Promise<Versioned<{ kind: 'method' | 'type'; key: string; raisedCents: number; donorCount: number }>> {
  const result = await db.execute<{ version: string; kind: 'method' | 'type'; key: string; cents: string; donors: string }>(sql`
    with e as (
      select d.donor_id, d.payment_method, d.paid_amount_cents::bigint as cents
        from donations d where d.campaign_id = ${campaignId} ${inRange(sql`d.paying_date`, range)}
      union all
      select d.donor_id, d.payment_method, -r.amount_cents::bigint
        from donation_refunds r join donations d on d.id = r.donation_id and d.campaign_id = ${campaignId}
        where r.campaign_id = ${campaignId} ${inRange(sql`r.refund_date`, range)}
    ), per_donor as (
      select e.donor_id, sum(e.cents) as cents from e group by e.donor_id
    )
    select ${versionSql(campaignId)} as version, x.kind, x.key, x.cents, x.donors from (
      select 'method' as kind, e.payment_method::text as key, sum(e.cents)::bigint as cents, 0::bigint as donors from e group by e.payment_method
      union all
      select 'type', dn.contributor_type::text, sum(p.cents)::bigint, (count(*) filter (where p.cents > 0))::bigint
        from per_donor p join donors dn on dn.id = p.donor_id and dn.campaign_id = ${campaignId} group by dn.contributor_type
    ) x
  `);
  return {
    rows: result.rows.map((row) => ({ kind: row.kind, key: row.key, raisedCents: n(row.cents), donorCount: n(row.donors) })),
    version: result.rows.length > 0 ? n(result.rows[0].version) : null,
  };
}

export interface DonorCycleFigures extends DonorRules {
  /** The stored figures of the campaign's election cycle (all time without one), kept by the database triggers. */
  paidCents: number;
  outstandingCents: number;
}

/** Every donor with something given or promised in the cycle, with their stored cycle figures. */
export async function donorCycleFigures(db: Executor, campaignId: string): Promise<Versioned<DonorCycleFigures>> {
  const result = await db.execute<DonorRulesColumns & {
    version: string;
    paid_cents: string;
    outstanding_cents: string;
  }>(sql`
    select ${versionSql(campaignId)} as version, contributor_type, eligibility, country, state, city, zip, district, doing_business, paid_cents, outstanding_cents
    from donors
    where campaign_id = ${campaignId} and (paid_cents > 0 or outstanding_cents > 0)
  `);
  const rows = result.rows.map((row) => ({
    ...donorRulesOf(row),
    paidCents: n(row.paid_cents),
    outstandingCents: n(row.outstanding_cents),
  }));
  return { rows, version: result.rows.length > 0 ? n(result.rows[0].version) : null };
}

