/**
 * The data of the donor limit, donor history and match reports: one query per page (and one count),
 * paged and sorted in SQL where the figures allow it.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { ContributorType, Eligibility } from '../../../domain/donor-book/enums';
import { parseSort } from '../../../domain/validation/fields';
import type { Executor } from '../../db/executor';
import { donationMatches, donations, donors } from '../../db/schema';
import type { CycleRange } from '../book/book-campaign';
import type { DonorRules } from '../donors/donor-figures';
import { donorSearchCondition } from '../donors/donor-list-repository';
import { versionSql } from '../book/book-version-repository';
import { escapeLike } from '../donors/normalize';

/** Answers a list's count: cached (list-cache.ts) or computed by `compute` with the version it saw. */
export type CountCache = (compute: () => Promise<{ value: number; version: number }>) => Promise<number>;

// ── donor limit ─────────────────────────────────────────────────────────────────────────────

/** The limit of each (contributor type, eligibility, doing business): the engine's answers, applied in SQL. */
export interface LimitCell {
  contributorType: ContributorType;
  eligibility: Eligibility;
  doingBusiness: boolean;
  limitCents: number | null;
}

export interface DonorLimitFilter {
  page: number;
  limit: number;
  sort: string;
  search?: string;
  contributor_type?: ContributorType;
  over_limit?: boolean;
}

export interface DonorLimitRecord {
  donorId: string;
  name: string;
  contributorType: string;
  eligibility: string;
  aggregateCents: number;
  limitCents: number | null;
}

export async function listDonorLimits(db: Executor, campaignId: string, cells: LimitCell[], filter: DonorLimitFilter, cachedCount: CountCache) {
  const values = sql.join(
    cells.map((c) => sql`(${c.contributorType}, ${c.eligibility}, ${c.doingBusiness}::boolean, ${c.limitCents}::bigint)`),
    sql`, `,
  );
  const aggregate = sql`(${donors.paidCents} + ${donors.outstandingCents})`;
  const remaining = sql`(case when l.limit_cents is null then null else greatest(0, l.limit_cents - ${aggregate}) end)`;
  const conditions: (SQL | undefined)[] = [eq(donors.campaignId, campaignId), donorSearchCondition(filter.search)];
  if (filter.contributor_type) conditions.push(eq(donors.contributorType, filter.contributor_type));
  if (filter.over_limit === true) conditions.push(sql`l.limit_cents is not null and ${aggregate} > l.limit_cents`);
  if (filter.over_limit === false) conditions.push(sql`(l.limit_cents is null or ${aggregate} <= l.limit_cents)`);
  const where = sql.join(conditions.filter((c): c is SQL => c !== undefined), sql` and `);
  const { field, descending } = parseSort(filter.sort);
  const dir = descending ? sql`desc` : sql`asc`;
  const order =
    field === 'name'
      ? sql`lower(${donors.name}) ${dir}, ${donors.id} ${dir}`
      : field === 'remaining_limit_cents'
        ? sql`${remaining} ${dir} nulls last, ${donors.id} ${dir}`
        : sql`${aggregate} ${dir}, ${donors.id} ${dir}`;
  const from = sql`${donors} join (values ${values}) as l(contributor_type, eligibility, doing_business, limit_cents) on l.contributor_type = ${donors.contributorType} and l.eligibility = ${donors.eligibility} and l.doing_business = ${donors.doingBusiness}`;
  const [page, counted] = await Promise.all([
    db.execute<{ donor_id: string; name: string; contributor_type: string; eligibility: string; aggregate_cents: string; limit_cents: string | null }>(sql`
      select ${donors.id} as donor_id, ${donors.name} as name, ${donors.contributorType} as contributor_type, ${donors.eligibility} as eligibility,
             ${aggregate} as aggregate_cents, l.limit_cents as limit_cents
      from ${from}
      where ${where}
      order by ${order}
      limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`),
    cachedCount(async () => {
      const result = await db.execute<{ total: string; version: string }>(sql`select count(*) as total, ${versionSql(campaignId)} as version from ${from} where ${where}`);
      return { value: Number(result.rows[0]?.total ?? 0), version: Number(result.rows[0]?.version ?? 0) };
    }),
  ]);
  const rows: DonorLimitRecord[] = page.rows.map((r) => ({
    donorId: r.donor_id,
    name: r.name,
    contributorType: r.contributor_type,
    eligibility: r.eligibility,
    aggregateCents: Number(r.aggregate_cents),
    limitCents: r.limit_cents === null ? null : Number(r.limit_cents),
  }));
  return { rows, total: counted };
}

