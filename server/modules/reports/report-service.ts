/**
 * The report history: start a file (an entry and its job in one transaction), list the entries, and
 * answer a short-lived download link of a ready file. Entries of another campaign are not found (404).
 */
import type { FastifyInstance } from 'fastify';
import {
  REPORT_URL_SECONDS,
  reportFileName,
  reportTitle,
  type ReportDownload,
  type ReportEntry,
  type ReportFilter,
  type ReportFormat,
  type ReportListData,
  type ReportStatus,
  type ReportType,
} from '../../../domain/reports/api-contract';
import type { CampaignContext } from '../../plugins/access';
import type { AuthUser } from '../../plugins/auth';
import { fail } from '../../plugins/errors';
import { findReport, insertReport, listReports, type ReportListFilter, type ReportRecord } from './report-history-repository';
import { reportJob } from './report-job';
import { creatorName } from '../imports/upload-repository';

export function toReportEntry(report: ReportRecord, creatorName: string | null): ReportEntry {
  return {
    report_id: report.id,
    type: report.type as ReportType,
    format: report.format as ReportFormat,
    title: report.title,
    filter: report.filter as unknown as ReportFilter,
    status: report.status as ReportStatus,
    progress_done: report.progressDone,
    progress_total: report.progressTotal,
    row_count: report.rowCount,
    size_bytes: report.sizeBytes,
    message: report.message,
    created_at: report.createdAt.toISOString(),
    finished_at: report.finishedAt?.toISOString() ?? null,
    created_by: report.createdBy ? { user_id: report.createdBy, name: creatorName ?? '' } : null,
  };
}

export async function startReport(
  app: FastifyInstance,
  ctx: CampaignContext,
  user: AuthUser,
  input: { type: ReportType; format: ReportFormat; filter: ReportFilter; sort: string },
): Promise<ReportEntry> {
  const now = app.clock.now();
  const report = await app.db.transaction(async (tx) => {
    const created = await insertReport(tx, {
      campaignId: ctx.id,
      type: input.type,
      format: input.format,
      title: reportTitle(input.type, input.format, input.filter),
      filter: input.filter as unknown as Record<string, string | null>,
      sort: input.sort,
      status: 'queued',
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    await app.jobs.send(reportJob, { reportId: created.id }, { tx });
    return created;
  });
  app.jobs.wake(reportJob);
  app.log.info({ reportId: report.id, campaignId: ctx.id, type: input.type, format: input.format }, 'report started');
  return toReportEntry(report, await creatorName(app.db, user.id));
}

export async function listReportHistory(app: FastifyInstance, ctx: CampaignContext, filter: ReportListFilter): Promise<ReportListData> {
  const { rows, total } = await listReports(app.db, ctx.id, filter);
  return { report_list: rows.map((r) => toReportEntry(r.report, r.creatorName)), total, page: filter.page, limit: filter.limit };
}

const reportNotFound = () => fail(404, 'REPORT_NOT_FOUND');

export async function reportDownload(app: FastifyInstance, ctx: CampaignContext, reportId: string): Promise<ReportDownload> {
  const found = await findReport(app.db, ctx.id, reportId);
  if (!found) throw reportNotFound();
  const { report } = found;
  if (report.status === 'failed') throw fail(409, 'REPORT_FAILED');
  if (report.status !== 'ready' || !report.fileKey) throw fail(409, 'REPORT_NOT_READY');
  if (!(await app.privateStorage.stat(report.fileKey))) throw reportNotFound();
  const fileName = reportFileName(report.title, report.format as ReportFormat);
  const url = await app.privateStorage.signedDownloadUrl(report.fileKey, { expiresInSeconds: REPORT_URL_SECONDS, fileName, campaignId: ctx.id });
  return { url, file_name: fileName, expires_at: new Date(app.clock.now().getTime() + REPORT_URL_SECONDS * 1000).toISOString() };
}
