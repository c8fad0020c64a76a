import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { ComplianceContribution } from '../../../domain/compliance/types';
import type { PaymentMethod } from '../../../domain/donor-book/enums';
import type { Executor } from '../../db/executor';
import { donations, donorMetadata, donors, pledges, uploads } from '../../db/schema';
import type { CycleRange } from '../book/book-campaign';
import type { DonorValues } from './normalize';

export type DonorRecord = typeof donors.$inferSelect;

export async function findDonor(db: Executor, campaignId: string, donorId: string): Promise<DonorRecord | null> {
  const [row] = await db
    .select()
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), eq(donors.id, donorId)))
    .limit(1);
  return row ?? null;
}

/**
 * The donor row locked until the transaction ends: every write that checks the donor's limit takes
 * it first, so two contributions cannot both pass the limit. Reads the newest committed figures.
 */
export async function lockDonor(tx: Executor, campaignId: string, donorId: string): Promise<DonorRecord | null> {
  const [row] = await tx
    .select()
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), eq(donors.id, donorId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

/** Several donors locked in id order (no deadlock between two merges). */
export async function lockDonors(tx: Executor, campaignId: string, donorIds: string[]): Promise<DonorRecord[]> {
  return tx
    .select()
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), anyOf(donors.id, donorIds, 'uuid')))
    .orderBy(asc(donors.id))
    .for('update');
}

/** Another donor of the campaign with this e-mail (stored lowercased) or phone. */
export async function findDuplicateDonor(
  db: Executor,
  campaignId: string,
  contact: { email: string | null; phone: string | null },
  exceptId?: string,
): Promise<{ id: string; field: 'donor_email' | 'donor_phone' } | null> {
  const matches: SQL[] = [];
  if (contact.email) matches.push(eq(donors.donorEmail, contact.email));
  if (contact.phone) matches.push(eq(donors.donorPhone, contact.phone));
  if (matches.length === 0) return null;
  const [row] = await db
    .select({ id: donors.id, email: donors.donorEmail })
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), or(...matches), exceptId ? ne(donors.id, exceptId) : undefined))
    .limit(1);
  if (!row) return null;
  return { id: row.id, field: contact.email && row.email === contact.email ? 'donor_email' : 'donor_phone' };
}

export async function insertDonor(db: Executor, values: DonorValues & { campaignId: string; createdBy: string | null; createdAt: Date; updatedAt: Date }): Promise<DonorRecord> {
  const [row] = await db.insert(donors).values(values).returning();
  return row;
}

export async function updateDonor(db: Executor, campaignId: string, donorId: string, values: Partial<DonorValues>, now: Date): Promise<DonorRecord | null> {
  const [row] = await db
    .update(donors)
    .set({ ...values, updatedAt: now })
    .where(and(eq(donors.campaignId, campaignId), eq(donors.id, donorId)))
    .returning();
  return row ?? null;
}

export async function deleteDonorRow(db: Executor, campaignId: string, donorId: string): Promise<boolean> {
  const rows = await db
    .delete(donors)
    .where(and(eq(donors.campaignId, campaignId), eq(donors.id, donorId)))
    .returning({ id: donors.id });
  return rows.length > 0;
}

/** Whether the donor has any pledge or donation. */
export async function donorHasRecords(db: Executor, donorId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(
    sql`select exists (select 1 from ${pledges} where ${pledges.donorId} = ${donorId}) or exists (select 1 from ${donations} where ${donations.donorId} = ${donorId}) as found`,
  );
  return result.rows[0]?.found === true;
}

/** The tags of these donors, by donor, alphabetical. */
export async function tagsOfDonors(db: Executor, campaignId: string, donorIds: string[]): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  if (donorIds.length === 0) return tags;
  const rows = await db
    .select({ donorId: donorMetadata.donorId, value: donorMetadata.value })
    .from(donorMetadata)
    .where(and(eq(donorMetadata.campaignId, campaignId), anyOf(donorMetadata.donorId, donorIds, 'uuid'), eq(donorMetadata.kind, 'tag')))
    .orderBy(asc(sql`lower(${donorMetadata.value})`));
  for (const row of rows) {
    const list = tags.get(row.donorId) ?? [];
    list.push(row.value);
    tags.set(row.donorId, list);
  }
  return tags;
}

