import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DonorFields, DonorRow } from '../../../../domain/donor-book/donors-contract';
import { CONTRIBUTOR_TYPE_OPTIONS, DISTRICT_OPTIONS, ELIGIBILITY_OPTIONS, US_STATE_OPTIONS, type ContributorType, type Eligibility } from '../../../../domain/donor-book/enums';
import { donorFieldsSchema } from '../../../../domain/validation/donors';
import { DEFAULT_COUNTRY } from '../../../../domain/validation/fields';
import linkStyles from '../../../components/link-button.module.css';
import { FormModal } from '../../../components/form-modal';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage, successMessage } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import { notify } from '../../../lib/toast';
import { useAddDonorMutation, useUpdateDonorMutation } from '../api/donors-api';
import { countryOptions } from '../../../lib/countries';
import { apiErrorDetails, existingDonorId } from '../server-errors';
import { ServerAlert } from './server-alert';
import styles from './forms.module.css';
import { formatPhone } from '../../../../domain/phone';

type TextField = Exclude<keyof DonorFields, 'contributor_type' | 'eligibility' | 'doing_business'>;
export type DonorFormValues = Record<TextField, string> & { contributor_type: ContributorType | ''; eligibility: Eligibility; doing_business: boolean };

const FIELDS: (keyof DonorFormValues)[] = [
  'name', 'donor_phone', 'donor_email', 'contributor_type', 'employer', 'occupation', 'address', 'apt_unit', 'city', 'state', 'zip', 'district', 'country', 'eligibility', 'recipient', 'doing_business',
];

function toValues(donor: DonorRow | null): DonorFormValues {
  return {
    name: donor?.name ?? '',
    donor_phone: formatPhone(donor?.donor_phone),
    donor_email: donor?.donor_email ?? '',
    contributor_type: donor?.contributor_type ?? '',
    employer: donor?.employer ?? '',
    occupation: donor?.occupation ?? '',
    address: donor?.address ?? '',
    apt_unit: donor?.apt_unit ?? '',
    city: donor?.city ?? '',
    state: donor?.state ?? '',
    zip: donor?.zip ?? '',
    district: donor?.district ?? '',
    country: donor?.country || DEFAULT_COUNTRY,
    eligibility: donor?.eligibility ?? 'un',
    recipient: donor?.recipient ?? '',
    doing_business: donor?.doing_business ?? false,
  };
}

const schemaResolver = catalogueResolver<DonorFormValues>(donorFieldsSchema);
/** An unchosen contributor type is missing (required), not an unknown value. */
const donorResolver: Resolver<DonorFormValues> = (values, context, options) =>
  schemaResolver({ ...values, contributor_type: values.contributor_type || undefined } as unknown as DonorFormValues, context, options);

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The request fields of the form: '' → null, a state only for US donors. */
export function toDonorFields(values: DonorFormValues): DonorFields {
  const international = values.country !== DEFAULT_COUNTRY;
  return {
    name: values.name.trim(),
    donor_phone: orNull(values.donor_phone),
    donor_email: orNull(values.donor_email),
    contributor_type: values.contributor_type as ContributorType,
    employer: orNull(values.employer),
    occupation: orNull(values.occupation),
    address: orNull(values.address),
    apt_unit: orNull(values.apt_unit),
    city: orNull(values.city),
    state: international ? null : orNull(values.state),
    zip: orNull(values.zip),
    district: orNull(values.district),
    country: values.country || DEFAULT_COUNTRY,
    eligibility: values.eligibility,
    recipient: orNull(values.recipient),
    doing_business: values.doing_business,
  };
}

interface DonorFormModalProps {
  campaignId: string;
  /** null: add a donor. */
  donor: DonorRow | null;
  onClose: () => void;
  onSaved: (donor: DonorRow) => void;
  /** A 409 pointed at an existing donor and the person asked to open it. */
  onOpenExisting: (donorId: string) => void;
}

