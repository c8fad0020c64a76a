/**
 * The import stage of an upload's job: writes the rows validation staged as 'valid', batch by batch,
 * each batch one transaction that also marks its rows 'imported' (or why not). A crash loses at most
 * the batch in flight, which rolls back whole; the job then resumes from the first row still
 * 'valid'. Rows are checked again on what the book holds now, under the same donor locks as manual
 * entry (donors by the unique e-mail/phone indexes; payments by locking their donors in id order).
 */
import type { FastifyInstance } from 'fastify';
import type { RowOutcome, UploadOptions } from '../../../domain/imports/api-contract';
import type { DonorImportValues, PaymentImportValues } from '../../../domain/imports/rows';
import type { Tx } from '../../db/executor';
import { loadBookCampaign, type BookCampaign } from '../book/book-campaign';
import { freshDonationMatches, keepDonationMatches } from '../book/donation-matches';
import { lockDonors } from '../donors/donor-repository';
import { writeErrorReport } from './error-report';
import {
  cashOf,
  deferBookTotals,
  holdBatchReferences,
  insertImportedDonations,
  insertImportedDonors,
  maySetReplicationRole,
  openPledgesOf,
  skipRowChecks,
  type BatchReferences,
  type ImportedDonation,
} from './import-write-repository';
import { REASONS, donorRowProblem, planPayment, type DonorBook } from './row-checks';
import type { JobReporter } from './upload-progress';
import { markRows, moveUpload, nextValidRows, rejectRows, validRowDonors, validRowsNumbered, rowSummary, updateUpload, type StagedRow, type UploadRecord } from './upload-repository';

const BATCH = 5_000;

/**
 * Payments come in batches by donor: every remaining row of the next IMPORT_BATCH_DONORS donors (in the
 * order they first appear), so a batch rewrites each donor's and pledge's stored figures once. Donors are independent
 * of each other (their limits, pledges and cash are their own), and a donor's rows keep file order.
 */
function paymentBatches(rows: { rowNumber: number; donorId: string }[], donorsPerBatch: number): number[][] {
  const byDonor = new Map<string, number[]>();
  for (const row of rows) {
    const list = byDonor.get(row.donorId);
    if (list) list.push(row.rowNumber);
    else byDonor.set(row.donorId, [row.rowNumber]);
  }
  const batches: number[][] = [];
  let current: number[] = [];
  let donors = 0;
  for (const numbers of byDonor.values()) {
    current.push(...numbers);
    if (++donors >= donorsPerBatch) {
      batches.push(current.sort((a, b) => a - b));
      current = [];
      donors = 0;
    }
  }
  if (current.length > 0) batches.push(current.sort((a, b) => a - b));
  return batches;
}

type Rejection = { rowNumber: number; outcome: RowOutcome; reason: string };

/** How a batch's references are checked: once for the batch ('batch', see holdBatchReferences) or by PostgreSQL row by row. */
type CheckMode = 'batch' | 'row';

/**
 * Once the batch's references are held, its writes skip PostgreSQL's row-by-row foreign-key checks
 * (about a quarter of a batch's time); anything missing leaves them on, so PostgreSQL refuses the
 * batch exactly as before.
 */
async function checkOncePerBatch(tx: Tx, mode: CheckMode, refs: BatchReferences): Promise<void> {
  if (mode === 'batch' && (await holdBatchReferences(tx, refs))) await skipRowChecks(tx);
}

