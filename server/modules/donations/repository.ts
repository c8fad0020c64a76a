import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DonationSource, PaymentMethod } from '../../../domain/donor-book/enums';
import { parseSort } from '../../../domain/validation/fields';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/executor';
import { donationRefunds, donations, donors, pledges } from '../../db/schema';
import type { CycleRange } from '../book/book-campaign';
import { versionSql } from '../book/book-version-repository';
import { datedInCycle, donorSearchCondition } from '../donors/donor-list-repository';
import { segmentIdsSql, type KeyPart, type KeysetList, type ListSegment } from '../list-cache/list-cache';
import { escapeLike } from '../donors/normalize';

export type DonationRecord = typeof donations.$inferSelect;
export type DonationValues = Pick<
  typeof donations.$inferInsert,
  'donorId' | 'pledgeId' | 'payingDate' | 'paidAmountCents' | 'paymentMethod' | 'referenceNumber' | 'checkNumber' | 'recipient' | 'memo' | 'intermediary'
>;
export type RefundRecord = typeof donationRefunds.$inferSelect;

export interface DonationWithDonor {
  donation: DonationRecord;
  donorName: string;
}

/** The columns a list row shows (view.ts toDonationRow): lists read only these. */
const LIST_ROW_COLUMNS = {
  id: donations.id,
  donorId: donations.donorId,
  pledgeId: donations.pledgeId,
  payingDate: donations.payingDate,
  paidAmountCents: donations.paidAmountCents,
  paymentMethod: donations.paymentMethod,
  referenceNumber: donations.referenceNumber,
  checkNumber: donations.checkNumber,
  recipient: donations.recipient,
  memo: donations.memo,
  intermediary: donations.intermediary,
  source: donations.source,
  refundedCents: donations.refundedCents,
  refundedAt: donations.refundedAt,
  refundReason: donations.refundReason,
  createdAt: donations.createdAt,
};

export type DonationListRecord = Pick<DonationRecord, keyof typeof LIST_ROW_COLUMNS>;

export interface DonationListRow {
  donation: DonationListRecord;
  donorName: string;
}

export async function findDonation(db: Executor, campaignId: string, donationId: string): Promise<DonationWithDonor | null> {
  const [row] = await db
    .select({ donation: donations, donorName: donors.name })
    .from(donations)
    .innerJoin(donors, eq(donors.id, donations.donorId))
    .where(and(eq(donations.campaignId, campaignId), eq(donations.id, donationId)))
    .limit(1);
  return row ?? null;
}

