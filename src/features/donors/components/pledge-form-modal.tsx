import dayjs from 'dayjs';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CycleInfo } from '../../../../domain/donor-book/donors-contract';
import type { PledgeFields, PledgeRow } from '../../../../domain/donor-book/pledges-contract';
import { formatCents } from '../../../../domain/money';
import { pledgeFieldsSchema } from '../../../../domain/validation/donors';
import { DateInput } from '../../../components/date-input';
import { FormModal } from '../../../components/form-modal';
import { MoneyInput } from '../../../components/money-input';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { useAddPledgeMutation, useUpdatePledgeMutation } from '../api/donors-api';
import { todayIso } from '../dates';
import { useOutsideCycle } from '../outside-cycle';
import { OutsideCycleAlert } from './outside-cycle-alert';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';

interface InstalmentValues {
  due_date: string;
  amount_cents: number | null;
}

export interface PledgeFormValues {
  commitment_date: string;
  commitment_amount_cents: number | null;
  recipient: string;
  note: string;
  instalments: InstalmentValues[];
}

function toValues(pledge: PledgeRow | null): PledgeFormValues {
  return {
    commitment_date: pledge?.commitment_date ?? todayIso(),
    commitment_amount_cents: pledge?.commitment_amount_cents ?? null,
    recipient: pledge?.recipient ?? '',
    note: pledge?.note ?? '',
    instalments: pledge?.instalments.map((i) => ({ due_date: i.due_date, amount_cents: i.amount_cents })) ?? [],
  };
}

function toFields(values: PledgeFormValues): PledgeFields {
  return {
    commitment_date: values.commitment_date,
    commitment_amount_cents: values.commitment_amount_cents ?? 0,
    recipient: values.recipient.trim() || null,
    note: values.note.trim() || null,
    instalments: values.instalments.map((i) => ({ due_date: i.due_date, amount_cents: i.amount_cents ?? 0 })),
  };
}

/** The day a month after `day` ('YYYY-MM-DD'), or `fallback` when `day` is not a date. */
function monthAfter(day: string | undefined, fallback: string): string {
  return day && /^\d{4}-\d{2}-\d{2}$/.test(day) && dayjs(day).isValid() ? dayjs(day).add(1, 'month').format('YYYY-MM-DD') : fallback;
}

interface PledgeFormModalProps {
  campaignId: string;
  donorId: string;
  /** null: record a new pledge. */
  pledge: PledgeRow | null;
  /** The campaign's cycle (DonorDetail.cycle): a note when the commitment date falls outside it. */
  cycle?: CycleInfo | null;
  onClose: () => void;
  onSaved: () => void;
}

const PLEDGE_FIELDS = ['commitment_date', 'commitment_amount_cents', 'recipient', 'note', 'instalments'] as const;

/**
 * Record or edit a pledge: date, amount, recipient, note and an instalment schedule that must add up.
 * A commitment date outside the campaign's cycle is refused until the person chooses "Record anyway".
 */
