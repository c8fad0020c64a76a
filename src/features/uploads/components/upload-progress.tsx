import styles from './uploads.module.css';

/** A progress bar (role progressbar): `percent` 0–100, or null while the total is unknown (indeterminate). */
export function UploadProgress({ percent, label }: { percent: number | null; label: string }) {
  return (
    <div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent })}
      >
        <div className={`${styles.progressFill} ${percent === null ? styles.progressIndeterminate : ''}`} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
      <span className={styles.progressLabel}>{label}</span>
    </div>
  );
}
