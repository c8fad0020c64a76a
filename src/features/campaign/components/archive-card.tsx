import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../../domain/campaign';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SubmitButton } from '../../../components/submit-button';
import { successMessage } from '../../../lib/api-error';
import { sessionUserId } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { archiveCampaign, restoreCampaign } from '../api/campaign-api';
import { loadCampaignList } from '../load-campaigns';
import styles from '../pages/campaign-details-page.module.css';

/** Owners archive an active campaign (read-only afterwards) or restore an archived one, after confirming. */
export function ArchiveCard({ campaign, onChanged }: { campaign: CampaignView; onChanged: (view: CampaignView) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const storedUser = useAppSelector((s) => s.user.userId);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (campaign.role !== 'owner' || campaign.status === 'pending') return null;
  const archived = campaign.status === 'archived';

  const run = async () => {
    setBusy(true);
    try {
      const result = archived ? await restoreCampaign(campaign.campaign_id) : await archiveCampaign(campaign.campaign_id);
      notify.success(successMessage(result.message_code, archived ? 'messages.CAMPAIGN_RESTORED' : 'messages.CAMPAIGN_ARCHIVED'));
      onChanged(result.data);
      const userId = storedUser !== null && storedUser !== '' ? String(storedUser) : sessionUserId();
      if (userId) void dispatch(loadCampaignList(userId));
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const action = archived ? t('campaignDetails.restore') : t('campaignDetails.archive');
  return (
    <section className={styles.card} aria-labelledby="archive-heading">
      <h2 id="archive-heading" className={styles.heading}>
        {t('campaignDetails.archiveTitle')}
      </h2>
      <p>{archived ? t('campaignDetails.restoreText') : t('campaignDetails.archiveText')}</p>
      <SubmitButton type="button" variant={archived ? 'primary' : 'secondary'} onClick={() => setConfirming(true)}>
        {action}
      </SubmitButton>
      <ConfirmModal
        open={confirming}
        title={archived ? t('campaignDetails.restoreConfirmTitle') : t('campaignDetails.archiveConfirmTitle')}
        confirmLabel={action}
        cancelLabel={t('campaignDetails.cancel')}
        busy={busy}
        onConfirm={() => void run()}
        onCancel={() => setConfirming(false)}
      >
        {t(archived ? 'campaignDetails.restoreConfirmText' : 'campaignDetails.archiveConfirmText', { name: campaign.campaign_name })}
      </ConfirmModal>
    </section>
  );
}
