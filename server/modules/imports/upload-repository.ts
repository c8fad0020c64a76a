/**
 * SQL of bulk uploads: the upload records, their rows (the staging table every import reads from),
 * the saved column mappings. Every query names the campaign.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { RowOutcome, UploadStatus } from '../../../domain/imports/api-contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/executor';
import { importMappings, uploadRows, uploads, users } from '../../db/schema';
import { escapeLike } from '../donors/normalize';

export type UploadRecord = typeof uploads.$inferSelect;
export type UploadInsert = typeof uploads.$inferInsert;

export async function insertUpload(db: Executor, values: UploadInsert): Promise<UploadRecord> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUpload(db: Executor, campaignId: string, uploadId: string): Promise<UploadRecord | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.campaignId, campaignId), eq(uploads.id, uploadId)))
    .limit(1);
  return row ?? null;
}

export async function countUploads(db: Executor, campaignId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(uploads).where(eq(uploads.campaignId, campaignId));
  return row?.n ?? 0;
}

/** The upload by id alone: for its job (the payload names it; the row names its campaign). */
export async function findUploadForJob(db: Executor, uploadId: string): Promise<UploadRecord | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row ?? null;
}

export async function lockUpload(db: Executor, campaignId: string, uploadId: string): Promise<UploadRecord | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.campaignId, campaignId), eq(uploads.id, uploadId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function updateUpload(db: Executor, uploadId: string, values: Partial<UploadInsert>, now: Date): Promise<UploadRecord | null> {
  const [row] = await db
    .update(uploads)
    .set({ ...values, updatedAt: now })
    .where(eq(uploads.id, uploadId))
    .returning();
  return row ?? null;
}

/** Moves the upload from one of `from` to `to` (and the other values); null when it was not in `from`. */
export async function moveUpload(db: Executor, uploadId: string, from: readonly UploadStatus[], values: Partial<UploadInsert> & { status: UploadStatus }, now: Date) {
  const [row] = await db
    .update(uploads)
    .set({ ...values, updatedAt: now })
    .where(and(eq(uploads.id, uploadId), inArray(uploads.status, [...from])))
    .returning();
  return row ?? null;
}

/** Whether someone asked the upload's job to stop (true when the upload is gone). */
export async function isCancelRequested(db: Executor, uploadId: string): Promise<boolean> {
  const [row] = await db.select({ cancel: uploads.cancelRequested }).from(uploads).where(eq(uploads.id, uploadId)).limit(1);
  return row?.cancel ?? true;
}

/** Uploads a job should be working on (validating or importing); with `silentSince`, only those whose job has not reported since then (the job's heartbeat is updated_at). */
export async function runningUploadIds(db: Executor, silentSince?: Date): Promise<string[]> {
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(sql`${uploads.status} in ('validating', 'importing')`, silentSince ? sql`${uploads.updatedAt} < ${silentSince}` : undefined));
  return rows.map((r) => r.id);
}

/** The first earlier upload of the same bytes into the campaign that imported rows (or is importing them). */
export async function findImportedTwin(db: Executor, campaignId: string, uploadId: string, sha256: string | null) {
  if (!sha256) return null;
  const [row] = await db
    .select({ id: uploads.id, fileName: uploads.fileName, createdAt: uploads.createdAt })
    .from(uploads)
    .where(
      and(
        eq(uploads.campaignId, campaignId),
        eq(uploads.fileSha256, sha256),
        sql`${uploads.id} <> ${uploadId}`,
        sql`(${uploads.importedRows} > 0 or ${uploads.status} = 'importing')`,
      ),
    )
    .orderBy(asc(uploads.createdAt))
    .limit(1);
  return row ?? null;
}

// ── the list ─────────────────────────────────────────────────────────────────────────────────

export interface UploadListFilter {
  page: number;
  limit: number;
  sort: string;
  type: 'donor' | 'payment' | 'all';
  status?: string;
  search?: string;
}

const SORT_COLUMNS = { created_at: uploads.createdAt, file_name: uploads.fileName, status: uploads.status, type: uploads.type } as const;

