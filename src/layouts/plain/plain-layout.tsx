import { Suspense } from 'react';
import { Link, Outlet, useMatches } from 'react-router';
import { LoadingOverlay } from '../../components/loading-overlay';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { config } from '../../config/env';
import { paths } from '../../config/paths';
import { useRouteFocus } from '../../lib/use-route-focus';
import styles from './plain-layout.module.css';

/** What a route under this layout may say of itself (its `handle`). */
export interface PlainRouteHandle {
  /** A page donors meet: the brand is not a link (home is the staff sign-in, no place for a donor). */
  donorPage?: boolean;
}

/** Open pages (public donation page, payment result, 404): brand bar and content only. */
export function PlainLayout() {
  useRouteFocus();
  const donorPage = useMatches().some((match) => (match.handle as PlainRouteHandle | undefined)?.donorPage === true);
  const brand = (
    <>
      <img src="/logo.svg" alt="" width={32} height={32} />
      <span>{config.companyName}</span>
    </>
  );
  return (
    <div className={styles.layout} data-layout="plain">
      <SkipLink />
      <header className={styles.bar}>
        {donorPage ? (
          <span className={styles.brand}>{brand}</span>
        ) : (
          <Link to={paths.home} className={`${styles.brand} ${styles.brandLink}`}>
            {brand}
          </Link>
        )}
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<LoadingOverlay inline />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
