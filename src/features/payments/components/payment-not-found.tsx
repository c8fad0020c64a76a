import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import buttonStyles from '../../../components/button.module.css';
import { lastGivingPage } from '../last-giving-page';
import styles from '../payments.module.css';

/**
 * A result page opened without a payment (/payment-success or /payment-error with no payment in its
 * address): it says what is known, never "Payment Successful" or "Payment Failed", and leads back to
 * the campaign page this tab gave on, when there was one. The page sets the title (its hook runs first).
 */
export function PaymentNotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  const back = lastGivingPage();
  return (
    <section className={styles.card} aria-labelledby="result-title">
      <h1 id="result-title" className={styles.title}>
        {t('payments.result.notFoundTitle')}
      </h1>
      <p className={styles.message} role="alert">
        {message}
      </p>
      {back && (
        <div className={styles.actions}>
          <Link to={`/${encodeURIComponent(back.slug)}`} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('payments.success.back', { campaign: back.name })}
          </Link>
        </div>
      )}
    </section>
  );
}
