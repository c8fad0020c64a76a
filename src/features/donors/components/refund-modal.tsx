import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DonationRow } from '../../../../domain/donor-book/api-contract';
import { formatCents } from '../../../../domain/money';
import { refundDonationRequestSchema } from '../../../../domain/validation/donors';
import { DateInput } from '../../../components/date-input';
import { FormModal } from '../../../components/form-modal';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { catalogueResolver } from '../../../lib/form-resolver';
import { formatDate } from '../../../lib/format';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { refundDonation } from '../api/donors-api';
import { todayIso } from '../dates';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';

interface RefundValues {
  refund_date: string;
  refund_reason: string;
}

const refundFormSchema = refundDonationRequestSchema.pick(['refund_date', 'refund_reason']);

interface RefundModalProps {
  campaignId: string;
  donation: DonationRow;
  onClose: () => void;
  onDone: () => void;
}

/** Refund a donation: a date (not in the future) and a reason; the donation then counts for nothing. */
export function RefundModal({ campaignId, donation, onClose, onDone }: RefundModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RefundValues>({ defaultValues: { refund_date: todayIso(), refund_reason: '' }, resolver: catalogueResolver<RefundValues>(refundFormSchema), mode: 'onBlur' });
  const title = t('donors.donations.refundTitle');

  const onSubmit = (values: RefundValues) =>
    submit(() => refundDonation({ campaign_id: campaignId, donation_id: donation.donation_id, refund_date: values.refund_date, refund_reason: values.refund_reason.trim() }), {
      successKey: 'messages.DONATION_REFUNDED',
      onSuccess: onDone,
    });

  return (
    <FormModal title={title} dirty={isDirty} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
          <p className={styles.note}>{t('donors.donations.refundText', { amount: formatCents(donation.paid_amount_cents), date: formatDate(donation.paying_date) })}</p>
          <ServerAlert message={serverError} />
          <Controller
            name="refund_date"
            control={control}
            render={({ field, fieldState }) => <DateInput label={t('donors.donations.refundDate')} required {...field} error={fieldState.error?.message} />}
          />
          <TextArea label={t('donors.donations.refundReason')} required rows={2} error={errors.refund_reason?.message} {...register('refund_reason')} />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose}>
              {t('donors.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('donors.donations.refund')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
