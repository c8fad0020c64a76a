import axios from 'axios';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { NotFoundPage } from '../../../components/not-found-page';
import { apiClient, apiErrorMessage } from '../../../lib/api-client';
import { pictureUrl } from '../../../lib/picture-url';
import { usePageTitle } from '../../../lib/use-page-title';
import styles from './public-donation-page.module.css';

interface PublicCampaign {
  campaign_name: string;
  slug: string;
  logo: string | null;
}

type LoadState =
  | { status: 'loading' }
  | { status: 'found'; campaign: PublicCampaign }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** The public donation page reached through /{slug}. */
export default function PublicDonationPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiClient
      .get<{ data: PublicCampaign }>(`/campaign/get_campaign_by_slug/${encodeURIComponent(slug)}`, { signal: controller.signal })
      .then((response) => setState({ status: 'found', campaign: response.data.data }))
      .catch((err: unknown) => {
        if (axios.isCancel(err)) return;
        if (axios.isAxiosError(err) && err.response?.status === 404) setState({ status: 'not-found' });
        else setState({ status: 'error', message: apiErrorMessage(err) });
      });
    return () => controller.abort();
  }, [slug]);

  if (state.status === 'not-found') return <NotFoundPage />;
  return <PublicDonationContent state={state} loadingLabel={t('app.loading')} />;
}

function PublicDonationContent({ state, loadingLabel }: { state: LoadState; loadingLabel: string }) {
  const { t } = useTranslation();
  usePageTitle(t('pages.publicDonation.title'));
  if (state.status === 'loading') return <LoadingOverlay inline label={loadingLabel} />;
  return (
    <section className={styles.card}>
      <h1 className={styles.title}>{t('pages.publicDonation.title')}</h1>
      {state.status === 'found' && (
        <>
          {state.campaign.logo && <img className={styles.logo} src={pictureUrl(state.campaign.logo)} alt={t('pages.publicDonation.logoAlt', { name: state.campaign.campaign_name })} />}
          <p className={styles.campaign}>{state.campaign.campaign_name}</p>
          <p className={styles.note}>{t('pages.publicDonation.context', { campaign: state.campaign.campaign_name })}</p>
        </>
      )}
      {state.status === 'error' && (
        <p className={styles.note} role="alert">
          {state.message}
        </p>
      )}
    </section>
  );
}
