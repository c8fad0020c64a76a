import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';
import styles from './status-page.module.css';

export function MaintenancePage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.maintenance.title'));
  return (
    <main className={styles.page}>
      <img src="/logo.svg" alt="" width={64} height={64} />
      <h1 className={styles.heading}>{t('pages.maintenance.heading')}</h1>
      <p className={styles.detail}>{t('pages.maintenance.detail')}</p>
    </main>
  );
}
