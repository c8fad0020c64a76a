/**
 * The validation stage of an upload's job: reads the file (streamed, bounded), reads every row the
 * way a person means it (domain/imports/rows.ts, the manual-entry schemas), checks it against the
 * book (duplicates in the file and in the campaign, compliance, the cycle, a payment's donor and
 * plan), and stages each row with its outcome in upload_rows (COPY, per batch). Nothing is written
 * to the donor book. It always starts over (its rows are deleted first), so a retry or a restart
 * simply runs it again. Ends 'ready' (or 'validated' with validate_only), with the counts, the
 * reasons and the error report.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DateOrder, UploadOptions } from '../../../domain/imports/api-contract';
import { mappedRow, readDonorRow, readPaymentRow, type DonorImportValues, type PaymentImportValues, type RowContext } from '../../../domain/imports/rows';
import { EXAMPLE_ROW_SKIPPED, isTemplateExampleRow } from '../../../domain/imports/templates';
import { isoDay } from '../../../domain/dates';
import { formatDisplayDate } from '../../../domain/package-expiry';
import { loadBookCampaign, type BookCampaign } from '../book/book-campaign';
import { openTable } from './read-table';
import { cashOf, donorsByContact, nameZipKey, openPledgesOf, type ContactDonor } from './import-write-repository';
import { donorKeys, donorRowProblem, duplicateReason, planPayment, resolvePaymentDonor, storedDonorKeys, type DonorBook } from './row-checks';
import { analyzeUploadRows, copyUploadRows, deleteUploadRows, findImportedTwin, markTwinRows, moveUpload, rowSummary, updateUpload, type StagedRow, type UploadRecord } from './upload-repository';
import type { LocalCopy } from './upload-file';
import { writeErrorReport } from './error-report';
import type { JobReporter } from './upload-progress';

const BATCH = 2_000;

/** The upload's message while it waits for a read slot (read-slots.ts), shown on its review. */
export const UPLOAD_QUEUED_MESSAGE = 'Queued: other files are being read first; this one starts as soon as one of them is done.';

interface RowRead {
  rowNumber: number;
  cells: string[];
  result: ReturnType<typeof readDonorRow> | ReturnType<typeof readPaymentRow>;
  /** A template's example row (marked in a cell): skipped, whatever it says (issue 33.7). */
  example: boolean;
}

/** The staged row of a template's example row: neither imported nor refused. */
const skippedExample = (row: RowRead): StagedRow => ({ rowNumber: row.rowNumber, outcome: 'skipped', reason: EXAMPLE_ROW_SKIPPED, cells: row.cells, data: null, donorId: null });

/** Checks a batch of donor rows against the file so far (`seen`) and the campaign's donors. */
async function checkDonorBatch(app: FastifyInstance, campaign: BookCampaign, options: UploadOptions, seen: Set<string>, batch: RowRead[]): Promise<StagedRow[]> {
  const wanted = { emails: new Set<string>(), phones: new Set<string>(), nameZips: new Set<string>() };
  for (const row of batch) {
    if (row.example || !row.result.ok) continue;
    const d = (row.result.values as DonorImportValues).donor;
    if (d.donor_email) wanted.emails.add(d.donor_email);
    if (d.donor_phone) wanted.phones.add(d.donor_phone);
    if (!d.donor_email && !d.donor_phone) wanted.nameZips.add(nameZipKey(d.name, d.zip));
  }
  const stored = await donorsByContact(app.db, campaign.id, { emails: [...wanted.emails], phones: [...wanted.phones], nameZips: [...wanted.nameZips] });
  const existing = new Set(stored.flatMap(storedDonorKeys));
  return batch.map((row) => {
    if (row.example) return skippedExample(row);
    if (!row.result.ok) return { rowNumber: row.rowNumber, outcome: 'rejected', reason: row.result.reason, cells: row.cells, data: null, donorId: null };
    const values = row.result.values as DonorImportValues;
    const keys = donorKeys(values.donor);
    const matched = keys.find((k) => seen.has(k) || existing.has(k));
    for (const key of keys) seen.add(key);
    if (matched) return { rowNumber: row.rowNumber, outcome: 'duplicate', reason: duplicateReason(matched), cells: row.cells, data: { ...values }, donorId: null };
    const problem = donorRowProblem(campaign, values, { confirmOutsideCycle: options.confirm_outside_cycle === true });
    if (problem) return { rowNumber: row.rowNumber, outcome: 'rejected', reason: problem, cells: row.cells, data: { ...values }, donorId: null };
    return { rowNumber: row.rowNumber, outcome: 'valid', reason: null, cells: row.cells, data: { ...values }, donorId: null };
  });
}

