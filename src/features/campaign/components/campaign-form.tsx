import { skipToken } from '@reduxjs/toolkit/query/react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  COMPLIANCE_RULE_SET_LABELS,
  COMPLIANCE_RULE_SETS,
  needsParticipantStatus,
  PARTICIPANT_STATUSES,
  PARTIES,
  type CampaignView,
  type ElectionCycleItem,
  type OfficeSoughtItem,
  type StateItem,
} from '../../../../domain/campaign';
import { sanitizeFileName } from '../../../../domain/file-name';
import { isValidSlug, suggestSlug } from '../../../../domain/validation/campaign';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextInput } from '../../../components/text-input';
import { apiErrorMessage, successMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/toast';
import {
  useCheckSlugQuery,
  useCreateCampaignMutation,
  useElectionCyclesQuery,
  useOfficesQuery,
  useStatesQuery,
  useUpdateCampaignMutation,
  useUploadCampaignLogoMutation,
} from '../api/campaign-api';
import { toCampaignFields, validateCampaignForm, type CampaignFormValues } from '../campaign-form-values';
import styles from './campaign-form.module.css';
import { LogoField } from './logo-field';

const SLUG_CHECK_DEBOUNCE_MS = 400;
const NO_OFFICES: OfficeSoughtItem[] = [];
const NO_STATES: StateItem[] = [];
const NO_CYCLES: ElectionCycleItem[] = [];

const resolver: Resolver<CampaignFormValues> = async (values) => {
  const errors = await validateCampaignForm(values);
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  const fieldErrors = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, { type: 'validation', message }]));
  return { values: {}, errors: fieldErrors as FieldErrors<CampaignFormValues> };
};

interface CampaignFormProps {
  initial: CampaignFormValues;
  /** Edit mode: the campaign being edited. */
  campaignId?: string;
  /** The slug of an active campaign cannot change. */
  slugFrozen?: boolean;
  onSaved: (campaign: CampaignView) => void;
  onCancel: () => void;
}

