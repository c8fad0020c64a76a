/**
 * SQL of the reports: each SQL-backed report is one `select` whose columns are named after the
 * report's column keys (plus row_id, donor_id and raw parts the service presents), filtered by
 * campaign and by the report's filter. The same select gives a page (order, limit, offset), the
 * totals (aggregates over every row it keeps) and the file (a cursor over every row, in order), so
 * the screen and the files show one set of numbers.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import QueryStream from 'pg-query-stream';
import {
  CONTRIBUTOR_TYPE_OPTIONS,
  ELIGIBILITY_OPTIONS,
  EXPENSE_PAYMENT_METHOD_OPTIONS,
  EXPENSE_PURPOSE_OPTIONS,
  PAYMENT_METHOD_OPTIONS,
  US_STATE_OPTIONS,
} from '../../../domain/donor-book/enums';
import { LIMIT_STANDING_LABELS, REPORT_COLUMNS, type ReportFilter, type ReportType } from '../../../domain/reports/api-contract';
import type { Executor } from '../../db/executor';
import { donationMatches, donationRefunds, donations, donors, expenses, pledges } from '../../db/schema';
import type { CycleRange } from '../book/book-campaign';
import { donorSearchCondition } from '../donors/donor-list-repository';
import { escapeLike } from '../donors/normalize';
import { historyEventsSql } from './donor-report-repository';

export type RawRow = Record<string, unknown>;

/** `expr` in words: a CASE over an option list (the same labels the forms show). */
export function labelSql(expr: SQL, options: readonly { value: string; label: string }[]): SQL {
  const cases = sql.join(
    options.map((o) => sql`when ${o.value} then ${o.label}`),
    sql` `,
  );
  return sql`(case ${expr} ${cases} else ${expr} end)`;
}

const dialect = new PgDialect();

function and(parts: (SQL | undefined | false)[]): SQL {
  const kept = parts.filter((p): p is SQL => p instanceof Object);
  return kept.length === 0 ? sql`true` : sql.join(kept, sql` and `);
}

function dateRange(column: SQL, filter: ReportFilter): SQL[] {
  const parts: SQL[] = [];
  if (filter.start_date) parts.push(sql`${column} >= ${filter.start_date}`);
  if (filter.end_date) parts.push(sql`${column} <= ${filter.end_date}`);
  return parts;
}

// ── selects ─────────────────────────────────────────────────────────────────────────────────

export const OUTSIDE_CYCLE_REASON = "Outside the campaign's election cycle: matching counts the cycle's donations.";
/** A row of the donation report for a refund in its dates of a gift received outside them: 'Refunded 05-04-2029: …'. */
export const REFUND_OF_EARLIER_GIFT_PREFIX = 'Refunded ';
export const REFUND_OF_EARLIER_GIFT_SUFFIX = ": the gift was received outside these dates (a refund counts on the refund's own date).";

/**
 * Every donation the filter keeps, with its part of its donor's match (`donation_matches`, made
 * current by donation-matches.ts before this is read; a donation outside the cycle has no part).
 *
 * Refunds count on the refund's own date (what filings use; the donor history does the same). With
 * dates set, a row is a donation received in those dates (its amount whole, less the refunds dated in
 * them) or a donation received outside them with a refund dated in them (amount and matchable blank:
 * nothing was received in these dates; refunded, a negative net, and the refund's date said in the
 * "Not matchable because" cell). Two adjacent periods add up to the whole. Without dates, every
 * donation with all its refunds.
 */
