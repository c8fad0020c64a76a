import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { GivingSettings } from '../../../../domain/payments/api-contract';
import type { GivingNotices } from '../../../../domain/payments/giving-notices';
import { givingNoticesSchema, givingSettingsRequestSchema } from '../../../../domain/payments/requests';
import buttonStyles from '../../../components/button.module.css';
import { FormAlert } from '../../../components/form-alert';
import { MoneyInput } from '../../../components/money-input';
import { SubmitButton } from '../../../components/submit-button';
import { TextArea } from '../../../components/text-area';
import { TextInput } from '../../../components/text-input';
import { apiErrorCode, apiErrorMessage } from '../../../lib/api-error';
import { applyServerFieldErrors, catalogueResolver } from '../../../lib/form-resolver';
import '../../../lib/staff-catalogue';
import { notify } from '../../../lib/toast';
import { useSaveGivingSettingsMutation } from '../api/gateway-api';
import styles from './staff.module.css';

/** The notices as the form holds them: no privacy link is ''. */
type NoticeValues = { [K in keyof GivingNotices]: string };

interface SettingsValues {
  appeal: string;
  suggested_amounts_cents: (number | null)[];
  notices: NoticeValues;
  require_phone: boolean;
}

const MAX_AMOUNTS = 6;
const resolver = catalogueResolver<SettingsValues>(givingSettingsRequestSchema.pick(['appeal', 'suggested_amounts_cents', 'require_phone']).shape({ notices: givingNoticesSchema.required() }));

const noticeValues = (notices: GivingNotices): NoticeValues => ({ ...notices, privacy_url: notices.privacy_url ?? '' });
const formValues = (settings: GivingSettings): SettingsValues => ({
  appeal: settings.appeal,
  suggested_amounts_cents: settings.suggested_amounts_cents,
  notices: noticeValues(settings.notices),
  require_phone: settings.require_phone,
});

let rowIds = 0;
const newRowId = () => `amount-${++rowIds}`;

/**
 * The public page's appeal text, its 1–6 suggested amounts (dollars typed, cents saved), whether donors
 * must give a phone number, and its legal notices (shown under the form and in the receipt), each with
 * its default named under it.
 */
