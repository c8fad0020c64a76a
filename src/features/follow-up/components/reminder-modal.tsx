import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FollowUpRow } from '../../../../domain/donor-book/follow-up-contract';
import type { NotificationChannel } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { sendNotificationRequestSchema } from '../../../../domain/validation/donors';
import { FormAlert } from '../../../components/form-alert';
import { FormModal } from '../../../components/form-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { useSendFollowUpReminderMutation } from '../api/follow-up-api';
import styles from './follow-up-modals.module.css';
import { formatPhone } from '../../../../domain/phone';

interface ReminderValues {
  channel: string;
  message: string;
}

const FIELDS = ['channel', 'message'] as const;
const reminderFormSchema = sendNotificationRequestSchema.pick([...FIELDS]);
const MESSAGE_MAX = 500;

interface ReminderModalProps {
  campaignId: string;
  row: FollowUpRow;
  onClose: () => void;
  onSent: () => void;
}

/** 'Send reminder': e-mail or text (only where the donor has an address for it), optional words (send_notification). */
export function ReminderModal({ campaignId, row, onClose, onSent }: ReminderModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const [sendReminder] = useSendFollowUpReminderMutation();
  const hasEmail = Boolean(row.donor_email);
  const hasPhone = Boolean(row.donor_phone);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ReminderValues>({
    defaultValues: { channel: hasEmail ? 'email' : hasPhone ? 'sms' : '', message: '' },
    resolver: catalogueResolver<ReminderValues>(reminderFormSchema),
    mode: 'onBlur',
  });

  const onSubmit = (values: ReminderValues) =>
    submit(
      () =>
        sendReminder({
          campaignId,
          body: {
            donor_id: row.donor_id,
            channel: values.channel as NotificationChannel,
            message: values.message.trim() === '' ? null : values.message.trim(),
          },
        }).unwrap(),
      { successKey: 'messages.REMINDER_SENT', onSuccess: onSent, handled: (err) => applyServerFieldErrors(err, setError, FIELDS) },
    );

  const channels: { value: NotificationChannel; label: string; address: string | null }[] = [
    { value: 'email', label: t('followUp.reminder.email'), address: row.donor_email },
    { value: 'sms', label: t('followUp.reminder.sms'), address: row.donor_phone ? formatPhone(row.donor_phone) : null },
  ];

  return (
    <FormModal title={t('followUp.reminder.title', { name: row.donor_name })} dirty={isDirty && !isSubmitting} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('followUp.reminder.form')}>
          {serverError && <FormAlert>{serverError}</FormAlert>}
          {!hasEmail && !hasPhone && <FormAlert kind="info">{t('errors.DONOR_NO_CONTACT')}</FormAlert>}
          <p className={styles.summary}>{t('followUp.reminder.summary', { amount: formatCents(row.remaining_cents) })}</p>
          <fieldset className={styles.fieldset} aria-describedby={errors.channel ? 'reminder-channel-error' : undefined}>
            <legend className={styles.legend}>{t('followUp.reminder.channel')}</legend>
            <div className={styles.channels}>
              {channels.map((c) => (
                <label key={c.value} className={styles.channel}>
                  <input type="radio" value={c.value} disabled={!c.address} {...register('channel')} />
                  {c.label}
                  <span className={styles.address}>{c.address ?? t(c.value === 'email' ? 'followUp.reminder.noEmail' : 'followUp.reminder.noPhone')}</span>
                </label>
              ))}
            </div>
            {errors.channel?.message && (
              <p id="reminder-channel-error" className={styles.error} role="alert">
                {errors.channel.message}
              </p>
            )}
          </fieldset>
          <TextArea
            label={t('followUp.reminder.message')}
            hint={t('followUp.reminder.messageHint')}
            maxLength={MESSAGE_MAX}
            error={errors.message?.message}
            {...register('message')}
          />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose} disabled={isSubmitting}>
              {t('followUp.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting} disabled={!hasEmail && !hasPhone}>
              {t('followUp.reminder.submit')}
            </SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
