/**
 * The one job of report files ('report-export', payload { reportId }): reads the report's rows (the
 * same source as the page), writes the file (CSV, XLSX or PDF) into private storage and marks the
 * entry ready, pushing progress and 'done' live to the user who asked. It starts over on every
 * attempt, so a retry or a restart never leaves half a file (private storage keeps nothing of a
 * failed save); an entry already ready or failed is left alone (sending the job twice is harmless).
 * One worker at a time per report: the job holds the report's work lock (server/db/work-lock.ts)
 * while it writes. Recovery, as for uploads: when the app starts, and every 30 s, entries left queued
 * or running whose lock is free (the instance died: kill -9, a crash, a deploy) get their job sent
 * again (at start: all of them; later: those silent for a minute), so another instance finishes them.
 */
import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { ERROR_MESSAGES } from '../../../domain/error-codes';
import { isFilingReportType } from '../../../domain/filings/api-contract';
import type { ReportColumn } from '../../../domain/reports/api-contract';
import {
  REPORT_COLUMNS,
  REPORT_DESCRIPTIONS,
  REPORT_LIVE_KIND,
  REPORT_TYPE_NAMES,
  describeFilter,
  type ReportFilter,
  type ReportFormat,
  type ReportType,
} from '../../../domain/reports/api-contract';
import { takeWorkLock } from '../../db/work-lock';
import { defineJob, type RetryPolicy } from '../../plugins/jobs';
import { progressReporter } from '../../plugins/sockets';
import { recoverAbandoned, scheduleRecovery, type AbandonedWork } from '../../plugins/work-recovery';
import { readBookCampaign } from '../book/book-reads';
import { privateFileKey } from '../storage/private-storage';
import { reportContent, type ReportContent } from './report-data-service';
import type { ReportFileHeader, ReportWriter } from './report-file';
import { findReportForJob, moveReport, unfinishedReportIds, type ReportRecord } from './report-history-repository';
import { filterValueLabel } from './report-filter-label';
import { filingFileContent } from './filing-service';
import { writeCsv } from './write-csv';
import { writePdf } from './write-pdf';
import { writeXlsx } from './write-xlsx';

const RETRY: RetryPolicy = { limit: 2, delaySeconds: 5, backoff: true };
/** Largest report file kept, bytes. */
const MAX_FILE_BYTES = 500 * 1024 * 1024;
const PROGRESS_EVERY = 5_000;
const reportLockKey = (reportId: string) => `report:${reportId}`;

