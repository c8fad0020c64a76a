import { useState } from 'react';
import type { ReportRow } from '../../../../domain/reports/api-contract';
import buttonStyles from '../../../components/button.module.css';
import { ConfirmModal } from '../../../components/confirm-modal';
import listStyles from '../../../components/data-table/list-page.module.css';
import { notify } from '../../../lib/toast';
import { sendReminder } from '../api/reports-api';

/** Due report: remind the donor of this payment (e-mail, or a text when there is no e-mail), after a confirmation. */
export function ReminderButton({ campaignId, row }: { campaignId: string; row: ReportRow }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const channel = row.donor_email ? 'email' : row.donor_phone ? 'sms' : null;
  if (!channel || !row.donor_id) return null;
  const name = String(row.donor_name ?? '');
  const send = async () => {
    setBusy(true);
    try {
      await sendReminder(campaignId, String(row.donor_id), channel);
      notify.success(`Reminder sent to ${name}`);
      setOpen(false);
    } catch (err) {
      notify.apiError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary} ${listStyles.small}`} aria-label={`Send reminder to ${name}`} onClick={() => setOpen(true)}>
        Send reminder
      </button>
      <ConfirmModal
        open={open}
        title="Send a payment reminder?"
        confirmLabel="Send reminder"
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => void send()}
        onCancel={() => setOpen(false)}
      >
        <p>
          {name} will get a reminder by {channel === 'email' ? `e-mail (${String(row.donor_email)})` : `text (${String(row.donor_phone)})`} of the payment due on their pledge.
        </p>
      </ConfirmModal>
    </>
  );
}
