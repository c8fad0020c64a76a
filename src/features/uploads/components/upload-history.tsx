import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUNNING_UPLOAD_STATUSES, UPLOAD_STATUSES, UPLOAD_STATUS_LABELS, type UploadFileKind, type UploadRow } from '../../../../domain/imports/api-contract';
import { IMPORT_TYPES } from '../../../../domain/imports/templates';
import { progressPercent } from '../../../../domain/live-events';
import buttonStyles from '../../../components/button.module.css';
import { DataTable, EmptyState, Pager, type DataTableColumn } from '../../../components/data-table';
import listStyles from '../../../components/data-table/list-page.module.css';
import { SearchBox } from '../../../components/search-box';
import { SelectField } from '../../../components/select-field';
import { useAppDispatch } from '../../../app/hooks';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useJobList } from '../../../lib/use-job-list';
import '../../../lib/staff-catalogue';
import { downloadUploadFile, importEnded, uploadListJobs, uploadsApi, useActOnUploadMutation, useListUploadsQuery } from '../api/uploads-api';
import { formatDateTime } from '../format-time';
import { hasFilters, readUploadListState, uploadListQuery, withUploadListState, type UploadListState } from '../upload-query';
import { CancelUploadConfirm } from './cancel-upload-confirm';
import { UploadProgress } from './upload-progress';
import { UploadStatusBadge } from './upload-status-badge';
import styles from './uploads.module.css';
import { useUrlParams } from '../../../lib/use-url-params';

/** While a visible upload runs, the page is read again this often (live events are the fast path). */
export const HISTORY_POLL_MS = 3000;

interface UploadHistoryProps {
  campaignId: string;
  canWrite: boolean;
  onReview: (uploadId: string) => void;
  onUpload: () => void;
}

const count = (n: number) => n.toLocaleString('en-US');

