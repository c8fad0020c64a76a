import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/use-page-title';
import buttonStyles from './button.module.css';
import styles from './status-page.module.css';

/** The 404 page: unavailable, may not exist or may have moved, Back to Home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.notFound.title'));
  return (
    // Inside the plain layout's <main>: a section, never a second main (axe: landmark-no-duplicate-main).
    <section className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.heading}>{t('pages.notFound.heading')}</h1>
      <p className={styles.detail}>{t('pages.notFound.detail')}</p>
      <Link to={paths.home} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
        {t('pages.notFound.backHome')}
      </Link>
    </section>
  );
}

export default NotFoundPage;
