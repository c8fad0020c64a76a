import { useTranslation } from 'react-i18next';
import { config } from '../../config/env';
import styles from './footer.module.css';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className={styles.footer}>
      <span>{t('app.copyright', { year: new Date().getFullYear(), company: config.companyName })}</span>
      <span>{t('app.version', { version: config.version })}</span>
    </footer>
  );
}