/** The donation row locked until the transaction ends (take the donor's lock first). */
export async function lockDonation(tx: Executor, campaignId: string, donationId: string): Promise<DonationRecord | null> {
  const [row] = await tx
    .select()
    .from(donations)
    .where(and(eq(donations.campaignId, campaignId), eq(donations.id, donationId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertDonation(
  db: Executor,
  values: DonationValues & { campaignId: string; source: DonationSource; createdBy: string | null; createdAt: Date; updatedAt: Date; externalRef?: string | null },
): Promise<DonationRecord> {
  const [row] = await db.insert(donations).values(values).returning();
  return row;
}

export async function updateDonationRow(
  db: Executor,
  campaignId: string,
  donationId: string,
  values: Partial<DonationValues>,
  now: Date,
): Promise<DonationRecord | null> {
  const [row] = await db
    .update(donations)
    .set({ ...values, updatedAt: now })
    .where(and(eq(donations.campaignId, campaignId), eq(donations.id, donationId)))
    .returning();
  return row ?? null;
}

export async function deleteDonationRow(db: Executor, campaignId: string, donationId: string): Promise<boolean> {
  const rows = await db
    .delete(donations)
    .where(and(eq(donations.campaignId, campaignId), eq(donations.id, donationId)))
    .returning({ id: donations.id });
  return rows.length > 0;
}

/** Records a refund; the trigger of migration 0012 updates the donation's refunded_cents, refunded_at and refund_reason. */
export async function insertRefund(
  tx: Executor,
  values: { campaignId: string; donationId: string; amountCents: number; refundDate: string; reason: string; createdBy: string | null; createdAt: Date },
): Promise<RefundRecord> {
  const [row] = await tx.insert(donationRefunds).values(values).returning();
  return row!;
}

/** A refund made through the payment provider, once per provider refund id (null when it was recorded before). */
export async function insertProviderRefund(
  tx: Executor,
  values: { campaignId: string; donationId: string; amountCents: number; refundDate: string; reason: string; createdBy: string | null; createdAt: Date; externalRef: string },
): Promise<RefundRecord | null> {
  const [row] = await tx.insert(donationRefunds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The refunds of these donations (of the campaign), oldest first, by donation id. */
export async function refundsOfDonations(db: Executor, campaignId: string, donationIds: readonly string[]): Promise<Map<string, RefundRecord[]>> {
  const byDonation = new Map<string, RefundRecord[]>();
  if (donationIds.length === 0) return byDonation;
  const rows = await db
    .select()
    .from(donationRefunds)
    .where(and(eq(donationRefunds.campaignId, campaignId), anyOf(donationRefunds.donationId, donationIds, 'uuid')))
    .orderBy(asc(donationRefunds.refundDate), asc(donationRefunds.createdAt), asc(donationRefunds.id));
  for (const row of rows) {
    const list = byDonation.get(row.donationId) ?? [];
    list.push(row);
    byDonation.set(row.donationId, list);
  }
  return byDonation;
}

const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * What counts against the donor's limit in the cycle, from the base rows (not the stored figures),
 * leaving out one donation (the one being edited): donations net of refunds plus what remains of
 * the pledges that are not written off.
 */
export async function donorAggregateCents(db: Executor, donorId: string, cycle: CycleRange | null, excludeDonationId: string | null): Promise<number> {
  const ex = excludeDonationId ?? NO_ID;
  const donationInCycle = cycle ? sql`and x.paying_date between ${cycle.start} and ${cycle.end}` : sql``;
  const pledgeInCycle = cycle ? sql`and p.commitment_date between ${cycle.start} and ${cycle.end}` : sql``;
  const result = await db.execute<{ aggregate: string }>(sql`
    select (
      coalesce((select sum(x.paid_amount_cents - x.refunded_cents) from ${donations} x
                where x.donor_id = ${donorId} and x.id <> ${ex} ${donationInCycle}), 0)
      + coalesce((select sum(greatest(0, p.commitment_amount_cents - p.paid_cents
                    + coalesce((select y.paid_amount_cents - y.refunded_cents from ${donations} y where y.id = ${ex} and y.pledge_id = p.id), 0)))
                  from ${pledges} p
                  where p.donor_id = ${donorId} and p.written_off_at is null ${pledgeInCycle}), 0)
    )::bigint as aggregate`);
  return Number(result.rows[0]?.aggregate ?? 0);
}

/** The donor's cash in the cycle, net of refunds, leaving out one donation (the one being edited). */
export async function donorCashCents(db: Executor, donorId: string, cycle: CycleRange | null, excludeDonationId: string | null): Promise<number> {
  const inCycle = cycle ? sql`and x.paying_date between ${cycle.start} and ${cycle.end}` : sql``;
  const result = await db.execute<{ cash: string }>(sql`
    select coalesce(sum(x.paid_amount_cents - x.refunded_cents), 0)::bigint as cash from ${donations} x
    where x.donor_id = ${donorId} and x.payment_method = 'cash' and x.id <> ${excludeDonationId ?? NO_ID} ${inCycle}`);
  return Number(result.rows[0]?.cash ?? 0);
}

// ── list_donation ───────────────────────────────────────────────────────────────────────────

export interface DonationListFilter {
  page: number;
  limit: number;
  sort: string;
  search?: string;
  donor_id?: string;
  payment_method?: PaymentMethod;
  source?: DonationSource;
  refunded?: boolean;
  start_date?: string | null;
  end_date?: string | null;
  cycle?: string;
}

function donationOrder(sort: string): SQL[] {
  const { field, descending } = parseSort(sort);
  const dir = (column: SQL) => (descending ? desc(column) : asc(column));
  const id = sql`${donations.id}`;
  switch (field) {
    case 'paid_amount_cents':
      return [dir(sql`${donations.paidAmountCents}`), dir(id)];
    case 'donor_name':
      return [dir(sql`lower(${donors.name})`), dir(sql`${donors.id}`), dir(sql`${donations.payingDate}`), dir(id)];
    case 'paying_date':
    default:
      return [dir(sql`${donations.payingDate}`), dir(id)];
  }
}

function donationConditions(db: Executor, campaignId: string, filter: DonationListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(donations.campaignId, campaignId)];
  if (filter.donor_id) conditions.push(eq(donations.donorId, filter.donor_id));
  if (filter.payment_method) conditions.push(eq(donations.paymentMethod, filter.payment_method));
  if (filter.source) conditions.push(eq(donations.source, filter.source));
  if (filter.refunded === true) conditions.push(gt(donations.refundedCents, 0));
  if (filter.refunded === false) conditions.push(eq(donations.refundedCents, 0));
  if (filter.cycle) conditions.push(datedInCycle(sql`${donations.payingDate}`, filter.cycle));
  if (filter.start_date) conditions.push(gte(donations.payingDate, filter.start_date));
  if (filter.end_date) conditions.push(lte(donations.payingDate, filter.end_date));
  const search = filter.search?.trim();
  if (search) {
    // The donor (name, e-mail, phone, employer: the trigram-indexed search text) or the reference.
    const matchingDonors = db
      .select({ id: donors.id })
      .from(donors)
      .where(and(eq(donors.campaignId, campaignId), donorSearchCondition(search)));
    conditions.push(or(inArray(donations.donorId, matchingDonors), ilike(donations.referenceNumber, `%${escapeLike(search)}%`)));
  }
  return and(...conditions);
}

/** Any filter beyond the campaign (what donationConditions adds). */
function isFiltered(filter: DonationListFilter): boolean {
  return Boolean(
    filter.donor_id || filter.payment_method || filter.source || filter.refunded !== undefined || filter.cycle || filter.start_date || filter.end_date || filter.search?.trim(),
  );
}

/** The campaign's donors joined to their donations (the donor name sort). */
function donorsOfDonations(campaignId: string) {
  return and(eq(donors.id, donations.donorId), eq(donors.campaignId, campaignId));
}

/**
 * The list as a keyset (page-boundary-repository.ts), in donationOrder's order. By donor name the
 * donors' (campaign, lower(name), id) index leads, each donor's donations by date and id follow.
 */
export function donationKeyset(db: Executor, campaignId: string, filter: DonationListFilter): KeysetList {
  const { field, descending } = parseSort(filter.sort);
  const id: KeyPart = { expr: sql`${donations.id}`, type: 'uuid' };
  const where = donationConditions(db, campaignId, filter)!;
  const list = { campaignId, where, id: sql`${donations.id}`, filtered: isFiltered(filter) };
  switch (field) {
    case 'paid_amount_cents':
      return { ...list, from: sql`${donations}`, regions: [{ parts: [{ expr: sql`${donations.paidAmountCents}`, type: 'integer' }, id], descending }] };
    case 'donor_name': {
      const parts: KeyPart[] = [
        { expr: sql`lower(${donors.name})`, type: 'text' },
        { expr: sql`${donors.id}`, type: 'uuid' },
        { expr: sql`${donations.payingDate}`, type: 'date' },
        id,
      ];
      return { ...list, from: sql`${donations} inner join ${donors} on ${donorsOfDonations(campaignId)}`, regions: [{ parts, descending, indexedParts: 2 }] };
    }
    case 'paying_date':
    default:
      return { ...list, from: sql`${donations}`, regions: [{ parts: [{ expr: sql`${donations.payingDate}`, type: 'date' }, id], descending }] };
  }
}

/**
 * One page of donations with the donor's name (OFFSET, or the seeks of `segments`), and the
 * donor-book version the statement saw (null for an empty page).
 */
export async function listDonationRows(
  db: Executor,
  campaignId: string,
  filter: DonationListFilter,
  segments?: readonly ListSegment[],
): Promise<{ rows: DonationListRow[]; version: number | null }> {
  // The page's ids first, from donations alone unless sorted by donor name (an index scan), then
  // their rows and donor names: the join runs for the page's rows, not for every row OFFSET skips.
  const ofCampaignDonor = donorsOfDonations(campaignId);
  let pageIds: SQL;
  if (segments) {
    pageIds = sql`${donations.id} in (${segmentIdsSql(donationKeyset(db, campaignId, filter), segments)})`;
  } else {
    const ids = db.select({ id: donations.id }).from(donations).$dynamic();
    if (parseSort(filter.sort).field === 'donor_name') ids.innerJoin(donors, ofCampaignDonor);
    ids
      .where(donationConditions(db, campaignId, filter))
      .orderBy(...donationOrder(filter.sort))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit);
    pageIds = inArray(donations.id, ids);
  }
  return donationRowsWhere(db, campaignId, pageIds, donationOrder(filter.sort));
}

/** The campaign's donations that `condition` picks, with their donor's name and the donor-book version the statement saw (null when none). */
async function donationRowsWhere(db: Executor, campaignId: string, condition: SQL, order: SQL[] = []): Promise<{ rows: DonationListRow[]; version: number | null }> {
  const rows = await db
    .select({ donation: LIST_ROW_COLUMNS, donorName: donors.name, version: versionSql(campaignId) })
    .from(donations)
    .innerJoin(donors, donorsOfDonations(campaignId))
    .where(and(eq(donations.campaignId, campaignId), condition))
    .orderBy(...order);
  return { rows: rows.map(({ donation, donorName }) => ({ donation, donorName })), version: rows[0]?.version ?? null };
}

/** A row of a donation list in memory (list-mirror.ts): its sort key, its donor and the figures its totals add up. */
export interface DonationListEntry {
  /** The sort's value: the paying date (days since 1970-01-01) or the amount in cents. */
  key: number;
  id: string;
  donorId: string;
  paid: number;
  refunded: number;
}

/**
 * The list's entries in list order (every one, or those of some donors), with the donor-book
 * version of the same snapshot (one statement: known even when no row comes back).
 */
export async function donationListEntries(
  db: Executor,
  campaignId: string,
  filter: DonationListFilter,
  donorIds?: readonly string[],
): Promise<{ entries: DonationListEntry[]; version: number }> {
  const key = parseSort(filter.sort).field === 'paid_amount_cents' ? sql`${donations.paidAmountCents}` : sql`(${donations.payingDate} - date '1970-01-01')`;
  const where = and(donationConditions(db, campaignId, filter), donorIds ? anyOf(donations.donorId, donorIds, 'uuid') : undefined);
  const result = await db.execute<{ version: string | number; k: number | null; id: string | null; donor_id: string; paid: number; refunded: number }>(sql`
    select v.version, x.k, x.id, x.donor_id, x.paid, x.refunded
    from (select ${versionSql(campaignId)} as version) v
    left join lateral (
      select ${key} as k, ${donations.id} as id, ${donations.donorId} as donor_id, ${donations.paidAmountCents} as paid,
        ${donations.refundedCents}::int as refunded, row_number() over (order by ${sql.join(donationOrder(filter.sort), sql`, `)}) as n
      from ${donations} where ${where}
    ) x on true
    order by x.n`);
  const version = Number(result.rows[0]?.version ?? 0);
  const entries = result.rows
    .filter((row) => row.id !== null)
    .map((row) => ({ key: Number(row.k), id: row.id!, donorId: row.donor_id, paid: Number(row.paid), refunded: Number(row.refunded) }));
  return { entries, version };
}

/** These donations with their donors' names (any order), and the donor-book version the statement saw (null when none came back). */
export async function donationsByIds(db: Executor, campaignId: string, ids: readonly string[]): Promise<{ rows: DonationListRow[]; version: number | null }> {
  if (ids.length === 0) return { rows: [], version: null };
  return donationRowsWhere(db, campaignId, anyOf(donations.id, ids, 'uuid'));
}

export interface DonationTotals {
  total: number;
  totals: { paid_amount_cents: number; refunded_cents: number; net_cents: number };
}

/** Count and totals of the matching donations, and the donor-book version seen by the same statement. */
export async function donationTotals(db: Executor, campaignId: string, filter: DonationListFilter): Promise<{ value: DonationTotals; version: number }> {
  const [row] = await db
    .select({
      total: count(),
      paid: sql<number>`coalesce(sum(${donations.paidAmountCents}), 0)`.mapWith(Number),
      refunded: sql<number>`coalesce(sum(${donations.refundedCents}), 0)`.mapWith(Number),
      version: versionSql(campaignId),
    })
    .from(donations)
    .where(donationConditions(db, campaignId, filter));
  return {
    value: { total: row!.total, totals: { paid_amount_cents: row!.paid, refunded_cents: row!.refunded, net_cents: row!.paid - row!.refunded } },
    version: row!.version,
  };
}