export function GivingSettingsCard({ campaignId, settings, canWrite }: { campaignId: string; settings: GivingSettings; canWrite: boolean }) {
  const { t } = useTranslation();
  const [saveGivingSettings] = useSaveGivingSettingsMutation();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setFocus,
    setError,
    reset,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<SettingsValues>({ defaultValues: formValues(settings), resolver });
  const [defaults, setDefaults] = useState(settings.default_notices);
  const amounts = useWatch({ control, name: 'suggested_amounts_cents' });
  const [rows, setRows] = useState(() => settings.suggested_amounts_cents.map(newRowId));
  const [serverError, setServerError] = useState('');
  const focusIndex = useRef<number | null>(null);

  useEffect(() => {
    if (focusIndex.current === null) return;
    setFocus(`suggested_amounts_cents.${focusIndex.current}`);
    focusIndex.current = null;
  }, [rows, setFocus]);

  const add = () => {
    focusIndex.current = rows.length;
    setValue('suggested_amounts_cents', [...getValues('suggested_amounts_cents'), null], { shouldDirty: true });
    setRows((current) => [...current, newRowId()]);
  };
  const remove = (index: number) => {
    setValue(
      'suggested_amounts_cents',
      getValues('suggested_amounts_cents').filter((_, i) => i !== index),
      { shouldDirty: true, shouldValidate: isSubmitted },
    );
    setRows((current) => current.filter((_, i) => i !== index));
  };

  const save = async (values: SettingsValues) => {
    setServerError('');
    try {
      const saved = await saveGivingSettings({
        campaign_id: campaignId,
        appeal: values.appeal,
        suggested_amounts_cents: values.suggested_amounts_cents as number[],
        require_phone: values.require_phone,
        notices: { ...values.notices, privacy_url: values.notices.privacy_url.trim() === '' ? null : values.notices.privacy_url },
      }).unwrap();
      notify.success(t('payments.settings.saved'));
      reset(formValues(saved));
      setDefaults(saved.default_notices);
      setRows(saved.suggested_amounts_cents.map(newRowId));
    } catch (err) {
      const fields = ['appeal', 'suggested_amounts_cents', 'notices.paid_for_by', 'notices.tax_notice', 'notices.privacy_url', 'notices.rules_notice'] as const;
      if (apiErrorCode(err) === 'VALIDATION_ERROR' && applyServerFieldErrors(err, setError, [...fields])) return;
      setServerError(apiErrorMessage(err));
    }
  };

  const listError = errors.suggested_amounts_cents?.message ?? errors.suggested_amounts_cents?.root?.message;
  const defaultHint = (text: string | null) => (text ? t('payments.settings.notices.defaultHint', { text }) : t('payments.settings.notices.noDefault'));
  const useDefaults = () => {
    const values = noticeValues(defaults);
    for (const key of Object.keys(values) as (keyof NoticeValues)[]) setValue(`notices.${key}`, values[key], { shouldDirty: true, shouldValidate: isSubmitted });
  };

  return (
    <section className={styles.card} aria-labelledby="giving-settings-heading">
      <div className={styles.cardHead}>
        <h2 id="giving-settings-heading" className={styles.heading}>
          {t('payments.settings.title')}
        </h2>
      </div>
      <p className={styles.text}>{t('payments.settings.text')}</p>
      {serverError && (
        <FormAlert>
          <p>{serverError}</p>
        </FormAlert>
      )}
      <form onSubmit={handleSubmit(save)} noValidate aria-label={t('payments.settings.title')}>
        <fieldset disabled={!canWrite} className={styles.plainFieldset}>
          <TextArea label={t('payments.settings.appeal')} required rows={3} maxLength={1000} hint={t('payments.settings.appealHint')} error={errors.appeal?.message} {...register('appeal')} />
          <fieldset className={styles.plainFieldset} aria-describedby={listError ? 'amounts-error' : 'amounts-hint'}>
            <legend className={styles.legend}>{t('payments.settings.amounts')}</legend>
            <p id="amounts-hint" className={styles.inlineHint}>
              {t('payments.settings.amountsHint', { max: MAX_AMOUNTS })}
            </p>
            {rows.map((rowId, index) => (
              <div key={rowId} className={styles.amountRow}>
                <Controller
                  control={control}
                  name={`suggested_amounts_cents.${index}`}
                  render={({ field, fieldState }) => (
                    <MoneyInput
                      ref={field.ref}
                      name={field.name}
                      label={t('payments.settings.amountLabel', { n: index + 1 })}
                      required
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                {canWrite && (
                  <button
                    type="button"
                    className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.removeButton}`}
                    disabled={amounts.length <= 1}
                    aria-label={t('payments.settings.removeAmount', { n: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    {t('payments.settings.remove')}
                  </button>
                )}
              </div>
            ))}
            {listError && (
              <p id="amounts-error" className={styles.listError} role="alert">
                {listError}
              </p>
            )}
          </fieldset>
          <div className={styles.checkRow}>
            <input id="giving-require-phone" type="checkbox" aria-describedby="giving-require-phone-hint" {...register('require_phone')} />
            <label htmlFor="giving-require-phone">{t('payments.settings.requirePhone')}</label>
          </div>
          <p id="giving-require-phone-hint" className={styles.inlineHint}>
            {t('payments.settings.requirePhoneHint')}
          </p>
          <fieldset className={styles.plainFieldset} aria-describedby="notices-text">
            <legend className={styles.legend}>{t('payments.settings.notices.legend')}</legend>
            <p id="notices-text" className={styles.inlineHint}>
              {t('payments.settings.notices.text')}
            </p>
            <TextInput
              label={t('payments.settings.notices.paidForBy')}
              required
              maxLength={200}
              hint={defaultHint(defaults.paid_for_by)}
              error={errors.notices?.paid_for_by?.message}
              {...register('notices.paid_for_by')}
            />
            <TextInput
              label={t('payments.settings.notices.taxNotice')}
              required
              maxLength={300}
              hint={defaultHint(defaults.tax_notice)}
              error={errors.notices?.tax_notice?.message}
              {...register('notices.tax_notice')}
            />
            <TextArea
              label={t('payments.settings.notices.rulesNotice')}
              rows={2}
              maxLength={500}
              hint={`${t('payments.settings.notices.rulesHint')} ${defaultHint(defaults.rules_notice)}`}
              error={errors.notices?.rules_notice?.message}
              {...register('notices.rules_notice')}
            />
            <TextInput
              label={t('payments.settings.notices.privacyUrl')}
              type="url"
              inputMode="url"
              maxLength={500}
              hint={t('payments.settings.notices.privacyHint')}
              error={errors.notices?.privacy_url?.message}
              {...register('notices.privacy_url')}
            />
          </fieldset>
        </fieldset>
        {canWrite && (
          <div className={styles.actions}>
            <SubmitButton type="button" variant="secondary" disabled={amounts.length >= MAX_AMOUNTS} onClick={add}>
              {t('payments.settings.addAmount')}
            </SubmitButton>
            <SubmitButton type="button" variant="secondary" onClick={useDefaults}>
              {t('payments.settings.notices.useDefaults')}
            </SubmitButton>
            <SubmitButton loading={isSubmitting}>{t('payments.settings.save')}</SubmitButton>
          </div>
        )}
      </form>
    </section>
  );
}
