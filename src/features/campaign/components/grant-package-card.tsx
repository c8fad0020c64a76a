import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../../domain/campaign';
import { PACKAGE_PRICES } from '../../../../domain/packages';
import { useAppSelector } from '../../../app/hooks';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useGrantPackageMutation } from '../api/campaign-api';
import styles from '../pages/campaign-details-page.module.css';

/** Platform administrators grant a package to an active campaign (until online purchase exists). */
export function GrantPackageCard({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const isAdmin = useAppSelector((s) => s.user.is_platform_admin === true);
  const [grantPackage] = useGrantPackageMutation();
  const [years, setYears] = useState('1');
  const [busy, setBusy] = useState(false);
  if (!isAdmin || campaign.status !== 'active') return null;
  const grant = async () => {
    setBusy(true);
    try {
      // The campaign's details and the campaign lists are read again (their tags).
      const result = await grantPackage({ campaignId: campaign.campaign_id, years: Number(years) }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.PACKAGE_GRANTED'));
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