export function donationSelect(campaignId: string, filter: ReportFilter, cycle: CycleRange | null): SQL {
  const dated = !!(filter.start_date || filter.end_date);
  const received = dated ? and(dateRange(sql`${donations.payingDate}`, filter)) : sql`true`;
  const where = and([
    sql`${donations.campaignId} = ${campaignId}`,
    dated ? sql`(${received} or r.donation_id is not null)` : undefined,
    donorSearchCondition(filter.search),
    filter.contributor_type ? sql`${donors.contributorType} = ${filter.contributor_type}` : undefined,
    filter.payment_method ? sql`${donations.paymentMethod} = ${filter.payment_method}` : undefined,
  ]);
  // The refunds dated in the period, per donation (without dates: the donation's kept sum and latest date).
  const refunds = dated
    ? sql`left join (
        select x.donation_id, sum(x.amount_cents)::bigint as refunded_cents, max(x.refund_date) as refund_date
        from ${donationRefunds} x where x.campaign_id = ${campaignId} and ${and(dateRange(sql`x.refund_date`, filter))}
        group by x.donation_id) r on r.donation_id = ${donations.id}`
    : sql``;
  const refunded = dated ? sql`coalesce(r.refunded_cents, 0)` : sql`${donations.refundedCents}`;
  const refundedOutside = dated ? sql`${REFUND_OF_EARLIER_GIFT_PREFIX} || to_char(r.refund_date, 'DD-MM-YYYY') || ${REFUND_OF_EARLIER_GIFT_SUFFIX}` : sql`null`;
  const state = labelSql(sql`${donors.state}`, US_STATE_OPTIONS);
  const street = sql`nullif(concat_ws(' ', nullif(${donors.address}, ''), nullif(${donors.aptUnit}, '')), '')`;
  const place = sql`nullif(concat_ws(' ', ${state}, nullif(${donors.zip}, '')), '')`;
  const abroad = sql`(case when ${donors.country} <> 'US' then ${donors.country} end)`;
  const outsideCycle = cycle ? sql`${donations.payingDate} not between ${cycle.start} and ${cycle.end}` : sql`false`;
  return sql`
    select ${donations.id}::text as row_id, ${donations.donorId}::text as donor_id, ${donations.payingDate}::text as paying_date, ${donors.name} as donor_name,
           ${labelSql(sql`${donors.contributorType}`, CONTRIBUTOR_TYPE_OPTIONS)} as contributor_type,
           nullif(concat_ws(', ', ${street}, nullif(${donors.city}, ''), ${place}, ${abroad}), '') as address,
           ${donors.employer} as employer, ${donors.occupation} as occupation,
           ${labelSql(sql`${donations.paymentMethod}`, PAYMENT_METHOD_OPTIONS)} || coalesce(' #' || nullif(${donations.checkNumber}, ''), '') as method,
           (case when ${received} then ${donations.paidAmountCents} end)::bigint as amount_cents, ${refunded}::bigint as refunded_cents,
           ((case when ${received} then ${donations.paidAmountCents} else 0 end) - ${refunded})::bigint as net_cents,
           (case when ${received} then coalesce(m.matchable_cents, 0) end)::bigint as matchable_cents,
           (case when ${received} then coalesce(m.reason, case when m.donation_id is null and ${outsideCycle} then ${OUTSIDE_CYCLE_REASON} end) else ${refundedOutside} end) as match_reason,
           ${pledges.commitmentDate}::text as pledge_date, ${donations.recipient} as recipient
    from ${donations} join ${donors} on ${donors.id} = ${donations.donorId} and ${donors.campaignId} = ${campaignId}
         left join ${pledges} on ${pledges.id} = ${donations.pledgeId}
         left join ${donationMatches} m on m.campaign_id = ${campaignId} and m.donation_id = ${donations.id}
         ${refunds}
    where ${where}`;
}

export function expenseSelect(campaignId: string, filter: ReportFilter): SQL {
  const search = filter.search?.trim();
  const where = and([
    sql`${expenses.campaignId} = ${campaignId}`,
    ...dateRange(sql`${expenses.expenseDate}`, filter),
    search ? sql`(${expenses.payee} ilike ${`%${escapeLike(search)}%`} or ${expenses.memo} ilike ${`%${escapeLike(search)}%`})` : undefined,
    filter.purpose ? sql`${expenses.purpose} = ${filter.purpose}` : undefined,
    filter.payment_method ? sql`${expenses.paymentMethod} = ${filter.payment_method}` : undefined,
  ]);
  return sql`
    select ${expenses.id}::text as row_id, null::text as donor_id, ${labelSql(sql`${expenses.purpose}`, EXPENSE_PURPOSE_OPTIONS)} as purpose,
           ${expenses.expenseDate}::text as expense_date, ${expenses.payee} as payee,
           ${expenses.amountCents}::bigint as amount_cents, ${labelSql(sql`${expenses.paymentMethod}`, EXPENSE_PAYMENT_METHOD_OPTIONS)} as payment_method,
           nullif(concat_ws(' — ', nullif(${expenses.purposeDetails}, ''), nullif(${expenses.memo}, '')), '') as memo
    from ${expenses}
    where ${where}`;
}

