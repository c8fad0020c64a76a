import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../../../domain/money';
import type { GivingPage } from '../../../../domain/payments/api-contract';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import '../../../lib/donor-catalogue';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePublicData } from '../../../lib/use-public-data';
import { getGivingPage } from '../api/payments-api';
import { GivingForm } from '../components/giving-form';
import { GivingNotices } from '../components/giving-notices';
import { useDonorPage } from '../donor-page-context';
import { CampaignHead, DonorMessageCard, CampaignVideo, GivingLanguage, GivingUnavailable, TestModeBanner } from '../components/giving-parts';
import { httpStatus } from '../http-status';
import { rememberGivingPage } from '../last-giving-page';
import styles from '../payments.module.css';

/**
 * The public giving page reached through /{slug} (SPEC §2: titled "Pay Your Donation"). A campaign on
 * real PayPal (sandbox, live) gets PayPal's buttons; on the local stand-in, "Give" and the redirect.
 * Without the router: the donors' entry shows it as it is, the staff app through public-donation-page.tsx.
 */
export function PublicDonationView({ slug }: { slug: string }) {
  const { NotFound } = useDonorPage();
  const page = usePublicData(`giving:${slug}`, (signal) => getGivingPage(slug, signal));
  if ((!page.loading && !page.error && page.data === null) || httpStatus(page.error) === 404) return <NotFound />;
  return <GivingPageView data={page.loading ? null : page.data} error={page.error} onRetry={page.reload} />;
}

function GivingPageView({ data, error, onRetry }: { data: GivingPage | null; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const title = t('pages.publicDonation.title');
  usePageTitle(title);
  const shownSlug = data?.slug;
  const shownName = data?.campaign_name;
  useEffect(() => {
    // A result page that cannot name its payment leads back here (last-giving-page.ts).
    if (shownSlug && shownName !== undefined) rememberGivingPage({ slug: shownSlug, name: shownName });
  }, [shownSlug, shownName]);

  if (!data && error) {
    return (
      <DonorMessageCard titleId="give-title" title={title}>
        <p className={styles.note} role="alert">
          {apiErrorMessage(error)}
        </p>
        <div className={styles.actions}>
          <SubmitButton type="button" variant="secondary" onClick={onRetry}>
            {t('payments.give.retry')}
          </SubmitButton>
        </div>
      </DonorMessageCard>
    );
  }
  if (!data) return <LoadingOverlay inline />;

  const { giving } = data;
  return (
    <section className={styles.card} aria-labelledby="give-title">
      <GivingLanguage />
      {giving.available && giving.test_mode && <TestModeBanner />}
      <CampaignHead titleId="give-title" title={title} name={data.campaign_name} logo={data.logo} office={data.office} />
      {data.video_url && <CampaignVideo url={data.video_url} name={data.campaign_name} />}
      {data.appeal && <p className={styles.appeal}>{data.appeal}</p>}
      {giving.available ? (
        <GivingForm
          key={data.slug}
          slug={data.slug}
          suggestedAmountsCents={data.suggested_amounts_cents}
          limitCents={data.limit_cents}
          cap={data.limit_cents === null ? null : { cents: data.limit_cents, message: t('payments.give.overLimit', { limit: formatCents(data.limit_cents) }) }}
          attestations={data.attestations}
          requirePhone={data.require_phone === true}
          paypal={giving.mode !== 'local' && giving.client_id ? { clientId: giving.client_id } : null}
        />
      ) : (
        <GivingUnavailable reason={giving.reason} />
      )}
      <GivingNotices notices={data.notices} />
    </section>
  );
}
