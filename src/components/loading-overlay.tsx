import { useTranslation } from 'react-i18next';
import styles from './loading-overlay.module.css';

interface LoadingOverlayProps {
  label?: string;
  /** Full page (default) or inside the content area. */
  inline?: boolean;
}

/** Loading indicator announced to assistive technology. */
export function LoadingOverlay({ label, inline = false }: LoadingOverlayProps) {
  const { t } = useTranslation();
  return (
    <div className={inline ? styles.inline : styles.overlay} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