/**
 * Every donation of the campaign dated in the period that names an intermediary (issue 35.6), with the
 * intermediary as recorded on it and the contributor; search finds the intermediary's or the
 * contributor's name. Grouped per intermediary by their name (the breakdown).
 */
export function intermediarySelect(campaignId: string, filter: ReportFilter): SQL {
  const search = filter.search?.trim();
  const like = search ? `%${escapeLike(search)}%` : null;
  const i = (key: string) => sql`nullif(btrim(x.intermediary->>${key}), '')`;
  const where = and([
    sql`x.campaign_id = ${campaignId}`,
    sql`x.intermediary is not null`,
    ...dateRange(sql`x.paying_date`, filter),
    like ? sql`(x.intermediary->>'name' ilike ${like} or d.name ilike ${like})` : undefined,
  ]);
  return sql`
    select x.id::text as row_id, d.id::text as donor_id, ${i('name')} as intermediary_name, ${i('csmart_number')} as intermediary_number,
           nullif(concat_ws(', ', ${i('address')}, ${i('city')}, ${labelSql(i('state'), US_STATE_OPTIONS)}, ${i('zip')}), '') as intermediary_address,
           nullif(concat_ws(' / ', ${i('employer')}, ${i('occupation')}), '') as intermediary_work,
           x.paying_date::text as paying_date, d.name as donor_name,
           x.paid_amount_cents::bigint as amount_cents, x.refunded_cents::bigint as refunded_cents, (x.paid_amount_cents - x.refunded_cents)::bigint as net_cents
    from ${donations} x join ${donors} d on d.id = x.donor_id and d.campaign_id = ${campaignId}
    where ${where}`;
}

const HISTORY_KINDS = [
  { value: 'pledge', label: 'Pledge' },
  { value: 'donation', label: 'Donation' },
  { value: 'refund', label: 'Refund' },
  { value: 'write_off', label: 'Write-off' },
];

/** Every event with the running total given by its donor (donations less refunds, in date order), then filtered. */
export function donorHistorySelect(campaignId: string, filter: ReportFilter): SQL {
  // Search finds donors as the other reports do (name, e-mail, employer, phone); each keeps all its
  // events, so its running total is whole. Dates only choose the rows shown.
  const search = donorSearchCondition(filter.search, sql`d.search_text`) ?? sql`true`;
  const where = and(dateRange(sql`h.date`, filter));
  return sql`
    select * from (
      select e.event_id as row_id, e.donor_id::text as donor_id, d.name as donor_name, e.date::text as date,
             ${labelSql(sql`e.kind`, HISTORY_KINDS)} as kind,
             nullif(concat_ws(' · ', ${labelSql(sql`e.payment_method`, PAYMENT_METHOD_OPTIONS)}, nullif(e.reference, '')), '') as details,
             e.amount_cents::bigint as amount_cents,
             (case when e.kind in ('donation', 'refund') then e.amount_cents else 0 end)::bigint as given_cents,
             (sum(case when e.kind in ('donation', 'refund') then e.amount_cents else 0 end)
                over (partition by e.donor_id order by e.date, e.event_id rows between unbounded preceding and current row))::bigint as running_given_cents
      from (${historyEventsSql(campaignId)}) e join ${donors} d on d.id = e.donor_id
      where ${search}
    ) h
    where ${where}`;
}

/**
 * What each donor gave in the campaign's cycle within the filter's dates, refunds counting on their own
 * date: the cycle's gifts received in the dates, whole, less the refunds of the cycle's gifts dated in
 * them (donor id → cents; may be negative: a refund in the dates of a gift received before them).
 */
