import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RUNNING_UPLOAD_STATUSES, UPLOAD_STATUS_LABELS, type DateOrder, type UploadAction, type UploadDetail } from '../../../../domain/imports/api-contract';
import { progressPercent } from '../../../../domain/live-events';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { StaticModal } from '../../../components/static-modal';
import { apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useLiveEvent } from '../../../lib/live-events';
import { useRemote } from '../../../lib/use-remote';
import '../../../lib/staff-catalogue';
import { actOnUpload, downloadUploadFile, getUpload } from '../api/uploads-api';
import { UploadProgress } from './upload-progress';
import styles from './uploads.module.css';

interface ReviewModalProps {
  campaignId: string;
  uploadId: string;
  canWrite: boolean;
  onClose: () => void;
  /** Something changed (an action): the history reloads. */
  onChanged: () => void;
}

const POLL_MS = 2000;

/** One upload: its counts, progress, first rows with their outcome, the reasons, and what can be done next. */
export function ReviewModal({ campaignId, uploadId, canWrite, onClose, onChanged }: ReviewModalProps) {
  const { t } = useTranslation();
  const detail = useRemote<UploadDetail>(`${campaignId}:${uploadId}`, () => getUpload(campaignId, uploadId));
  const [live, setLive] = useState<{ done: number; total: number | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const upload = detail.data;
  const running = upload ? RUNNING_UPLOAD_STATUSES.includes(upload.status) : false;
  const { reload } = detail;

  useLiveEvent('progress', 'import', (event) => {
    if (event.id === uploadId) setLive({ done: event.done, total: event.total });
  });
  useLiveEvent('done', 'import', (event) => {
    if (event.id === uploadId) {
      setLive(null);
      reload();
      onChanged();
    }
  });
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);

  const act = async (action: UploadAction, dateOrder?: DateOrder) => {
    setBusy(true);
    setError(null);
    try {
      await actOnUpload(campaignId, uploadId, action, dateOrder);
      setLive(null);
      reload();
      onChanged();
    } catch (err) {
      setError(apiErrorMessage(err));
    } finally {
      setBusy(false);
      setConfirmCancel(false);
    }
  };

  const download = (file: 'original' | 'errors') => void downloadUploadFile(campaignId, uploadId, file).catch((err: unknown) => setError(apiErrorMessage(err)));
  const progress = live ?? upload?.progress ?? null;
  const percent = progress ? progressPercent(progress) : null;

  return (
    <StaticModal open title={upload ? t('uploads.review.title', { file: upload.file_name }) : t('uploads.review.loading')} onClose={onClose} onEscape={onClose} size="wide">
      <div>
        {!upload && (detail.error ? <p role="alert">{apiErrorMessage(detail.error)}</p> : <p>{t('uploads.review.loading')}</p>)}
        {upload && (
          <>
            <p>
              <span className={`${styles.status} ${styles[`status_${upload.status}`] ?? ''}`}>{UPLOAD_STATUS_LABELS[upload.status]}</span>{' '}
              <span className={styles.muted}>
                {t(`uploads.type.${upload.type}`)} · {upload.created_by.name ?? '—'} · {formatDate(upload.created_at)}
              </span>
            </p>
            {upload.message && <p className={styles.notice}>{upload.message}</p>}
            {running && (
              <UploadProgress
                percent={percent}
                label={t(upload.status === 'validating' ? 'uploads.review.validating' : 'uploads.review.importing', { done: progress?.done ?? 0, total: progress?.total ?? '…' })}
              />
            )}
            <ul className={styles.counts} aria-label={t('uploads.review.counts')}>
              {(['total', 'valid', 'imported', 'rejected', 'duplicates'] as const).map((key) => (
                <li key={key}>
                  <strong>{upload.counts[key].toLocaleString('en-US')}</strong>
                  {t(`uploads.counts.${key}`)}
                </li>
              ))}
            </ul>
            {upload.same_file_as && (
              <p className={styles.notice}>{t('uploads.review.sameFile', { file: upload.same_file_as.file_name, date: formatDate(upload.same_file_as.created_at) })}</p>
            )}
            {upload.date_order_ambiguous && canWrite && (upload.status === 'ready' || upload.status === 'validated') && (
              <fieldset className={styles.radios}>
                <legend className={styles.legend}>{t('uploads.review.dateOrder')}</legend>
                {(['mdy', 'dmy'] as const).map((order) => (
                  <label key={order}>
                    <input type="radio" name="date-order" checked={upload.date_order === order} disabled={busy} onChange={() => void act('revalidate', order)} /> {t(`uploads.review.order_${order}`)}
                  </label>
                ))}
              </fieldset>
            )}
            {upload.reasons.length > 0 && (
              <>
                <h3>{t('uploads.review.reasons')}</h3>
                <ul>
                  {upload.reasons.map((r) => (
                    <li key={r.reason}>
                      {r.reason} <span className={styles.muted}>({r.count.toLocaleString('en-US')})</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h3>{t('uploads.review.rows', { count: upload.rows.length })}</h3>
            <div className={styles.tableWrap}>
              <table className={styles.small}>
                <caption className="visually-hidden">{t('uploads.review.rowsCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('uploads.review.row')}</th>
                    <th scope="col">{t('uploads.review.outcome')}</th>
                    <th scope="col">{t('uploads.review.values')}</th>
                    <th scope="col">{t('uploads.review.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {upload.rows.map((row) => (
                    <tr key={row.row_number}>
                      <th scope="row">{row.row_number}</th>
                      <td>{t(`uploads.outcome.${row.outcome}`)}</td>
                      <td>{[row.values.name ?? [row.values.first_name, row.values.last_name].filter(Boolean).join(' '), row.values.donor_email, row.values.paid_amount ?? row.values.commitment_amount].filter(Boolean).join(' · ')}</td>
                      <td>{row.reason ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
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
                  {t('uploads.actions.cancel')}
                </button>
              )}
              {canWrite && upload.status === 'ready' && (
                <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} disabled={busy || upload.counts.valid === 0} aria-busy={busy} onClick={() => void act('import')}>
                  {t('uploads.actions.import', { count: upload.counts.valid })}
                </button>
              )}
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
                {t('uploads.actions.close')}
              </button>
            </div>
          </>
        )}
      </div>
      <ConfirmModal
        open={confirmCancel}
        title={t('uploads.cancel.title')}
        confirmLabel={t('uploads.cancel.confirm')}
        cancelLabel={t('uploads.cancel.keep')}
        busy={busy}
        onConfirm={() => void act('cancel')}
        onCancel={() => setConfirmCancel(false)}
      >
        <p>{running && upload?.status === 'importing' ? t('uploads.cancel.importing') : t('uploads.cancel.body')}</p>
      </ConfirmModal>
    </StaticModal>
  );
}