async function importDonorBatch(tx: Tx, upload: UploadRecord, campaign: BookCampaign, options: UploadOptions, rows: StagedRow[], now: Date, mode: CheckMode): Promise<void> {
  const rejected: Rejection[] = [];
  const passing: number[] = [];
  const states = new Set<string>();
  for (const row of rows) {
    const values = row.data as unknown as DonorImportValues;
    const problem = donorRowProblem(campaign, values, { confirmOutsideCycle: options.confirm_outside_cycle === true });
    if (problem) rejected.push({ rowNumber: row.rowNumber, outcome: 'rejected', reason: problem });
    else {
      passing.push(row.rowNumber);
      if (values.donor.state) states.add(values.donor.state);
    }
  }
  await rejectRows(tx, upload.id, rejected);
  await checkOncePerBatch(tx, mode, { campaignId: upload.campaignId, uploadId: upload.id, actorId: upload.createdBy, states: [...states] });
  const written = new Set(
    await insertImportedDonors(tx, { uploadId: upload.id, campaignId: upload.campaignId, fileName: upload.fileName, actorId: upload.createdBy, now, rowNumbers: passing, cycle: campaign.cycle }),
  );
  // Another donor took the e-mail or phone since validation: the unique index said so.
  await markRows(tx, upload.id, passing.filter((n) => !written.has(n)), 'duplicate', REASONS.duplicateAtWrite);
}

async function importPaymentBatch(tx: Tx, upload: UploadRecord, campaign: BookCampaign, options: UploadOptions, rows: StagedRow[], now: Date, mode: CheckMode): Promise<void> {
  const donorIds = [...new Set(rows.map((r) => String((r.data as { donor_id: string }).donor_id)))];
  const locked = await lockDonors(tx, upload.campaignId, donorIds);
  const [pledges, cash] = await Promise.all([openPledgesOf(tx, upload.campaignId, donorIds), cashOf(tx, upload.campaignId, donorIds, campaign.cycle)]);
  const books = new Map<string, DonorBook>(
    locked.map((donor) => [donor.id, { donor, aggregate: donor.paidCents + donor.outstandingCents, cash: cash.get(donor.id) ?? 0, pledges: pledges.get(donor.id) ?? [] }]),
  );
  const rejected: Rejection[] = [];
  const writes: ImportedDonation[] = [];
  for (const row of rows) {
    const values = row.data as unknown as PaymentImportValues & { donor_id: string };
    const book = books.get(values.donor_id);
    if (!book) {
      rejected.push({ rowNumber: row.rowNumber, outcome: 'rejected', reason: REASONS.donorGone });
      continue;
    }
    const plan = planPayment(campaign, book, row.rowNumber, values, { confirmOutsideCycle: options.confirm_outside_cycle === true });
    if (plan.ok) writes.push(...plan.donations);
    else rejected.push({ rowNumber: row.rowNumber, outcome: 'rejected', reason: plan.reason });
  }
  await rejectRows(tx, upload.id, rejected);
  const pledgeIds = [...new Set(writes.flatMap((w) => (w.pledgeId ? [w.pledgeId] : [])))];
  await checkOncePerBatch(tx, mode, { campaignId: upload.campaignId, uploadId: upload.id, actorId: upload.createdBy, pledgeIds });
  await insertImportedDonations(tx, { uploadId: upload.id, campaignId: upload.campaignId, fileName: upload.fileName, actorId: upload.createdBy, now, donations: writes });
}

/**
 * Batches in flight at once: each is its own transaction on its own connection, so PostgreSQL works
 * two of them on two cores. They never share a row: donor batches are consecutive row ranges (a file's
 * donors are distinct: validation made the others duplicates), payment batches disjoint sets of donors.
 */
const IN_FLIGHT = 2;

