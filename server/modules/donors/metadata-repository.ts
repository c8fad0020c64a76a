import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { MetadataKind } from '../../../domain/donor-book/enums';
import type { Executor } from '../../db/executor';
import { donorMetadata, users } from '../../db/schema';
import { escapeLike } from './normalize';

export type MetadataRecord = typeof donorMetadata.$inferSelect;

export interface MetadataWithCreator {
  metadata: MetadataRecord;
  creatorName: string | null;
}

const withCreator = { metadata: donorMetadata, creatorName: users.name };

export async function findMetadata(db: Executor, campaignId: string, metadataId: string): Promise<MetadataWithCreator | null> {
  const [row] = await db
    .select(withCreator)
    .from(donorMetadata)
    .leftJoin(users, eq(users.id, donorMetadata.createdBy))
    .where(and(eq(donorMetadata.campaignId, campaignId), eq(donorMetadata.id, metadataId)))
    .limit(1);
  return row ?? null;
}

/** The donor's tag equal to `value` case-insensitively (another than `exceptId`). */
export async function findDonorTag(db: Executor, donorId: string, value: string, exceptId?: string): Promise<string | null> {
  const [row] = await db
    .select({ id: donorMetadata.id })
    .from(donorMetadata)
    .where(and(eq(donorMetadata.donorId, donorId), eq(donorMetadata.kind, 'tag'), sql`lower(${donorMetadata.value}) = lower(${value})`, exceptId ? ne(donorMetadata.id, exceptId) : undefined))
    .limit(1);
  return row?.id ?? null;
}

export async function insertMetadata(
  db: Executor,
  values: { campaignId: string; donorId: string; kind: MetadataKind; value: string; createdBy: string | null; createdAt: Date; updatedAt: Date },
): Promise<MetadataRecord> {
  const [row] = await db.insert(donorMetadata).values(values).returning();
  return row;
}

export async function updateMetadataValue(db: Executor, campaignId: string, metadataId: string, value: string, now: Date): Promise<MetadataRecord | null> {
  const [row] = await db
    .update(donorMetadata)
    .set({ value, updatedAt: now })
    .where(and(eq(donorMetadata.campaignId, campaignId), eq(donorMetadata.id, metadataId)))
    .returning();
  return row ?? null;
}

export async function deleteMetadataRow(db: Executor, campaignId: string, metadataId: string): Promise<MetadataRecord | null> {
  const [row] = await db
    .delete(donorMetadata)
    .where(and(eq(donorMetadata.campaignId, campaignId), eq(donorMetadata.id, metadataId)))
    .returning();
  return row ?? null;
}

export interface MetadataListFilter {
  page: number;
  limit: number;
  search?: string;
  donor_id?: string;
  kind?: MetadataKind;
}

/** Tags and notes, newest first. */
export async function listMetadataRows(db: Executor, campaignId: string, filter: MetadataListFilter): Promise<{ rows: MetadataWithCreator[]; total: number }> {
  const search = filter.search?.trim();
  const where = and(
    eq(donorMetadata.campaignId, campaignId),
    filter.donor_id ? eq(donorMetadata.donorId, filter.donor_id) : undefined,
    filter.kind ? eq(donorMetadata.kind, filter.kind) : undefined,
    search ? ilike(donorMetadata.value, `%${escapeLike(search)}%`) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withCreator)
      .from(donorMetadata)
      .leftJoin(users, eq(users.id, donorMetadata.createdBy))
      .where(where)
      .orderBy(desc(donorMetadata.createdAt), desc(donorMetadata.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(donorMetadata).where(where),
  ]);
  return { rows, total };
}
