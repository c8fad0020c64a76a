import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FollowUpRow } from '../../../../domain/donor-book/api-contract';
import { CALL_OUTCOME_OPTIONS, type CallOutcome } from '../../../../domain/donor-book/enums';
import { addFollowUpCallRequestSchema } from '../../../../domain/validation/donors';
import { DateInput } from '../../../components/date-input';
import { FormAlert } from '../../../components/form-alert';
import { FormModal } from '../../../components/form-modal';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { addFollowUpCall } from '../api/follow-up-api';
import styles from './follow-up-modals.module.css';

interface CallValues {
  outcome: string;
  note: string;
  next_call_date: string;
}

const FIELDS = ['outcome', 'note', 'next_call_date'] as const;
const callFormSchema = addFollowUpCallRequestSchema.pick([...FIELDS]);
const catalogue = catalogueResolver<CallValues>(callFormSchema);
/** The empty option of the select is 'no outcome': 'Call outcome is required', not 'Unknown call outcome'. */
const resolver: Resolver<CallValues> = (values, context, options) => catalogue({ ...values, outcome: values.outcome || undefined } as unknown as CallValues, context, options);

interface LogCallModalProps {
  campaignId: string;
  row: FollowUpRow;
  onClose: () => void;
  onLogged: () => void;
}

/** 'Log call': the outcome, a note and the next call date of a call to a donor (add_follow_up_call). */
export function LogCallModal({ campaignId, row, onClose, onLogged }: LogCallModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CallValues>({
    defaultValues: { outcome: '', note: '', next_call_date: '' },
    resolver,
    mode: 'onBlur',
  });

  const onSubmit = (values: CallValues) =>
    submit(
      () =>
        addFollowUpCall({
          campaign_id: campaignId,
          donor_id: row.donor_id,
          outcome: values.outcome as CallOutcome,
          note: values.note.trim() === '' ? null : values.note.trim(),
          next_call_date: values.next_call_date === '' ? null : values.next_call_date,
        }),
      { successKey: 'messages.CALL_LOGGED', onSuccess: onLogged, handled: (err) => applyServerFieldErrors(err, setError, FIELDS) },
    );

  return (
    <FormModal title={t('followUp.call.title', { name: row.donor_name })} dirty={isDirty && !isSubmitting} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('followUp.call.form')}>
          {serverError && <FormAlert>{serverError}</FormAlert>}
          {row.donor_phone && (
            <p className={styles.contact}>
              {t('followUp.call.phone')}{' '}
              <a href={`tel:${row.donor_phone}`} className={styles.phone}>
                {row.donor_phone}
              </a>
            </p>
          )}
          <SelectField
            label={t('followUp.call.outcome')}
            required
            placeholder={t('followUp.call.outcomePlaceholder')}
            options={CALL_OUTCOME_OPTIONS}
            error={errors.outcome?.message}
            {...register('outcome')}
          />
          <TextArea label={t('followUp.call.note')} maxLength={2000} error={errors.note?.message} {...register('note')} />
          <Controller
            name="next_call_date"
            control={control}
            render={({ field, fieldState }) => <DateInput label={t('followUp.call.nextCallDate')} {...field} error={fieldState.error?.message} />}
          />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose} disabled={isSubmitting}>
              {t('followUp.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('followUp.call.submit')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
