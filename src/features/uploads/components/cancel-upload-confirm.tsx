import { useTranslation } from 'react-i18next';
import type { UploadStatus } from '../../../../domain/imports/api-contract';
import { ConfirmModal } from '../../../components/confirm-modal';
import '../../../lib/staff-catalogue';

interface CancelUploadConfirmProps {
  /** The upload to cancel (null: closed). */
  upload: { file_name: string; status: UploadStatus } | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Cancel this upload?": what stays (an import stops after its batch; imported rows stay). */
export function CancelUploadConfirm({ upload, busy, onConfirm, onCancel }: CancelUploadConfirmProps) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      open={upload !== null}
      title={t('uploads.cancel.title', { file: upload?.file_name ?? '' })}
      confirmLabel={t('uploads.cancel.confirm')}
      cancelLabel={t('uploads.cancel.keep')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{upload?.status === 'importing' ? t('uploads.cancel.importing') : t('uploads.cancel.body')}</p>
    </ConfirmModal>
  );
}
