import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import { LoadingOverlay } from '../../components/loading-overlay';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { useRouteFocus } from '../../lib/use-route-focus';
import { config } from '../../config/env';
import styles from './auth-layout.module.css';

/** Two columns: illustration on the left at ≥ 992 px, the form card on the right. */
export function AuthLayout() {
  const { t } = useTranslation();
  useRouteFocus();
  return (
    <div className={styles.layout} data-layout="auth">
      <SkipLink />
      <aside className={styles.art}>
        <img src="/auth-illustration.svg" alt="" className={styles.illustration} />
        <p className={styles.tagline}>{t('auth.tagline')}</p>
      </aside>
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <LanguagePicker className={styles.language} />
        <div className={styles.brand}>
          <img src="/logo.svg" alt="" width={40} height={40} />
          <span>{config.companyName}</span>
        </div>
        <div className={styles.card}>
          <Suspense fallback={<LoadingOverlay inline />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
