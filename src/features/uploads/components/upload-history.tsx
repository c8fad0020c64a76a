import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RUNNING_UPLOAD_STATUSES, UPLOAD_STATUSES, UPLOAD_STATUS_LABELS, type UploadRow } from '../../../../domain/imports/api-contract';
import { progressPercent } from '../../../../domain/live-events';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import { SearchBox } from '../../../components/search-box';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useLiveEvent } from '../../../lib/live-events';
import { useRemote } from '../../../lib/use-remote';
import '../../../lib/staff-catalogue';
import { downloadUploadFile, listUploads, type UploadListQuery } from '../api/uploads-api';
import { UploadProgress } from './upload-progress';
import styles from './uploads.module.css';

const POLL_MS = 3000;
const TYPES = ['all', 'donor', 'payment'] as const;

function readQuery(params: URLSearchParams): UploadListQuery {
  const type = params.get('type');
  return {
    type: type === 'donor' || type === 'payment' ? type : 'all',
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: [10, 25, 50, 100].includes(Number(params.get('limit'))) ? Number(params.get('limit')) : 25,
    sort: params.get('sort') || '-created_at',
    status: params.get('status') ?? '',
    search: params.get('search') ?? '',
  };
}

interface UploadHistoryProps {
  campaignId: string;
  canWrite: boolean;
  /** Bumped by the page when an upload starts: reload. */
  refresh: number;
  onReview: (uploadId: string) => void;
  onUpload: () => void;
}

/** /bulk-history's list: every upload of the campaign, paged, sorted and filtered on the server, with live progress. */
export function UploadHistory({ campaignId, canWrite, refresh, onReview, onUpload }: UploadHistoryProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const list = useRemote(`${campaignId}:${JSON.stringify(query)}:${refresh}`, () => listUploads(campaignId, query));
  const [live, setLive] = useState<Record<string, { done: number; total: number | null }>>({});
  const [error, setError] = useState<string | null>(null);
  const rows = list.data?.upload_list ?? [];
  const anyRunning = rows.some((r) => RUNNING_UPLOAD_STATUSES.includes(r.status));
  const { reload } = list;

  const update = useCallback(
    (patch: Partial<UploadListQuery>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        const merged = { ...readQuery(current), ...('page' in patch ? {} : { page: 1 }), ...patch };
        for (const [key, value] of Object.entries(merged)) {
          const isDefault = (key === 'type' && value === 'all') || (key === 'page' && value === 1) || (key === 'limit' && value === 25) || (key === 'sort' && value === '-created_at') || value === '';
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      }),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  useLiveEvent('progress', 'import', (event) => setLive((current) => ({ ...current, [event.id]: { done: event.done, total: event.total } })));
  useLiveEvent('done', 'import', () => {
    setLive({});
    reload();
  });
  useEffect(() => {
    if (!anyRunning) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [anyRunning, reload]);

  const download = (row: UploadRow, file: 'original' | 'errors') => void downloadUploadFile(campaignId, row.id, file).catch((err: unknown) => setError(apiErrorMessage(err)));

  const columns: DataTableColumn<UploadRow>[] = [
    {
      id: 'file',
      header: t('uploads.columns.file'),
      sortKey: 'file_name',
      rowHeader: true,
      cell: (r) => (
        <>
          <button type="button" className={`${styles.linkButton} ${styles.fileName}`} onClick={() => onReview(r.id)}>
            {r.file_name}
          </button>
          <span className={styles.sub}>{t(`uploads.type.${r.type}`)}</span>
        </>
      ),
    },
    {
      id: 'when',
      header: t('uploads.columns.when'),
      sortKey: 'created_at',
      descendingFirst: true,
      nowrap: true,
      cell: (r) => (
        <>
          {formatDate(r.created_at)} {r.created_at.slice(11, 16)}
          <span className={styles.sub}>{t('uploads.columns.byName', { name: r.created_by.name ?? '—' })}</span>
        </>
      ),
    },
    {
      id: 'status',
      header: t('uploads.columns.status'),
      sortKey: 'status',
      width: '14rem',
      cell: (r) => {
        if (!RUNNING_UPLOAD_STATUSES.includes(r.status)) return <span className={`${styles.status} ${styles[`status_${r.status}`] ?? ''}`}>{UPLOAD_STATUS_LABELS[r.status]}</span>;
        const progress = live[r.id] ?? r.progress;
        const percent = progressPercent(progress);
        return <UploadProgress percent={percent} label={`${UPLOAD_STATUS_LABELS[r.status]} ${percent === null ? `(${progress.done.toLocaleString('en-US')} rows)` : `${percent}%`}`} />;
      },
    },
    { id: 'imported', header: t('uploads.counts.imported'), align: 'end', cell: (r) => r.counts.imported.toLocaleString('en-US') },
    { id: 'rejected', header: t('uploads.counts.rejected'), align: 'end', cell: (r) => r.counts.rejected.toLocaleString('en-US') },
    { id: 'duplicates', header: t('uploads.counts.duplicates'), align: 'end', cell: (r) => r.counts.duplicates.toLocaleString('en-US') },
    {
      id: 'actions',
      header: t('uploads.columns.actions'),
      nowrap: true,
      cell: (r) => (
        <div className={styles.rowActions}>
          <button type="button" className={styles.linkButton} onClick={() => onReview(r.id)}>
            {r.status === 'ready' ? t('uploads.actions.review') : t('uploads.actions.open')}
          </button>
          <button type="button" className={styles.linkButton} onClick={() => download(r, 'original')} aria-label={t('uploads.actions.originalOf', { file: r.file_name })}>
            {t('uploads.actions.originalShort')}
          </button>
          {r.has_error_report && (
            <button type="button" className={styles.linkButton} onClick={() => download(r, 'errors')} aria-label={t('uploads.actions.errorsOf', { file: r.file_name })}>
              {t('uploads.actions.errorsShort')}
            </button>
          )}
        </div>
      ),
    },
  ];

  const filtered = query.type !== 'all' || query.status !== '' || query.search !== '';
  return (
    <section className={styles.card} aria-labelledby="uploads-heading">
      <div className={styles.headerRow}>
        <h2 id="uploads-heading" className={styles.heading}>
          {t('uploads.history.title')}
        </h2>
        {canWrite && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={onUpload}>
            {t('uploads.history.upload')}
          </button>
        )}
      </div>
      <div className={styles.filters}>
        <SearchBox label={t('uploads.history.search')} value={query.search ?? ''} onSearch={onSearch} />
        <select aria-label={t('uploads.history.type')} value={query.type} onChange={(e) => update({ type: e.target.value as UploadListQuery['type'] })}>
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`uploads.filter.${type}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('uploads.history.status')} value={query.status} onChange={(e) => update({ status: e.target.value })}>
          <option value="">{t('uploads.filter.anyStatus')}</option>
          {UPLOAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {UPLOAD_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <DataTable
        caption={t('uploads.history.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.loading}
        error={list.error ? apiErrorMessage(list.error) : undefined}
        sort={query.sort}
        onSortChange={(sort) => update({ sort })}
        empty={
          <EmptyState
            text={filtered ? t('uploads.history.noMatch') : t('uploads.history.empty')}
            action={
              canWrite && !filtered ? (
                <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={onUpload}>
                  {t('uploads.history.upload')}
                </button>
              ) : undefined
            }
          />
        }
      />
      <Pager page={query.page} pageSize={query.limit} total={list.data?.total ?? 0} onPageChange={(page) => update({ page })} onPageSizeChange={(limit) => update({ limit })} label={t('uploads.history.title')} />
    </section>
  );
}
