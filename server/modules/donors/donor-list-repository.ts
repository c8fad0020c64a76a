/**
 * list_donor: one page of donors with real server-side search, filters and sorts, each with the id
 * as a stable tie-break. Every sort has an index (campaign_id, key, id): name (lowercased, the name
 * included so that the boundaries of deep pages are an index-only scan: migration 0021),
 * created_at, the figures the database keeps (paid_cents, outstanding_cents, last_donation_date),
 * contributor_type and eligibility. The count runs once (and is cached until the campaign's next
 * write: list-cache.ts). Deep pages seek after page boundaries (deep-page.ts) instead of OFFSET.
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, like, or, sql, type SQL } from 'drizzle-orm';
import { versionSql } from '../book/book-version-repository';
import { segmentIdsSql, type KeyPart, type KeysetList, type KeysetRegion, type ListSegment } from '../list-cache/list-cache';
import type { BalanceFilter, ContributorType, Eligibility, PaymentMethod } from '../../../domain/donor-book/enums';
import { parseSort } from '../../../domain/validation/fields';
import type { Executor } from '../../db/executor';
import { campaigns, donations, donorMetadata, donors, electionCycles, pledges } from '../../db/schema';
import type { DonorRecord } from './donor-repository';
import { escapeLike } from './normalize';

export interface DonorListFilter {
  page: number;
  limit: number;
  sort: string;
  search?: string;
  contributor_type?: ContributorType;
  eligibility?: Eligibility;
  tag?: string;
  balance?: BalanceFilter;
  /** Donors with a donation or a pledge dated in this election cycle. */
  cycle?: string;
}

/**
 * Name, e-mail, employer or phone contain the text (case-insensitively), or the phone contains its
 * digits ('(555) 123' finds 5551234567): one trigram-indexed column, donors.search_text.
 */
export function donorSearchCondition(search: string | undefined, column: SQL | typeof donors.searchText = donors.searchText): SQL | undefined {
  const text = search?.trim().toLowerCase();
  if (!text) return undefined;
  const parts: SQL[] = [like(column, `%${escapeLike(text)}%`)];
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 3 && digits !== text) parts.push(like(column, `%${digits}%`));
  return or(...parts);
}

/** `column` (a date) falls in the election cycle `value` (false for an unknown cycle). */
export function datedInCycle(column: SQL, value: string): SQL {
  return sql`exists (select 1 from ${electionCycles} ec where ec.value = ${value} and ${column} between ec.start_date and ec.end_date)`;
}

function donorConditions(campaignId: string, filter: DonorListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(donors.campaignId, campaignId), donorSearchCondition(filter.search)];
  if (filter.contributor_type) conditions.push(eq(donors.contributorType, filter.contributor_type));
  if (filter.eligibility) conditions.push(eq(donors.eligibility, filter.eligibility));
  const tag = filter.tag?.trim();
  if (tag) {
    conditions.push(
      sql`exists (select 1 from ${donorMetadata} where ${donorMetadata.donorId} = ${donors.id} and ${donorMetadata.kind} = 'tag' and lower(${donorMetadata.value}) = lower(${tag}))`,
    );
  }
  if (filter.balance === 'outstanding') conditions.push(sql`${donors.outstandingCents} > 0`);
  if (filter.balance === 'settled') conditions.push(sql`${donors.pledgedCents} > 0 and ${donors.outstandingCents} = 0`);
  if (filter.balance === 'none') conditions.push(sql`${donors.pledgedCents} = 0`);
  if (filter.cycle) {
    const within = (column: SQL) => datedInCycle(column, filter.cycle!);
    conditions.push(
      sql`(exists (select 1 from ${donations} x where x.donor_id = ${donors.id} and ${within(sql`x.paying_date`)})
        or exists (select 1 from ${pledges} y where y.donor_id = ${donors.id} and ${within(sql`y.commitment_date`)}))`,
    );
  }
  return and(...conditions);
}

