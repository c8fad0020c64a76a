import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CampaignView } from '../../../../domain/campaign';
import { packageExpiry, formatDisplayDate } from '../../../../domain/package-expiry';
import { useAppSelector } from '../../../app/hooks';
import { SelectCampaignFirst } from '../../../components/access-gate';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorMessage } from '../../../lib/api-error';
import { pictureUrl } from '../../../lib/picture-url';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCampaignQuery } from '../api/campaign-api';
import { ArchiveCard } from '../components/archive-card';
import { CampaignVideoCard } from '../components/campaign-video-card';
import { GrantPackageCard } from '../components/grant-package-card';
import { useCampaignLabels } from '../use-campaign-labels';
import styles from './campaign-details-page.module.css';
import { selectSelectedCampaignId } from '../../../app/campaign-selectors';

/** All details of the selected campaign (or ?id=), its public link with a copy action, archive for owners. */
export default function CampaignDetailsPage() {
  const { t } = useTranslation();
  const title = t('pages.campaignDetails.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const selectedId = useAppSelector(selectSelectedCampaignId);
  const id = params.get('id') ?? selectedId;
  // Read afresh on each visit; a grant, archive or restore refreshes it (its tag).
  const result = useCampaignQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const campaign = result.currentData ?? null;
  const error = result.isError ? apiErrorMessage(result.error) : '';

  if (!id) return <SelectCampaignFirst pageKey="pages.campaignDetails" />;
  const shown = campaign && campaign.campaign_id === id ? campaign : null;

  return (
    <>
      <PageHeader title={title} context={shown ? shown.campaign_name : t('pages.campaignDetails.context')} />
      {error && !shown && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {!shown && !error && <LoadingOverlay inline />}
      {shown && (
        <>
          {shown.status === 'archived' && (
            <p className={styles.notice} role="status">
              {t('campaignDetails.archivedNotice')}
            </p>
          )}
          {shown.status !== 'archived' && <PublicLinkCard url={shown.public_url} />}
          <DetailsCard campaign={shown} />
          <CampaignVideoCard key={shown.campaign_id} campaign={shown} />
          <GrantPackageCard campaign={shown} />
          <ArchiveCard campaign={shown} />
        </>
      )}
    </>
  );
}

/** The public donation link as the server makes it (its PUBLIC_URL + slug: the address e-mails carry too). */
function PublicLinkCard({ url }: { url: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('app.copied'));
    } catch {
      notify.error(t('errors.SOMETHING_WENT_WRONG'));
    }
  };
  return (
    <section className={styles.card} aria-labelledby="public-link-heading">
      <h2 id="public-link-heading" className={styles.heading}>
        {t('campaignDetails.publicLink')}
      </h2>
      <div className={styles.link}>
        <a className={styles.url} href={url} target="_blank" rel="noreferrer" data-testid="public-link">
          {url}
        </a>
        <SubmitButton type="button" variant="secondary" onClick={() => void copy()}>
          {t('campaignDetails.copyLink')}
        </SubmitButton>
      </div>
    </section>
  );
}

function DetailsCard({ campaign: c }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const labels = useCampaignLabels(c);
  const expiry = packageExpiry(c.purchase_date, c.total_purchased_year);
  const money = (cents: number | null) => (cents === null ? '' : `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  const rows: [string, string | null | undefined][] = [
    ['name', c.campaign_name],
    ['slug', c.slug],
    ['status', t(`campaign.status.${c.status}`)],
    ['role', labels.role(c.campaign_id, c.role) ?? t('campaignDetails.platformAdmin')],
    ['office', labels.office(c.office_sought)],
    ['cycle', labels.cycle(c.election_cycle)],
    ['district', c.district],
    ['party', c.party],
    ['ruleSet', labels.ruleSet(c.compliance_rule_set)],
    ['participant', c.participant_status ? t(`campaign.participant.${c.participant_status}`) : null],
    ['limitIndividual', money(c.custom_limit_individual_cents)],
    ['limitOrganization', money(c.custom_limit_organization_cents)],
    ['committeeName', c.committee_name],
    ['committeeId', c.committee_id],
    ['cfbCandidateId', c.cfb_candidate_id],
    ['cfbCommitteeId', c.cfb_committee_id],
    ['treasurer', c.treasurer_name],
    ['treasurerEmail', c.treasurer_email],
    ['treasurerPhone', c.treasurer_phone],
    ['address', [c.address, c.apt_unit, c.city, labels.state(c.state), c.zip].filter(Boolean).join(', ')],
    ['package', t(`campaign.package.${c.package_status}`)],
    ['expires', expiry ? formatDisplayDate(expiry) : null],
  ];
  return (
    <section className={styles.card} aria-labelledby="details-heading">
      <div className={styles.titleRow}>
        {c.logo && <img className={styles.logo} src={pictureUrl(c.logo)} alt={t('campaignDetails.logoAlt', { name: c.campaign_name })} />}
        <h2 id="details-heading" className={styles.heading}>
          {t('campaignDetails.details')}
        </h2>
      </div>
      <dl className={styles.list}>
        {rows
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([key, value]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{t(`campaignDetails.fields.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
