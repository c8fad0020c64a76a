import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { progressPercent } from '../../../../domain/live-events';
import { REPORT_LIVE_KIND, type ReportEntry, type ReportType } from '../../../../domain/reports/api-contract';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useLiveEvent } from '../../../lib/live-events';
import { downloadSignedFile } from '../../../lib/signed-download';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useRemote } from '../../../lib/use-remote';
import { getReportDownload, listReports } from '../api/reports-api';
import styles from './reports.module.css';

/** While a file is being made, the history is read again this often (live events are the fast path). */
export const REPORT_HISTORY_POLL_MS = 3000;
const HISTORY_PAGE = 10;

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

const running = (entry: ReportEntry) => entry.status === 'queued' || entry.status === 'running';

interface ReportHistoryProps {
  campaignId: string;
  /** A report's files, or 'filing': the files of the Filings page. */
  type: ReportType | 'filing';
  /** Bumped by the page when it starts a file: read the list again. */
  refresh: number;
  /** Files the page started, newest first: shown at once, until the list holds them. */
  started: readonly ReportEntry[];
}

/** The files made of this report: newest first, live progress, a Download button when ready. */
export function ReportHistory({ campaignId, type, refresh, started }: ReportHistoryProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useRemote(`${campaignId}:${type}:${page}:${refresh}`, () => listReports(campaignId, type, { page, limit: HISTORY_PAGE, sort: '-created_at' }));
  const [live, setLive] = useState<Record<string, { done: number; total: number | null }>>({});
  const listed = list.data?.report_list ?? [];
  const rows = page === 1 ? [...started.filter((s) => !listed.some((r) => r.report_id === s.report_id)), ...listed] : listed;
  const anyRunning = rows.some(running);
  const { reload } = list;

  useLiveEvent('progress', REPORT_LIVE_KIND, (event) => setLive((current) => ({ ...current, [event.id]: { done: event.done, total: event.total } })));
  useLiveEvent('done', REPORT_LIVE_KIND, (event) => {
    setLive(({ [event.id]: _ended, ...others }) => others);
    const entry = rows.find((r) => r.report_id === event.id);
    if (entry && event.status === 'ready') notify.success(t('reports.history.isReady', { title: entry.title }));
    if (entry && event.status === 'failed') notify.error(t('reports.history.hasFailed', { title: entry.title, message: event.message ?? t('reports.history.failedReason') }));
    reload();
  });
  const poll = useCallback(() => reload(), [reload]);
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(poll, REPORT_HISTORY_POLL_MS);
    return () => clearInterval(timer);
  }, [anyRunning, poll]);

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
          const percent = progressPercent(live[r.report_id] ?? { done: r.progress_done, total: r.progress_total }) ?? 0;
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
        loading={list.loading && !list.data}
        error={list.error && !list.data ? apiErrorMessage(list.error) : undefined}
        empty={t('reports.history.empty')}
      />
      {(list.data?.total ?? 0) > HISTORY_PAGE && (
        <Pager page={page} pageSize={HISTORY_PAGE} total={list.data?.total ?? 0} onPageChange={setPage} label={t('reports.history.pages')} />
      )}
    </section>
  );
}