/** ORDER BY of a sort over the donors table or the page subquery `p` (same column names). */
function donorOrder(sort: string, table: 'donors' | 'p'): SQL[] {
  const { field, descending } = parseSort(sort);
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const column = (name: string) => sql.raw(`"${table}"."${name}"`);
  const id = column('id');
  switch (field) {
    case 'created_at':
      return [dir(column('created_at')), dir(id)];
    case 'paid_cents':
      return [dir(column('paid_cents')), dir(id)];
    case 'outstanding_cents':
      return [dir(column('outstanding_cents')), dir(id)];
    case 'contributor_type':
    case 'eligibility':
      // The stored codes sort like their labels ('candidate' … 'political_action_committee', 'np' … 'un'): donors.test.ts checks it.
      return [dir(column(field)), dir(id)];
    case 'last_donation_date':
      // Never donated = oldest: first ascending, last descending (the index's order either way).
      return descending ? [sql`${column('last_donation_date')} desc nulls last`, desc(id)] : [sql`${column('last_donation_date')} asc nulls first`, asc(id)];
    case 'name':
    default:
      return [dir(sql`lower(${column('name')})`), dir(id)];
  }
}

/** Any filter beyond the campaign (what donorConditions adds). */
function isFiltered(filter: DonorListFilter): boolean {
  return Boolean(filter.search?.trim() || filter.contributor_type || filter.eligibility || filter.tag?.trim() || filter.balance || filter.cycle);
}

/**
 * The list as a keyset (page-boundary-repository.ts), in donorOrder's order: one region per sort, but
 * two for last_donation_date, whose NULLs (never donated) come first ascending and last descending.
 */
export function donorKeyset(campaignId: string, filter: DonorListFilter): KeysetList {
  const { field, descending } = parseSort(filter.sort);
  const id: KeyPart = { expr: sql`${donors.id}`, type: 'uuid' };
  const byKey = (expr: SQL, type: KeyPart['type']): KeysetRegion[] => [{ parts: [{ expr, type }, id], descending }];
  let regions: KeysetRegion[];
  switch (field) {
    case 'created_at':
      regions = byKey(sql`${donors.createdAt}`, 'timestamptz');
      break;
    case 'paid_cents':
      regions = byKey(sql`${donors.paidCents}`, 'bigint');
      break;
    case 'outstanding_cents':
      regions = byKey(sql`${donors.outstandingCents}`, 'bigint');
      break;
    case 'contributor_type':
      regions = byKey(sql`${donors.contributorType}`, 'text');
      break;
    case 'eligibility':
      regions = byKey(sql`${donors.eligibility}`, 'text');
      break;
    case 'last_donation_date': {
      const dated: KeysetRegion = { where: sql`${donors.lastDonationDate} is not null`, parts: [{ expr: sql`${donors.lastDonationDate}`, type: 'date', nullsFirst: true }, id], descending };
      const never: KeysetRegion = { where: sql`${donors.lastDonationDate} is null`, parts: [id], descending };
      regions = descending ? [dated, never] : [never, dated];
      break;
    }
    case 'name':
    default:
      regions = byKey(sql`lower(${donors.name})`, 'text');
  }
  return { campaignId, from: sql`${donors}`, where: donorConditions(campaignId, filter)!, id: sql`${donors.id}`, regions, filtered: isFiltered(filter) };
}

/** The campaign's election cycle bounds (open ends without one), computed once per statement. */
function cycleBounds(campaignId: string) {
  const bound = (column: 'start_date' | 'end_date', fallback: string) =>
    sql`coalesce((select ec.${sql.raw(column)} from ${campaigns} c join ${electionCycles} ec on ec.value = c.election_cycle where c.id = ${campaignId}), ${sql.raw(`'${fallback}'::date`)})`;
  return { start: bound('start_date', '-infinity'), end: bound('end_date', 'infinity') };
}

export interface DonorPageItem {
  donor: DonorRecord;
  tags: string[];
  /** [amount_cents, payment_method] of each donation in the cycle not refunded. */
  gifts: [number, PaymentMethod][];
}

