/**
 * Yup schemas of the campaign form and the campaign, team and role requests, shared by the SPA forms
 * and the server routes (strict on the server: no casting). Optional text fields accept '' (an empty
 * input) and null; the server stores both as null. Pure: no React, no Node.
 */
import { array, number, object, string } from 'yup';
import { COMPLIANCE_RULE_SETS, needsParticipantStatus, PARTICIPANT_STATUSES, PARTIES } from '../campaign';
import { PACKAGE_MAX_YEARS } from '../packages';
import { isResourceName, resourcesMissingRequirement, ROLE_KEY_PATTERN } from '../permissions';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, MOBILE_PATTERN } from './auth';

export const CAMPAIGN_VALIDATION_MESSAGES = {
  CAMPAIGN_ID_REQUIRED: 'Please select a campaign first',
  CAMPAIGN_ID_INVALID: 'Campaign id is not valid',
  CAMPAIGN_NAME_REQUIRED: 'Campaign name is required',
  CAMPAIGN_NAME_MAX: 'Campaign name should be at most 100 characters',
  SLUG_REQUIRED: 'Slug is required',
  SLUG_FORMAT: 'Use lowercase letters, digits and single hyphens (not at the start or end)',
  SLUG_LENGTH: 'Slug must be 3 to 60 characters',
  SLUG_RESERVED: 'This address is reserved, please choose another',
  OFFICE_REQUIRED: 'Office sought is required',
  OFFICE_INVALID: 'Unknown office',
  DISTRICT_MAX: 'District should be at most 100 characters',
  PARTY_INVALID: 'Party must be Democratic, Republican, Conservative or Liberal',
  ELECTION_CYCLE_REQUIRED: 'Election cycle is required',
  ELECTION_CYCLE_INVALID: 'Unknown election cycle',
  ELECTION_CYCLE_NOT_FOR_OFFICE: 'This election cycle does not apply to the office sought',
  RULE_SET_REQUIRED: 'Compliance rule set is required',
  RULE_SET_INVALID: 'Compliance rule set must be nyc_cfb, nys_pcf or custom',
  PARTICIPANT_STATUS_REQUIRED: 'Participant status is required for this rule set',
  PARTICIPANT_STATUS_INVALID: 'Participant status must be participant or non_participant',
  LIMIT_REQUIRED: 'A contribution limit is required for custom limits',
  LIMIT_INVALID: 'A limit must be a whole number of cents from 0',
  TEXT_MAX: 'Too long',
  COMMITTEE_ID_FORMAT: 'Committee ID may use letters, digits, spaces and - / . only',
  CFB_CANDIDATE_ID_FORMAT: 'CFB Candidate ID is 1 to 4 letters or digits (C-Access, Campaign Profile)',
  CFB_COMMITTEE_ID_FORMAT: 'CFB Committee ID is one letter or digit (C-Access, Campaign Profile)',
  EMAIL_INVALID: 'Please enter a valid email',
  EMAIL_REQUIRED: 'Email is required',
  PHONE_INVALID: 'Mobile number must be 10 digits',
  STATE_INVALID: 'Unknown state',
  ZIP_INVALID: 'ZIP code must be 5 digits (or ZIP+4)',
  LOGO_INVALID: 'Logo must be an image uploaded for this campaign',
  POPUP_FLAG_INVALID: 'is_popup_shown must be 0 or 1',
  YEARS_INVALID: `Years must be a whole number from 1 to ${PACKAGE_MAX_YEARS}`,
  ROLE_REQUIRED: 'Role is required',
  ROLE_UNKNOWN: 'Unknown role',
  ROLE_KEY_INVALID: 'Role key must be 2 to 40 lowercase letters, digits or underscores, starting with a letter',
  ROLE_NAME_REQUIRED: 'Role name is required',
  ROLE_NAME_MAX: 'Role name should be at most 50 characters',
  RESOURCE_NAMES_INVALID: 'Unknown resource name',
  RESOURCE_NEEDS_READ: 'Download reports needs View reports',
  USER_ID_INVALID: 'User id is not valid',
  TOKEN_REQUIRED: 'Invitation token is required',
  PAGE_INVALID: 'Page must be a whole number from 1',
  LIMIT_PARAM_INVALID: 'Limit must be a whole number from 1 to 500',
  SEARCH_TOO_LONG: 'Search is too long',
} as const;

const M = CAMPAIGN_VALIDATION_MESSAGES;

// ── slugs ───────────────────────────────────────────────────────────────────────────────────