/** Add or edit a donor: every DonorFields field, validated with donorFieldsSchema; server errors inline. */
export function DonorFormModal({ campaignId, donor, onClose, onSaved, onOpenExisting }: DonorFormModalProps) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<{ message: string; existingId: string | null } | null>(null);
  const [addDonor] = useAddDonorMutation();
  const [updateDonor] = useUpdateDonorMutation();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<DonorFormValues>({ defaultValues: toValues(donor), resolver: donorResolver, mode: 'onBlur' });
  const country = useWatch({ control, name: 'country' });
  const state = useWatch({ control, name: 'state' });
  const international = country !== DEFAULT_COUNTRY;
  const districts = DISTRICT_OPTIONS.filter((d) => d.state === state);

  const onSubmit = async (values: DonorFormValues) => {
    setServerError(null);
    const fields = toDonorFields(values);
    try {
      const result = donor ? await updateDonor({ campaign_id: campaignId, donor_id: donor.donor_id, ...fields }).unwrap() : await addDonor({ campaign_id: campaignId, ...fields }).unwrap();
      notify.success(successMessage(result.message_code, donor ? 'messages.DONOR_UPDATED' : 'messages.DONOR_ADDED'));
      onSaved(result.data);
    } catch (err) {
      const code = apiErrorCode(err);
      if (code === 'INTERNATIONAL_DONOR_INDIVIDUAL_ONLY') {
        setError('contributor_type', { type: 'server', message: apiErrorMessage(err) }, { shouldFocus: true });
        return;
      }
      if (code === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, FIELDS)) return;
      const field = apiErrorDetails(err).field;
      if (code === 'DONOR_ALREADY_EXISTS' && typeof field === 'string' && (FIELDS as string[]).includes(field)) {
        setError(field as keyof DonorFormValues, { type: 'server', message: apiErrorMessage(err) }, { shouldFocus: true });
      }
      setServerError({ message: apiErrorMessage(err), existingId: existingDonorId(err) });
    }
  };

  const stateField = register('state');
  const countryField = register('country');

  return (
    <FormModal title={donor ? t('donors.form.editTitle') : t('donors.form.addTitle')} dirty={isDirty} onClose={onClose}>
      {(requestClose) => (
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={donor ? t('donors.form.editTitle') : t('donors.form.addTitle')}>
          <ServerAlert message={serverError?.message ?? ''}>
            {serverError?.existingId && (
              <p>
                <button type="button" className={linkStyles.linkButton} onClick={() => onOpenExisting(serverError.existingId!)}>
                  {t('donors.form.existing')}
                </button>
              </p>
            )}
          </ServerAlert>
          <div className={styles.grid}>
            <h3 className={styles.section}>{t('donors.form.contact')}</h3>
            <div className={styles.full}>
              <TextInput label={t('donors.form.name')} required autoComplete="off" maxLength={100} error={errors.name?.message} {...register('name')} />
            </div>
            <SelectField
              label={t('donors.form.contributorType')}
              required
              placeholder={t('donors.form.select')}
              options={CONTRIBUTOR_TYPE_OPTIONS}
              error={errors.contributor_type?.message}
              {...register('contributor_type')}
            />
            <SelectField label={t('donors.form.eligibility')} options={ELIGIBILITY_OPTIONS} error={errors.eligibility?.message} {...register('eligibility')} />
            <div className={`${styles.full} ${styles.checkRow}`}>
              <input id="donor-doing-business" type="checkbox" aria-describedby="donor-doing-business-hint" {...register('doing_business')} />
              <label htmlFor="donor-doing-business">{t('donors.form.doingBusiness')}</label>
              <p id="donor-doing-business-hint" className={styles.checkHint}>
                {t('donors.form.doingBusinessHint')}
              </p>
            </div>
            <TextInput label={t('donors.form.email')} type="email" autoComplete="off" error={errors.donor_email?.message} {...register('donor_email')} />
            <TextInput label={t('donors.form.phone')} type="tel" inputMode="numeric" autoComplete="off" hint={t('donors.form.phoneHint')} error={errors.donor_phone?.message} {...register('donor_phone')} />
            <TextInput label={t('donors.form.employer')} error={errors.employer?.message} {...register('employer')} />
            <TextInput label={t('donors.form.occupation')} error={errors.occupation?.message} {...register('occupation')} />

            <h3 className={styles.section}>{t('donors.form.addressHeading')}</h3>
            <div className={styles.full}>
              <SelectField
                label={t('donors.form.country')}
                options={countryOptions()}
                hint={international ? t('donors.form.internationalHint') : undefined}
                error={errors.country?.message}
                {...countryField}
                onChange={(event) => {
                  void countryField.onChange(event);
                  if (event.target.value !== DEFAULT_COUNTRY) {
                    setValue('state', '', { shouldDirty: true });
                    setValue('district', '', { shouldDirty: true });
                  }
                }}
              />
            </div>
            <div className={styles.full}>
              <TextInput label={t('donors.form.address')} autoComplete="off" error={errors.address?.message} {...register('address')} />
            </div>
            <TextInput label={t('donors.form.aptUnit')} error={errors.apt_unit?.message} {...register('apt_unit')} />
            <TextInput label={t('donors.form.city')} error={errors.city?.message} {...register('city')} />
            {!international && (
              <SelectField
                label={t('donors.form.state')}
                placeholder={t('donors.form.selectState')}
                options={US_STATE_OPTIONS}
                error={errors.state?.message}
                {...stateField}
                onChange={(event) => {
                  void stateField.onChange(event);
                  setValue('district', '', { shouldDirty: true });
                }}
              />
            )}
            <TextInput label={international ? t('donors.form.postalCode') : t('donors.form.zip')} autoComplete="off" error={errors.zip?.message} {...register('zip')} />
            {!international &&
              (districts.length > 0 ? (
                <SelectField label={t('donors.form.district')} placeholder={t('donors.form.selectDistrict')} options={districts} error={errors.district?.message} {...register('district')} />
              ) : (
                <TextInput label={t('donors.form.district')} error={errors.district?.message} {...register('district')} />
              ))}
            <TextInput label={t('donors.form.recipient')} error={errors.recipient?.message} {...register('recipient')} />
          </div>
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" onClick={requestClose}>
              {t('donors.form.cancel')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('donors.form.save')}</SubmitButton>
          </div>
        </form>
      )}
    </FormModal>
  );
}
