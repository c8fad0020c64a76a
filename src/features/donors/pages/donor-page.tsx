import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { DonorDetail } from '../../../../domain/donor-book/donors-contract';
import { CONTRIBUTOR_TYPE_OPTIONS, DISTRICT_OPTIONS, ELIGIBILITY_OPTIONS, labelOf, US_STATE_OPTIONS } from '../../../../domain/donor-book/enums';
import { useCan } from '../../../app/use-can';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { PageHeader } from '../../../components/page-header';
import { donorPagePath, paths } from '../../../config/paths';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { usePageTitle } from '../../../lib/use-page-title';
import { FRESH, useDonorDetailQuery } from '../api/donors-api';
import { CallsSection } from '../components/calls-section';
import { DeleteDonor } from '../components/delete-donor';
import { DonationsSection } from '../components/donations-section';
import { DonorFigures } from '../components/donor-figures';
import { DonorFormModal } from '../components/donor-form-modal';
import { HistorySection } from '../components/history-section';
import { MergeModal } from '../components/merge-modal';
import { PledgesSection } from '../components/pledges-section';
import { TagsNotesSection } from '../components/tags-notes-section';
import { countryLabel } from '../../../lib/countries';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCampaignData } from '../../../lib/api';
import { useCampaignId } from '../../../lib/use-campaign';
import styles from './donor-page.module.css';
import { formatPhone, phoneHref } from '../../../../domain/phone';

/** /donor-list/:donorId: one donor's contact details, figures, pledges, donations, history, tags, notes, calls; edit, merge, delete, log a call. */
export default function DonorPage() {
  const { t } = useTranslation();
  const { donorId = '' } = useParams();
  const navigate = useNavigate();
  const campaignId = useCampaignId();
  const canWriteDonor = useCan('donor.write');
  const canReadDonations = useCan('donation.read');
  const canWriteDonations = useCan('donation.write');
  const canReadCalls = useCan('follow_up.read');
  const canWriteCalls = useCan('follow_up.write');
  // Every write on this page invalidates the tags this donor's figures, pledges and tags come from.
  const detail = useDonorDetailQuery(campaignId && donorId ? { campaignId, donorId } : skipToken, FRESH);
  const shown = useCampaignData(detail, campaignId || null);
  const donor = shown && shown.donor_id === donorId ? shown : null;
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const [goTo, setGoTo] = useState<string | null>(null);
  usePageTitle(donor?.name ?? t('pages.donorList.title'));

  useEffect(() => {
    if (goTo) navigate(goTo);
  }, [goTo, navigate]);

  const back = (
    <Link to={paths.donorList} className={styles.back}>
      ← {t('donors.backToList')}
    </Link>
  );

  if (!donor) {
    if (detail.isError) {
      const missing = apiErrorCode(detail.error) === 'DONOR_NOT_FOUND' || apiErrorCode(detail.error) === 'NOT_FOUND';
      return (
        <>
          {back}
          <PageHeader title={t('pages.donorList.title')} />
          <FormAlert>
            <p>{missing ? t('donors.notFound') : apiErrorMessage(detail.error)}</p>
          </FormAlert>
        </>
      );
    }
    return (
      <>
        {back}
        <LoadingOverlay inline />
      </>
    );
  }

  const context = [
    labelOf(CONTRIBUTOR_TYPE_OPTIONS, donor.contributor_type),
    labelOf(ELIGIBILITY_OPTIONS, donor.eligibility),
    donor.is_international ? t('donors.international') : '',
    donor.doing_business ? t('donors.doingBusiness') : '',
    ...donor.tags.map((tag) => `#${tag}`),
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      {back}
      <PageHeader
        title={donor.name}
        context={context}
        action={
          canWriteDonor && (
            <div className={styles.headerActions}>
              <DeleteDonor campaignId={campaignId} donor={donor} onDeleted={() => setGoTo(paths.donorList)} />
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={() => setMerging(true)}>
                {t('donors.mergeWith')}
              </button>
              <button type="button" className={`${buttonStyles.button} ${buttonStyles.primary}`} onClick={() => setEditing(true)}>
                {t('donors.edit')}
              </button>
            </div>
          )
        }
      />
      {donor.import_origin && (
        <p className={styles.origin}>
          {t('donors.importedFrom')}{' '}
          <Link to={`${paths.bulkHistory}?upload=${encodeURIComponent(donor.import_origin.upload_id)}`}>{donor.import_origin.file_name}</Link>
          {t('donors.importedRow', { row: donor.import_origin.row_number })}
        </p>
      )}
      <div className={styles.top}>
        <ContactCard donor={donor} />
        <DonorFigures donor={donor} />
      </div>
      <PledgesSection campaignId={campaignId} donor={donor} canWrite={canWriteDonor} />
      {canReadDonations && <DonationsSection campaignId={campaignId} donor={donor} canWrite={canWriteDonations} />}
      <div className={styles.columns}>
        <div>
          <TagsNotesSection campaignId={campaignId} donorId={donor.donor_id} canWrite={canWriteDonor} />
        </div>
        <div>
          <HistorySection campaignId={campaignId} donorId={donor.donor_id} donorName={donor.name} />
        </div>
      </div>
      {/* Full width: six columns with notes do not fit the narrow column at 1280 px. */}
      {canReadCalls && (
        <CallsSection campaignId={campaignId} donorId={donor.donor_id} donorName={donor.name} donorPhone={donor.donor_phone} canWrite={canWriteCalls} />
      )}
      {editing && (
        <DonorFormModal
          campaignId={campaignId}
          donor={donor}
          onClose={() => setEditing(false)}
          onSaved={() => setEditing(false)}
          onOpenExisting={(id) => {
            setEditing(false);
            setGoTo(donorPagePath(id));
          }}
        />
      )}
      {merging && (
        <MergeModal
          campaignId={campaignId}
          donor={donor}
          onClose={() => setMerging(false)}
          onMerged={(survivorId) => {
            setMerging(false);
            if (survivorId !== donor.donor_id) setGoTo(donorPagePath(survivorId));
          }}
        />
      )}
    </>
  );
}