export async function givenInDatesByDonor(db: Executor, campaignId: string, cycle: CycleRange | null, filter: ReportFilter): Promise<Map<string, number>> {
  const inCycle = cycle ? sql`and d.paying_date between ${cycle.start} and ${cycle.end}` : sql``;
  const received = and(dateRange(sql`d.paying_date`, filter));
  const refunded = and(dateRange(sql`r.refund_date`, filter));
  const result = await db.execute<{ donor_id: string; cents: string }>(sql`
    select e.donor_id::text as donor_id, sum(e.cents)::bigint as cents from (
      select d.donor_id, d.paid_amount_cents::bigint as cents from ${donations} d
        where d.campaign_id = ${campaignId} ${inCycle} and ${received}
      union all
      select d.donor_id, -r.amount_cents::bigint from ${donationRefunds} r join ${donations} d on d.id = r.donation_id
        where r.campaign_id = ${campaignId} and d.campaign_id = ${campaignId} ${inCycle} and ${refunded}
    ) e group by 1`);
  return new Map(result.rows.map((r) => [r.donor_id, Number(r.cents)]));
}

/** A (contributor type, eligibility) → limit table the engine computed, joined in SQL. */
export interface LimitCellRow {
  contributorType: string;
  eligibility: string;
  doingBusiness: boolean;
  limitCents: number | null;
  /** The limit's warnings in words (eligibility against the campaign's class…), or null. */
  warnings: string | null;
}

export function donorLimitSelect(campaignId: string, filter: ReportFilter, cells: readonly LimitCellRow[]): SQL {
  const values = sql.join(
    cells.map((c) => sql`(${c.contributorType}, ${c.eligibility}, ${c.doingBusiness}::boolean, ${c.limitCents}::bigint, ${c.warnings}::text)`),
    sql`, `,
  );
  const gaveInPeriod =
    filter.start_date || filter.end_date
      ? sql`exists (select 1 from ${donations} x where x.donor_id = ${donors.id} and ${and(dateRange(sql`x.paying_date`, filter))})`
      : undefined;
  const where = and([
    sql`${donors.campaignId} = ${campaignId}`,
    donorSearchCondition(filter.search),
    filter.contributor_type ? sql`${donors.contributorType} = ${filter.contributor_type}` : undefined,
    gaveInPeriod,
  ]);
  const standing = filter.standing ? sql`where q.standing_key = ${filter.standing}` : sql``;
  return sql`
    select * from (
      select s.*, ${labelSql(sql`s.standing_key`, standingOptions)} as standing from (
      select ${donors.id}::text as row_id, ${donors.id}::text as donor_id, ${donors.name} as donor_name,
             ${labelSql(sql`${donors.contributorType}`, CONTRIBUTOR_TYPE_OPTIONS)} as contributor_type,
             ${labelSql(sql`${donors.eligibility}`, ELIGIBILITY_OPTIONS)} as eligibility, (${donors.paidCents} + ${donors.outstandingCents})::bigint as aggregate_cents, l.limit_cents,
             case when l.limit_cents is null then null else greatest(0, l.limit_cents - (${donors.paidCents} + ${donors.outstandingCents}))::bigint end as remaining_cents,
             case when l.limit_cents is null then 'none'
                  when ${donors.paidCents} + ${donors.outstandingCents} > l.limit_cents then 'over'
                  when l.limit_cents = 0 then 'barred'
                  when ${donors.paidCents} + ${donors.outstandingCents} = l.limit_cents then 'at'
                  when (${donors.paidCents} + ${donors.outstandingCents}) * 10 >= l.limit_cents * 9 then 'near'
                  else 'within' end as standing_key,
             l.warnings
      from ${donors} join (values ${values}) as l(contributor_type, eligibility, doing_business, limit_cents, warnings)
           on l.contributor_type = ${donors.contributorType} and l.eligibility = ${donors.eligibility} and l.doing_business = ${donors.doingBusiness}
      where ${where}
      ) s
    ) q ${standing}`;
}

