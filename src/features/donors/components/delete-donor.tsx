import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DonorDetail } from '../../../../domain/donor-book/donors-contract';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import { apiErrorCode, apiErrorMessage, successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import { useDeleteDonorMutation } from '../api/donors-api';
import { ServerAlert } from './server-alert';
import styles from './sections.module.css';

interface DeleteDonorProps {
  campaignId: string;
  donor: Pick<DonorDetail, 'donor_id' | 'name'>;
  /** After the server deleted the donor (the success toast is shown). */
  onDeleted: () => void;
}

/**
 * 'Delete donor' and its confirmation (delete_donor). A refusal stays in the dialog with the
 * server's catalogue message: a donor with pledges or donations (409 DONOR_HAS_RECORDS) cannot be
 * deleted, so only Cancel is left; other failures (e.g. the network) may be retried.
 */
export function DeleteDonor({ campaignId, donor, onDeleted }: DeleteDonorProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [deleteDonor] = useDeleteDonorMutation();
  const refused = apiErrorCode(error) === 'DONOR_HAS_RECORDS';

  const close = () => {
    setOpen(false);
    setError(null);
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await deleteDonor({ campaignId, donorId: donor.donor_id }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.DONOR_DELETED'));
      onDeleted();
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.danger}`} onClick={() => setOpen(true)}>
        {t('donors.deleteDonor.action')}
      </button>
      <ConfirmModal
        open={open}
        title={t('donors.deleteDonor.title', { name: donor.name })}
        confirmLabel={t('donors.delete')}
        cancelLabel={t('donors.cancel')}
        busy={busy}
        confirmDisabled={refused}
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        <p>{t('donors.deleteDonor.text')}</p>
        <ServerAlert message={error === null ? '' : apiErrorMessage(error)}>{refused && <p>{t('donors.deleteDonor.refusedHint')}</p>}</ServerAlert>
      </ConfirmModal>
    </>
  );
}