/** The payment side: the donors the file names, and each one's book as the rows change it. */
class PaymentBooks {
  readonly byEmail = new Map<string, ContactDonor>();
  readonly byPhone = new Map<string, ContactDonor>();
  readonly byNameZip = new Map<string, ContactDonor[]>();
  private readonly books = new Map<string, DonorBook>();
  private readonly asked = new Set<string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly campaign: BookCampaign,
  ) {}

  /** Loads the donors (and their books) that a batch's rows name and were not looked up yet. */
  async load(rows: PaymentImportValues[]): Promise<void> {
    const keys = { emails: [] as string[], phones: [] as string[], nameZips: [] as string[] };
    const ask = (key: string, list: string[], value: string) => {
      if (this.asked.has(key)) return;
      this.asked.add(key);
      list.push(value);
    };
    for (const v of rows) {
      if (v.donor_email) ask(`e:${v.donor_email}`, keys.emails, v.donor_email);
      if (v.donor_phone) ask(`p:${v.donor_phone}`, keys.phones, v.donor_phone);
      if (v.name) ask(`n:${nameZipKey(v.name, v.zip)}`, keys.nameZips, nameZipKey(v.name, v.zip));
    }
    const found = (await donorsByContact(this.app.db, this.campaign.id, keys)).filter((d) => !this.books.has(d.id));
    if (found.length === 0) return;
    const ids = found.map((d) => d.id);
    const [pledges, cash] = await Promise.all([openPledgesOf(this.app.db, this.campaign.id, ids), cashOf(this.app.db, this.campaign.id, ids, this.campaign.cycle)]);
    for (const donor of found) {
      this.books.set(donor.id, { donor, aggregate: donor.paidCents + donor.outstandingCents, cash: cash.get(donor.id) ?? 0, pledges: pledges.get(donor.id) ?? [] });
      if (donor.donorEmail) this.byEmail.set(donor.donorEmail, donor);
      if (donor.donorPhone) this.byPhone.set(donor.donorPhone, donor);
      const key = nameZipKey(donor.name, donor.zip);
      this.byNameZip.set(key, [...(this.byNameZip.get(key) ?? []), donor]);
    }
  }

  book(donorId: string): DonorBook {
    return this.books.get(donorId)!;
  }
}

async function checkPaymentBatch(campaign: BookCampaign, options: UploadOptions, books: PaymentBooks, batch: RowRead[]): Promise<StagedRow[]> {
  await books.load(batch.flatMap((row) => (!row.example && row.result.ok ? [row.result.values as PaymentImportValues] : [])));
  return batch.map((row) => {
    if (row.example) return skippedExample(row);
    if (!row.result.ok) return { rowNumber: row.rowNumber, outcome: 'rejected', reason: row.result.reason, cells: row.cells, data: null, donorId: null };
    const values = row.result.values as PaymentImportValues;
    const found = resolvePaymentDonor(values, books);
    if ('reason' in found) return { rowNumber: row.rowNumber, outcome: 'rejected', reason: found.reason, cells: row.cells, data: { ...values }, donorId: null };
    const plan = planPayment(campaign, books.book(found.donor.id), row.rowNumber, values, { confirmOutsideCycle: options.confirm_outside_cycle === true });
    const data = { ...values, donor_id: found.donor.id };
    if (!plan.ok) return { rowNumber: row.rowNumber, outcome: 'rejected', reason: plan.reason, cells: row.cells, data, donorId: found.donor.id };
    return { rowNumber: row.rowNumber, outcome: 'valid', reason: null, cells: row.cells, data, donorId: found.donor.id };
  });
}

