import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { COMPLIANCE_RULE_SET_LABELS, type CampaignView } from '../../../../domain/campaign';
import { packageExpiry, formatDisplayDate } from '../../../../domain/package-expiry';
import { PACKAGE_PRICES } from '../../../../domain/packages';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectCampaignFirst } from '../../../components/access-gate';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { config } from '../../../config/env';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { sessionUserId } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { getCampaign, grantPackage } from '../api/campaign-api';
import { loadCampaignList } from '../load-campaigns';
import styles from './campaign-details-page.module.css';

/** The public donation link: web base + '/' + slug. */
export function publicLink(slug: string): string {
  return `${config.webBaseUrl}/${slug}`;
}

/** All details of the selected campaign (or ?id=), its public link with a copy action. */
export default function CampaignDetailsPage() {
  const { t } = useTranslation();
  const title = t('pages.campaignDetails.title');
  usePageTitle(title);
  const [params] = useSearchParams();
  const selectedId = useAppSelector((s) => s.campaign.selectedCampaignId);
  const id = params.get('id') ?? (selectedId === null ? null : String(selectedId));
  const [campaign, setCampaign] = useState<CampaignView | null>(null);
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    getCampaign(id).then(
      (view) => {
        if (cancelled) return;
        setCampaign(view);
        setError('');
      },
      (err: unknown) => !cancelled && setError(apiErrorMessage(err)),
    );
    return () => {
      cancelled = true;
    };
  }, [id, reload]);

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
          <PublicLinkCard slug={shown.slug} />
          <DetailsCard campaign={shown} />
          <GrantPackageCard campaign={shown} onGranted={() => setReload((n) => n + 1)} />
        </>
      )}
    </>
  );
}

function PublicLinkCard({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const url = publicLink(slug);
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
  const expiry = packageExpiry(c.purchase_date, c.total_purchased_year);
  const money = (cents: number | null) => (cents === null ? '' : `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  const rows: [string, string | null | undefined][] = [
    ['name', c.campaign_name],
    ['slug', c.slug],
    ['status', t(`campaign.status.${c.status}`)],
    ['role', c.role ?? t('campaignDetails.platformAdmin')],
    ['office', c.office_sought],
    ['cycle', c.election_cycle],
    ['district', c.district],
    ['party', c.party],
    ['ruleSet', COMPLIANCE_RULE_SET_LABELS[c.compliance_rule_set]],
    ['participant', c.participant_status ? t(`campaign.participant.${c.participant_status}`) : null],
    ['limitIndividual', money(c.custom_limit_individual_cents)],
    ['limitOrganization', money(c.custom_limit_organization_cents)],
    ['committeeName', c.committee_name],
    ['committeeId', c.committee_id],
    ['treasurer', c.treasurer_name],
    ['treasurerEmail', c.treasurer_email],
    ['treasurerPhone', c.treasurer_phone],
    ['address', [c.address, c.apt_unit, c.city, c.state, c.zip].filter(Boolean).join(', ')],
    ['package', t(`campaign.package.${c.package_status}`)],
    ['expires', expiry ? formatDisplayDate(expiry) : null],
  ];
  return (
    <section className={styles.card} aria-labelledby="details-heading">
      <h2 id="details-heading" className={styles.heading}>
        {t('campaignDetails.details')}
      </h2>
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

/** Platform administrators grant a package (until online purchase exists). */
function GrantPackageCard({ campaign, onGranted }: { campaign: CampaignView; onGranted: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((s) => s.user.is_platform_admin === true);
  const storedUser = useAppSelector((s) => s.user.userId);
  const [years, setYears] = useState('1');
  const [busy, setBusy] = useState(false);
  if (!isAdmin || campaign.status !== 'active') return null;
  const grant = async () => {
    setBusy(true);
    try {
      const result = await grantPackage(campaign.campaign_id, Number(years));
      notify.success(successMessage(result.message_code, 'messages.PACKAGE_GRANTED'));
      onGranted();
      const userId = storedUser !== null ? String(storedUser) : sessionUserId();
      if (userId) void dispatch(loadCampaignList(userId));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="grant-heading">
      <h2 id="grant-heading" className={styles.heading}>
        {t('campaignDetails.grantTitle')}
      </h2>
      <div className={styles.grant}>
        <SelectField label={t('campaignDetails.years')} value={years} onChange={(e) => setYears(e.target.value)} options={PACKAGE_PRICES.map((p) => ({ value: String(p.years), label: p.label }))} />
        <SubmitButton type="button" loading={busy} onClick={() => void grant()}>
          {t('campaignDetails.grant')}
        </SubmitButton>
      </div>
    </section>
  );
}
