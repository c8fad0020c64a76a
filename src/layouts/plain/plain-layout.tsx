import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay';
import { config } from '../../config/env';
import { paths } from '../../config/paths';
import styles from './plain-layout.module.css';

/** Open pages (public donation page, payment result, 404): brand bar and content only. */
export function PlainLayout() {
  return (
    <div className={styles.layout} data-layout="plain">
      <header className={styles.bar}>
        <Link to={paths.home} className={styles.brand}>
          <img src="/logo.svg" alt="" width={32} height={32} />
          <span>{config.companyName}</span>
        </Link>
      </header>
      <main className={styles.main}>
        <Suspense fallback={<LoadingOverlay inline />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
