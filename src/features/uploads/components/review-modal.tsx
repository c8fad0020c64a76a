import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUNNING_UPLOAD_STATUSES, type DateOrder, type UploadAction } from '../../../../domain/imports/api-contract';
import { progressPercent } from '../../../../domain/live-events';
import buttonStyles from '../../../components/button.module.css';
import { StaticModal } from '../../../components/static-modal';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useAppDispatch } from '../../../app/hooks';
import { useJobList } from '../../../lib/use-job-list';
import '../../../lib/staff-catalogue';
import { downloadUploadFile, uploadDetailJobs, uploadsApi, useActOnUploadMutation, useGetUploadQuery } from '../api/uploads-api';
import { formatDateTime } from '../format-time';
import { CancelUploadConfirm } from './cancel-upload-confirm';
import { DateOrderChoice } from './date-order-choice';
import { ReviewRows } from './review-rows';
import { UploadProgress } from './upload-progress';
import { UploadStatusBadge } from './upload-status-badge';
import styles from './uploads.module.css';

interface ReviewModalProps {
  campaignId: string;
  uploadId: string;
  canWrite: boolean;
  onClose: () => void;
}

/** While a job runs, the upload is read again this often (live events are the fast path). */
export const REVIEW_POLL_MS = 2000;
const COUNT_KEYS = ['valid', 'rejected', 'duplicates', 'imported', 'total'] as const;

/**
 * One upload: its counts, progress, first rows with their outcome, the reasons, and what can be done
 * next. Polled while its job runs, with live progress (use-job-list.ts); an action reads it and the
 * history again (the Upload tag).
 */
export function ReviewModal({ campaignId, uploadId, canWrite, onClose }: ReviewModalProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const detail = useJobList(
    { campaignId, uploadId },
    { ...uploadDetailJobs, pollMs: REVIEW_POLL_MS, useList: useGetUploadQuery, patch: (args, recipe) => void dispatch(uploadsApi.util.updateQueryData('getUpload', args, recipe)) },
  );
  const [actOnUpload] = useActOnUploadMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const upload = detail.currentData?.id === uploadId ? detail.currentData : null;
  const running = upload ? RUNNING_UPLOAD_STATUSES.includes(upload.status) : false;
  const statusLine = useRef<HTMLParagraphElement>(null);
  /** An action took its button away (Import, Cancel): focus goes to the status line. */
  const focusStatus = useRef(false);
  useEffect(() => {
    if (!focusStatus.current) return;
    focusStatus.current = false;
    statusLine.current?.focus();
  });

  const act = async (action: UploadAction, dateOrder?: DateOrder) => {
    setBusy(true);
    setError(null);
    try {
      await actOnUpload({ campaignId, uploadId, action, dateOrder }).unwrap();
      if (action !== 'revalidate') focusStatus.current = true;
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
      setConfirmCancel(false);
    }
  };

  const download = (file: 'original' | 'errors') => void downloadUploadFile(campaignId, uploadId, file).catch((err: unknown) => setError(apiErrorMessage(err)));
  const progress = upload?.progress ?? null;
  const percent = progress ? progressPercent(progress) : null;
  // One source of truth while importing (issue 33.9): the tiles count the rows the bar counts; the
  // stored counts (exact, rows refused at write included) take over once the import ends.
  const counts =
    upload && upload.status === 'importing' && progress && progress.done >= upload.counts.imported
      ? { ...upload.counts, imported: progress.done, valid: Math.max(0, (progress.total ?? upload.counts.valid + upload.counts.imported) - progress.done) }
      : upload?.counts;
  const title = upload ? t('uploads.review.title', { file: upload.file_name }) : t('uploads.review.loading');

  return (
    <StaticModal open title={title} onClose={onClose} size="wide">
      <div aria-busy={detail.isFetching || undefined}>
        {!upload && (detail.error ? <p role="alert">{apiErrorMessage(detail.error)}</p> : <p role="status">{t('uploads.review.loading')}</p>)}
        {upload && (
          <>
            <p ref={statusLine} tabIndex={-1} className={styles.statusLine}>
              <UploadStatusBadge status={upload.status} />{' '}
              <span className={styles.muted}>
                {t('uploads.review.meta', { type: t(`uploads.type.${upload.type}`), name: upload.created_by.name ?? '—', when: formatDateTime(upload.created_at) })}
                {upload.validate_only ? ` · ${t('uploads.review.validateOnly')}` : ''}
              </span>
            </p>
            {upload.message && <p className={styles.notice}>{upload.message}</p>}
            {running && (
              <UploadProgress
                percent={percent}
                label={
                  upload.status === 'validating'
                    ? t('uploads.review.validating', { done: (progress?.done ?? 0).toLocaleString('en-US') })
                    : t('uploads.review.importing', { done: (progress?.done ?? 0).toLocaleString('en-US'), total: progress?.total?.toLocaleString('en-US') ?? '…' })
                }
              />
            )}
            <ul className={styles.counts} aria-label={t('uploads.review.counts')}>
              {COUNT_KEYS.map((key) => (
                <li key={key} className={counts![key] > 0 ? styles[`count_${key}`] : undefined}>
                  <strong>{counts![key].toLocaleString('en-US')}</strong>
                  {t(`uploads.counts.${key}`)}
                </li>
              ))}
            </ul>
            {upload.same_file_as && (
              <p className={styles.notice} role="note">
                {t('uploads.review.sameFile', { file: upload.same_file_as.file_name, date: formatDate(upload.same_file_as.created_at) })}
              </p>
            )}
            {/* Also once day-first was chosen: a file whose dates read only day-first is no longer "ambiguous", and the choice must stay reversible. */}
            {(upload.date_order_ambiguous || upload.date_order === 'dmy') && (
              <DateOrderChoice
                value={upload.date_order}
                disabled={busy || !canWrite || (upload.status !== 'ready' && upload.status !== 'validated')}
                onChange={(order) => void act('revalidate', order)}
              />
            )}
            <ReviewRows rows={upload.rows} reasons={upload.reasons} total={upload.counts.total} />
            {error && (
              <p className={styles.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.footer}>
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => download('original')}>
                {t('uploads.actions.original')}
              </button>
              {upload.has_error_report && (
                <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => download('errors')}>
                  {t('uploads.actions.errors')}
                </button>
              )}
              {canWrite && (running || upload.status === 'ready') && (
                <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} disabled={busy} onClick={() => setConfirmCancel(true)}>
                  {running ? t('uploads.actions.stop') : t('uploads.actions.cancel')}
                </button>
              )}
              {canWrite && upload.status === 'ready' && (
                <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} disabled={busy || upload.counts.valid === 0} aria-busy={busy || undefined} onClick={() => void act('import')}>
                  {t('uploads.actions.import', { count: upload.counts.valid, formatted: upload.counts.valid.toLocaleString('en-US') })}
                </button>
              )}
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
                {t('uploads.actions.close')}
              </button>
            </div>
          </>
        )}
      </div>
      <CancelUploadConfirm upload={confirmCancel ? upload : null} busy={busy} onConfirm={() => void act('cancel')} onCancel={() => setConfirmCancel(false)} />
    </StaticModal>
  );
}
