import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportRow } from '../../../../domain/reports/api-contract';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import listStyles from '../../../components/data-table/list-page.module.css';
import { successMessage } from '../../../lib/api-error';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useSendReminderMutation } from '../api/reports-api';
import { formatPhone } from '../../../../domain/phone';

interface ReminderButtonProps {
  campaignId: string;
  row: ReportRow;
}

/** Due report: remind the donor of this payment (e-mail, or a text when there is no e-mail), after a confirmation. */
/** The reminder changes the row's "Last reminder": the report is read again (the FollowUp tag). */
export function ReminderButton({ campaignId, row }: ReminderButtonProps) {
  const { t } = useTranslation();
  const [sendReminder] = useSendReminderMutation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const channel = row.donor_email ? 'email' : row.donor_phone ? 'sms' : null;
  if (!channel || !row.donor_id) return null;
  const name = String(row.donor_name ?? '');
  const address = channel === 'email' ? String(row.donor_email) : formatPhone(String(row.donor_phone));
  const send = async () => {
    setBusy(true);
    try {
      const result = await sendReminder({ campaignId, body: { donor_id: String(row.donor_id), channel, message: null } }).unwrap();
      notify.success(successMessage(result.message_code, 'messages.REMINDER_SENT'));
      setOpen(false);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`} aria-label={t('reports.reminder.buttonOf', { name })} onClick={() => setOpen(true)}>
        {t('reports.reminder.button')}
      </button>
      <ConfirmModal
        open={open}
        title={t('reports.reminder.title')}
        confirmLabel={t('reports.reminder.confirm')}
        cancelLabel={t('reports.reminder.cancel')}
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setOpen(false)}
      >
        <p>{t(channel === 'email' ? 'reports.reminder.byEmail' : 'reports.reminder.bySms', { name, address })}</p>
      </ConfirmModal>
    </>
  );
}