/** The donations of these donors in the cycle that were not wholly refunded, as the match computation sees them. */
export async function contributionsOfDonors(db: Executor, campaignId: string, donorIds: string[], cycle: CycleRange | null): Promise<Map<string, ComplianceContribution[]>> {
  const byDonor = new Map<string, ComplianceContribution[]>();
  if (donorIds.length === 0) return byDonor;
  const rows = await db
    .select({ donorId: donations.donorId, amount: donations.paidAmountCents, refunded: donations.refundedCents, method: donations.paymentMethod })
    .from(donations)
    .where(
      and(
        eq(donations.campaignId, campaignId),
        anyOf(donations.donorId, donorIds, 'uuid'),
        sql`${donations.paidAmountCents} > ${donations.refundedCents}`,
        cycle ? sql`${donations.payingDate} between ${cycle.start} and ${cycle.end}` : undefined,
      ),
    );
  for (const row of rows) {
    const list = byDonor.get(row.donorId) ?? [];
    list.push({ amount_cents: row.amount, payment_method: row.method as PaymentMethod, refunded_cents: row.refunded });
    byDonor.set(row.donorId, list);
  }
  return byDonor;
}

export interface DonorExtras {
  tags: string[];
  contributions: ComplianceContribution[];
}

/**
 * The `gifts` column of list queries: [net amount, payment method] of each donation that was not
 * wholly refunded (the SQL already took its refunds off).
 */
export function giftsToContributions(gifts: readonly (readonly [number, string, ...unknown[]])[]): ComplianceContribution[] {
  return gifts.map(([amount, method]) => ({ amount_cents: amount, payment_method: method as PaymentMethod, refunded_cents: 0 }));
}

/** Tags and cycle contributions (net of refunds) of a page of donors, in one query. */
export async function donorExtras(db: Executor, campaignId: string, donorIds: string[], cycle: CycleRange | null): Promise<Map<string, DonorExtras>> {
  const extras = new Map<string, DonorExtras>();
  if (donorIds.length === 0) return extras;
  // Correlated subqueries name the outer row explicitly: drizzle leaves a single-table select's columns unqualified.
  const inCycle = cycle ? sql`and x.paying_date between ${cycle.start} and ${cycle.end}` : sql``;
  const rows = await db
    .select({
      id: donors.id,
      tags: sql<string[]>`(select coalesce(array_agg(m.value order by lower(m.value)), '{}') from ${donorMetadata} m where m.donor_id = "donors"."id" and m.kind = 'tag')`,
      gifts: sql<[number, PaymentMethod][]>`(select coalesce(json_agg(json_build_array(x.paid_amount_cents - x.refunded_cents, x.payment_method)), '[]'::json) from ${donations} x where x.donor_id = "donors"."id" and x.paid_amount_cents > x.refunded_cents ${inCycle})`,
    })
    .from(donors)
    .where(and(eq(donors.campaignId, campaignId), anyOf(donors.id, donorIds, 'uuid')));
  for (const row of rows) {
    extras.set(row.id, { tags: row.tags, contributions: giftsToContributions(row.gifts) });
  }
  return extras;
}

/** "Imported from <file>, row N": the upload a donor came from, when a bulk upload created it. */
export async function importOriginOf(db: Executor, donor: DonorRecord): Promise<{ upload_id: string; file_name: string; row_number: number } | null> {
  if (!donor.importUploadId || donor.importRow === null) return null;
  const [row] = await db
    .select({ fileName: uploads.fileName })
    .from(uploads)
    .where(and(eq(uploads.campaignId, donor.campaignId), eq(uploads.id, donor.importUploadId)))
    .limit(1);
  return row ? { upload_id: donor.importUploadId, file_name: row.fileName, row_number: donor.importRow } : null;
}