/** /bulk-history's list: every upload of the campaign, paged, sorted and filtered on the server, with live progress. */
export function UploadHistory({ campaignId, canWrite, onReview, onUpload }: UploadHistoryProps) {
  const { t } = useTranslation();
  const [params, setParams] = useUrlParams();
  const state = readUploadListState(params);
  const query = uploadListQuery(state);
  const dispatch = useAppDispatch();
  // Uploads started, changed or cancelled here (dialog, review, Stop) read it again through the Upload tag.
  const list = useJobList(
    { campaignId, query },
    {
      ...uploadListJobs,
      pollMs: HISTORY_POLL_MS,
      useList: useListUploadsQuery,
      patch: (args, recipe) => void dispatch(uploadsApi.util.updateQueryData('listUploads', args, recipe)),
      anyDone: true,
      onDone: () => dispatch(importEnded()),
    },
  );
  const data = useCampaignData(list, campaignId);
  const [actOnUpload] = useActOnUploadMutation();
  const [cancelling, setCancelling] = useState<UploadRow | null>(null);
  const [busy, setBusy] = useState(false);
  const rows = data?.upload_list ?? [];
  /** Loading another page or filter dims the rows; a poll, a push or a write reads them again quietly. */
  const loading = list.isFetching && list.currentData === undefined;

  const update = useCallback(
    (patch: Partial<UploadListState>) =>
      setParams((current) => withUploadListState(current, { ...readUploadListState(current), ...('page' in patch ? {} : { page: 1 }), ...patch })),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const download = (r: UploadRow, file: UploadFileKind) => void downloadUploadFile(campaignId, r.id, file).catch((err: unknown) => notify.apiError(err));
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    try {
      await actOnUpload({ campaignId, uploadId: cancelling.id, action: 'cancel' }).unwrap();
      notify.success(t('uploads.cancel.done', { file: cancelling.file_name }));
      setCancelling(null);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };

  const small = `${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`;

  const columns: DataTableColumn<UploadRow>[] = [
    {
      id: 'file',
      header: t('uploads.columns.file'),
      sortKey: 'file_name',
      rowHeader: true,
      cell: (r) => (
        <span className={listStyles.stack}>
          <button type="button" className={`${styles.linkButton} ${styles.fileName}`} onClick={() => onReview(r.id)}>
            {r.file_name}
          </button>
          <span className={listStyles.muted}>{t(`uploads.type.${r.type}`)}</span>
        </span>
      ),
    },
    {
      id: 'when',
      header: t('uploads.columns.when'),
      sortKey: 'created_at',
      descendingFirst: true,
      nowrap: true,
      cell: (r) => (
        <span className={listStyles.stack}>
          <time dateTime={r.created_at}>{formatDateTime(r.created_at)}</time>
          <span className={listStyles.muted}>{t('uploads.columns.byName', { name: r.created_by.name ?? '—' })}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('uploads.columns.status'),
      sortKey: 'status',
      width: '13rem',
      cell: (r) => {
        if (!RUNNING_UPLOAD_STATUSES.includes(r.status)) return <UploadStatusBadge status={r.status} />;
        const progress = r.progress;
        const percent = progressPercent(progress);
        const detail = percent === null ? t('uploads.history.rowsSoFar', { count: progress.done, formatted: count(progress.done) }) : `${percent}%`;
        return <UploadProgress percent={percent} label={`${UPLOAD_STATUS_LABELS[r.status]} ${detail}`} />;
      },
    },
    { id: 'imported', header: t('uploads.counts.imported'), align: 'end', cell: (r) => count(r.counts.imported) },
    { id: 'rejected', header: t('uploads.counts.rejected'), align: 'end', cell: (r) => count(r.counts.rejected) },
    { id: 'duplicates', header: t('uploads.counts.duplicates'), align: 'end', cell: (r) => count(r.counts.duplicates) },
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('uploads.columns.actions')}</span>,
      cell: (r) => (
        <span className={styles.rowActions}>
          <button type="button" className={small} aria-label={t('uploads.actions.reviewOf', { file: r.file_name })} onClick={() => onReview(r.id)}>
            {t('uploads.actions.review')}
          </button>
          <button type="button" className={small} aria-label={t('uploads.actions.originalOf', { file: r.file_name })} onClick={() => download(r, 'original')}>
            {t('uploads.actions.originalShort')}
          </button>
          {r.has_error_report && (
            <button type="button" className={small} aria-label={t('uploads.actions.errorsOf', { file: r.file_name })} onClick={() => download(r, 'errors')}>
              {t('uploads.actions.errorsShort')}
            </button>
          )}
          {canWrite && RUNNING_UPLOAD_STATUSES.includes(r.status) && (
            <button type="button" className={small} aria-label={t('uploads.actions.cancelOf', { file: r.file_name })} onClick={() => setCancelling(r)}>
              {t('uploads.actions.stop')}
            </button>
          )}
        </span>
      ),
    },
  ];

  const filtered = hasFilters(state);
  const clear = () => update({ type: 'all', status: '', search: '' });
  const empty = filtered ? (
    <EmptyState
      text={t('uploads.history.noMatch')}
      action={
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={clear}>
          {t('uploads.history.clearFilters')}
        </button>
      }
    />
  ) : (
    <EmptyState
      text={t('uploads.history.empty')}
      action={
        canWrite && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={onUpload}>
            {t('uploads.history.upload')}
          </button>
        )
      }
    />
  );

  return (
    <section aria-labelledby="uploads-heading" className={styles.history}>
      <h2 id="uploads-heading" className="visually-hidden">
        {t('uploads.history.title')}
      </h2>
      <div className={styles.toolbar} role="search">
        <SearchBox className={styles.searchBox} label={t('uploads.history.search')} value={state.search} onSearch={onSearch} />
        <div className={styles.filter}>
          <SelectField
            label={t('uploads.history.type')}
            value={state.type === 'all' ? '' : state.type}
            placeholder={t('uploads.filter.all')}
            options={IMPORT_TYPES.map((type) => ({ value: type, label: t(`uploads.filter.${type}`) }))}
            onChange={(e) => update({ type: (e.target.value || 'all') as UploadListState['type'] })}
          />
        </div>
        <div className={styles.filter}>
          <SelectField
            label={t('uploads.history.status')}
            value={state.status}
            placeholder={t('uploads.filter.anyStatus')}
            options={UPLOAD_STATUSES.map((status) => ({ value: status, label: UPLOAD_STATUS_LABELS[status] }))}
            onChange={(e) => update({ status: e.target.value as UploadListState['status'] })}
          />
        </div>
        {filtered && (
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.clear}`} onClick={clear}>
            {t('uploads.history.clearFilters')}
          </button>
        )}
      </div>
      <DataTable
        caption={t('uploads.history.title')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={loading}
        error={list.error !== undefined ? apiErrorMessage(list.error) : undefined}
        sort={state.sort}
        onSortChange={(sort) => update({ sort })}
        empty={empty}
      />
      <Pager
        page={state.page}
        pageSize={state.limit}
        total={data?.total ?? 0}
        disabled={loading}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(limit) => update({ limit })}
        label={t('uploads.history.pages')}
      />
      <CancelUploadConfirm upload={cancelling} busy={busy} onConfirm={() => void cancel()} onCancel={() => setCancelling(null)} />
    </section>
  );
}