// ── donor history ───────────────────────────────────────────────────────────────────────────

export type HistoryKind = 'pledge' | 'donation' | 'refund' | 'write_off';

export interface DonorHistoryFilter {
  page: number;
  limit: number;
  sort: string;
  search?: string;
  donor_id?: string;
  kind?: HistoryKind;
  start_date?: string | null;
  end_date?: string | null;
}

export type DonorHistoryRecord = {
  event_id: string;
  kind: HistoryKind;
  date: string;
  donor_id: string;
  donor_name: string;
  amount_cents: string;
  payment_method: string | null;
  reference: string | null;
};

/**
 * Every pledge, donation, refund and write-off of the campaign (optionally one donor's, one kind) as
 * one event list: event_id ('<kind>:<row id>'), kind, date, donor_id, amount_cents (refunds and
 * write-offs negative: they reduce the totals), payment_method, reference. Also the donor history report's source.
 */
export function historyEventsSql(campaignId: string, filter: { donor_id?: string; kind?: HistoryKind } = {}): SQL {
  const donorFilter = filter.donor_id ? sql`and e.donor_id = ${filter.donor_id}` : sql``;
  const branch = (kind: HistoryKind, select: SQL) => (filter.kind && filter.kind !== kind ? null : select);
  // Every branch names its columns: any of them may be the first of the union (kind filter).
  const branches = [
    branch(
      'pledge',
      sql`select 'pledge:' || e.id as event_id, 'pledge' as kind, e.commitment_date as date, e.donor_id as donor_id, e.commitment_amount_cents::bigint as amount_cents,
                 null::text as payment_method, null::text as reference
          from pledges e where e.campaign_id = ${campaignId} ${donorFilter}`,
    ),
    branch(
      'write_off',
      sql`select 'write_off:' || e.id as event_id, 'write_off' as kind, (e.written_off_at at time zone 'UTC')::date as date, e.donor_id as donor_id,
                 -greatest(0, e.commitment_amount_cents - e.paid_cents)::bigint as amount_cents, null::text as payment_method, e.write_off_reason as reference
          from pledges e where e.campaign_id = ${campaignId} and e.written_off_at is not null ${donorFilter}`,
    ),
    branch(
      'donation',
      sql`select 'donation:' || e.id as event_id, 'donation' as kind, e.paying_date as date, e.donor_id as donor_id, e.paid_amount_cents::bigint as amount_cents,
                 e.payment_method as payment_method, e.reference_number as reference
          from donations e where e.campaign_id = ${campaignId} ${donorFilter}`,
    ),
    branch(
      'refund',
      sql`select 'refund:' || r.id as event_id, 'refund' as kind, r.refund_date as date, e.donor_id as donor_id, -r.amount_cents::bigint as amount_cents,
                 e.payment_method as payment_method, e.reference_number as reference
          from donation_refunds r join donations e on e.id = r.donation_id
          where r.campaign_id = ${campaignId} and e.campaign_id = ${campaignId} ${donorFilter}`,
    ),
  ].filter((b): b is SQL => b !== null);
  return sql.join(branches, sql` union all `);
}

/**
 * Every pledge, donation, refund and write-off as one event list. Refunds and write-offs carry a
 * negative amount (they reduce the totals). event_id = '<kind>:<row id>'.
 */
