import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignView } from '../../../../domain/campaign';
import { ConfirmModal } from '../../../components/confirm-modal';
import { SubmitButton } from '../../../components/submit-button';
import { successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useSetCampaignArchivedMutation } from '../api/campaign-api';
import styles from '../pages/campaign-details-page.module.css';

/** Owners archive an active campaign (read-only afterwards) or restore an archived one, after confirming. */
export function ArchiveCard({ campaign }: { campaign: CampaignView }) {
  const { t } = useTranslation();
  const [setArchived] = useSetCampaignArchivedMutation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (campaign.role !== 'owner' || campaign.status === 'pending') return null;
  const archived = campaign.status === 'archived';

  const run = async () => {
    setBusy(true);
    try {
      // The answer replaces the shown details; the campaign lists (header, /campaign) are read again.
      const result = await setArchived({ campaignId: campaign.campaign_id, archived: !archived }).unwrap();
      notify.success(successMessage(result.message_code, archived ? 'messages.CAMPAIGN_RESTORED' : 'messages.CAMPAIGN_ARCHIVED'));
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
