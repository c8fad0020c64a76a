import type { ValidationError } from 'yup';
import type { CampaignFields, CampaignView, ComplianceRuleSet, Party, ParticipantStatus } from '../../../domain/campaign';
import { campaignFormSchema } from '../../../domain/validation/campaign';

/** The campaign form's values: every field as typed (limits in dollars). */
export interface CampaignFormValues {
  campaign_name: string;
  slug: string;
  office_sought: string;
  election_cycle: string;
  district: string;
  party: string;
  compliance_rule_set: string;
  participant_status: string;
  custom_limit_individual: string;
  custom_limit_organization: string;
  committee_name: string;
  committee_id: string;
  cfb_candidate_id: string;
  cfb_committee_id: string;
  treasurer_name: string;
  treasurer_email: string;
  treasurer_phone: string;
  address: string;
  apt_unit: string;
  city: string;
  state: string;
  zip: string;
  /** The stored logo key ('' for none); a newly picked file is uploaded after saving. */
  logo: string;
}

export const EMPTY_CAMPAIGN_FORM: CampaignFormValues = {
  campaign_name: '',
  slug: '',
  office_sought: '',
  election_cycle: '',
  district: '',
  party: '',
  compliance_rule_set: 'nyc_cfb',
  participant_status: '',
  custom_limit_individual: '',
  custom_limit_organization: '',
  committee_name: '',
  committee_id: '',
  cfb_candidate_id: '',
  cfb_committee_id: '',
  treasurer_name: '',
  treasurer_email: '',
  treasurer_phone: '',
  address: '',
  apt_unit: '',
  city: '',
  state: '',
  zip: '',
  logo: '',
};

/** Dollars as typed → integer cents; '' → null; anything else unreadable → NaN (the schema rejects it). */
export function dollarsToCents(value: string): number | null {
  const trimmed = value.trim().replace(/[$,]/g, '');
  if (trimmed === '') return null;
  if (!/^\d+(\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

export function centsToDollars(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2).replace(/\.00$/, '');
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Form values → create_campaign / update_campaign fields. */
export function toCampaignFields(values: CampaignFormValues): CampaignFields {
  const ruleSet = values.compliance_rule_set as ComplianceRuleSet;
  const custom = ruleSet === 'custom';
  return {
    campaign_name: values.campaign_name.trim(),
    slug: values.slug.trim(),
    office_sought: values.office_sought,
    election_cycle: values.election_cycle,
    district: orNull(values.district),
    party: (orNull(values.party) as Party | null) ?? null,
    compliance_rule_set: ruleSet,
    participant_status: custom ? null : ((orNull(values.participant_status) as ParticipantStatus | null) ?? null),
    custom_limit_individual_cents: custom ? dollarsToCents(values.custom_limit_individual) : null,
    custom_limit_organization_cents: custom ? dollarsToCents(values.custom_limit_organization) : null,
    committee_name: orNull(values.committee_name),
    committee_id: orNull(values.committee_id),
    cfb_candidate_id: orNull(values.cfb_candidate_id),
    cfb_committee_id: orNull(values.cfb_committee_id),
    treasurer_name: orNull(values.treasurer_name),
    treasurer_email: orNull(values.treasurer_email),
    treasurer_phone: orNull(values.treasurer_phone),
    address: orNull(values.address),
    apt_unit: orNull(values.apt_unit),
    city: orNull(values.city),
    state: orNull(values.state),
    zip: orNull(values.zip),
    logo: orNull(values.logo),
  };
}

export function fromCampaignView(view: CampaignView): CampaignFormValues {
  return {
    campaign_name: view.campaign_name ?? '',
    slug: view.slug ?? '',
    office_sought: view.office_sought ?? '',
    election_cycle: view.election_cycle ?? '',
    district: view.district ?? '',
    party: view.party ?? '',
    compliance_rule_set: view.compliance_rule_set ?? 'nyc_cfb',
    participant_status: view.participant_status ?? '',
    custom_limit_individual: centsToDollars(view.custom_limit_individual_cents),
    custom_limit_organization: centsToDollars(view.custom_limit_organization_cents),
    committee_name: view.committee_name ?? '',
    committee_id: view.committee_id ?? '',
    cfb_candidate_id: view.cfb_candidate_id ?? '',
    cfb_committee_id: view.cfb_committee_id ?? '',
    treasurer_name: view.treasurer_name ?? '',
    treasurer_email: view.treasurer_email ?? '',
    treasurer_phone: view.treasurer_phone ?? '',
    address: view.address ?? '',
    apt_unit: view.apt_unit ?? '',
    city: view.city ?? '',
    state: view.state ?? '',
    zip: view.zip ?? '',
    logo: view.logo ?? '',
  };
}

const FIELD_BY_PATH: Record<string, keyof CampaignFormValues> = {
  custom_limit_individual_cents: 'custom_limit_individual',
  custom_limit_organization_cents: 'custom_limit_organization',
};

/** Validates with the domain schema (the same the server uses); errors keyed by form field. */
export async function validateCampaignForm(values: CampaignFormValues): Promise<Partial<Record<keyof CampaignFormValues, string>>> {
  try {
    await campaignFormSchema.validate(toCampaignFields(values), { abortEarly: false });
    return {};
  } catch (err) {
    const errors: Partial<Record<keyof CampaignFormValues, string>> = {};
    for (const inner of (err as ValidationError).inner ?? []) {
      const path = inner.path ?? '';
      const field = FIELD_BY_PATH[path] ?? (path as keyof CampaignFormValues);
      if (!(field in EMPTY_CAMPAIGN_FORM)) continue;
      errors[field] ??= inner.message;
    }
    return errors;
  }
}
