import { skipToken } from '@reduxjs/toolkit/query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PackageListData, PackagePriceItem } from '../../../../domain/campaign';
import { formatCents } from '../../../../domain/money';
import { formatDisplayDate } from '../../../../domain/package-expiry';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import { hardNavigate } from '../../../lib/navigation';
import '../../../lib/staff-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignId, useCampaignName } from '../../../lib/use-campaign';
import { usePackageListQuery, usePurchasePackageMutation } from '../api/packages-api';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import styles from '../packages.module.css';

/**
 * /purchase-package (package.read to see, package.purchase to buy): the selected campaign's package
 * and the 1/2/3-year options with their prices; Buy starts the payment and the browser goes to the
 * provider's approval page (back to /payment-success). Others are told to ask the owner or manager.
 */
export default function PurchasePackagePage() {
  const { t } = useTranslation();
  const title = t('pages.purchasePackage.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  const campaignName = useCampaignName();
  const canPurchase = useCan('package.purchase');
  const packages = usePackageListQuery(campaignId || skipToken, { refetchOnMountOrArgChange: true });
  const shown = useCampaignData(packages, campaignId || null);
  const data = shown?.campaign_id === campaignId ? shown : null;
  const [purchasePackage] = usePurchasePackageMutation();
  const [buying, setBuying] = useState<number | null>(null);
  const [error, setError] = useState('');
  const inFlight = useRef(false);

  const buy = async (item: PackagePriceItem) => {
    // One purchase at a time: a second press while the first is under way sends nothing.
    if (inFlight.current) return;
    inFlight.current = true;
    setBuying(item.years);
    setError('');
    try {
      const started = await purchasePackage({ campaign_id: campaignId, years: item.years, idempotency_key: newIdempotencyKey() }).unwrap();
      hardNavigate(started.approve_url);
    } catch (err) {
      inFlight.current = false;
      setBuying(null);
      setError(apiErrorMessage(err));
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        context={campaignName ? t('payments.packages.context', { campaign: campaignName }) : t('pages.purchasePackage.context')}
        action={
          <Link to={paths.purchaseHistory} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            {t('payments.packages.history')}
          </Link>
        }
      />
      {!data && packages.error ? (
        <section className={styles.card}>
          <p className={styles.text} role="alert">
            {apiErrorMessage(packages.error)}
          </p>
          <SubmitButton type="button" variant="secondary" onClick={() => void packages.refetch()}>
            {t('payments.give.retry')}
          </SubmitButton>
        </section>
      ) : !data ? (
        <LoadingOverlay inline />
      ) : (
        <>
          <CurrentPackage data={data} />
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          {!canPurchase && (
            <FormAlert kind="info">
              <p>{t('packageModal.contactOwner')}</p>
            </FormAlert>
          )}
          <section aria-labelledby="package-options-heading">
            <h2 id="package-options-heading" className={styles.heading}>
              {t('payments.packages.optionsTitle')}
            </h2>
            <ul className={styles.options}>
              {data.package_list.map((item) => (
                <li key={item.package_id} className={styles.option}>
                  <h3 className={styles.optionTitle}>{t('payments.packages.years', { count: item.years })}</h3>
                  <p className={styles.price}>{formatCents(item.price_cents)}</p>
                  <p className={styles.text}>{item.years > 1 ? t('payments.packages.perYear', { amount: formatCents(Math.round(item.price_cents / item.years)) }) : t('payments.packages.oneYear')}</p>
                  {canPurchase && (
                    <SubmitButton
                      type="button"
                      block
                      loading={buying === item.years}
                      disabled={buying !== null}
                      aria-label={t('payments.packages.buyFor', { count: item.years, amount: formatCents(item.price_cents) })}
                      onClick={() => void buy(item)}
                    >
                      {t('payments.packages.buy')}
                    </SubmitButton>
                  )}
                </li>
              ))}
            </ul>
            {canPurchase && <p className={styles.text}>{buying !== null ? t('payments.packages.redirecting') : t('payments.packages.nextStep')}</p>}
          </section>
        </>
      )}
    </>
  );
}

function CurrentPackage({ data }: { data: PackageListData }) {
  const { t } = useTranslation();
  const active = data.package_status === 'ACTIVE';
  const until = data.expires_at ? formatDisplayDate(new Date(data.expires_at)) : null;
  return (
    <section className={styles.card} aria-labelledby="current-package-heading">
      <div className={styles.cardHead}>
        <h2 id="current-package-heading" className={styles.heading}>
          {t('payments.packages.currentTitle')}
        </h2>
        <span className={`${styles.badge} ${active ? styles.badgeOk : styles.badgeWarn}`}>{active ? t('expiry.active') : t('expiry.inactive')}</span>
      </div>
      <p className={styles.text}>{active && until ? t('payments.packages.activeUntil', { date: until }) : t('payments.packages.inactiveText')}</p>
    </section>
  );
}