/** Create or edit a campaign (domain campaignFormSchema; limits typed in dollars, sent in cents). */
export function CampaignForm({ initial, campaignId, slugFrozen = false, onSaved, onCancel }: CampaignFormProps) {
  const { t } = useTranslation();
  const editing = campaignId !== undefined;
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isSubmitted, dirtyFields },
  } = useForm<CampaignFormValues>({ defaultValues: initial, resolver, mode: 'onBlur', reValidateMode: 'onChange' });
  const [showPastCycles, setShowPastCycles] = useState(false);
  /** The slug to check, once the user has stopped typing it. */
  const [slugToCheck, setSlugToCheck] = useState<string | null>(null);
  const [formError, setFormError] = useState('');
  const [logoFile, setLogoFile] = useState<File | null>(null);

  const [name, slug, office, ruleSet, logo, cycle] = useWatch({ control, name: ['campaign_name', 'slug', 'office_sought', 'compliance_rule_set', 'logo', 'election_cycle'] });
  // Reference lists (shared with the details page's labels); the cycles of the chosen office.
  const offices = useOfficesQuery().data ?? NO_OFFICES;
  const states = useStatesQuery().data ?? NO_STATES;
  const cycles = useElectionCyclesQuery(office || skipToken).data ?? NO_CYCLES;
  const [createCampaign] = useCreateCampaignMutation();
  const [updateCampaign] = useUpdateCampaignMutation();
  const [uploadCampaignLogo] = useUploadCampaignLogoMutation();
  // The next elections first; cycles already over only on request (or when the campaign has one).
  const today = dayjs().format('YYYY-MM-DD');
  const pastCycles = cycles.filter((c) => c.end_date < today);
  const offeredCycles = cycles.filter((c) => c.end_date >= today || showPastCycles || c.value === cycle);


  // Options arrive after the values: apply the values again once their options exist (edit mode).
  useEffect(() => setValue('office_sought', getValues('office_sought')), [offices, getValues, setValue]);
  useEffect(() => setValue('election_cycle', getValues('election_cycle')), [cycles, getValues, setValue]);
  useEffect(() => setValue('state', getValues('state')), [states, getValues, setValue]);

  // The slug follows the name until the user types one.
  useEffect(() => {
    if (editing || dirtyFields.slug) return;
    setValue('slug', suggestSlug(name), { shouldValidate: isSubmitted });
  }, [editing, dirtyFields.slug, name, setValue, isSubmitted]);

  // Live availability check, once typing pauses; each slug is asked afresh (another campaign may take it meanwhile).
  const checkable = !slugFrozen && isValidSlug(slug) && !(editing && slug === initial.slug);
  useEffect(() => {
    if (!checkable) return;
    const timer = setTimeout(() => setSlugToCheck(slug), SLUG_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [checkable, slug]);
  const slugCheck = useCheckSlugQuery(slugToCheck ? { slug: slugToCheck, campaignId } : skipToken, { refetchOnMountOrArgChange: true }).currentData ?? null;

  const onSubmit = async (values: CampaignFormValues) => {
    setFormError('');
    const fields = toCampaignFields(values);
    let saved: CampaignView;
    try {
      if (campaignId) {
        const { slug: _slug, ...rest } = fields;
        const result = await updateCampaign(slugFrozen ? { ...rest, campaign_id: campaignId } : { ...fields, campaign_id: campaignId }).unwrap();
        notify.success(successMessage(result.message_code, 'messages.CAMPAIGN_UPDATED'));
        saved = result.data;
      } else {
        // A new campaign has no logo yet: the picked file is uploaded once it exists.
        const result = await createCampaign({ ...fields, logo: null }).unwrap();
        notify.success(successMessage(result.message_code, 'messages.CAMPAIGN_CREATED'));
        saved = result.data;
      }
    } catch (err) {
      setFormError(apiErrorMessage(err));
      return;
    }
    if (logoFile) {
      try {
        saved = (await uploadCampaignLogo({ campaignId: saved.campaign_id, logo: logoFile, fileName: sanitizeFileName(logoFile.name) }).unwrap()).data;
      } catch (err) {
        notify.error(t('campaign.form.logoUploadFailed', { reason: apiErrorMessage(err) }));
      }
    }
    onSaved(saved);
  };

  const current = slugCheck && slugCheck.slug === slug ? slugCheck : null;
  const slugStatus = slugFrozen ? (
    <p className={styles.slugOk}>{t('campaign.form.slugFrozen')}</p>
  ) : current && !errors.slug ? (
    current.available ? (
      <p className={styles.slugOk} role="status">
        {t('campaign.form.slugAvailable')}
      </p>
    ) : (
      <p className={styles.slugBad} role="status">
        {current.reason === 'taken' ? t('errors.SLUG_TAKEN') : t('campaign.form.slugInvalid')}
        {current.suggestion ? ` ${t('campaign.form.slugSuggestion', { slug: current.suggestion })}` : ''}
      </p>
    )
  ) : null;

  const err = (field: keyof CampaignFormValues) => errors[field]?.message;

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="campaign-form-heading">
      <h2 id="campaign-form-heading" className={styles.heading}>
        {editing ? t('campaign.form.editTitle') : t('campaign.form.createTitle')}
      </h2>
      {formError && (
        <p className={styles.slugBad} role="alert">
          {formError}
        </p>
      )}
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('campaign.form.sectionCampaign')}</legend>
        <div className={styles.grid}>
          <TextInput label={t('campaign.form.name')} required error={err('campaign_name')} {...register('campaign_name')} />
          <div>
            <TextInput
              label={t('campaign.form.slug')}
              required
              readOnly={slugFrozen}
              hint={t('campaign.form.slugHint')}
              error={err('slug')}
              {...register('slug')}
            />
            {slugStatus}
          </div>
          <SelectField
            label={t('campaign.form.office')}
            required
            placeholder={t('campaign.form.choose')}
            options={offices}
            error={err('office_sought')}
            {...register('office_sought', { onChange: () => setValue('election_cycle', '') })}
          />
          <SelectField
            label={t('campaign.form.cycle')}
            required
            placeholder={office ? t('campaign.form.choose') : t('campaign.form.chooseOfficeFirst')}
            options={office ? offeredCycles : []}
            error={err('election_cycle')}
            {...register('election_cycle')}
          />
          {office && pastCycles.length > 0 && (
            <label className={styles.pastCycles}>
              <input type="checkbox" checked={showPastCycles} onChange={(event) => setShowPastCycles(event.target.checked)} />
              {t('campaign.form.showPastCycles')}
            </label>
          )}
          <TextInput label={t('campaign.form.district')} error={err('district')} {...register('district')} />
          <SelectField
            label={t('campaign.form.party')}
            placeholder={t('campaign.form.noParty')}
            options={PARTIES.map((p) => ({ value: p, label: p }))}
            error={err('party')}
            {...register('party')}
          />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('campaign.form.sectionCompliance')}</legend>
        <div className={styles.grid}>
          <SelectField
            label={t('campaign.form.ruleSet')}
            required
            options={COMPLIANCE_RULE_SETS.map((value) => ({ value, label: COMPLIANCE_RULE_SET_LABELS[value] }))}
            error={err('compliance_rule_set')}
            {...register('compliance_rule_set')}
          />
          {needsParticipantStatus(ruleSet) && (
            <SelectField
              label={t('campaign.form.participantStatus')}
              required
              placeholder={t('campaign.form.choose')}
              options={PARTICIPANT_STATUSES.map((value) => ({ value, label: t(`campaign.participant.${value}`) }))}
              error={err('participant_status')}
              {...register('participant_status')}
            />
          )}
          {ruleSet === 'custom' && (
            <>
              <TextInput label={t('campaign.form.limitIndividual')} required inputMode="decimal" error={err('custom_limit_individual')} {...register('custom_limit_individual')} />
              <TextInput label={t('campaign.form.limitOrganization')} required inputMode="decimal" error={err('custom_limit_organization')} {...register('custom_limit_organization')} />
            </>
          )}
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('campaign.form.sectionCommittee')}</legend>
        <div className={styles.grid}>
          <TextInput label={t('campaign.form.committeeName')} error={err('committee_name')} {...register('committee_name')} />
          <TextInput label={t('campaign.form.committeeId')} error={err('committee_id')} {...register('committee_id')} />
          {ruleSet === 'nyc_cfb' && (
            <>
              <TextInput label={t('campaign.form.cfbCandidateId')} error={err('cfb_candidate_id')} maxLength={4} {...register('cfb_candidate_id')} />
              <TextInput label={t('campaign.form.cfbCommitteeId')} error={err('cfb_committee_id')} maxLength={1} {...register('cfb_committee_id')} />
            </>
          )}
          <TextInput label={t('campaign.form.treasurerName')} error={err('treasurer_name')} {...register('treasurer_name')} />
          <TextInput label={t('campaign.form.treasurerEmail')} type="email" error={err('treasurer_email')} {...register('treasurer_email')} />
          <TextInput label={t('campaign.form.treasurerPhone')} type="tel" error={err('treasurer_phone')} {...register('treasurer_phone')} />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('campaign.form.sectionAddress')}</legend>
        <div className={styles.grid}>
          <TextInput label={t('campaign.form.address')} error={err('address')} {...register('address')} />
          <TextInput label={t('campaign.form.aptUnit')} error={err('apt_unit')} {...register('apt_unit')} />
          <TextInput label={t('campaign.form.city')} error={err('city')} {...register('city')} />
          <SelectField label={t('campaign.form.state')} placeholder={t('campaign.form.choose')} options={states} error={err('state')} {...register('state')} />
          <TextInput label={t('campaign.form.zip')} error={err('zip')} {...register('zip')} />
        </div>
      </fieldset>
      <fieldset className={styles.section}>
        <legend className={styles.legend}>{t('campaign.form.sectionLogo')}</legend>
        <LogoField
          storedKey={logo ?? ''}
          pending={logoFile}
          onPick={setLogoFile}
          onRemove={() => {
            setLogoFile(null);
            setValue('logo', '', { shouldDirty: true });
          }}
        />
      </fieldset>
      <div className={styles.actions}>
        <SubmitButton type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
          {t('campaign.form.cancel')}
        </SubmitButton>
        <SubmitButton loading={isSubmitting}>{editing ? t('campaign.form.save') : t('campaign.form.create')}</SubmitButton>
      </div>
    </form>
  );
}
