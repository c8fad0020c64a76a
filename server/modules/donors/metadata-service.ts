/** Tags (unique per donor, case-insensitively; ≤ 40 characters) and notes (≤ 2000) on donors. */
import type { FastifyInstance } from 'fastify';
import type { MetadataListData, MetadataRow } from '../../../domain/donor-book/tags-notes-contract';
import type { MetadataKind } from '../../../domain/donor-book/enums';
import { tagProblem } from '../../../domain/validation/donors';
import { isUniqueViolation } from '../../db/errors';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { auditBook } from '../book/book-audit';
import { findDonor } from './donor-repository';
import { donorNotFound } from './donor-service';
import {
  deleteMetadataRow,
  findDonorTag,
  findMetadata,
  insertMetadata,
  listMetadataRows,
  updateMetadataValue,
  type MetadataListFilter,
  type MetadataRecord,
  type MetadataWithCreator,
} from './metadata-repository';

function metadataNotFound() {
  return fail(404, 'METADATA_NOT_FOUND');
}

function toMetadataRow({ metadata, creatorName }: MetadataWithCreator): MetadataRow {
  return {
    metadata_id: metadata.id,
    donor_id: metadata.donorId,
    kind: metadata.kind as MetadataKind,
    value: metadata.value,
    created_at: metadata.createdAt.toISOString(),
    updated_at: metadata.updatedAt.toISOString(),
    created_by: metadata.createdBy ? { user_id: metadata.createdBy, name: creatorName ?? '' } : null,
  };
}

function snapshot(row: MetadataRecord) {
  return { metadata_id: row.id, donor_id: row.donorId, kind: row.kind, value: row.value };
}

function tagConflict(error: unknown): never {
  if (isUniqueViolation(error)) throw fail(409, 'TAG_EXISTS');
  throw error;
}

async function loadRow(app: FastifyInstance, campaignId: string, metadataId: string): Promise<MetadataRow> {
  const row = await findMetadata(app.db, campaignId, metadataId);
  if (!row) throw metadataNotFound();
  return toMetadataRow(row);
}

export async function addMetadata(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, input: { donor_id: string; kind: MetadataKind; value: string }): Promise<MetadataRow> {
  const donorId = input.donor_id.toLowerCase();
  const value = input.value.trim();
  if (!(await findDonor(app.db, ctx.id, donorId))) throw donorNotFound();
  if (input.kind === 'tag' && (await findDonorTag(app.db, donorId, value))) throw fail(409, 'TAG_EXISTS');
  const now = app.clock.now();
  const row = await app.db
    .transaction(async (tx) => {
      const row = await insertMetadata(tx, { campaignId: ctx.id, donorId, kind: input.kind, value, createdBy: auth.id, createdAt: now, updatedAt: now });
      await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: `${input.kind}.created`, entity: input.kind, entityId: row.id, before: null, after: snapshot(row) }, now);
      return row;
    })
    .catch(tagConflict);
  return loadRow(app, ctx.id, row.id);
}

export async function updateMetadata(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, input: { metadata_id: string; value: string }): Promise<MetadataRow> {
  const metadataId = input.metadata_id.toLowerCase();
  const value = input.value.trim();
  const existing = await findMetadata(app.db, ctx.id, metadataId);
  if (!existing) throw metadataNotFound();
  const before = existing.metadata;
  if (before.kind === 'tag') {
    const problem = tagProblem(value);
    if (problem) throw fail(400, 'VALIDATION_ERROR', { in: 'body', fields: { value: problem } });
    if (await findDonorTag(app.db, before.donorId, value, before.id)) throw fail(409, 'TAG_EXISTS');
  }
  const now = app.clock.now();
  await app.db
    .transaction(async (tx) => {
      const after = await updateMetadataValue(tx, ctx.id, metadataId, value, now);
      if (!after) throw metadataNotFound();
      await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: `${after.kind}.updated`, entity: after.kind as MetadataKind, entityId: after.id, before: snapshot(before), after: snapshot(after) }, now);
    })
    .catch(tagConflict);
  return loadRow(app, ctx.id, metadataId);
}

export function getMetadata(app: FastifyInstance, ctx: CampaignContext, metadataId: string): Promise<MetadataRow> {
  return loadRow(app, ctx.id, metadataId);
}

export async function deleteMetadata(app: FastifyInstance, ctx: CampaignContext, auth: AuthUser, metadataId: string): Promise<{ metadata_id: string }> {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const before = await deleteMetadataRow(tx, ctx.id, metadataId);
    if (!before) throw metadataNotFound();
    await auditBook(tx, { campaignId: ctx.id, actorId: auth.id, action: `${before.kind}.deleted`, entity: before.kind as MetadataKind, entityId: before.id, before: snapshot(before), after: null }, now);
  });
  return { metadata_id: metadataId };
}

export async function listMetadata(app: FastifyInstance, ctx: CampaignContext, filter: MetadataListFilter): Promise<MetadataListData> {
  const { rows, total } = await listMetadataRows(app.db, ctx.id, filter);
  return { metadata_list: rows.map(toMetadataRow), total, page: filter.page, limit: filter.limit };
}
