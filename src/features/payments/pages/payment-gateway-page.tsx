import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GatewayView } from '../../../../domain/payments/api-contract';
import { selectSelectedCampaign } from '../../../app/campaign-selectors';
import { useAppSelector } from '../../../app/hooks';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { paths } from '../../../config/paths';
import { apiErrorMessage } from '../../../lib/api-error';
import '../../../lib/staff-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRemote } from '../../../lib/use-remote';
import { useCampaignId } from '../../../lib/use-campaign';
import { getGivingSettings, listCampaignGateways, listProviders } from '../api/payments-api';
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
  const gateways = useRemote(campaignId ? `${campaignId}:gateways` : null, async () => {
    const [configured, providers] = await Promise.all([listCampaignGateways(campaignId), listProviders()]);
    return { campaignId, configured, providers };
  });
  const settings = useRemote(campaignId ? `${campaignId}:giving-settings` : null, () => getGivingSettings(campaignId));
  const [saved, setSaved] = useState<{ campaignId: string; gateway: GatewayView } | null>(null);

  const loaded = gateways.data?.campaignId === campaignId ? gateways.data : null;
  const paypal = saved?.campaignId === campaignId ? saved.gateway : (loaded?.configured.find((g) => g.provider === 'paypal') ?? null);
  const offered = loaded ? loaded.providers.some((p) => p.provider === 'paypal' && p.is_active) : true;
  const givingSettings = settings.data?.campaign_id === campaignId ? settings.data : null;

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

      {!loaded && gateways.error ? (
        <LoadFailed error={gateways.error} onRetry={gateways.reload} />
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
            onSaved={(gateway) => setSaved({ campaignId, gateway })}
          />
        </>
      )}

      {!givingSettings && settings.error ? (
        <LoadFailed error={settings.error} onRetry={settings.reload} />
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
