import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DonationFields, DonationRow, Intermediary } from '../../../../domain/donor-book/donations-contract';
import type { DonorDetail } from '../../../../domain/donor-book/donors-contract';
import { PAYMENT_METHOD_OPTIONS, US_STATE_OPTIONS, type PaymentMethod } from '../../../../domain/donor-book/enums';
import { formatCents } from '../../../../domain/money';
import { donationFieldsSchema } from '../../../../domain/validation/donors';
import { DateInput } from '../../../components/date-input';
import { FormModal } from '../../../components/form-modal';
import { MoneyInput } from '../../../components/money-input';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { formatDate } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { useServerSubmit } from '../../../lib/use-server-submit';
import { useAddDonationMutation, useUpdateDonationMutation } from '../api/donors-api';
import { todayIso } from '../dates';
import { useOutsideCycle } from '../outside-cycle';
import { apiErrorDetails } from '../server-errors';
import { OutsideCycleAlert } from './outside-cycle-alert';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';

export interface DonationFormValues {
  donor_id: string;
  paying_date: string;
  paid_amount_cents: number | null;
  payment_method: PaymentMethod | '';
  reference_number: string;
  /** Only sent for a check. */
  check_number: string;
  recipient: string;
  pledge_id: string;
  memo: string;
  /** The intermediary (bundler): every field '' = none. */
  intermediary: Record<keyof Intermediary, string>;
}

const INTERMEDIARY_KEYS = ['name', 'csmart_number', 'employer', 'occupation', 'address', 'city', 'state', 'zip'] as const satisfies readonly (keyof Intermediary)[];

function intermediaryValues(i: Intermediary | null | undefined): Record<keyof Intermediary, string> {
  return Object.fromEntries(INTERMEDIARY_KEYS.map((k) => [k, i?.[k] ?? ''])) as Record<keyof Intermediary, string>;
}

/**
 * The intermediary of the form: undefined when every field is empty (none), else its fields ('' → null).
 * Also given what the resolver already made of it (null fields, or undefined for none).
 */
function intermediaryOf(values: Partial<Record<keyof Intermediary, string | null>> | null | undefined): Intermediary | undefined {
  const text = (k: keyof Intermediary) => (values?.[k] ?? '').trim();
  if (INTERMEDIARY_KEYS.every((k) => text(k) === '')) return undefined;
  const field = (k: keyof Intermediary) => text(k) || null;
  return {
    name: text('name'),
    csmart_number: field('csmart_number'),
    employer: field('employer'),
    occupation: field('occupation'),
    address: field('address'),
    city: field('city'),
    state: field('state'),
    zip: field('zip'),
  };
}

const FIELDS: (keyof DonationFormValues)[] = ['paying_date', 'paid_amount_cents', 'payment_method', 'reference_number', 'check_number', 'recipient', 'pledge_id', 'memo'];

const schemaResolver = catalogueResolver<DonationFormValues>(donationFieldsSchema);
/** An unchosen payment method is missing (required), not an unknown value; a check number counts only for a check. */
const donationResolver: Resolver<DonationFormValues> = (values, context, options) =>
  schemaResolver(
    {
      ...values,
      payment_method: values.payment_method || undefined,
      check_number: values.payment_method === 'check' ? values.check_number : null,
      intermediary: intermediaryOf(values.intermediary),
    } as unknown as DonationFormValues,
    context,
    options,
  );

function toValues(donorId: string, donation: DonationRow | null, pledgeId: string | null): DonationFormValues {
  return {
    donor_id: donorId,
    paying_date: donation?.paying_date ?? todayIso(),
    paid_amount_cents: donation?.paid_amount_cents ?? null,
    payment_method: donation?.payment_method ?? '',
    reference_number: donation?.reference_number ?? '',
    check_number: donation?.check_number ?? '',
    recipient: donation?.recipient ?? '',
    pledge_id: donation?.pledge_id ?? pledgeId ?? '',
    memo: donation?.memo ?? '',
    intermediary: intermediaryValues(donation?.intermediary),
  };
}

/** `editing`: the donation as it was (its intermediary, emptied in the form, is removed: null). */
function toFields(values: DonationFormValues, editing: DonationRow | null): DonationFields {
  const intermediary = intermediaryOf(values.intermediary);
  return {
    ...(intermediary ? { intermediary } : editing?.intermediary ? { intermediary: null } : {}),
    donor_id: values.donor_id,
    paying_date: values.paying_date,
    paid_amount_cents: values.paid_amount_cents ?? 0,
    payment_method: values.payment_method as PaymentMethod,
    reference_number: values.reference_number.trim() || null,
    check_number: values.payment_method === 'check' ? values.check_number.trim() || null : null,
    recipient: values.recipient.trim() || null,
    pledge_id: values.pledge_id || null,
    memo: values.memo.trim() || null,
  };
}

