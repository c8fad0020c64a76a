import { useCallback, useEffect, useState } from 'react';
import { progressPercent } from '../../../../domain/live-events';
import { REPORT_LIVE_KIND, type ReportEntry, type ReportType } from '../../../../domain/reports/api-contract';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { formatDate } from '../../../lib/format';
import { useLiveEvent } from '../../../lib/live-events';
import { notify } from '../../../lib/toast';
import { useRemote } from '../../../lib/use-remote';
import { downloadReport, listReports } from '../api/reports-api';
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

function whenText(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(iso)} ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const STATUS_LABELS: Record<ReportEntry['status'], string> = { queued: 'Queued', running: 'Preparing', ready: 'Ready', failed: 'Failed' };

/** The files made of this report: newest first, live progress, a download button when ready. */
export function ReportHistory({ campaignId, type, refresh }: { campaignId: string; type: ReportType; refresh: number }) {
  const [page, setPage] = useState(1);
  const list = useRemote(`${campaignId}:${type}:${page}:${refresh}`, () => listReports(campaignId, type, { page, limit: HISTORY_PAGE, sort: '-created_at' }));
  const [live, setLive] = useState<Record<string, { done: number; total: number | null }>>({});
  const rows = list.data?.report_list ?? [];
  const running = rows.some((r) => r.status === 'queued' || r.status === 'running');
  const { reload } = list;

  useLiveEvent('progress', REPORT_LIVE_KIND, (event) => setLive((current) => ({ ...current, [event.id]: { done: event.done, total: event.total } })));
  useLiveEvent('done', REPORT_LIVE_KIND, (event) => {
    setLive(({ [event.id]: _ended, ...others }) => others);
    const entry = rows.find((r) => r.report_id === event.id);
    if (entry && event.status === 'ready') notify.success(`${entry.title} is ready`);
    if (entry && event.status === 'failed') notify.error(`${entry.title}: ${event.message ?? 'it could not be generated'}`);
    reload();
  });
  const poll = useCallback(() => reload(), [reload]);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(poll, REPORT_HISTORY_POLL_MS);
    return () => clearInterval(timer);
  }, [running, poll]);

  const columns: DataTableColumn<ReportEntry>[] = [
    { id: 'title', header: 'File', rowHeader: true, cell: (r) => r.title },
    {
      id: 'when',
      header: 'Requested',
      nowrap: true,
      cell: (r) => (
        <span className={listStyles.stack}>
          <time dateTime={r.created_at}>{whenText(r.created_at)}</time>
          {r.created_by && <span className={listStyles.muted}>by {r.created_by.name || '—'}</span>}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => {
        if (r.status === 'queued' || r.status === 'running') {
          const progress = live[r.report_id] ?? { done: r.progress_done, total: r.progress_total };
          const percent = progressPercent(progress) ?? 0;
          return (
            <span className={listStyles.stack}>
              <progress className={styles.progress} max={100} value={percent} aria-label={`${r.title}: ${percent}%`} />
              <span className={listStyles.muted}>
                {STATUS_LABELS[r.status]} {percent}%
              </span>
            </span>
          );
        }
        return <span className={r.status === 'failed' ? styles.failed : undefined}>{r.status === 'failed' ? (r.message ?? STATUS_LABELS.failed) : `${STATUS_LABELS.ready} · ${(r.row_count ?? 0).toLocaleString('en-US')} rows`}</span>;
      },
    },
    { id: 'size', header: 'Size', align: 'end', nowrap: true, cell: (r) => sizeText(r.size_bytes) },
    {
      id: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (r) =>
        r.status === 'ready' ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`}
            aria-label={`Download ${r.title}`}
            onClick={() => void downloadReport(campaignId, r.report_id).catch((err: unknown) => notify.apiError(err))}
          >
            Download
          </button>
        ) : null,
    },
  ];

  return (
    <section className={styles.history} aria-labelledby="report-history-title">
      <h2 id="report-history-title" className={styles.sectionTitle}>
        Generated files
      </h2>
      <DataTable
        caption="Generated files"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.report_id}
        loading={list.loading && !list.data}
        error={list.error && !list.data ? 'The files could not be loaded.' : undefined}
        empty="No file yet: choose Download to make one with the filters above."
      />
      {(list.data?.total ?? 0) > HISTORY_PAGE && <Pager page={page} pageSize={HISTORY_PAGE} total={list.data?.total ?? 0} onPageChange={setPage} label="Generated files pages" />}
    </section>
  );
}
