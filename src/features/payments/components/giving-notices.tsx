import { useTranslation } from 'react-i18next';
import type { GivingNotices as Notices } from '../../../../domain/payments/giving-notices';
import '../../../lib/donor-catalogue';
import styles from '../payments.module.css';

/**
 * The campaign's legal notices under the giving form (/{slug}, /pay-your-donation): "Paid for by …",
 * the tax notice, the contribution rules in one line and the privacy-policy link. The same texts go
 * in the receipt e-mail (server/modules/payments/record-payment.ts).
 */
export function GivingNotices({ notices }: { notices: Notices }) {
  const { t } = useTranslation();
  return (
    <section className={styles.notices} aria-label={t('payments.notices.label')}>
      {notices.rules_notice && <p>{notices.rules_notice}</p>}
      <p>{notices.tax_notice}</p>
      {notices.privacy_url && (
        <p>
          <a className={styles.noticeLink} href={notices.privacy_url} target="_blank" rel="noopener noreferrer">
            {t('payments.notices.privacy')}
          </a>
        </p>
      )}
      <p className={styles.paidFor}>{notices.paid_for_by}</p>
    </section>
  );
}
