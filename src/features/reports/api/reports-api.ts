/** The reports API (domain/reports/api-contract.ts) for the report pages. Empty filter values are stripped (SPEC §5). */
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import {
  REPORT_PATHS,
  getReportUrl,
  reportDataUrl,
  reportListUrl,
  type ReportData,
  type ReportDownload,
  type ReportEntry,
  type ReportFormat,
  type ReportListData,
  type ReportType,
} from '../../../../domain/reports/api-contract';
import { apiClient } from '../../../lib/api-client';
import { downloadSignedFile } from '../../../lib/signed-download';

type Query = Record<string, string | number | null | undefined>;

/** The query without empty values. */
export function stripEmpty(query: Query): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== ''));
}

export async function getReportData(campaignId: string, type: ReportType, query: Query): Promise<ReportData> {
  return (await apiClient.get<{ data: ReportData }>(reportDataUrl(campaignId, type), { params: stripEmpty(query) })).data.data;
}

export async function startReport(campaignId: string, type: ReportType, format: ReportFormat, filter: Query, sort: string): Promise<ReportEntry> {
  const res = await apiClient.post<{ data: ReportEntry }>(REPORT_PATHS.start, { campaign_id: campaignId, type, format, filter: stripEmpty(filter), sort });
  return res.data.data;
}

export async function listReports(campaignId: string, type: ReportType | 'all', query: Query): Promise<ReportListData> {
  return (await apiClient.get<{ data: ReportListData }>(reportListUrl(campaignId, type), { params: stripEmpty(query) })).data.data;
}

/** Asks for a ready file's short-lived link and starts the browser's download. */
export async function downloadReport(campaignId: string, reportId: string): Promise<void> {
  const res = await apiClient.get<{ data: ReportDownload }>(getReportUrl(reportId), { params: { campaign_id: campaignId } });
  downloadSignedFile(res.data.data.url, res.data.data.file_name);
}

/** A payment reminder to the donor, as the follow-up page sends it (e-mail, or text when no e-mail). */
export async function sendReminder(campaignId: string, donorId: string, channel: 'email' | 'sms'): Promise<void> {
  await apiClient.post(donorBookPath(DONOR_BOOK_PATHS.sendNotification, { campaignId }), { donor_id: donorId, channel });
}