export async function listDonorHistory(db: Executor, campaignId: string, filter: DonorHistoryFilter, cachedCount: CountCache) {
  const events = historyEventsSql(campaignId, filter);
  const conditions: SQL[] = [sql`true`];
  if (filter.start_date) conditions.push(sql`h.date >= ${filter.start_date}`);
  if (filter.end_date) conditions.push(sql`h.date <= ${filter.end_date}`);
  const search = filter.search?.trim();
  if (search) conditions.push(sql`d.name ilike ${`%${escapeLike(search)}%`}`);
  const where = sql.join(conditions, sql` and `);
  const { field, descending } = parseSort(filter.sort);
  const dir = descending ? sql`desc` : sql`asc`;
  const order =
    field === 'amount_cents'
      ? sql`h.amount_cents ${dir}, h.event_id ${dir}`
      : field === 'donor_name'
        ? sql`lower(d.name) ${dir}, d.id ${dir}, h.date ${dir}, h.event_id ${dir}`
        : sql`h.date ${dir}, h.event_id ${dir}`;
  const from = sql`(${events}) as h join ${donors} d on d.id = h.donor_id`;
  const [page, counted] = await Promise.all([
    db.execute<DonorHistoryRecord>(sql`
      select h.event_id, h.kind, h.date::text as date, h.donor_id, d.name as donor_name, h.amount_cents, h.payment_method, h.reference
      from ${from} where ${where}
      order by ${order}
      limit ${filter.limit} offset ${(filter.page - 1) * filter.limit}`),
    cachedCount(async () => {
      const result = await db.execute<{ total: string; version: string }>(sql`select count(*) as total, ${versionSql(campaignId)} as version from ${from} where ${where}`);
      return { value: Number(result.rows[0]?.total ?? 0), version: Number(result.rows[0]?.version ?? 0) };
    }),
  ]);
  return { rows: page.rows, total: counted };
}

// ── match ───────────────────────────────────────────────────────────────────────────────────

export interface MatchDonorRecord extends DonorRules {
  id: string;
  name: string;
  paidCents: number;
  /**
   * [net amount_cents, payment_method, paying_date, matchable_cents, public_funds_cents, reason] of each
   * donation in the cycle not refunded, in the order the match cap fills (date order): the last three
   * are the donation's stored part of the donor's match (donation-matches.ts keeps it; 0 when none).
   */
  gifts: [number, string, string, number, number, string | null][];
}

/**
 * Every donor who gave in the cycle (filtered), with the amounts and methods of their donations not
 * refunded (the match depends on each donation: cash over $100 …, so the engine sees them all) and
 * each one's stored part of the match. Make the parts current first (freshDonationMatches).
 */
export async function matchDonors(db: Executor, campaignId: string, cycle: CycleRange | null, filter: { search?: string; contributor_type?: ContributorType }): Promise<MatchDonorRecord[]> {
  // The subquery names the outer row explicitly: drizzle leaves a single-table select's columns unqualified.
  const inCycle = cycle ? sql`and x.paying_date between ${cycle.start} and ${cycle.end}` : sql``;
  return db
    .select({
      id: donors.id,
      name: donors.name,
      contributorType: donors.contributorType,
      eligibility: donors.eligibility,
      country: donors.country,
      state: donors.state,
      city: donors.city,
      zip: donors.zip,
      district: donors.district,
      doingBusiness: donors.doingBusiness,
      paidCents: donors.paidCents,
      gifts: sql<MatchDonorRecord['gifts']>`(select coalesce(json_agg(json_build_array(x.paid_amount_cents - x.refunded_cents, x.payment_method, x.paying_date,
        coalesce(m.matchable_cents, 0), coalesce(m.public_funds_cents, 0), m.reason) order by x.paying_date, x.created_at, x.id), '[]'::json)
        from ${donations} x left join ${donationMatches} m on m.campaign_id = ${campaignId} and m.donor_id = x.donor_id and m.donation_id = x.id
        where x.donor_id = "donors"."id" and x.paid_amount_cents > x.refunded_cents ${inCycle})`,
    })
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), gt(donors.paidCents, 0), donorSearchCondition(filter.search), filter.contributor_type ? eq(donors.contributorType, filter.contributor_type) : undefined))
    .orderBy(asc(sql`lower(${donors.name})`), asc(donors.id));
}