/** Runs the validation stage of `upload` (status 'validating') over its local copy. */
export async function validateUpload(app: FastifyInstance, upload: UploadRecord, copy: LocalCopy, reporter: JobReporter): Promise<void> {
  const options = upload.options as UploadOptions;
  const campaign = await loadBookCampaign(app.db, upload.campaignId);
  await deleteUploadRows(app.db, upload.id);
  await updateUpload(app.db, upload.id, { fileSha256: null, progressDone: 0, progressTotal: null }, app.clock.now());

  // Other files being read take the read slots: the upload says it is queued until its turn comes.
  let queued = false;
  const table = await openTable(copy.path, upload.fileName, {
    sheet: options.sheet ?? null,
    onQueued: async () => {
      queued = true;
      // Only while it is still validating: a cancel that lands meanwhile keeps its own message.
      await moveUpload(app.db, upload.id, ['validating'], { status: 'validating', message: UPLOAD_QUEUED_MESSAGE }, app.clock.now());
      await reporter.progress(0, null, 'queued');
    },
  });
  if (queued) await moveUpload(app.db, upload.id, ['validating'], { status: 'validating', message: null }, app.clock.now());
  const ctx: RowContext = { dateOrder: (options.date_order ?? 'mdy') as DateOrder, today: isoDay(app.clock.now()), defaults: options.defaults ?? {} };
  const seen = new Set<string>();
  const books = new PaymentBooks(app, campaign);
  // The file's content as read (headers and cells): the same file re-saved with other line ends,
  // quoting or encoding is still the same file.
  const content = createHash('sha256').update(JSON.stringify(table.headers));
  let ambiguous = false;
  let read = 0;
  let batch: RowRead[] = [];

  // Three things overlap: this process reads and checks the rows of batch N+1 while batch N is checked
  // against the book (its look-ups in PostgreSQL) and batch N-1 is stored (COPY). Batches are checked
  // in file order, one at a time (`seen` and the payment books follow the file), so at most one batch
  // waits on its look-ups and one on its COPY.
  let writing: Promise<void> = Promise.resolve();
  let checking: Promise<void> = Promise.resolve();
  const checkAndStage = async (rows: RowRead[], readSoFar: number) => {
    const staged = upload.type === 'donor' ? await checkDonorBatch(app, campaign, options, seen, rows) : await checkPaymentBatch(campaign, options, books, rows);
    await writing;
    writing = copyUploadRows(app.pool, upload.id, upload.campaignId, staged);
    writing.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    await reporter.progress(readSoFar, null, 'validating');
  };
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    await checking;
    checking = checkAndStage(rows, read);
    checking.catch(() => undefined); // awaited by the next flush or below
  };

  try {
    for await (const row of table.rows) {
      content.update(JSON.stringify(row.cells));
      const mapped = mappedRow(table.headers, upload.mapping, row.cells);
      const result = upload.type === 'donor' ? readDonorRow(mapped, ctx) : readPaymentRow(mapped, ctx);
      const example = isTemplateExampleRow(row.cells);
      if (result.ambiguousDate && !example) ambiguous = true;
      batch.push({ rowNumber: row.rowNumber, cells: row.cells, result, example });
      read++;
      if (batch.length >= BATCH) {
        await flush();
        if (await reporter.cancelled()) {
          await checking;
          await writing;
          return;
        }
      }
    }
    await flush();
    await checking;
    await writing;
  } finally {
    // On a reading error, nothing is left running behind the job (their own errors are secondary).
    await checking.catch(() => undefined);
    await writing.catch(() => undefined);
    await table.close();
  }

  // The import plans its batches on these rows: the planner must know they exist (see analyzeUploadRows).
  // Only the import's speed depends on it, so a failure (another ANALYZE holding the table) is logged.
  await analyzeUploadRows(app.db).catch((error: unknown) => app.log.warn({ err: error, uploadId: upload.id }, 'upload rows: statistics not refreshed after staging'));

  const sha256 = content.digest('hex');
  const twin = await findImportedTwin(app.db, upload.campaignId, upload.id, sha256);
  if (twin) await markTwinRows(app.db, upload.id, `This file was already imported on ${formatDisplayDate(twin.createdAt)} (${twin.fileName}): nothing new to import`);
  const summary = await rowSummary(app.db, upload.id);
  const now = app.clock.now();
  const errorKey = await writeErrorReport(app, upload, table.headers);
  const status = upload.validateOnly ? 'validated' : 'ready';
  const moved = await moveUpload(
    app.db,
    upload.id,
    ['validating'],
    {
      status,
      fileSha256: sha256,
      headers: table.headers,
      totalRows: summary.total,
      validRows: summary.valid,
      rejectedRows: summary.rejected,
      duplicateRows: summary.duplicates,
      importedRows: 0,
      reasons: summary.reasons,
      dateOrderAmbiguous: ambiguous,
      errorKey,
      progressDone: summary.total,
      progressTotal: summary.total,
      ...(upload.validateOnly ? { finishedAt: now } : {}),
    },
    now,
  );
  if (moved) reporter.finish(status);
}