const standingOptions = [
  { value: 'over', label: LIMIT_STANDING_LABELS.over },
  { value: 'at', label: LIMIT_STANDING_LABELS.at },
  { value: 'near', label: LIMIT_STANDING_LABELS.near },
  { value: 'within', label: 'Within the limit' },
  // A $0 limit (a source the rules prohibit) that has given nothing: not "near" a limit.
  { value: 'barred', label: 'May not give (limit $0)' },
  { value: 'none', label: 'No limit' },
];

// ── page, totals, cursor ────────────────────────────────────────────────────────────────────

/**
 * `order by` of a sort key ('-field' descending): text case-insensitive, nulls last, then `ties`
 * (a report's own order within equal keys, e.g. a donor's events in date order) or row_id.
 */
export function orderBy(sort: string, textKeys: ReadonlySet<string>, ties?: SQL): SQL {
  const descending = sort.startsWith('-');
  const key = sort.replace(/^-/, '');
  if (!/^[a-z_]+$/.test(key)) throw new Error(`bad sort key ${key}`);
  const column = textKeys.has(key) ? sql`lower(q.${sql.identifier(key)})` : sql`q.${sql.identifier(key)}`;
  const dir = descending ? sql`desc` : sql`asc`;
  return sql`${column} ${dir} nulls last, ${ties ?? sql`q.row_id ${dir}`}`;
}

/** Donor history's order within equal keys: each donor's events together, in the running total's order. */
export const HISTORY_TIES = sql`q.donor_id, q.date, q.row_id`;

export async function selectPage(db: Executor, select: SQL, order: SQL, limit: number, offset: number): Promise<RawRow[]> {
  const result = await db.execute<RawRow>(sql`select * from (${select}) q order by ${order} limit ${limit} offset ${offset}`);
  return result.rows;
}

/** count(*) as `count` and each aggregate (`sum(q.amount_cents)`…) under its key; numbers. */
export async function selectAggregates(db: Executor, select: SQL, aggregates: Record<string, SQL>): Promise<Record<string, number>> {
  const parts = [sql`count(*) as count`, ...Object.entries(aggregates).map(([key, expr]) => sql`coalesce(${expr}, 0) as ${sql.identifier(key)}`)];
  const result = await db.execute<Record<string, string | number>>(sql`select ${sql.join(parts, sql`, `)} from (${select}) q`);
  const row = result.rows[0] ?? {};
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

/** Rows grouped by `key` with aggregates (a breakdown), in key order. */
export async function selectGroups(db: Executor, select: SQL, key: string, aggregates: Record<string, SQL>): Promise<RawRow[]> {
  const parts = [sql`q.${sql.identifier(key)} as ${sql.identifier(key)}`, sql`count(*) as count`, ...Object.entries(aggregates).map(([k, expr]) => sql`${expr} as ${sql.identifier(k)}`)];
  const result = await db.execute<RawRow>(sql`select ${sql.join(parts, sql`, `)} from (${select}) q group by 1 order by 1`);
  return result.rows;
}

/**
 * The CSV lines of every row (no header), formatted by PostgreSQL itself: money as dollars with 2
 * decimals, dates DD-MM-YYYY, text with formula-like cells neutralised (a leading apostrophe, as
 * csvCell does) and quoted by COPY. The report's columns, in order.
 */
export function csvCopySql(type: ReportType, select: SQL, order: SQL): string {
  const cells = REPORT_COLUMNS[type].map((c) => {
    const col = sql`q.${sql.identifier(c.key)}`;
    if (c.kind === 'money') return sql`(${col}::numeric / 100)::numeric(20, 2)::text`;
    if (c.kind === 'date') return sql`to_char(${col}::date, 'DD-MM-YYYY')`;
    if (c.kind === 'count') return sql`${col}::text`;
    return sql`(case when ${col}::text ~ '^[-=+@\t\r]' then '''' || ${col}::text else ${col}::text end)`;
  });
  const query = dialect.sqlToQuery(sql`select ${sql.join(cells, sql`, `)} from (${select}) q order by ${order}`);
  // COPY takes no parameters: they are inlined as literals (strings quoted, quotes doubled).
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.params[Number(n) - 1]));
  return `COPY (${text}) TO STDOUT (FORMAT csv, ENCODING 'UTF8')`;
}