/** Runs (or resumes) the import stage of `upload` (status 'importing'). */
export async function importUpload(app: FastifyInstance, upload: UploadRecord, reporter: JobReporter): Promise<void> {
  const options = upload.options as UploadOptions;
  const campaign = await loadBookCampaign(app.db, upload.campaignId);
  const start = await rowSummary(app.db, upload.id);
  const total = start.valid + start.imported;
  let done = start.imported;
  await reporter.progress(done, total, 'importing');
  const planned = upload.type === 'payment' ? paymentBatches(await validRowDonors(app.db, upload.id), app.config.importBatchDonors) : null;
  const mode: CheckMode = app.config.importBatchChecks && (await maySetReplicationRole(app.db)) ? 'batch' : 'row';
  const running = new Set<Promise<void>>();
  let failed: unknown = null;
  const runBatch = async (rows: StagedRow[]) => {
    const now = app.clock.now();
    await app.db.transaction(async (tx) => {
      await deferBookTotals(tx);
      if (upload.type === 'donor') await importDonorBatch(tx, upload, campaign, options, rows, now, mode);
      else await importPaymentBatch(tx, upload, campaign, options, rows, now, mode);
      await keepDonationMatches(tx, upload.campaignId);
    });
    done += rows.length;
    await reporter.progress(done, total, 'importing');
  };
  let afterRow = 0;
  try {
    for (;;) {
      if (await reporter.cancelled()) {
        await Promise.all(running);
        await settleCancelled(app, upload);
        return;
      }
      let rows: StagedRow[] = [];
      if (!planned) rows = await nextValidRows(app.db, upload.id, BATCH, afterRow);
      else while (rows.length === 0 && planned.length > 0) rows = await validRowsNumbered(app.db, upload.id, planned.shift()!);
      if (rows.length === 0) break;
      afterRow = rows[rows.length - 1]!.rowNumber;
      const batch = runBatch(rows).catch((error: unknown) => {
        failed ??= error;
      });
      running.add(batch);
      void batch.finally(() => running.delete(batch));
      if (running.size >= IN_FLIGHT) await Promise.race(running);
      if (failed) break;
    }
  } finally {
    // A batch that failed rolled back whole; the other one finishes before the job ends or retries.
    await Promise.all(running);
  }
  if (failed) throw failed;
  await finishImport(app, upload, reporter);
}

/**
 * Each batch keeps its donors' matchable parts in its own transaction (keepDonationMatches); this
 * computes whatever a batch had to leave (the campaign's match terms changed meanwhile), so the next
 * dashboard or donation report does not wait for it. The import is done whatever happens here: a
 * failure leaves the marks for the next read.
 */
async function refreshMatches(app: FastifyInstance, campaignId: string): Promise<void> {
  try {
    await freshDonationMatches(app, await loadBookCampaign(app.db, campaignId));
  } catch (error) {
    app.log.warn({ err: error, campaignId }, 'donation matches: not computed after the import (the next read computes them)');
  }
}

/** What an upload's record says of its rows, from their outcomes now. */
function countsOf(summary: Awaited<ReturnType<typeof rowSummary>>, errorKey: string | null) {
  return {
    importedRows: summary.imported,
    validRows: summary.valid,
    rejectedRows: summary.rejected,
    duplicateRows: summary.duplicates,
    reasons: summary.reasons,
    errorKey,
    progressDone: summary.imported,
  };
}

/** Counts, the error report and the final status once no row is left 'valid'. */
async function finishImport(app: FastifyInstance, upload: UploadRecord, reporter: JobReporter): Promise<void> {
  const summary = await rowSummary(app.db, upload.id);
  const errorKey = await writeErrorReport(app, upload, upload.headers);
  const status = summary.rejected + summary.duplicates > 0 ? 'completed_with_errors' : 'completed';
  const now = app.clock.now();
  const moved = await moveUpload(app.db, upload.id, ['importing'], { status, ...countsOf(summary, errorKey), finishedAt: now }, now);
  if (moved) {
    app.log.info({ uploadId: upload.id, campaignId: upload.campaignId, imported: summary.imported, rejected: summary.rejected, duplicates: summary.duplicates }, 'upload imported');
    reporter.finish(status);
    await refreshMatches(app, upload.campaignId);
  } else {
    // Cancelled while the last batches committed: the counts say what was imported before it.
    await settleCancelled(app, upload, errorKey);
  }
}

/**
 * A cancelled import's counts once its batches in flight have ended: the rows imported before the
 * cancel stay (each batch is whole), the others stay 'valid', not imported; the error report lists
 * the rows refused so far.
 */
async function settleCancelled(app: FastifyInstance, upload: UploadRecord, written?: string | null): Promise<void> {
  const summary = await rowSummary(app.db, upload.id);
  const errorKey = written === undefined ? await writeErrorReport(app, upload, upload.headers) : written;
  await updateUpload(app.db, upload.id, countsOf(summary, errorKey), app.clock.now());
}
