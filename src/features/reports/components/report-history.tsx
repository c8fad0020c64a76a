import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { progressPercent } from '../../../../domain/live-events';
import type { ReportEntry, ReportType } from '../../../../domain/reports/api-contract';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { useAppDispatch } from '../../../app/hooks';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { downloadSignedFile } from '../../../lib/signed-download';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useJobList } from '../../../lib/use-job-list';
import { getReportDownload, HISTORY_PAGE, reportJobs, reportsApi, useReportListQuery } from '../api/reports-api';
import styles from './reports.module.css';

/** While a file is being made, the history is read again this often (live events are the fast path). */
export const REPORT_HISTORY_POLL_MS = 3000;

function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The local day (DD-MM-YYYY) and time of a timestamp. */
function whenText(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const running = reportJobs.isRunning;

interface ReportHistoryProps {
  campaignId: string;
  /** A report's files, or 'filing': the files of the Filings page. */
  type: ReportType | 'filing';
}

/**
 * The files made of this report: newest first, live progress, a Download button when ready. A file
 * the page starts shows at once (the start's answer goes into the list: reports-api.ts showStarted).
 */
export function ReportHistory({ campaignId, type }: ReportHistoryProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [page, setPage] = useState(1);
  const list = useJobList(campaignId ? { campaignId, type, page } : skipToken, {
    ...reportJobs,
    pollMs: REPORT_HISTORY_POLL_MS,
    useList: useReportListQuery,
    patch: (args, recipe) => void dispatch(reportsApi.util.updateQueryData('reportList', args, recipe)),
    anyDone: true,
    onDone: (event, entry) => {
      if (entry && event.status === 'ready') notify.success(t('reports.history.isReady', { title: entry.title }));
      if (entry && event.status === 'failed') notify.error(t('reports.history.hasFailed', { title: entry.title, message: event.message ?? t('reports.history.failedReason') }));
    },
  });
  const data = useCampaignData(list, campaignId);
  const rows = data?.report_list ?? [];

  const download = async (entry: ReportEntry) => {
    try {
      const file = await getReportDownload(entry.report_id, campaignId);
      downloadSignedFile(file.url, file.file_name);
    } catch (err) {
      notify.apiError(err);
    }
  };

  const columns: DataTableColumn<ReportEntry>[] = [
    { id: 'title', header: t('reports.history.file'), rowHeader: true, cell: (r) => r.title },
    {
      id: 'when',
      header: t('reports.history.requested'),
      nowrap: true,
      cell: (r) => (
        <span className={listStyles.stack}>
          <time dateTime={r.created_at}>{whenText(r.created_at)}</time>
          {r.created_by && <span className={listStyles.muted}>{t('reports.history.byName', { name: r.created_by.name || '—' })}</span>}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('reports.history.status'),
      cell: (r) => {
        if (running(r)) {
          const percent = progressPercent({ done: r.progress_done, total: r.progress_total }) ?? 0;
          return (
            <span className={listStyles.stack}>
              <progress className={styles.progress} max={100} value={percent} aria-label={t('reports.history.progress', { title: r.title, percent })} />
              <span className={listStyles.muted}>
                {t(`reports.history.${r.status}`)} {percent}%
              </span>
            </span>
          );
        }
        if (r.status === 'failed') return <span className={styles.failed}>{r.message ?? t('reports.history.failed')}</span>;
        const rowCount = r.row_count ?? 0;
        return t('reports.history.ready', { count: rowCount, formatted: rowCount.toLocaleString('en-US') });
      },
    },
    { id: 'size', header: t('reports.history.size'), align: 'end', nowrap: true, cell: (r) => sizeText(r.size_bytes) },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('reports.history.actions')}</span>,
      cell: (r) =>
        r.status === 'ready' ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`}
            aria-label={t('reports.history.downloadOf', { title: r.title })}
            onClick={() => void download(r)}
          >
            {t('reports.history.download')}
          </button>
        ) : null,
    },
  ];

  return (
    <section className={styles.history} aria-labelledby="report-history-title">
      <h2 id="report-history-title" className={styles.sectionTitle}>
        {t('reports.history.title')}
      </h2>
      <DataTable
        caption={t('reports.history.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.report_id}
        loading={list.isFetching && !data}
        error={list.error && !data ? apiErrorMessage(list.error) : undefined}
        empty={t('reports.history.empty')}
      />
      {(data?.total ?? 0) > HISTORY_PAGE && (
        <Pager page={page} pageSize={HISTORY_PAGE} total={data?.total ?? 0} onPageChange={setPage} label={t('reports.history.pages')} />
      )}
    </section>
  );
}