const WRITERS: Record<ReportFormat, { write: ReportWriter; contentType: string }> = {
  csv: { write: writeCsv, contentType: 'text/csv; charset=utf-8' },
  xlsx: { write: writeXlsx, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pdf: { write: writePdf, contentType: 'application/pdf' },
};

function generatedAt(now: Date): string {
  const iso = now.toISOString();
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
}

async function writeReport(app: FastifyInstance, report: ReportRecord, onProgress: (done: number, total: number) => Promise<void>) {
  if (isFilingReportType(report.type)) return writeFiling(app, report, onProgress);
  const type = report.type as ReportType;
  const format = report.format as ReportFormat;
  const filter = report.filter as unknown as ReportFilter;
  const campaign = await readBookCampaign(app, report.campaignId);
  const content = await reportContent(app, report.campaignId, type, filter, report.sort, { csv: format === 'csv' });
  const header = {
    campaign: campaign.campaignName,
    report: `${REPORT_TYPE_NAMES[type]} Report`,
    description: REPORT_DESCRIPTIONS[type],
    filter: describeFilter(type, filter, filterValueLabel),
    generatedAt: generatedAt(app.clock.now()),
  };
  try {
    return await writeContent(app, report, REPORT_COLUMNS[type], header, content, onProgress);
  } finally {
    await content.close();
  }
}

/** The file of `content` with its columns and header, streamed into private storage in the report's format. */
async function writeContent(
  app: FastifyInstance,
  report: ReportRecord,
  columns: readonly ReportColumn[],
  header: ReportFileHeader,
  content: Pick<ReportContent, 'rows' | 'totals' | 'rowCount' | 'breakdown' | 'csvLines'>,
  onProgress: (done: number, total: number) => Promise<void>,
) {
  const format = report.format as ReportFormat;
  await onProgress(0, content.rowCount);
  // Streamed straight into private storage, which keeps nothing of a file that fails half-way.
  const key = privateFileKey(report.campaignId, 'reports', format);
  const body = new PassThrough();
  const saving = app.privateStorage.save(key, body, { contentType: WRITERS[format].contentType, maxBytes: MAX_FILE_BYTES });
  saving.catch(() => undefined); // awaited below
  let reported = 0;
  const pending: Promise<void>[] = [];
  // At most about ten progress writes per file, and none closer than PROGRESS_EVERY rows.
  const every = Math.max(PROGRESS_EVERY, Math.ceil(content.rowCount / 10));
  try {
    await WRITERS[format].write(
      {
        columns,
        rows: content.rows,
        totals: content.totals,
        rowCount: content.rowCount,
        header,
        breakdown: content.breakdown,
        csvLines: content.csvLines,
        onProgress: (done) => {
          if (done - reported < every && done < content.rowCount) return;
          reported = done;
          pending.push(onProgress(done, content.rowCount));
        },
      },
      body,
    );
  } catch (error) {
    body.destroy(error as Error);
    throw error;
  }
  const saved = await saving;
  await Promise.all(pending);
  return { key, size: saved.size, rowCount: content.rowCount };
}

/**
 * A filing's file (filing-service.ts): C-SMART's import file or the companion sheet, saved whole into
 * private storage; a NYS schedule written by the report writers in the entry's format (CSV, XLSX, PDF).
 */
async function writeFiling(app: FastifyInstance, report: ReportRecord, onProgress: (done: number, total: number) => Promise<void>) {
  const content = await filingFileContent(app, report);
  if (content.kind === 'table') {
    const header = { campaign: content.campaignName, report: content.title, description: content.description, filter: content.filter, generatedAt: generatedAt(app.clock.now()) };
    const rows = content.rows;
    const batches = (async function* () {
      if (rows.length) yield rows;
    })();
    return writeContent(app, report, content.columns, header, { rows: batches, totals: content.totals, rowCount: rows.length, breakdown: content.breakdown }, onProgress);
  }
  const { text, rowCount } = content;
  await onProgress(0, rowCount);
  const key = privateFileKey(report.campaignId, 'reports', 'csv');
  const saved = await app.privateStorage.save(key, Buffer.from(text, 'utf8'), { contentType: WRITERS.csv.contentType, maxBytes: MAX_FILE_BYTES });
  return { key, size: saved.size, rowCount };
}

/** Writes the report's file, unless another worker is writing it; `attempt` counts from 1. */
export async function runReport(app: FastifyInstance, reportId: string, attempt: number): Promise<void> {
  const release = await takeWorkLock(app.pool, reportLockKey(reportId));
  if (!release) return;
  try {
    await writeReportOnce(app, reportId, attempt);
  } finally {
    await release();
  }
}

async function writeReportOnce(app: FastifyInstance, reportId: string, attempt: number): Promise<void> {
  const report = await findReportForJob(app.db, reportId);
  if (!report || (report.status !== 'queued' && report.status !== 'running')) return;
  const live = report.createdBy ? progressReporter(app.live, report.createdBy, { kind: REPORT_LIVE_KIND, id: report.id, campaign_id: report.campaignId }) : null;
  await moveReport(app.db, report.id, ['queued', 'running'], { status: 'running', progressDone: 0 }, app.clock.now());
  try {
    const file = await writeReport(app, report, async (done, total) => {
      await moveReport(app.db, report.id, ['running'], { progressDone: done, progressTotal: total }, app.clock.now());
      live?.progress(done, total, 'writing');
    });
    const now = app.clock.now();
    const moved = await moveReport(app.db, report.id, ['running'], { status: 'ready', fileKey: file.key, sizeBytes: file.size, rowCount: file.rowCount, progressDone: file.rowCount, progressTotal: file.rowCount, finishedAt: now }, now);
    if (!moved) {
      await app.privateStorage.delete(file.key);
      return;
    }
    app.log.info({ reportId: report.id, campaignId: report.campaignId, rows: file.rowCount, bytes: file.size }, 'report ready');
    live?.finish('ready');
  } catch (error) {
    if (attempt <= RETRY.limit) throw error;
    app.log.error({ err: error, reportId: report.id }, 'report failed; no attempts left');
    const now = app.clock.now();
    await moveReport(app.db, report.id, ['queued', 'running'], { status: 'failed', message: ERROR_MESSAGES.REPORT_FAILED, finishedAt: now }, now);
    live?.finish('failed', ERROR_MESSAGES.REPORT_FAILED);
  }
}

export const reportJob = defineJob<{ reportId: string }>({
  name: 'report-export',
  retry: RETRY,
  // People wait on it: picked up within half a second.
  pollingIntervalSeconds: 0.5,
  handler: ({ reportId }, { app, attempt }) => runReport(app, reportId, attempt),
});

/** Report files left queued or running, for the recovery sweep (server/plugins/work-recovery.ts). */
function abandonedReports(app: FastifyInstance): AbandonedWork {
  return {
    what: 'reports',
    candidates: (silentSince) => unfinishedReportIds(app.db, silentSince),
    lockKey: reportLockKey,
    send: (reportId) => app.jobs.send(reportJob, { reportId }),
  };
}

/** Sends the job again for unfinished entries no worker holds (all of them, or those silent for a minute). */
export const recoverReports = (app: FastifyInstance, options: { all: boolean }) => recoverAbandoned(app, abandonedReports(app), options);

/** Registers the job and the recovery (at start, then every 30 s until the app closes). */
export async function registerReportJob(app: FastifyInstance): Promise<void> {
  await app.jobs.register(reportJob);
  scheduleRecovery(app, abandonedReports(app));
}
