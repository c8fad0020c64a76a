/** The reports API (domain/reports/api-contract.ts) for the report pages. Empty filter values are stripped (SPEC §5). */
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type { SendNotificationRequest } from '../../../../domain/donor-book/follow-up-contract';
import {
  REPORT_PATHS,
  getReportUrl,
  reportDataUrl,
  reportListUrl,
  type ReportData,
  type ReportDownload,
  type ReportEntry,
  type ReportListData,
  type ReportType,
  type StartReportRequest,
} from '../../../../domain/reports/api-contract';
import { apiClient } from '../../../lib/api-client';

type Query = Record<string, string | number | null | undefined>;

/** The query without empty values ('', null, undefined). */
export function stripEmpty(query: Query): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== ''));
}

/** report_data: one page of rows, the totals and summary of every row the filter keeps, the breakdown. */
export async function getReportData(campaignId: string, type: ReportType, query: Query): Promise<ReportData> {
  return (await apiClient.get<{ data: ReportData }>(reportDataUrl(campaignId, type), { params: stripEmpty(query) })).data.data;
}

/** start_report: the new history entry (queued); a job writes the file. */
export async function startReport(body: StartReportRequest): Promise<ReportEntry> {
  const filter = stripEmpty(body.filter as Query);
  return (await apiClient.post<{ data: ReportEntry }>(REPORT_PATHS.start, { ...body, filter })).data.data;
}

/** report_list: the files made of one report (or of all), newest first by default. */
export async function listReports(campaignId: string, type: ReportType | 'all' | 'filing', query: Query): Promise<ReportListData> {
  return (await apiClient.get<{ data: ReportListData }>(reportListUrl(campaignId, type as ReportType | 'all'), { params: stripEmpty(query) })).data.data;
}

/** get_report: a ready file's short-lived download link. */
export async function getReportDownload(reportId: string, campaignId: string): Promise<ReportDownload> {
  return (await apiClient.get<{ data: ReportDownload }>(getReportUrl(reportId), { params: { campaign_id: campaignId } })).data.data;
}

/** send_notification: a payment reminder, with the body the follow-up page sends (no personal words). */
export async function sendReminder(campaignId: string, body: SendNotificationRequest): Promise<{ message_code?: string }> {
  return (await apiClient.post<{ message_code?: string }>(donorBookPath(DONOR_BOOK_PATHS.sendNotification, { campaignId }), body)).data;
}