export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 60;
/** Lowercase letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The public donation page is /{slug}: a slug must not shadow a first path segment of the API or a
 * route of the SPA (SPEC §2), nor a word we may want later.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // API and server
  'api', 'health', 'auth', 'oauth2', 'campaign', 'donation', 'payment', 'rbac', 'channel', 'dev', 'files', 'assets', 'socket-io',
  'static', 'public', 'favicon', 'robots', 'sitemap', 'index', 'well-known', 'webhooks', 'webhook', 'metrics', 'private-files',
  'paypal-standin', 'dev-outbox', 'expenses',
  // SPA routes
  'home', 'dashboard', 'donor-list', 'pay-your-donation', 'payment-success', 'payment-error', 'pages', 'errors', 'error400',
  'my-account', 'user-management', 'roles', 'admin', 'purchase-package', 'purchase-history', 'bulk-history', 'follow-up-call',
  'payment-gateway', 'campaign-details', 'approve-campaign', 'linkedin-logout', 'login', 'logout', 'registration', 'maintenance',
  // report routes
  'donation-report', 'pledges-receivable-report', 'donor-limit-report', 'donor-history-report', 'match-report', 'due-report',
  'expense-report', 'reports', 'report', 'filings',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

/** True when `slug` has the right shape and is not reserved. */
export function isValidSlug(slug: string): boolean {
  return slug.length >= SLUG_MIN_LENGTH && slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug) && !isReservedSlug(slug);
}

/** A slug suggested from a campaign name: 'Friends of José Díaz!' → 'friends-of-jose-diaz'. '' for an empty name. */
export function suggestSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base === '') return '';
  let slug = base.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
  if (slug.length < SLUG_MIN_LENGTH || isReservedSlug(slug)) slug = `${slug}-campaign`.slice(0, SLUG_MAX_LENGTH);
  return slug;
}

/** A logo storage key as POST upload_logo makes it: campaign-logos/<campaign id>/<sanitised name>. */
export const LOGO_KEY_PATTERN = /^campaign-logos\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

// ── fields ──────────────────────────────────────────────────────────────────────────────────

export const uuidField = (message: string = M.CAMPAIGN_ID_INVALID) => string().typeError(message).required(message).uuid(message);
export const campaignIdField = string().typeError(M.CAMPAIGN_ID_INVALID).required(M.CAMPAIGN_ID_REQUIRED).uuid(M.CAMPAIGN_ID_INVALID);

const optionalText = (max: number, message: string = M.TEXT_MAX) => string().typeError(message).nullable().optional().max(max, message);

export const campaignNameField = string()
  .typeError(M.CAMPAIGN_NAME_REQUIRED)
  .required(M.CAMPAIGN_NAME_REQUIRED)
  .test('not-blank', M.CAMPAIGN_NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(100, M.CAMPAIGN_NAME_MAX);

export const slugField = string()
  .typeError(M.SLUG_REQUIRED)
  .required(M.SLUG_REQUIRED)
  .min(SLUG_MIN_LENGTH, M.SLUG_LENGTH)
  .max(SLUG_MAX_LENGTH, M.SLUG_LENGTH)
  .matches(SLUG_PATTERN, M.SLUG_FORMAT)
  .test('not-reserved', M.SLUG_RESERVED, (value) => value === undefined || !isReservedSlug(value));

export const officeSoughtField = string().typeError(M.OFFICE_REQUIRED).required(M.OFFICE_REQUIRED).max(60, M.OFFICE_INVALID);
export const electionCycleField = string().typeError(M.ELECTION_CYCLE_REQUIRED).required(M.ELECTION_CYCLE_REQUIRED).matches(/^\d{4}$/, M.ELECTION_CYCLE_INVALID);
export const complianceRuleSetField = string().typeError(M.RULE_SET_INVALID).required(M.RULE_SET_REQUIRED).oneOf(COMPLIANCE_RULE_SETS, M.RULE_SET_INVALID);
const partyField = string().typeError(M.PARTY_INVALID).nullable().optional().oneOf([...PARTIES, '', null, undefined], M.PARTY_INVALID);
const participantStatusField = string()
  .typeError(M.PARTICIPANT_STATUS_INVALID)
  .nullable()
  .optional()
  .oneOf([...PARTICIPANT_STATUSES, '', null, undefined], M.PARTICIPANT_STATUS_INVALID)
  .when('compliance_rule_set', ([ruleSet], schema) => (needsParticipantStatus(ruleSet) ? schema.required(M.PARTICIPANT_STATUS_REQUIRED) : schema));
/** Cents; at most $20,000,000 (fits a PostgreSQL integer). */
const limitField = number()
  .typeError(M.LIMIT_INVALID)
  .nullable()
  .optional()
  .integer(M.LIMIT_INVALID)
  .min(0, M.LIMIT_INVALID)
  .max(2_000_000_000, M.LIMIT_INVALID)
  .when('compliance_rule_set', ([ruleSet], schema) => (ruleSet === 'custom' ? schema.required(M.LIMIT_REQUIRED) : schema));
const optionalEmailField = string().typeError(M.EMAIL_INVALID).nullable().optional().max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID).matches(EMAIL_PATTERN, { message: M.EMAIL_INVALID, excludeEmptyString: true });
const optionalPhoneField = string().typeError(M.PHONE_INVALID).nullable().optional().matches(MOBILE_PATTERN, { message: M.PHONE_INVALID, excludeEmptyString: true });

