import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PaymentStatus } from '../../../../domain/payments/api-contract';
import { useAppDispatch } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { paths } from '../../../config/paths';
import '../../../lib/staff-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePaymentResultQuery } from '../api/payment-result-api';
import { setCampaignPaymentFlag } from '../../../app/campaign-actions';
import { GivingLanguage, TestModeBanner } from '../components/giving-parts';
import { PaymentNotFound } from '../components/payment-not-found';
import { readPaymentRef, returnQuery } from '../return-params';
import styles from '../payments.module.css';

/** Catalogue texts that already say nothing was charged. */
const SAYS_NOTHING_CHARGED = new Set(['PAYMENT_DECLINED', 'PAYMENT_CANCELLED', 'PAYMENT_NOT_APPROVED']);
/** States in which no money has moved: never approved, or refused / cancelled / expired before any capture. */
const NOTHING_CHARGED: ReadonlySet<PaymentStatus> = new Set(['created', 'declined', 'cancelled', 'expired']);

/**
 * /payment-error?payment_id=…&token=…&code=… (or &reason=cancelled from the provider's cancel address):
 * what happened in plain words, whether anything was charged, and a "Try again" link to where the
 * payment started. A cancellation is recorded once (POST cancel).
 */
export default function PaymentErrorPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const ref = readPaymentRef(params);
  const paymentId = ref?.payment_id ?? '';
  const orderId = ref?.order_id ?? '';
  const cancelled = params.get('reason') === 'cancelled';
  const rawCode = params.get('code');
  // The payment's state (recorded as cancelled first, once, when the donor cancelled); null when unknown.
  const result = usePaymentResultQuery(ref ? { payment_id: paymentId, order_id: orderId, cancelled } : skipToken, { refetchOnMountOrArgChange: true });
  const view = result.currentData ?? null;
  const settled = !ref || result.currentData !== undefined;

  const completed = view?.status === 'completed';
  useEffect(() => {
    // It did go through after all (the webhook, another tab): the receipt is on the success page.
    if (completed) void navigate(`${paths.paymentSuccess}?${returnQuery({ payment_id: paymentId, order_id: orderId })}`, { replace: true });
  }, [completed, navigate, paymentId, orderId]);

  const isPackage = view?.kind === 'package';
  useEffect(() => {
    // No longer mid-payment: the purchase reminder may show again.
    if (isPackage) dispatch(setCampaignPaymentFlag(false));
  }, [dispatch, isPackage]);

  const code = cancelled ? 'PAYMENT_CANCELLED' : rawCode && /^[A-Z0-9_]+$/.test(rawCode) ? rawCode : (view?.failure_code ?? null);
  const known = code !== null && i18n.exists(`errors.${code}`);
  const message = known ? t(`errors.${code}`) : t('payments.error.generic');
  const nothingCharged = !(known && SAYS_NOTHING_CHARGED.has(code)) && view !== null && NOTHING_CHARGED.has(view.status);
  const title = !ref ? t('payments.result.notFoundTitle') : cancelled ? t('payments.error.cancelledTitle') : t('pages.paymentError.title');
  usePageTitle(title);

  if (!ref) return <PaymentNotFound message={t('payments.result.noPayment')} />;

  const again = !view ? paths.home : isPackage ? paths.purchasePackage : `/${encodeURIComponent(view.slug)}`;
  return (
    <section className={styles.card} aria-labelledby="error-title">
      <GivingLanguage />
      {view?.test_mode && <TestModeBanner />}
      <h1 id="error-title" className={styles.title}>
        {title}
      </h1>
      {view && <p className={styles.campaign}>{view.campaign_name}</p>}
      <div role="alert">
        <p className={styles.message}>{message}</p>
        {nothingCharged && <p className={styles.message}>{t('payments.error.nothingCharged')}</p>}
      </div>
      {settled && !completed && (
        <div className={styles.actions}>
          <Link to={again} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('payments.error.tryAgain')}
          </Link>
        </div>
      )}
    </section>
  );
}
