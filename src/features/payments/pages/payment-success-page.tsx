import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../../domain/money';
import { formatDisplayDate } from '../../../../domain/package-expiry';
import type { PaymentStatusView } from '../../../../domain/payments/api-contract';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import buttonStyles from '../../../components/button.module.css';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { hasSession } from '../../../lib/session';
import '../../../lib/staff-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePaymentConfirmationQuery, useReceiptPackageStateQuery } from '../api/payment-result-api';
import { setCampaignPaymentFlag } from '../../../app/campaign-actions';
import { GivingLanguage, TestModeBanner } from '../components/giving-parts';
import { PaymentNotFound } from '../components/payment-not-found';
import { forgetConfirmation } from '../confirm-payment';
import { clearGivingDrafts } from '../giving-draft';
import { readPaymentRef, returnQuery } from '../return-params';
import styles from '../payments.module.css';

/**
 * /payment-success?payment_id=…&token=…: the provider sent the payer back after approving (or the PayPal
 * buttons of the giving form came here after their capture). The page captures the payment once per tab
 * (confirm-payment.ts: an answer already there is shown without a second capture), shows "Confirming
 * your payment…", then the receipt (or goes to /payment-error with the reason).
 */
export default function PaymentSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = readPaymentRef(params);
  const paymentId = ref?.payment_id ?? '';
  const orderId = ref?.order_id ?? '';
  // The capture, once per payment in this tab; while "Confirm again" asks anew, the page says it is confirming.
  const confirmation = usePaymentConfirmationQuery(ref ? { payment_id: paymentId, order_id: orderId } : skipToken);
  const outcome = confirmation.isFetching ? null : (confirmation.currentData ?? null);
  usePageTitle(!ref ? t('payments.result.notFoundTitle') : outcome?.kind === 'receipt' ? t('pages.paymentSuccess.title') : t('payments.success.confirmingTitle'));

  const paidSlug = outcome?.kind === 'receipt' && outcome.receipt.kind === 'donation' ? outcome.receipt.slug : null;
  useEffect(() => {
    // The gift is made: what the donor typed on the campaign's page is no longer kept in this tab.
    if (paidSlug) clearGivingDrafts(paidSlug);
  }, [paidSlug]);

  useEffect(() => {
    // PayPal asks the donor to choose another funding source for the same order.
    if (outcome?.kind === 'chooseAgain') window.location.assign(outcome.url);
  }, [outcome]);

  useEffect(() => {
    if (outcome?.kind !== 'failed' || !paymentId) return;
    const query = returnQuery({ payment_id: paymentId, order_id: orderId }, { code: outcome.code });
    void navigate(`${paths.paymentError}?${query}`, { replace: true });
  }, [outcome, paymentId, orderId, navigate]);

  if (!ref) return <PaymentNotFound message={t('payments.success.missing')} />;

  if (outcome?.kind === 'receipt') return <Receipt receipt={outcome.receipt} />;

  return (
    <section className={styles.card} aria-labelledby="success-title" aria-busy={!outcome}>
      <h1 id="success-title" className={styles.title}>
        {t('payments.success.confirmingTitle')}
      </h1>
      {outcome?.kind === 'confirming' ? (
        <p className={styles.message} role="status">
          {outcome.status === 'pending' ? t('payments.success.pending') : t('payments.success.outcomeUnknown')}
        </p>
      ) : outcome?.kind === 'unconfirmed' ? (
        <>
          <p className={styles.message} role="alert">
            {t('payments.success.unconfirmed')}
          </p>
          <div className={styles.actions}>
            <SubmitButton
              type="button"
              onClick={() => {
                forgetConfirmation(ref);
                void confirmation.refetch();
              }}
            >
              {t('payments.success.confirmAgain')}
            </SubmitButton>
          </div>
        </>
      ) : (
        <p className={styles.progress} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {t('payments.success.confirming')}
        </p>
      )}
    </section>
  );
}

/** The completed payment: amount, campaign, receipt number, date; a gift links back to the campaign, a package to the purchase history. */
function Receipt({ receipt }: { receipt: PaymentStatusView }) {
  const { t } = useTranslation();
  const isPackage = receipt.kind === 'package';
  const expiry = usePackageExpiry(isPackage ? receipt.slug : null);
  return (
    <section className={styles.card} aria-labelledby="success-title">
      <GivingLanguage />
      {receipt.test_mode && <TestModeBanner />}
      <h1 id="success-title" className={styles.title}>
        {t('pages.paymentSuccess.title')}
      </h1>
      <p className={styles.message}>
        {isPackage ? t('payments.success.packageThanks', { campaign: receipt.campaign_name }) : t('payments.success.thanks', { campaign: receipt.campaign_name })}
      </p>
      <dl className={styles.receipt} aria-label={t('payments.success.receipt')}>
        <dt>{t('payments.success.amount')}</dt>
        <dd>{formatCents(receipt.amount_cents)}</dd>
        {receipt.refunded_cents > 0 && (
          <>
            <dt>{t('payments.success.refunded')}</dt>
            <dd>{formatCents(receipt.refunded_cents)}</dd>
          </>
        )}
        <dt>{t('payments.success.campaign')}</dt>
        <dd>{receipt.campaign_name}</dd>
        <dt>{t('payments.success.receiptNumber')}</dt>
        <dd>{receipt.receipt_number ?? ''}</dd>
        <dt>{t('payments.success.date')}</dt>
        <dd>{formatDate(receipt.completed_at)}</dd>
      </dl>
      {isPackage && <p className={styles.message}>{expiry ? t('payments.success.packageActive', { date: expiry }) : t('payments.success.packagePending')}</p>}
      <p className={styles.hint}>{t('payments.success.keepReceipt')}</p>
      <div className={styles.actions}>
        {isPackage ? (
          <Link to={paths.purchaseHistory} className={`${buttonStyles.button} ${buttonStyles.primary}`}>
            {t('payments.success.history')}
          </Link>
        ) : (
          <Link to={`/${encodeURIComponent(receipt.slug)}`} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            {t('payments.success.back', { campaign: receipt.campaign_name })}
          </Link>
        )}
      </div>
    </section>
  );
}

/**
 * After a package payment: raise the campaign slice's payment flag (the main layout then refetches the
 * campaign list after 5 s while the package still reads INACTIVE, SPEC §4) and read until when the
 * package of that campaign (found by its slug among the signed-in user's campaigns) is active.
 */
function usePackageExpiry(slug: string | null): string | null {
  const dispatch = useAppDispatch();
  const campaignId = useAppSelector((state) => {
    if (!slug) return null;
    const found = [...state.campaign.allCampaignList, ...state.campaign.headerCampaignList].find((c) => c.slug === slug);
    return found ? String(found.campaign_id) : null;
  });
  // Read on every receipt (the package may have just become active); a failure shows the "pending" text.
  const state = useReceiptPackageStateQuery(campaignId && hasSession() ? campaignId : skipToken, { refetchOnMountOrArgChange: true }).currentData;

  useEffect(() => {
    if (slug) dispatch(setCampaignPaymentFlag(true));
  }, [dispatch, slug]);

  return state?.package_status === 'ACTIVE' && state.expires_at ? formatDisplayDate(new Date(state.expires_at)) : null;
}
