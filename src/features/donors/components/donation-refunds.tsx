import { useTranslation } from 'react-i18next';
import type { DonationRow } from '../../../../domain/donor-book/donations-contract';
import { formatCents } from '../../../../domain/money';
import { formatDate } from '../../../lib/format';
import { DonationPaypalFacts } from './donation-paypal-facts';
import styles from './sections.module.css';

/** Nothing is left of the donation: every cent was refunded. */
export function fullyRefunded(donation: DonationRow): boolean {
  return donation.refunded_cents > 0 && donation.refunded_cents >= donation.paid_amount_cents;
}

/**
 * A donation's status (received, partly refunded, refunded) and its refunds: date, amount, reason,
 * oldest first (the dates are in the list, so the badge stays short); then, for an online gift,
 * PayPal's refunds not in the books (pending, unanswered, failed) and its disputes.
 */
export function DonationRefunds({ donation }: { donation: DonationRow }) {
  const { t } = useTranslation();
  const badge = fullyRefunded(donation) ? (
    <span className={`${styles.badge} ${styles.refunded}`}>
      {donation.refunds.length > 0 ? t('donors.donations.fullyRefunded') : t('donors.donations.refunded', { date: formatDate(donation.refunded_at) })}
    </span>
  ) : donation.refunded_cents > 0 ? (
    <span className={`${styles.badge} ${styles.partly_paid}`}>{t('donors.donations.partlyRefunded')}</span>
  ) : (
    <span className={`${styles.badge} ${styles.paid}`}>{t('donors.donations.received')}</span>
  );
  if (donation.refunds.length === 0)
    return (
      <>
        {badge}
        <DonationPaypalFacts donation={donation} />
      </>
    );
  return (
    <>
      {badge}
      <ul className={styles.refunds} aria-label={t('donors.donations.refundsOf', { date: formatDate(donation.paying_date) })}>
        {donation.refunds.map((r) => (
          <li key={r.refund_id}>
            {t('donors.donations.refundLine', { date: formatDate(r.refund_date), amount: formatCents(r.amount_cents) })}
            {r.reason && <span className={styles.refundReason}>{r.reason}</span>}
          </li>
        ))}
      </ul>
      <DonationPaypalFacts donation={donation} />
    </>
  );
}