/** The bytes of a COPY … TO STDOUT, from a connection of its own. */
export async function* copyOut(pool: pg.Pool, copyText: string): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  const stream = client.query(copyTo(copyText));
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } finally {
    stream.destroy();
    client.release();
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Every row of `select` in `order`, in batches, from a server-side cursor on a connection of its own. */
export async function* streamRows(pool: pg.Pool, select: SQL, order: SQL, batchSize = 2_000): AsyncGenerator<RawRow[]> {
  const query = dialect.sqlToQuery(sql`select * from (${select}) q order by ${order}`);
  const client = await pool.connect();
  const stream = client.query(new QueryStream(query.sql, query.params as unknown[], { batchSize }));
  try {
    let batch: RawRow[] = [];
    for await (const row of stream as AsyncIterable<RawRow>) {
      batch.push(row);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    stream.destroy();
    client.release();
  }
}

// ── pledges (receivable and due: computed in the service from the schedule) ──────────────────

export interface OpenPledgeRow {
  pledgeId: string;
  donorId: string;
  donorName: string;
  donorEmail: string | null;
  donorPhone: string | null;
  commitmentDate: string;
  commitmentCents: number;
  paidCents: number;
  instalments: { due_date: string; amount_cents: number }[];
  lastReminderAt: Date | null;
}

/** The campaign's pledges with money still owed (not written off), with their donor and last reminder. */
export async function openPledgeRows(db: Executor, campaignId: string, filter: Pick<ReportFilter, 'search' | 'contributor_type'> & { commitmentFrom?: string | null; commitmentTo?: string | null }): Promise<OpenPledgeRow[]> {
  const where = and([
    sql`${pledges.campaignId} = ${campaignId}`,
    sql`${pledges.writtenOffAt} is null`,
    sql`${pledges.commitmentAmountCents} > ${pledges.paidCents}`,
    filter.commitmentFrom ? sql`${pledges.commitmentDate} >= ${filter.commitmentFrom}` : undefined,
    filter.commitmentTo ? sql`${pledges.commitmentDate} <= ${filter.commitmentTo}` : undefined,
    donorSearchCondition(filter.search),
    filter.contributor_type ? sql`${donors.contributorType} = ${filter.contributor_type}` : undefined,
  ]);
  const result = await db.execute<{
    pledge_id: string;
    donor_id: string;
    donor_name: string;
    donor_email: string | null;
    donor_phone: string | null;
    commitment_date: string;
    commitment_cents: string;
    paid_cents: string;
    instalments: { due_date: string; amount_cents: number }[] | null;
    last_reminder_at: string | null;
  }>(sql`
    select ${pledges.id}::text as pledge_id, ${donors.id}::text as donor_id, ${donors.name} as donor_name, ${donors.donorEmail} as donor_email, ${donors.donorPhone} as donor_phone,
           ${pledges.commitmentDate}::text as commitment_date, ${pledges.commitmentAmountCents} as commitment_cents, ${pledges.paidCents} as paid_cents,
           ${pledges.instalments} as instalments,
           (select max(c.created_at) from donor_contacts c where c.donor_id = ${donors.id} and c.campaign_id = ${campaignId} and c.kind = 'reminder') as last_reminder_at
    from ${pledges} join ${donors} on ${donors.id} = ${pledges.donorId} and ${donors.campaignId} = ${campaignId}
    where ${where}`);
  return result.rows.map((r) => ({
    pledgeId: r.pledge_id,
    donorId: r.donor_id,
    donorName: r.donor_name,
    donorEmail: r.donor_email,
    donorPhone: r.donor_phone,
    commitmentDate: r.commitment_date,
    commitmentCents: Number(r.commitment_cents),
    paidCents: Number(r.paid_cents),
    instalments: r.instalments ?? [],
    lastReminderAt: r.last_reminder_at ? new Date(r.last_reminder_at) : null,
  }));
}

export type { CycleRange };