/**
 * NYC CFB identifiers (C-SMART Help: Monetary Contributions, File Layout: Candidate ID at most 4 characters,
 * Committee ID 1 character). Surrounding spaces are tolerated (trimmed when saved).
 */
export const cfbCandidateIdField = optionalText(20, M.CFB_CANDIDATE_ID_FORMAT).matches(/^\s*([A-Za-z0-9]{1,4})?\s*$/, { message: M.CFB_CANDIDATE_ID_FORMAT });
export const cfbCommitteeIdField = optionalText(20, M.CFB_COMMITTEE_ID_FORMAT).matches(/^\s*([A-Za-z0-9])?\s*$/, { message: M.CFB_COMMITTEE_ID_FORMAT });

/** Every editable campaign field (SPEC §3 Campaign, ARCHITECTURE §6 rule sets). */
export const campaignFieldsShape = {
  campaign_name: campaignNameField,
  slug: slugField,
  office_sought: officeSoughtField,
  district: optionalText(100, M.DISTRICT_MAX),
  party: partyField,
  election_cycle: electionCycleField,
  compliance_rule_set: complianceRuleSetField,
  participant_status: participantStatusField,
  custom_limit_individual_cents: limitField,
  custom_limit_organization_cents: limitField,
  committee_name: optionalText(150),
  committee_id: optionalText(40).matches(/^[A-Za-z0-9 ./-]*$/, { message: M.COMMITTEE_ID_FORMAT, excludeEmptyString: true }),
  cfb_candidate_id: cfbCandidateIdField,
  cfb_committee_id: cfbCommitteeIdField,
  treasurer_name: optionalText(100),
  treasurer_email: optionalEmailField,
  treasurer_phone: optionalPhoneField,
  address: optionalText(200),
  apt_unit: optionalText(50),
  city: optionalText(100),
  state: optionalText(60, M.STATE_INVALID).matches(/^[a-z_]+$/, { message: M.STATE_INVALID, excludeEmptyString: true }),
  zip: optionalText(10, M.ZIP_INVALID).matches(/^\d{5}(-\d{4})?$/, { message: M.ZIP_INVALID, excludeEmptyString: true }),
  logo: optionalText(300, M.LOGO_INVALID).matches(LOGO_KEY_PATTERN, { message: M.LOGO_INVALID, excludeEmptyString: true }),
};

/** The campaign form (create and edit) and the create_campaign body. */
export const campaignFormSchema = object(campaignFieldsShape);
export const createCampaignRequestSchema = campaignFormSchema;

/**
 * update_campaign: campaign_id plus any subset of the fields (each valid on its own). The server
 * validates the merged record with campaignFormSchema (conditional requirements).
 */
export const updateCampaignRequestSchema = object({
  campaign_id: campaignIdField,
  campaign_name: campaignNameField.optional().default(undefined),
  slug: slugField.optional().default(undefined),
  office_sought: officeSoughtField.optional().default(undefined),
  district: campaignFieldsShape.district,
  party: partyField,
  election_cycle: electionCycleField.optional().default(undefined),
  compliance_rule_set: complianceRuleSetField.optional().default(undefined),
  participant_status: string().typeError(M.PARTICIPANT_STATUS_INVALID).nullable().optional().oneOf([...PARTICIPANT_STATUSES, '', null, undefined], M.PARTICIPANT_STATUS_INVALID),
  custom_limit_individual_cents: number().typeError(M.LIMIT_INVALID).nullable().optional().integer(M.LIMIT_INVALID).min(0, M.LIMIT_INVALID).max(2_000_000_000, M.LIMIT_INVALID),
  custom_limit_organization_cents: number().typeError(M.LIMIT_INVALID).nullable().optional().integer(M.LIMIT_INVALID).min(0, M.LIMIT_INVALID).max(2_000_000_000, M.LIMIT_INVALID),
  committee_name: campaignFieldsShape.committee_name,
  committee_id: campaignFieldsShape.committee_id,
  cfb_candidate_id: campaignFieldsShape.cfb_candidate_id,
  cfb_committee_id: campaignFieldsShape.cfb_committee_id,
  treasurer_name: campaignFieldsShape.treasurer_name,
  treasurer_email: campaignFieldsShape.treasurer_email,
  treasurer_phone: campaignFieldsShape.treasurer_phone,
  address: campaignFieldsShape.address,
  apt_unit: campaignFieldsShape.apt_unit,
  city: campaignFieldsShape.city,
  state: campaignFieldsShape.state,
  zip: campaignFieldsShape.zip,
  logo: campaignFieldsShape.logo,
});