function ContactCard({ donor }: { donor: DonorDetail }) {
  const { t } = useTranslation();
  const none = <span className={styles.muted}>{t('donors.details.none')}</span>;
  const state = labelOf(US_STATE_OPTIONS, donor.state);
  const cityLine = [donor.city, [state, donor.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const addressLines = [[donor.address, donor.apt_unit].filter(Boolean).join(', '), cityLine, donor.is_international ? countryLabel(donor.country) : ''].filter(Boolean);
  return (
    <section className={styles.card} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className={styles.cardTitle}>
        {t('donors.details.contact')}
      </h2>
      <dl className={styles.details}>
        <dt>{t('donors.details.email')}</dt>
        <dd>{donor.donor_email ? <a href={`mailto:${donor.donor_email}`}>{donor.donor_email}</a> : none}</dd>
        <dt>{t('donors.details.phone')}</dt>
        <dd>{donor.donor_phone ? <a href={phoneHref(donor.donor_phone)}>{formatPhone(donor.donor_phone)}</a> : none}</dd>
        <dt>{t('donors.details.address')}</dt>
        <dd>
          {addressLines.length > 0
            ? addressLines.map((line) => (
                <span key={line} className={styles.line}>
                  {line}
                </span>
              ))
            : none}
        </dd>
        <dt>{t('donors.details.employer')}</dt>
        <dd>{donor.employer ?? none}</dd>
        <dt>{t('donors.details.occupation')}</dt>
        <dd>{donor.occupation ?? none}</dd>
        <dt>{t('donors.details.district')}</dt>
        <dd>{labelOf(DISTRICT_OPTIONS, donor.district) || none}</dd>
        <dt>{t('donors.details.doingBusiness')}</dt>
        <dd>{donor.doing_business ? t('donors.details.doingBusinessYes') : t('donors.details.doingBusinessNo')}</dd>
        {donor.recipient && (
          <>
            <dt>{t('donors.details.recipient')}</dt>
            <dd>{donor.recipient}</dd>
          </>
        )}
      </dl>
      <p className={styles.added}>{t('donors.details.added', { date: formatDate(donor.created_at) })}</p>
    </section>
  );
}
