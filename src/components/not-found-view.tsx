import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';
import buttonStyles from './button.module.css';
import styles from './status-page.module.css';

/** What the 404 page's "Back to Home" is: a router link in the staff app, a plain link in the donors' entry. */
export type HomeLink = (props: { className: string; children: string }) => ReactNode;

/** The 404 page: unavailable, may not exist or may have moved, Back to Home. */
export function NotFoundView({ homeLink }: { homeLink: HomeLink }) {
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
      {homeLink({ className: `${buttonStyles.button} ${buttonStyles.primary}`, children: t('pages.notFound.backHome') })}
    </section>
  );
}
