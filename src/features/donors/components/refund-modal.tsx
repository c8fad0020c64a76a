import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { number } from 'yup';
import type { DonationRow } from '../../../../domain/donor-book/donations-contract';
import { formatCents } from '../../../../domain/money';
import { DONOR_VALIDATION_MESSAGES as M, refundDonationRequestSchema } from '../../../../domain/validation/donors';
import { DateInput } from '../../../components/date-input';
import { FormModal } from '../../../components/form-modal';
import { MoneyInput } from '../../../components/money-input';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { apiErrorCode } from '../../../lib/api-error';
import { catalogueResolver } from '../../../lib/form-resolver';
import { formatDate } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { useRefundDonationMutation, useRefundDonationOnlineMutation } from '../api/donors-api';
import { todayIso } from '../dates';
import { apiErrorDetails } from '../server-errors';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';

interface RefundValues {
  refund_amount_cents: number | null;
  refund_date: string;
  refund_reason: string;
}

/** What can still be refunded of a donation: paid − refunded − refunds PayPal is still processing (the server refuses more). */
export function refundableCents(donation: DonationRow): number {
  const pending = donation.online_refunds.reduce((sum, r) => sum + (r.status === 'pending' ? r.amount_cents : 0), 0);
  return Math.max(0, donation.paid_amount_cents - donation.refunded_cents - pending);
}

/** The refund schema's date and reason, and an amount that is required and at most what is refundable. */
function refundFormSchema(refundable: number, tooMuch: string) {
  return refundDonationRequestSchema.pick(['refund_date', 'refund_reason']).shape({
    refund_amount_cents: number().typeError(M.REFUND_AMOUNT_INVALID).required(M.REFUND_AMOUNT_INVALID).integer(M.REFUND_AMOUNT_INVALID).min(1, M.REFUND_AMOUNT_INVALID).max(refundable, tooMuch),
  });
}

/** REFUND_EXCEEDS_PAID with what can still be refunded (details.refundable_cents); null for other failures. */
function refundErrorMessage(err: unknown): string | null {
  const refundable = apiErrorDetails(err).refundable_cents;
  if (apiErrorCode(err) !== 'REFUND_EXCEEDS_PAID' || typeof refundable !== 'number') return null;
  return i18n.t('donors.donations.refundExceeds', { refundable: formatCents(refundable) });
}

interface RefundModalProps {
  campaignId: string;
  donation: DonationRow;
  /** How far the donor is over the contribution limit this cycle (0: not over, or the gift is outside the cycle). */
  excessCents: number;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Refund all or part of a donation: an amount (at most what is not yet refunded), a date (not in the
 * future) and a reason. A donor over the limit gets "Refund the excess over the limit", which fills
 * in the excess (at most the refundable amount) and a reason.
 */
export function RefundModal({ campaignId, donation, excessCents, onClose, onDone }: RefundModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const [refundDonation] = useRefundDonationMutation();
  const [refundOnlineDonation] = useRefundDonationOnlineMutation();
  const refundable = refundableCents(donation);
  const resolver = useMemo(
    () => catalogueResolver<RefundValues>(refundFormSchema(refundable, t('donors.donations.refundExceeds', { refundable: formatCents(refundable) }))),
    [refundable, t],
  );
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<RefundValues>({ defaultValues: { refund_amount_cents: refundable, refund_date: todayIso(), refund_reason: '' }, resolver, mode: 'onBlur' });
  const title = t('donors.donations.refundTitle');
  const excess = Math.min(excessCents, refundable);

  const refundExcess = () => {
    setValue('refund_amount_cents', excess, { shouldDirty: true, shouldValidate: true });
    setValue('refund_reason', t('donors.donations.excessReason'), { shouldDirty: true, shouldValidate: true });
  };

  // A gift paid online (PayPal) is refunded through PayPal, today; others are only booked.
  const online = donation.source === 'online' && donation.payment_method === 'paypal';
  const onSubmit = (values: RefundValues) =>
    submit(
      () =>
        online
          ? refundOnlineDonation({ campaign_id: campaignId, donation_id: donation.donation_id, amount_cents: values.refund_amount_cents ?? refundable, reason: values.refund_reason.trim() }).unwrap()
          : refundDonation({
          campaign_id: campaignId,
          donation_id: donation.donation_id,
          refund_amount_cents: values.refund_amount_cents ?? refundable,
          refund_date: values.refund_date,
          refund_reason: values.refund_reason.trim(),
        }).unwrap(),
      { successKey: 'messages.DONATION_REFUNDED', onSuccess: onDone, describe: refundErrorMessage },
    );

  return (
    <FormModal title={title} dirty={isDirty} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
          <p className={styles.note}>
            {t('donors.donations.refundText', { amount: formatCents(donation.paid_amount_cents), date: formatDate(donation.paying_date), refundable: formatCents(refundable) })}
            {donation.refunded_cents > 0 && <> {t('donors.donations.refundedSoFar', { refunded: formatCents(donation.refunded_cents) })}</>}
            {` ${t('donors.donations.refundCounts')}`}
            {online && <> {t('donors.donations.refundThroughPaypal')}</>}
          </p>
          <ServerAlert message={serverError} />
          {excess > 0 && (
            <div className={styles.choice}>
              <p>{t('donors.donations.overLimitText', { excess: formatCents(excessCents) })}</p>
              <SubmitButton type="button" variant="secondary" className={styles.smallButton} onClick={refundExcess}>
                {t('donors.donations.refundExcess')}
              </SubmitButton>
            </div>
          )}
          <Controller
            name="refund_amount_cents"
            control={control}
            render={({ field, fieldState }) => (
              <MoneyInput label={t('donors.donations.refundAmount')} required {...field} error={fieldState.error?.message} hint={t('donors.donations.refundAmountHint', { refundable: formatCents(refundable) })} />
            )}
          />
          {!online && (
            <Controller
              name="refund_date"
              control={control}
              render={({ field, fieldState }) => <DateInput label={t('donors.donations.refundDate')} required {...field} error={fieldState.error?.message} />}
            />
          )}
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
