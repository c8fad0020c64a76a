import { Suspense, type ReactNode } from 'react';
import { LoadingOverlay } from '../../components/loading-overlay';
import { MAIN_ID, SkipLink } from '../../components/skip-link';
import { config } from '../../config/env';
import styles from './plain-layout.module.css';

/** How the brand links home (its content and class given); none: the brand is no link. */
export type BrandLink = (props: { className: string; children: ReactNode }) => ReactNode;

/**
 * The open pages' frame (public donation page, payment result, 404): brand bar and content only,
 * without the router (the donors' entry, giving.html, has none; PlainLayout is its router form).
 */
export function PlainFrame({ brandLink, children }: { brandLink?: BrandLink; children: ReactNode }) {
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
        {brandLink ? brandLink({ className: `${styles.brand} ${styles.brandLink}`, children: brand }) : <span className={styles.brand}>{brand}</span>}
      </header>
      <main id={MAIN_ID} tabIndex={-1} className={styles.main}>
        <Suspense fallback={<LoadingOverlay inline />}>{children}</Suspense>
      </main>
    </div>
  );
}
