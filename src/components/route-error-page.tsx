import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page';
import buttonStyles from './button.module.css';
import styles from './status-page.module.css';

/** Router error boundary: 404 responses show the 404 page, anything else offers a reload. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>{t('errors.SOMETHING_WENT_WRONG')}</h1>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </main>
  );
}
