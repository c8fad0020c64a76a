import { UPLOAD_STATUS_LABELS, type UploadStatus } from '../../../../domain/imports/api-contract';
import styles from './uploads.module.css';

/** The status label of an upload as a coloured badge (green done, amber to look at, red failed or cancelled). */
export function UploadStatusBadge({ status }: { status: UploadStatus }) {
  return <span className={`${styles.status} ${styles[`status_${status}`] ?? ''}`}>{UPLOAD_STATUS_LABELS[status]}</span>;
}
