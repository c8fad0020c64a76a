/**
 * Files attached to an expense (receipts, invoices): SPEC §5's attachment limit (50 MB) and types
 * (domain/file-signature.ts EXPENSE_ATTACHMENT_USE: images, PDF, .zip .rar .tar), at most
 * `maxPerExpense` per expense. The file goes straight to private storage through a signed PUT
 * (storage/checked-upload.ts, the bulk upload's mechanism); add_attachment then checks what was
 * stored (area, size, extension AND content) and records it. Downloads are 5-minute signed links.
 * Adding and deleting are audited with the expense (details { entity: 'expense', entity_id, attachment }).
 */
import type { FastifyInstance } from 'fastify';
import type {
  AddExpenseAttachmentRequest,
  ExpenseAttachmentDownloadData,
  ExpenseAttachmentListData,
  ExpenseAttachmentPresignRequest,
  ExpenseAttachmentRow,
} from '../../../domain/donor-book/expenses-contract';
import { EXPENSE_ATTACHMENT_USE } from '../../../domain/file-signature';
import type { PresignedUrlData } from '../../../domain/imports/api-contract';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { AppError, fail } from '../../plugins/errors';
import { insertAudit } from '../campaign/audit-repository';
import { claimCheckedUpload, deletePrivateFiles, fileFail, presignCheckedUpload, type CheckedUploadTarget } from '../storage/checked-upload';
import { sanitizeDownloadName } from '../storage/private-storage';
import { countAttachments, deleteAttachment, findAttachment, insertAttachment, listAttachments, type AttachmentRecord } from './attachment-repository';
import { findExpense, lockExpense } from './repository';

/** campaigns/<id>/expense-attachments/<uuid>.<ext> */
export const ATTACHMENT_TARGET: CheckedUploadTarget = { area: 'expense-attachments', use: EXPENSE_ATTACHMENT_USE };
const LINK_SECONDS = 300;

function toRow(record: AttachmentRecord, uploaderName: string | null): ExpenseAttachmentRow {
  return {
    attachment_id: record.id,
    expense_id: record.expenseId,
    file_name: record.fileName,
    file_size: record.fileSize,
    content_type: record.contentType,
    uploaded_by: { id: record.uploadedBy, name: record.uploadedBy ? uploaderName : null },
    created_at: record.createdAt.toISOString(),
  };
}

function limitReached(): AppError {
  return fileFail(409, 'ATTACHMENT_LIMIT_REACHED', { max: EXPENSE_ATTACHMENT_USE.maxPerExpense });
}

async function expenseOrNotFound(db: Executor, ctx: CampaignContext, expenseId: string): Promise<void> {
  if (!(await findExpense(db, ctx.id, expenseId))) throw fail(404, 'EXPENSE_NOT_FOUND');
}

/** Step 1: the expense exists and has room; the name's type and the declared size are accepted. */
export async function presignAttachment(app: FastifyInstance, ctx: CampaignContext, body: ExpenseAttachmentPresignRequest): Promise<PresignedUrlData> {
  const expenseId = body.expense_id.toLowerCase();
  await expenseOrNotFound(app.db, ctx, expenseId);
  if ((await countAttachments(app.db, ctx.id, expenseId)) >= EXPENSE_ATTACHMENT_USE.maxPerExpense) throw limitReached();
  return presignCheckedUpload(app, ctx.id, ATTACHMENT_TARGET, body);
}

/** Step 3: checks the stored file and attaches it (under the expense's lock: the cap holds with concurrent adds). */
export async function addAttachment(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, body: AddExpenseAttachmentRequest): Promise<ExpenseAttachmentRow> {
  const expenseId = body.expense_id.toLowerCase();
  const fileName = sanitizeDownloadName(body.file_name.trim());
  const file = await claimCheckedUpload(app, ctx.id, ATTACHMENT_TARGET, body.file_key, fileName);
  const now = app.clock.now();
  let record: AttachmentRecord;
  try {
    record = await app.db.transaction(async (tx) => {
      if (!(await lockExpense(tx, ctx.id, expenseId))) throw fail(404, 'EXPENSE_NOT_FOUND');
      if ((await countAttachments(tx, ctx.id, expenseId)) >= EXPENSE_ATTACHMENT_USE.maxPerExpense) throw limitReached();
      const inserted = await insertAttachment(tx, {
        campaignId: ctx.id,
        expenseId,
        fileKey: file.key,
        fileName,
        fileSize: file.size,
        contentType: file.contentType,
        uploadedBy: auth.id,
        createdAt: now,
      });
      await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'expense.attachment_added', details: { entity: 'expense', entity_id: expenseId, attachment: toRow(inserted, null) } }, now);
      return inserted;
    });
  } catch (error) {
    // Attached already (twice the same key): the file belongs to the first row, keep it.
    if (isUniqueViolation(error)) throw fail(409, 'CONFLICT');
    // The expense is gone or full: nobody will ever reach the stored file.
    await deletePrivateFiles(app, [file.key]);
    throw error;
  }
  app.log.info({ campaignId: ctx.id, expenseId, attachmentId: record.id, userId: auth.id, size: file.size }, 'expense attachment added');
  const withName = (await listAttachments(app.db, ctx.id, expenseId)).find((row) => row.id === record.id);
  return toRow(record, withName?.uploaderName ?? null);
}

export async function listExpenseAttachments(app: FastifyInstance, ctx: CampaignContext, expenseId: string): Promise<ExpenseAttachmentListData> {
  await expenseOrNotFound(app.db, ctx, expenseId);
  const rows = await listAttachments(app.db, ctx.id, expenseId);
  return { attachment_list: rows.map((row) => toRow(row, row.uploaderName)), total: rows.length, max_attachments: EXPENSE_ATTACHMENT_USE.maxPerExpense };
}

export async function attachmentDownload(app: FastifyInstance, ctx: CampaignContext, attachmentId: string): Promise<ExpenseAttachmentDownloadData> {
  const attachment = await findAttachment(app.db, ctx.id, attachmentId);
  if (!attachment) throw fail(404, 'ATTACHMENT_NOT_FOUND');
  if (!(await app.privateStorage.stat(attachment.fileKey))) throw fail(404, 'NOT_FOUND');
  const url = await app.privateStorage.signedDownloadUrl(attachment.fileKey, { expiresInSeconds: LINK_SECONDS, fileName: attachment.fileName, campaignId: ctx.id });
  return { url, file_name: attachment.fileName, expires_at: new Date(app.clock.now().getTime() + LINK_SECONDS * 1000).toISOString() };
}

/** Deletes the row (audited), then the stored file after the commit, best effort. */
export async function removeAttachment(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, attachmentId: string): Promise<{ attachment_id: string; expense_id: string }> {
  const now = app.clock.now();
  const deleted = await app.db.transaction(async (tx) => {
    const row = await deleteAttachment(tx, ctx.id, attachmentId);
    if (!row) throw fail(404, 'ATTACHMENT_NOT_FOUND');
    await insertAudit(tx, { campaignId: ctx.id, actorId: auth.id, action: 'expense.attachment_deleted', details: { entity: 'expense', entity_id: row.expenseId, attachment: toRow(row, null) } }, now);
    return row;
  });
  await deletePrivateFiles(app, [deleted.fileKey]);
  return { attachment_id: deleted.id, expense_id: deleted.expenseId };
}
