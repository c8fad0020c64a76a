import { useTranslation } from 'react-i18next';
import buttonStyles from './button.module.css';
import styles from './status-page.module.css';

/** A page that failed to draw: "Something went wrong" and a reload (the router's and the donors' entry's error page). */
export function FailedPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t('errors.SOMETHING_WENT_WRONG')}</h1>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </main>
  );
}