export async function listUploads(db: Executor, campaignId: string, filter: UploadListFilter) {
  const conditions: (SQL | undefined)[] = [
    eq(uploads.campaignId, campaignId),
    filter.type === 'all' ? undefined : eq(uploads.type, filter.type),
    filter.status ? eq(uploads.status, filter.status) : undefined,
    filter.search ? ilike(uploads.fileName, `%${escapeLike(filter.search)}%`) : undefined,
  ];
  const where = and(...conditions);
  const descending = filter.sort.startsWith('-');
  const column = SORT_COLUMNS[filter.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS] ?? uploads.createdAt;
  const order = descending ? [desc(column), desc(uploads.id)] : [asc(column), asc(uploads.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ upload: uploads, creatorName: users.name })
      .from(uploads)
      .leftJoin(users, eq(users.id, uploads.createdBy))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(uploads).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function creatorName(db: Executor, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

// ── rows ─────────────────────────────────────────────────────────────────────────────────────

export interface StagedRow {
  rowNumber: number;
  outcome: RowOutcome;
  reason: string | null;
  cells: string[];
  data: Record<string, unknown> | null;
  donorId: string | null;
}

/**
 * Serialises, until the transaction ends, whoever starts importing a file of this content in the
 * campaign: the second of two uploads of the same file then sees the first one importing.
 */
export async function lockFileContent(tx: Executor, campaignId: string, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${campaignId}:${sha256}`}, 12))`);
}

/** Every row that would be imported (or was a duplicate) becomes a duplicate of an imported twin file, with why. */
export async function markTwinRows(db: Executor, uploadId: string, reason: string): Promise<void> {
  await db.update(uploadRows).set({ outcome: 'duplicate', reason }).where(and(eq(uploadRows.uploadId, uploadId), inArray(uploadRows.outcome, ['valid', 'duplicate'])));
}

export async function deleteUploadRows(db: Executor, uploadId: string): Promise<void> {
  await db.delete(uploadRows).where(eq(uploadRows.uploadId, uploadId));
}

/** A CSV field for COPY … (FORMAT csv): always quoted (an unquoted empty field is NULL). */
function copyField(value: string | null): string {
  return value === null ? '' : `"${value.replace(/"/g, '""')}"`;
}

/** Writes staged rows with COPY (the fastest way in; one round trip per batch). */
export async function copyUploadRows(pool: pg.Pool, uploadId: string, campaignId: string, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const client = await pool.connect();
  try {
    const stream = client.query(copyFrom('COPY upload_rows (upload_id, row_number, campaign_id, outcome, reason, cells, data, donor_id) FROM STDIN WITH (FORMAT csv)'));
    const lines = rows.map(
      (r) =>
        [uploadId, String(r.rowNumber), campaignId, r.outcome, r.reason, JSON.stringify(r.cells), r.data === null ? null : JSON.stringify(r.data), r.donorId]
          .map(copyField)
          .join(',') + '\n',
    );
    // One chunk per batch: a chunk per row costs a COPY message and a socket write each.
    await pipeline(Readable.from([lines.join('')]), stream);
  } finally {
    client.release();
  }
}

/**
 * Brings the planner's statistics of upload_rows up to date once an upload's rows are staged (only the
 * columns the import's plans are chosen on; a sample, not a scan). Without it, statistics taken before
 * these rows existed say an upload id they have not seen has no rows: the import's batch statements
 * (its donors joined back to their staged rows) then run as nested loops over every staged row of the
 * upload for each row of the batch, a first batch of minutes instead of about a second (issue 32).
 * Waits at most `lockTimeoutMs` for another ANALYZE or VACUUM of the table.
 */
export async function analyzeUploadRows(db: Db, lockTimeoutMs = 5_000): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`);
    await tx.execute(sql`analyze ${uploadRows} (upload_id, row_number, outcome)`);
  });
}

/** The next rows waiting to be imported (after row `afterRow`), in file order. */
/** The import reads what validation made of a row, not the file's cells (they can be large): `cells` comes back empty. */
const WITHOUT_CELLS = {
  rowNumber: uploadRows.rowNumber,
  outcome: uploadRows.outcome,
  reason: uploadRows.reason,
  cells: sql<string[]>`'[]'::jsonb`,
  data: uploadRows.data,
  donorId: uploadRows.donorId,
};

export async function nextValidRows(db: Executor, uploadId: string, limit: number, afterRow = 0): Promise<StagedRow[]> {
  const rows = await db
    .select(WITHOUT_CELLS)
    .from(uploadRows)
    .where(and(eq(uploadRows.uploadId, uploadId), eq(uploadRows.outcome, 'valid'), sql`${uploadRows.rowNumber} > ${afterRow}`))
    .orderBy(asc(uploadRows.rowNumber))
    .limit(limit);
  return rows.map((r) => ({ rowNumber: r.rowNumber, outcome: r.outcome as RowOutcome, reason: r.reason, cells: r.cells, data: r.data, donorId: r.donorId }));
}

/** Payments: the donor and row number of every row still 'valid', in file order (the import plans its batches from it). */
export async function validRowDonors(db: Executor, uploadId: string): Promise<{ rowNumber: number; donorId: string }[]> {
  const rows = await db
    .select({ rowNumber: uploadRows.rowNumber, donorId: uploadRows.donorId })
    .from(uploadRows)
    .where(and(eq(uploadRows.uploadId, uploadId), eq(uploadRows.outcome, 'valid')))
    .orderBy(asc(uploadRows.rowNumber));
  return rows.map((r) => ({ rowNumber: r.rowNumber, donorId: r.donorId ?? '' }));
}

/** These rows, if still 'valid', in file order. */
export async function validRowsNumbered(db: Executor, uploadId: string, rowNumbers: readonly number[]): Promise<StagedRow[]> {
  if (rowNumbers.length === 0) return [];
  const rows = await db
    .select(WITHOUT_CELLS)
    .from(uploadRows)
    .where(and(eq(uploadRows.uploadId, uploadId), eq(uploadRows.outcome, 'valid'), sql`${uploadRows.rowNumber} = any(${sql.param([...rowNumbers])}::int[])`))
    .orderBy(asc(uploadRows.rowNumber));
  return rows.map((r) => ({ rowNumber: r.rowNumber, outcome: r.outcome as RowOutcome, reason: r.reason, cells: r.cells, data: r.data, donorId: r.donorId }));
}

/** Rows after `afterRow`, in file order, optionally only some outcomes (review, error report). */
export async function rowsPage(db: Executor, uploadId: string, afterRow: number, limit: number, outcomes?: readonly RowOutcome[]): Promise<StagedRow[]> {
  const rows = await db
    .select()
    .from(uploadRows)
    .where(and(eq(uploadRows.uploadId, uploadId), sql`${uploadRows.rowNumber} > ${afterRow}`, outcomes ? inArray(uploadRows.outcome, [...outcomes]) : undefined))
    .orderBy(asc(uploadRows.rowNumber))
    .limit(limit);
  return rows.map((r) => ({ rowNumber: r.rowNumber, outcome: r.outcome as RowOutcome, reason: r.reason, cells: r.cells, data: r.data, donorId: r.donorId }));
}

/** Sets the outcome (and reason) of rows still 'valid'. */
export async function markRows(db: Executor, uploadId: string, rowNumbers: readonly number[], outcome: RowOutcome, reason: string | null): Promise<void> {
  if (rowNumbers.length === 0) return;
  await db.execute(sql`
    update ${uploadRows} set outcome = ${outcome}, reason = ${reason}
    where upload_id = ${uploadId} and outcome = 'valid' and row_number = any(${sql.param([...rowNumbers])}::int[])`);
}

/** Rejects rows still 'valid', each with its own reason. */
export async function rejectRows(db: Executor, uploadId: string, rejected: readonly { rowNumber: number; outcome: RowOutcome; reason: string }[]): Promise<void> {
  if (rejected.length === 0) return;
  await db.execute(sql`
    update ${uploadRows} r set outcome = x.outcome, reason = x.reason
    from unnest(${sql.param(rejected.map((x) => x.rowNumber))}::int[], ${sql.param(rejected.map((x) => x.outcome))}::text[], ${sql.param(rejected.map((x) => x.reason))}::text[]) as x(row_number, outcome, reason)
    where r.upload_id = ${uploadId} and r.row_number = x.row_number and r.outcome = 'valid'`);
}

/** Counts by outcome and the reasons, most frequent first. */
export async function rowSummary(db: Executor, uploadId: string) {
  const [counts, reasons] = await Promise.all([
    db.execute<{ outcome: RowOutcome; n: number }>(sql`select outcome, count(*)::int as n from ${uploadRows} where upload_id = ${uploadId} group by outcome`),
    db.execute<{ reason: string; n: number }>(
      sql`select reason, count(*)::int as n from ${uploadRows} where upload_id = ${uploadId} and reason is not null group by reason order by n desc, reason limit 50`,
    ),
  ]);
  const by = Object.fromEntries(counts.rows.map((r) => [r.outcome, r.n])) as Partial<Record<RowOutcome, number>>;
  return {
    valid: by.valid ?? 0,
    imported: by.imported ?? 0,
    rejected: by.rejected ?? 0,
    duplicates: by.duplicate ?? 0,
    /** A template's example rows (their reason is in `reasons`). */
    skipped: by.skipped ?? 0,
    total: (by.valid ?? 0) + (by.imported ?? 0) + (by.rejected ?? 0) + (by.duplicate ?? 0) + (by.skipped ?? 0),
    reasons: reasons.rows.map((r) => ({ reason: r.reason, count: r.n })),
  };
}

// ── saved mappings ───────────────────────────────────────────────────────────────────────────

export async function findMapping(db: Executor, campaignId: string, type: string, signature: string) {
  const [row] = await db
    .select()
    .from(importMappings)
    .where(and(eq(importMappings.campaignId, campaignId), eq(importMappings.type, type), eq(importMappings.signature, signature)))
    .limit(1);
  return row ?? null;
}

export async function saveMapping(db: Executor, values: { campaignId: string; type: string; signature: string; mapping: Record<string, string>; defaults: Record<string, string> }, now: Date) {
  await db
    .insert(importMappings)
    .values({ ...values, updatedAt: now })
    .onConflictDoUpdate({ target: [importMappings.campaignId, importMappings.type, importMappings.signature], set: { mapping: values.mapping, defaults: values.defaults, updatedAt: now } });
}