export function PledgeFormModal({ campaignId, donorId, pledge, cycle, onClose, onSaved }: PledgeFormModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const [addPledge] = useAddPledgeMutation();
  const [updatePledge] = useUpdatePledgeMutation();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PledgeFormValues>({ defaultValues: toValues(pledge), resolver: catalogueResolver<PledgeFormValues>(pledgeFieldsSchema), mode: 'onBlur' });
  const { fields, append, remove } = useFieldArray({ control, name: 'instalments' });
  const commitment = useWatch({ control, name: 'commitment_amount_cents' });
  const commitmentDate = useWatch({ control, name: 'commitment_date' });
  const instalments = useWatch({ control, name: 'instalments' });
  const outsideCycle = useOutsideCycle(commitmentDate);
  const scheduled = instalments.reduce((sum, i) => sum + (Number.isFinite(i.amount_cents) ? (i.amount_cents ?? 0) : 0), 0);
  const total = Number.isFinite(commitment) ? (commitment ?? 0) : 0;
  const difference = total - scheduled;
  const title = pledge ? t('donors.pledges.form.editTitle') : t('donors.pledges.form.addTitle');

  const save = (values: PledgeFormValues, confirmOutsideCycle = false) => {
    outsideCycle.clear();
    const fieldsOut = { ...toFields(values), ...(confirmOutsideCycle ? { confirm_outside_cycle: true } : {}) };
    return submit(
      () => (pledge ? updatePledge({ campaign_id: campaignId, pledge_id: pledge.pledge_id, ...fieldsOut }) : addPledge({ campaign_id: campaignId, donor_id: donorId, ...fieldsOut })).unwrap(),
      {
        successKey: pledge ? 'messages.PLEDGE_UPDATED' : 'messages.PLEDGE_ADDED',
        onSuccess: onSaved,
        handled: (err) =>
          outsideCycle.take(err, values.commitment_date) || (apiErrorCode(err) === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, PLEDGE_FIELDS)),
      },
    );
  };
  const onSubmit = (values: PledgeFormValues) => save(values);
  const recordAnyway = handleSubmit((values) => save(values, true));

  const addInstalment = () => {
    const last = instalments.at(-1);
    append({ due_date: monthAfter(last?.due_date ?? commitmentDate, commitmentDate || todayIso()), amount_cents: difference > 0 ? difference : null });
  };

  const scheduleError = errors.instalments?.message ?? errors.instalments?.root?.message;

  return (
    <FormModal title={title} dirty={isDirty} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
          <ServerAlert message={serverError} />
          <OutsideCycleAlert kind="pledge" outside={outsideCycle.outside} date={commitmentDate} cycle={cycle} busy={isSubmitting} onConfirm={() => void recordAnyway()} />
          <div className={styles.grid}>
            <Controller
              name="commitment_date"
              control={control}
              render={({ field, fieldState }) => <DateInput label={t('donors.pledges.form.date')} required {...field} error={fieldState.error?.message} />}
            />
            <Controller
              name="commitment_amount_cents"
              control={control}
              render={({ field, fieldState }) => <MoneyInput label={t('donors.pledges.form.amount')} required {...field} error={fieldState.error?.message} />}
            />
          </div>
          <fieldset className={styles.schedule}>
            <legend>{t('donors.pledges.form.schedule')}</legend>
            {fields.length === 0 && <p className={styles.note}>{t('donors.pledges.form.scheduleHint')}</p>}
            {fields.map((item, index) => (
              <div key={item.id} className={styles.instalment}>
                <Controller
                  name={`instalments.${index}.due_date`}
                  control={control}
                  render={({ field, fieldState }) => <DateInput label={t('donors.pledges.form.dueDate', { n: index + 1 })} required {...field} error={fieldState.error?.message} />}
                />
                <Controller
                  name={`instalments.${index}.amount_cents`}
                  control={control}
                  render={({ field, fieldState }) => (
                    <MoneyInput label={t('donors.pledges.form.instalmentAmount', { n: index + 1 })} required {...field} error={fieldState.error?.message} />
                  )}
                />
                <SubmitButton
                  type="button"
                  variant="secondary"
                  className={`${styles.smallButton} ${styles.removeButton}`}
                  aria-label={t('donors.pledges.form.removeInstalment', { n: index + 1 })}
                  onClick={() => remove(index)}
                >
                  ×
                </SubmitButton>
              </div>
            ))}
            <div className={styles.scheduleBar}>
              <SubmitButton type="button" variant="secondary" className={styles.smallButton} onClick={addInstalment}>
                {t('donors.pledges.form.addInstalment')}
              </SubmitButton>
              {fields.length > 0 && (
                <span className={styles.scheduleTotal} aria-live="polite">
                  {t('donors.pledges.form.scheduled', { scheduled: formatCents(scheduled), total: formatCents(total) })}
                  {difference !== 0 && (
                    <>
                      {' · '}
                      <span className={styles.mismatch}>
                        {difference > 0
                          ? t('donors.pledges.form.difference', { amount: formatCents(difference) })
                          : t('donors.pledges.form.over', { amount: formatCents(-difference) })}
                      </span>
                    </>
                  )}
                </span>
              )}
            </div>
            {scheduleError && (
              <p className={styles.fieldError} role="alert">
                {scheduleError}
              </p>
            )}
          </fieldset>
          <TextInput label={t('donors.pledges.form.recipient')} error={errors.recipient?.message} {...register('recipient')} />
          <TextArea label={t('donors.pledges.form.note')} rows={2} error={errors.note?.message} {...register('note')} />
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose}>
              {t('donors.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('donors.pledges.form.save')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
