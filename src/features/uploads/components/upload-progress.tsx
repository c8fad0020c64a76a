import { useId } from 'react';
import styles from './uploads.module.css';

/** A progress bar (role progressbar) named by its text: `percent` 0–100, or null while the total is unknown (indeterminate). */
export function UploadProgress({ percent, label }: { percent: number | null; label: string }) {
  const labelId = useId();
  return (
    <div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? { 'aria-valuetext': label } : { 'aria-valuenow': percent })}
      >
        <div className={`${styles.progressFill} ${percent === null ? styles.progressIndeterminate : ''}`} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <span id={labelId} className={styles.progressLabel}>
        {label}
      </span>
    </div>
  );
}