// ── other requests ──────────────────────────────────────────────────────────────────────────

/** archive_campaign and restore_campaign. */
export const archiveCampaignRequestSchema = object({ campaign_id: campaignIdField });

const popupFlagField = number().typeError(M.POPUP_FLAG_INVALID).required(M.POPUP_FLAG_INVALID).oneOf([0, 1], M.POPUP_FLAG_INVALID);

/** update-popup-info (POST) and update-notify-status (PUT). */
export const updateNotifyStatusRequestSchema = object({ campaign_id: campaignIdField, is_popup_shown: popupFlagField });

export const grantPackageRequestSchema = object({
  campaign_id: campaignIdField,
  years: number().typeError(M.YEARS_INVALID).required(M.YEARS_INVALID).integer(M.YEARS_INVALID).min(1, M.YEARS_INVALID).max(PACKAGE_MAX_YEARS, M.YEARS_INVALID),
});

/** Paging of list endpoints (query strings: validated with casting). */
export const pageQuerySchema = (maxLimit: number, defaultLimit: number) =>
  object({
    page: number().typeError(M.PAGE_INVALID).integer(M.PAGE_INVALID).min(1, M.PAGE_INVALID).max(1_000_000, M.PAGE_INVALID).default(1),
    limit: number()
      .typeError(M.LIMIT_PARAM_INVALID.replace('500', String(maxLimit)))
      .integer(M.LIMIT_PARAM_INVALID.replace('500', String(maxLimit)))
      .min(1, M.LIMIT_PARAM_INVALID.replace('500', String(maxLimit)))
      .max(maxLimit, M.LIMIT_PARAM_INVALID.replace('500', String(maxLimit)))
      .default(defaultLimit),
    search: string().max(100, M.SEARCH_TOO_LONG).optional(),
  });

/** GET list_campaign/{userId}?limit=500&page=1 (limit ≤ 500). */
export const listCampaignQuerySchema = pageQuerySchema(500, 500);

// ── team and roles ──────────────────────────────────────────────────────────────────────────

export const roleKeyField = string().typeError(M.ROLE_KEY_INVALID).required(M.ROLE_REQUIRED).matches(ROLE_KEY_PATTERN, M.ROLE_KEY_INVALID);

export const inviteMemberRequestSchema = object({
  campaign_id: campaignIdField,
  email: string().typeError(M.EMAIL_INVALID).required(M.EMAIL_REQUIRED).max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID).matches(EMAIL_PATTERN, M.EMAIL_INVALID),
  role: roleKeyField,
});
/** The invite form of the user-management screen. */
export const inviteMemberFormSchema = inviteMemberRequestSchema.omit(['campaign_id']);

export const acceptInvitationRequestSchema = object({
  token: string().typeError(M.TOKEN_REQUIRED).required(M.TOKEN_REQUIRED).max(200, M.TOKEN_REQUIRED),
});

export const updateMemberRoleRequestSchema = object({
  campaign_id: campaignIdField,
  user_id: uuidField(M.USER_ID_INVALID),
  role: roleKeyField,
});

const roleNameField = string()
  .typeError(M.ROLE_NAME_REQUIRED)
  .required(M.ROLE_NAME_REQUIRED)
  .test('not-blank', M.ROLE_NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(50, M.ROLE_NAME_MAX);
const resourceNamesField = array()
  .typeError(M.RESOURCE_NAMES_INVALID)
  .required(M.RESOURCE_NAMES_INVALID)
  .of(string().typeError(M.RESOURCE_NAMES_INVALID).required(M.RESOURCE_NAMES_INVALID).test('known', M.RESOURCE_NAMES_INVALID, (value) => value === undefined || isResourceName(value)))
  .max(100, M.RESOURCE_NAMES_INVALID)
  .test('requirements', M.RESOURCE_NEEDS_READ, (value) => value === undefined || resourcesMissingRequirement(value.filter(isResourceName)).length === 0);

/** The role form of the roles screen. */
export const roleFormSchema = object({ name: roleNameField, resource_names: resourceNamesField });

export const addRoleRequestSchema = object({
  campaign_id: campaignIdField,
  name: roleNameField,
  role_key: string().typeError(M.ROLE_KEY_INVALID).optional().matches(ROLE_KEY_PATTERN, M.ROLE_KEY_INVALID),
  resource_names: resourceNamesField,
});

export const updateRoleRequestSchema = object({
  campaign_id: campaignIdField,
  role_key: roleKeyField,
  name: roleNameField,
  resource_names: resourceNamesField,
});
