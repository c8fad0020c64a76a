/**
 * SQL of expense attachments. Every query is scoped by campaign_id: another campaign's attachment or
 * expense finds nothing.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { expenseAttachments, users } from '../../db/schema';

export type AttachmentRecord = typeof expenseAttachments.$inferSelect;
export type AttachmentWithUploader = AttachmentRecord & { uploaderName: string | null };

export type NewAttachment = Pick<AttachmentRecord, 'campaignId' | 'expenseId' | 'fileKey' | 'fileName' | 'fileSize' | 'contentType' | 'uploadedBy' | 'createdAt'>;

export async function countAttachments(db: Executor, campaignId: string, expenseId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(expenseAttachments)
    .where(and(eq(expenseAttachments.campaignId, campaignId), eq(expenseAttachments.expenseId, expenseId)));
  return row?.count ?? 0;
}

export async function insertAttachment(db: Executor, values: NewAttachment): Promise<AttachmentRecord> {
  const [row] = await db.insert(expenseAttachments).values(values).returning();
  return row;
}

const withUploader = { attachment: expenseAttachments, uploaderName: users.name };

/** Every attachment of one expense, oldest first (at most the cap per expense). */
export async function listAttachments(db: Executor, campaignId: string, expenseId: string): Promise<AttachmentWithUploader[]> {
  const rows = await db
    .select(withUploader)
    .from(expenseAttachments)
    .leftJoin(users, eq(users.id, expenseAttachments.uploadedBy))
    .where(and(eq(expenseAttachments.campaignId, campaignId), eq(expenseAttachments.expenseId, expenseId)))
    .orderBy(asc(expenseAttachments.createdAt), asc(expenseAttachments.id));
  return rows.map((row) => ({ ...row.attachment, uploaderName: row.uploaderName }));
}

export async function findAttachment(db: Executor, campaignId: string, id: string): Promise<AttachmentRecord | null> {
  const [row] = await db
    .select()
    .from(expenseAttachments)
    .where(and(eq(expenseAttachments.id, id), eq(expenseAttachments.campaignId, campaignId)))
    .limit(1);
  return row ?? null;
}

export async function deleteAttachment(db: Executor, campaignId: string, id: string): Promise<AttachmentRecord | null> {
  const [row] = await db
    .delete(expenseAttachments)
    .where(and(eq(expenseAttachments.id, id), eq(expenseAttachments.campaignId, campaignId)))
    .returning();
  return row ?? null;
}

/** The stored keys of an expense's attachments (read under the expense's lock, before it is deleted). */
export async function attachmentKeysOf(db: Executor, campaignId: string, expenseId: string): Promise<string[]> {
  const rows = await db
    .select({ key: expenseAttachments.fileKey })
    .from(expenseAttachments)
    .where(and(eq(expenseAttachments.campaignId, campaignId), eq(expenseAttachments.expenseId, expenseId)));
  return rows.map((row) => row.key);
}