/** CASH_EXCEEDS_LIMIT with its figures (limit, cash already given this cycle, room left); null for other failures. */
export function cashLimitMessage(err: unknown): string | null {
  if (apiErrorCode(err) !== 'CASH_EXCEEDS_LIMIT') return null;
  const { limit_cents: limit, cash_cents: cash, remaining_cents: remaining } = apiErrorDetails(err);
  if (typeof limit !== 'number' || typeof cash !== 'number' || typeof remaining !== 'number') return null;
  return i18n.t('donors.donations.form.cashLimit', { limit: formatCents(limit), cash: formatCents(cash), remaining: formatCents(remaining) });
}

/**
 * What this donation adds to the donor's aggregate (what counts against the limit): paying an open
 * pledge adds only what goes beyond the pledge's remaining amount (the pledge already counts).
 */
export function limitIncreaseCents(amountCents: number, pledgeRemainingCents: number | null): number {
  return pledgeRemainingCents === null ? amountCents : Math.max(0, amountCents - pledgeRemainingCents);
}

interface DonationFormModalProps {
  campaignId: string;
  donor: DonorDetail;
  /** null: record a new donation. */
  donation: DonationRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Record or edit a donation: date, amount (cents), method (a check's number), reference, the pledge it
 * pays. A live hint compares the amount with what the donor may still give; the server decides (422
 * COMMITMENT_EXCEEDS_LIMIT or CASH_EXCEEDS_LIMIT shows in the form and nothing is saved). A date
 * outside the campaign's cycle is refused until the person chooses "Record anyway".
 */
export function DonationFormModal({ campaignId, donor, donation, onClose, onSaved }: DonationFormModalProps) {
  const { t } = useTranslation();
  const { serverError, submit } = useServerSubmit();
  const [addDonation] = useAddDonationMutation();
  const [updateDonation] = useUpdateDonationMutation();
  const openPledges = donor.pledges.filter((p) => (p.status === 'open' || p.status === 'partly_paid') || p.pledge_id === donation?.pledge_id);
  const defaultPledge = donation === null && openPledges.length === 1 ? openPledges[0]!.pledge_id : null;
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DonationFormValues>({ defaultValues: toValues(donor.donor_id, donation, defaultPledge), resolver: donationResolver, mode: 'onBlur' });
  const amount = useWatch({ control, name: 'paid_amount_cents' });
  const pledgeId = useWatch({ control, name: 'pledge_id' });
  const method = useWatch({ control, name: 'payment_method' });
  const payingDate = useWatch({ control, name: 'paying_date' });
  const cycle = useOutsideCycle(payingDate);
  const title = donation ? t('donors.donations.form.editTitle') : t('donors.donations.form.addTitle');

  const remaining = donor.remaining_limit_cents;
  const pledge = openPledges.find((p) => p.pledge_id === pledgeId) ?? null;
  const increase = amount !== null && Number.isFinite(amount) ? limitIncreaseCents(amount, pledge ? pledge.remaining_cents : null) : 0;
  const overLimit = donation === null && remaining !== null && increase > remaining;

  const save = (values: DonationFormValues, confirmOutsideCycle = false) => {
    cycle.clear();
    const fields = { ...toFields(values, donation), ...(confirmOutsideCycle ? { confirm_outside_cycle: true } : {}) };
    return submit(
      () => (donation ? updateDonation({ campaign_id: campaignId, donation_id: donation.donation_id, ...fields }) : addDonation({ campaign_id: campaignId, ...fields })).unwrap(),
      {
        successKey: donation ? 'messages.DONATION_UPDATED' : 'messages.DONATION_ADDED',
        onSuccess: onSaved,
        handled: (err) => cycle.take(err, values.paying_date) || (apiErrorCode(err) === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, FIELDS)),
        describe: cashLimitMessage,
      },
    );
  };
  const onSubmit = (values: DonationFormValues) => save(values);
  const recordAnyway = handleSubmit((values) => save(values, true));
  const refunded = donation?.refunded_cents ?? 0;
  const amountHint =
    remaining !== null && donation === null
      ? t('donors.donations.form.limitHint', { remaining: formatCents(remaining) })
      : refunded > 0
        ? t('donors.donations.form.refundedHint', { refunded: formatCents(refunded) })
        : undefined;

  const pledgeOptions = openPledges.map((p) => ({
    value: p.pledge_id,
    label: t('donors.donations.form.pledgeOption', { date: formatDate(p.commitment_date), remaining: formatCents(p.remaining_cents) }),
  }));

  return (
    <FormModal title={title} dirty={isDirty} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={title}>
          <ServerAlert message={serverError} />
          <OutsideCycleAlert kind="gift" outside={cycle.outside} date={payingDate} cycle={donor.cycle} busy={isSubmitting} onConfirm={() => void recordAnyway()} />
          <div className={styles.grid}>
            <Controller
              name="paying_date"
              control={control}
              render={({ field, fieldState }) => <DateInput label={t('donors.donations.form.date')} required {...field} error={fieldState.error?.message} />}
            />
            <Controller
              name="paid_amount_cents"
              control={control}
              render={({ field, fieldState }) => (
                <MoneyInput
                  label={t('donors.donations.form.amount')}
                  required
                  {...field}
                  error={fieldState.error?.message}
                  hint={amountHint}
                />
              )}
            />
            {overLimit && (
              <p className={`${styles.warning} ${styles.full}`} role="status">
                {t('donors.donations.form.limitWarning', { remaining: formatCents(remaining ?? 0) })}
              </p>
            )}
            <SelectField
              label={t('donors.donations.form.method')}
              required
              placeholder={t('donors.form.select')}
              options={PAYMENT_METHOD_OPTIONS}
              error={errors.payment_method?.message}
              {...register('payment_method')}
            />
            {method === 'check' && (
              <TextInput label={t('donors.donations.form.checkNumber')} hint={t('donors.donations.form.checkNumberHint')} error={errors.check_number?.message} {...register('check_number')} />
            )}
            <TextInput label={t('donors.donations.form.reference')} hint={t('donors.donations.form.referenceHint')} error={errors.reference_number?.message} {...register('reference_number')} />
            <div className={styles.full}>
              <SelectField
                label={t('donors.donations.form.pledge')}
                placeholder={t('donors.donations.form.noPledge')}
                options={pledgeOptions}
                error={errors.pledge_id?.message}
                {...register('pledge_id')}
              />
            </div>
            <div className={styles.full}>
              <TextInput label={t('donors.donations.form.recipient')} error={errors.recipient?.message} {...register('recipient')} />
            </div>
            <div className={styles.full}>
              <TextArea label={t('donors.donations.form.memo')} rows={2} error={errors.memo?.message} {...register('memo')} />
            </div>
            <h3 className={styles.section}>{t('donors.donations.form.intermediary.heading')}</h3>
            <p className={`${styles.full} ${styles.note}`}>{t('donors.donations.form.intermediary.hint')}</p>
            <TextInput label={t('donors.donations.form.intermediary.name')} autoComplete="off" error={errors.intermediary?.name?.message} {...register('intermediary.name')} />
            <TextInput
              label={t('donors.donations.form.intermediary.csmartNumber')}
              hint={t('donors.donations.form.intermediary.csmartNumberHint')}
              autoComplete="off"
              error={errors.intermediary?.csmart_number?.message}
              {...register('intermediary.csmart_number')}
            />
            <TextInput label={t('donors.donations.form.intermediary.employer')} error={errors.intermediary?.employer?.message} {...register('intermediary.employer')} />
            <TextInput label={t('donors.donations.form.intermediary.occupation')} error={errors.intermediary?.occupation?.message} {...register('intermediary.occupation')} />
            <div className={styles.full}>
              <TextInput label={t('donors.donations.form.intermediary.address')} autoComplete="off" error={errors.intermediary?.address?.message} {...register('intermediary.address')} />
            </div>
            <TextInput label={t('donors.donations.form.intermediary.city')} error={errors.intermediary?.city?.message} {...register('intermediary.city')} />
            <SelectField
              label={t('donors.donations.form.intermediary.state')}
              placeholder={t('donors.form.selectState')}
              options={US_STATE_OPTIONS}
              error={errors.intermediary?.state?.message}
              {...register('intermediary.state')}
            />
            <TextInput label={t('donors.donations.form.intermediary.zip')} autoComplete="off" error={errors.intermediary?.zip?.message} {...register('intermediary.zip')} />
          </div>
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose}>
              {t('donors.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('donors.donations.form.save')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
