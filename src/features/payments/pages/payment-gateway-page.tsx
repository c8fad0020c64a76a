import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectSelectedCampaign } from '../../../app/campaign-selectors';
import { useAppSelector } from '../../../app/hooks';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { useCampaignData } from '../../../lib/api';
import { apiErrorMessage } from '../../../lib/api-error';
import '../../../lib/staff-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignId } from '../../../lib/use-campaign';
import { useCampaignGatewaysQuery, useGivingSettingsQuery, usePaymentProvidersQuery } from '../api/gateway-api';
import { CopyField } from '../components/copy-field';
import { GatewayCard } from '../components/gateway-card';
import { GivingSettingsCard } from '../components/giving-settings-card';
import styles from '../components/staff.module.css';

/**
 * /payment_gateway (payment_gateway.read to see, .write to change): the selected campaign's PayPal
 * account, its public giving page's address, and what that page says (appeal, suggested amounts);
 * for those who may change it, the way to the reconcile report (/payment_gateway/reconcile).
 * The route gate has already checked the selection and the read permission.
 */
export default function PaymentGatewayPage() {
  const { t } = useTranslation();
  const title = t('pages.paymentGateway.title');
  usePageTitle(title);
  const campaignId = useCampaignId();
  const canWrite = useCan('payment_gateway.write');
  const publicUrl = useAppSelector(selectSelectedCampaign)?.public_url ?? null;
  // Each visit reads the server again (another manager may have changed the account meanwhile).
  const fresh = { refetchOnMountOrArgChange: true };
  const configuredResult = useCampaignGatewaysQuery(campaignId || skipToken, fresh);
  const providersResult = usePaymentProvidersQuery(campaignId ? undefined : skipToken, fresh);
  const settingsResult = useGivingSettingsQuery(campaignId || skipToken, fresh);
  const configured = useCampaignData(configuredResult, campaignId || null);
  const providers = providersResult.currentData;
  const settings = useCampaignData(settingsResult, campaignId || null);

  const loaded = configured && providers ? { configured, providers } : null;
  const gatewaysError = configuredResult.error ?? providersResult.error;
  const retryGateways = () => {
    if (configuredResult.error) void configuredResult.refetch();
    if (providersResult.error) void providersResult.refetch();
  };
  const paypal = loaded?.configured.find((g) => g.provider === 'paypal') ?? null;
  const offered = loaded ? loaded.providers.some((p) => p.provider === 'paypal' && p.is_active) : true;
  const givingSettings = settings?.campaign_id === campaignId ? settings : null;

  return (
    <>
      <PageHeader title={title} context={t('pages.paymentGateway.context')} />
      {publicUrl && (
        <section className={styles.card} aria-labelledby="public-page-heading">
          <h2 id="public-page-heading" className={styles.heading}>
            {t('payments.gateway.publicTitle')}
          </h2>
          <p className={styles.text}>{t('payments.gateway.publicText')}</p>
          <CopyField label={t('payments.gateway.publicUrl')} value={publicUrl} copyLabel={t('payments.gateway.copyPublic')} />
        </section>
      )}

      {!loaded && gatewaysError ? (
        <LoadFailed error={gatewaysError} onRetry={retryGateways} />
      ) : !loaded ? (
        <LoadingOverlay inline />
      ) : (
        <>
          {!offered && (
            <FormAlert kind="info">
              <p>{t('payments.gateway.notOffered')}</p>
            </FormAlert>
          )}
          <GatewayCard
            key={`${campaignId}:${paypal ? 'stored' : 'new'}`}
            campaignId={campaignId}
            gateway={paypal}
            canWrite={canWrite}
          />
        </>
      )}

      {!givingSettings && settingsResult.error ? (
        <LoadFailed error={settingsResult.error} onRetry={() => void settingsResult.refetch()} />
      ) : !givingSettings ? (
        loaded && <LoadingOverlay inline />
      ) : (
        <GivingSettingsCard key={campaignId} campaignId={campaignId} settings={givingSettings} canWrite={canWrite} />
      )}

      {canWrite && (
        <section className={styles.card} aria-labelledby="reconcile-heading">
          <h2 id="reconcile-heading" className={styles.heading}>
            {t('payments.reconcile.linkTitle')}
          </h2>
          <p className={styles.text}>{t('payments.reconcile.linkText')}</p>
          <Link to={paths.paymentReconcile} className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
            {t('payments.reconcile.open')}
          </Link>
        </section>
      )}
    </>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card}>
      <p className={styles.text} role="alert">
        {apiErrorMessage(error)}
      </p>
      <SubmitButton type="button" variant="secondary" onClick={onRetry}>
        {t('payments.give.retry')}
      </SubmitButton>
    </section>
  );
}