/** What a page row carries beside the donor: its tags, its gifts of the cycle, the book version. */
function pageExtras(campaignId: string, donorId: SQL) {
  const cycle = cycleBounds(campaignId);
  return {
    tags: sql<string[]>`(select coalesce(array_agg(m.value order by lower(m.value)), '{}') from ${donorMetadata} m where m.donor_id = ${donorId} and m.kind = 'tag')`,
    gifts: sql<[number, PaymentMethod][]>`(select coalesce(json_agg(json_build_array(x.paid_amount_cents - x.refunded_cents, x.payment_method)), '[]'::json) from ${donations} x
      where x.donor_id = ${donorId} and x.paid_amount_cents > x.refunded_cents and x.paying_date between ${cycle.start} and ${cycle.end})`,
    version: versionSql(campaignId),
  };
}

/**
 * One page of donors with their tags and cycle donations, in one statement: the page is chosen by
 * an indexed ORDER BY … LIMIT in a subquery (OFFSET, or the seeks of `segments`); only its rows get
 * the correlated look-ups. With the donor-book version the statement saw (null for an empty page).
 */
export async function listDonorPage(
  db: Executor,
  campaignId: string,
  filter: DonorListFilter,
  segments?: readonly ListSegment[],
): Promise<{ items: DonorPageItem[]; version: number | null }> {
  let rows: (DonorPageItem & { version: number })[];
  if (segments) {
    // The seeks give the page's ids: its rows straight from the table (a lighter statement to build).
    rows = await db
      .select({ donor: donors, ...pageExtras(campaignId, sql`${donors.id}`) })
      .from(donors)
      .where(and(eq(donors.campaignId, campaignId), sql`${donors.id} in (${segmentIdsSql(donorKeyset(campaignId, filter), segments)})`))
      .orderBy(...donorOrder(filter.sort, 'donors'));
  } else {
    const page = db
      .select()
      .from(donors)
      .where(donorConditions(campaignId, filter))
      .orderBy(...donorOrder(filter.sort, 'donors'))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit)
      .as('p');
    const fields = Object.fromEntries(Object.keys(getTableColumns(donors)).map((key) => [key, page[key as keyof typeof page]])) as unknown as typeof donors._.columns;
    rows = await db
      .select({ donor: fields, ...pageExtras(campaignId, sql.raw('"p"."id"')) })
      .from(page)
      .orderBy(...donorOrder(filter.sort, 'p'));
  }
  return { items: rows.map(({ donor, tags, gifts }) => ({ donor, tags, gifts })), version: rows[0]?.version ?? null };
}

/** How many donors match, and the donor-book version seen by the same statement. */
export async function countDonors(db: Executor, campaignId: string, filter: DonorListFilter): Promise<{ value: number; version: number }> {
  const [row] = await db.select({ value: count(), version: versionSql(campaignId) }).from(donors).where(donorConditions(campaignId, filter));
  return row!;
}

/** list_donor_tags: the campaign's distinct tags (case-insensitively, first spelling), alphabetical. */
export async function listCampaignTags(db: Executor, campaignId: string, filter: { search?: string; limit: number }): Promise<string[]> {
  const search = filter.search?.trim();
  const rows = await db
    // The first spelling given, when donors have the same tag in different cases.
    .select({ value: sql<string>`(array_agg(${donorMetadata.value} order by ${donorMetadata.createdAt}, ${donorMetadata.id}))[1]` })
    .from(donorMetadata)
    .where(and(eq(donorMetadata.campaignId, campaignId), eq(donorMetadata.kind, 'tag'), search ? ilike(donorMetadata.value, `%${escapeLike(search)}%`) : undefined))
    .groupBy(sql`lower(${donorMetadata.value})`)
    .orderBy(asc(sql`lower(${donorMetadata.value})`))
    .limit(filter.limit);
  return rows.map((r) => r.value);
}
