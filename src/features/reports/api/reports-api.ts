/** The reports API (domain/reports/api-contract.ts) for the report pages. Empty filter values are stripped (SPEC §5). */
import { DONOR_BOOK_PATHS, donorBookPath } from '../../../../domain/donor-book/api-contract';
import type { SendNotificationRequest } from '../../../../domain/donor-book/follow-up-contract';
import {
  REPORT_LIVE_KIND,
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
import { api, withoutEmpty } from '../../../lib/api';
import { apiClient } from '../../../lib/api-client';
import { keepNewerProgress, type JobRows } from '../../../lib/use-job-list';

type Query = Record<string, string | number | null | undefined>;

/** The query without empty values ('', null, undefined). */

/** Files of one report per history page, newest first. */
export const HISTORY_PAGE = 10;

export interface ReportDataArgs {
  campaignId: string;
  type: ReportType;
  /** The filter, sort, page and limit, in the order they are sent. */
  query: Query;
}

export interface ReportListArgs {
  campaignId: string;
  /** A report's files, or 'filing': the files of the Filings page. */
  type: ReportType | 'filing';
  page: number;
}

/** The report history's jobs (use-job-list.ts): live progress as 'report' events, the bar over progress_done / progress_total. */
export const reportJobs: JobRows<ReportListData, ReportEntry> = {
  kind: REPORT_LIVE_KIND,
  rows: (data) => data.report_list,
  id: (entry) => entry.report_id,
  status: (entry) => entry.status,
  isRunning: (entry) => entry.status === 'queued' || entry.status === 'running',
  progress: (entry) => ({ done: entry.progress_done, total: entry.progress_total }),
  setProgress: (entry, progress) => {
    entry.progress_done = progress.done;
    entry.progress_total = progress.total;
  },
};

/** What a report's rows are made of: any of these changing reads them again. */
const REPORT_SOURCES = ['Donor', 'Pledge', 'Donation', 'Expense', 'FollowUp'] as const;

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** report_data: one page of rows, the totals and summary of every row the filter keeps, the breakdown. */
    reportData: build.query<ReportData, ReportDataArgs>({
      query: ({ campaignId, type, query }) => ({ url: reportDataUrl(campaignId, type), params: withoutEmpty(query) }),
      transformResponse: (body: { data: ReportData }) => body.data,
      providesTags: [...REPORT_SOURCES],
    }),
    /** report_list: the files made of one report (or of all), newest first. */
    reportList: build.query<ReportListData, ReportListArgs>({
      query: ({ campaignId, type, page }) => ({ url: reportListUrl(campaignId, type as ReportType | 'all'), params: withoutEmpty({ page, limit: HISTORY_PAGE, sort: '-created_at' }) }),
      transformResponse: (body: { data: ReportListData }) => body.data,
      merge: keepNewerProgress(reportJobs, (entry) => entry.created_at),
      providesTags: ['Report'],
    }),
    /** start_report: the new history entry (queued); a job writes the file. Shown in the history at once. */
    startReport: build.mutation<ReportEntry, StartReportRequest>({
      query: (body) => ({ url: REPORT_PATHS.start, method: 'POST', data: { ...body, filter: withoutEmpty(body.filter as Query) } }),
      transformResponse: (body: { data: ReportEntry }) => body.data,
      onQueryStarted: async (body, { dispatch, queryFulfilled }) => {
        const { data: entry } = await queryFulfilled.catch(() => ({ data: null }));
        if (entry) dispatch(showStarted(body.campaign_id, body.type, [entry]));
      },
      invalidatesTags: (_result, error) => (error ? [] : ['Report']),
    }),
    /** send_notification: a payment reminder, with the body the follow-up page sends (no personal words). */
    sendReminder: build.mutation<{ message_code?: string }, { campaignId: string; body: SendNotificationRequest }>({
      query: ({ campaignId, body }) => ({ url: donorBookPath(DONOR_BOOK_PATHS.sendNotification, { campaignId }), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : ['FollowUp']),
    }),
  }),
});

export const { useReportDataQuery, useReportListQuery, useStartReportMutation, useSendReminderMutation } = reportsApi;

/** Files this tab just started, on the first history page at once (until the list holds them: keepNewerProgress). */
export function showStarted(campaignId: string, type: ReportListArgs['type'], entries: readonly ReportEntry[]) {
  return reportsApi.util.updateQueryData('reportList', { campaignId, type, page: 1 }, (draft) => {
    const fresh = entries.filter((entry) => !draft.report_list.some((r) => r.report_id === entry.report_id));
    draft.report_list.unshift(...fresh);
  });
}

/** get_report: a ready file's short-lived download link (asked for at the click, never cached). */
export async function getReportDownload(reportId: string, campaignId: string): Promise<ReportDownload> {
  return (await apiClient.get<{ data: ReportDownload }>(getReportUrl(reportId), { params: { campaign_id: campaignId } })).data.data;
}
