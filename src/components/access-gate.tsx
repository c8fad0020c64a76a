import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title';
import styles from './access-gate.module.css';
import { PageHeader } from './page-header';

interface GateProps {
  /** i18n prefix holding the page's `title` and `context`. */
  pageKey?: string;
}

function GatePage({ pageKey, heading, text }: GateProps & { heading: string; text: string }) {
  const { t } = useTranslation();
  const title = pageKey ? t(`${pageKey}.title`) : heading;
  usePageTitle(title);
  return (
    <>
      {pageKey && <PageHeader title={title} context={t(`${pageKey}.context`)} />}
      <section className={styles.box} role="status" aria-label={heading}>
        {pageKey ? <h2 className={styles.title}>{heading}</h2> : <h1 className={styles.title}>{heading}</h1>}
        <p className={styles.text}>{text}</p>
      </section>
    </>
  );
}

/** A page the selected campaign's role does not grant (not the 404). */
export function NoAccessPage({ pageKey }: GateProps) {
  const { t } = useTranslation();
  return <GatePage pageKey={pageKey} heading={t('access.noAccessTitle')} text={t('access.noAccessText')} />;
}

/** A campaign-scoped page with no campaign chosen in the header. */
export function SelectCampaignFirst({ pageKey }: GateProps) {
  const { t } = useTranslation();
  return <GatePage pageKey={pageKey} heading={t('access.selectFirstTitle')} text={t('access.selectFirstText')} />;
}
