import { useTranslation } from 'react-i18next';
import type { DonationDisputeRow, DonationRow, OnlineRefundRow } from '../../../../domain/donor-book/donations-contract';
import { formatCents } from '../../../../domain/money';
import { formatDate } from '../../../lib/format';
import styles from './sections.module.css';

/** PayPal's code in words when the catalogue has none: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' → 'Merchandise or service not received'. */
export function codeInWords(code: string): string {
  const words = code.toLowerCase().replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function RefundAtPaypal({ refund }: { refund: OnlineRefundRow }) {
  const { t } = useTranslation();
  const values = { amount: formatCents(refund.amount_cents), date: formatDate(refund.requested_at) };
  return (
    <li>
      <span className={`${styles.badge} ${refund.status === 'failed' ? styles.refunded : styles.partly_paid}`}>{t(`donors.donations.onlineRefund.${refund.status}`)}</span>{' '}
      {t(`donors.donations.onlineRefund.${refund.status}Line`, values)}
      {refund.status === 'failed' && refund.failure_reason && (
        <span className={styles.refundReason}>{t('donors.donations.onlineRefund.failureReason', { reason: refund.failure_reason })}</span>
      )}
      {refund.status === 'requested' && <span className={styles.refundReason}>{t('donors.donations.onlineRefund.requestedHint')}</span>}
    </li>
  );
}

function Dispute({ dispute }: { dispute: DonationDisputeRow }) {
  const { t } = useTranslation();
  const resolved = dispute.status === 'RESOLVED' || dispute.outcome !== null;
  const words = (group: string, code: string) => t(`donors.donations.dispute.${group}.${code}`, { defaultValue: codeInWords(code) });
  return (
    <li>
      <span className={`${styles.badge} ${resolved ? styles.written_off : styles.refunded}`}>{t(resolved ? 'donors.donations.dispute.resolved' : 'donors.donations.dispute.open')}</span>{' '}
      {t('donors.donations.dispute.line', {
        status: words('statuses', dispute.status),
        amount: dispute.amount_cents === null ? t('donors.donations.dispute.amountUnknown') : formatCents(dispute.amount_cents),
        date: formatDate(dispute.opened_at),
      })}
      <span className={styles.refundReason}>{t('donors.donations.dispute.reason', { reason: dispute.reason ? words('reasons', dispute.reason) : t('donors.donations.dispute.reasonUnknown') })}</span>
      {dispute.outcome && <span className={styles.refundReason}>{t('donors.donations.dispute.outcome', { outcome: words('outcomes', dispute.outcome) })}</span>}
      <span className={styles.refundReason}>{t('donors.donations.dispute.id', { id: dispute.dispute_id })}</span>
    </li>
  );
}

/**
 * What PayPal says of an online donation beyond the books: refunds asked of PayPal and not booked
 * (pending: not taken off the net until PayPal completes it; no answer yet; failed, with PayPal's
 * reason) and disputes (status, amount, date opened, reason, outcome once resolved).
 */
export function DonationPaypalFacts({ donation }: { donation: DonationRow }) {
  const { t } = useTranslation();
  if (donation.online_refunds.length === 0 && donation.disputes.length === 0) return null;
  const date = formatDate(donation.paying_date);
  return (
    <>
      {donation.online_refunds.length > 0 && (
        <ul className={styles.refunds} aria-label={t('donors.donations.onlineRefund.listOf', { date })}>
          {donation.online_refunds.map((r) => (
            <RefundAtPaypal key={r.online_refund_id} refund={r} />
          ))}
        </ul>
      )}
      {donation.disputes.length > 0 && (
        <ul className={styles.refunds} aria-label={t('donors.donations.dispute.listOf', { date })}>
          {donation.disputes.map((d) => (
            <Dispute key={d.dispute_id} dispute={d} />
          ))}
        </ul>
      )}
    </>
  );
}
