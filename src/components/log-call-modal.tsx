import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AddFollowUpCallRequest } from '../../domain/donor-book/follow-up-contract';
import { CALL_OUTCOME_OPTIONS, type CallOutcome } from '../../domain/donor-book/enums';
import { addFollowUpCallRequestSchema } from '../../domain/validation/donors';
import { applyServerFieldErrors, catalogueResolver } from '../lib/form-resolver';
import { useServerSubmit } from '../lib/use-server-submit';
import { DateInput } from './date-input';
import { FormAlert } from './form-alert';
import { FormModal } from './form-modal';
import { SelectField } from './select-field';
import { SubmitButton } from './submit-button';
import { TextArea } from './text-area';
import styles from './log-call-modal.module.css';
import '../lib/staff-catalogue';
import { formatPhone, phoneHref } from '../../domain/phone';

interface CallValues {
  outcome: string;
  note: string;
  next_call_date: string;
}

/** What a logged call sends besides the campaign and the donor. */
export type LoggedCall = Omit<AddFollowUpCallRequest, 'campaign_id' | 'donor_id'>;

const FIELDS = ['outcome', 'note', 'next_call_date'] as const;
const callFormSchema = addFollowUpCallRequestSchema.pick([...FIELDS]);
const catalogue = catalogueResolver<CallValues>(callFormSchema);
/** The empty option of the select is 'no outcome': 'Call outcome is required', not 'Unknown call outcome'. */
const resolver: Resolver<CallValues> = (values, context, options) => catalogue({ ...values, outcome: values.outcome || undefined } as unknown as CallValues, context, options);

interface LogCallModalProps {
  donorName: string;
  donorPhone: string | null;
  /** Sends the call (add_follow_up_call with the caller's campaign and donor); answers the message code. */
  save: (call: LoggedCall) => Promise<{ message_code?: string }>;
  onClose: () => void;
  onLogged: () => void;
}

/** 'Log call': the outcome, a note and the next call date of a call to a donor (Follow-up Call page, donor page). */
export function LogCallModal({ donorName, donorPhone, save, onClose, onLogged }: LogCallModalProps) {
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
        save({
          outcome: values.outcome as CallOutcome,
          note: values.note.trim() === '' ? null : values.note.trim(),
          next_call_date: values.next_call_date === '' ? null : values.next_call_date,
        }),
      { successKey: 'messages.CALL_LOGGED', onSuccess: onLogged, handled: (err) => applyServerFieldErrors(err, setError, FIELDS) },
    );

  return (
    <FormModal title={t('followUp.call.title', { name: donorName })} dirty={isDirty && !isSubmitting} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('followUp.call.form')}>
          {serverError && <FormAlert>{serverError}</FormAlert>}
          {donorPhone && (
            <p className={styles.contact}>
              {t('followUp.call.phone')}{' '}
              <a href={phoneHref(donorPhone)} className={styles.phone}>
                {formatPhone(donorPhone)}
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
