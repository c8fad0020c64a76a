/**
 * Yup schemas of the donor book: donor, pledge, donation, tag/note, follow-up and reminder forms and
 * requests, route params and the list queries. Shared by the SPA forms and the server routes (bodies
 * are validated strictly on the server: no casting; query strings with casting). Optional text
 * fields accept '' (an empty input), null or a missing key; the server stores all three as null.
 * The fields every area shares (ids, texts, dates, amounts, addresses, list queries) are the kit of
 * ./fields.ts; date helpers are domain/dates.ts. Pure: no React, no Node.
 */
import { array, boolean, number, object, string } from 'yup';
import { isIsoDate } from '../dates';
import { MAX_AMOUNT_CENTS } from '../money';
import { instalmentsMatchCommitment } from '../donor-book/pledges';
import {
  BALANCE_FILTERS,
  CALL_OUTCOMES,
  CONTRIBUTOR_TYPES,
  DONATION_SOURCES,
  ELIGIBILITIES,
  METADATA_KINDS,
  NOTIFICATION_CHANNELS,
  PAYMENT_METHODS,
  PLEDGE_STATUSES,
  US_STATES,
} from '../donor-book/enums';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './auth';
import {
  amountCentsField,
  campaignIdField,
  COUNTRY_PATTERN,
  dateRangeFields,
  DEFAULT_COUNTRY,
  FIELD_MESSAGES,
  isBlank,
  isoDateField,
  LIST_MAX_LIMIT,
  limitField,
  listQueryFields,
  optionalBooleanQuery,
  optionalEnumQuery,
  optionalText,
  optionalUuidQuery,
  pageField,
  pastDateField,
  POSTAL_CODE_PATTERN,
  searchField,
  US_ZIP_PATTERN,
  uuidField,
} from './fields';
import { PHONE_MESSAGES, phoneField } from './phone-field';

/** The texts of the donor book's fields, with the shared ones of ./fields.ts (FIELD_MESSAGES). */
export const DONOR_VALIDATION_MESSAGES = {
  ...FIELD_MESSAGES,
  DONOR_ID_REQUIRED: 'Please choose a donor',
  DONOR_ID_INVALID: 'Donor id is not valid',
  PLEDGE_ID_INVALID: 'Pledge id is not valid',
  DONATION_ID_INVALID: 'Donation id is not valid',
  METADATA_ID_INVALID: 'Tag or note id is not valid',
  SURVIVOR_ID_REQUIRED: 'Choose the donor to keep',
  DUPLICATE_ID_REQUIRED: 'Choose the duplicate donor',
  DOING_BUSINESS_FILE_REQUIRED: 'Choose the Doing Business Database extract (a CSV file)',
  DOING_BUSINESS_FILE_TOO_LARGE: 'The extract is too large: at most 8,000,000 characters',
  DOING_BUSINESS_DONORS_REQUIRED: 'Choose at least one donor to mark',
  DOING_BUSINESS_DONORS_TOO_MANY: 'At most 5,000 donors at a time',
  // donor
  NAME_REQUIRED: 'Name is required',
  NAME_MAX: 'Name should be at most 100 characters',
  NAME_FORMAT: "Name may contain only letters, spaces and . ' -",
  EMAIL_INVALID: 'Please enter a valid email',
  PHONE_INVALID: PHONE_MESSAGES.INVALID,
  CONTRIBUTOR_TYPE_REQUIRED: 'Contributor type is required',
  CONTRIBUTOR_TYPE_INVALID: 'Unknown contributor type',
  INTERNATIONAL_INDIVIDUAL_ONLY: 'International donor can only be an Individual Contributor type',
  ELIGIBILITY_INVALID: 'Eligibility must be Participant-Option A, Participant-Option B, Non-Participant or Undetermined',
  STATE_INVALID: 'Unknown state',
  STATE_US_ONLY: 'A state applies to US addresses only',
  ZIP_INVALID: 'ZIP code must be 5 digits (or ZIP+4)',
  POSTAL_CODE_INVALID: 'Postal code may use letters, digits, spaces and - (at most 12)',
  COUNTRY_INVALID: 'Country must be a 2-letter code such as US',
  // pledge
  COMMITMENT_DATE_REQUIRED: 'Commitment date is required',
  COMMITMENT_AMOUNT_REQUIRED: 'Commitment amount is required',
  INSTALMENTS_INVALID: 'Instalments must be a list of due dates and amounts',
  INSTALMENTS_TOO_MANY: 'At most 120 instalments',
  INSTALMENTS_TOTAL: 'Instalments must add up to the commitment amount',
  INSTALMENT_BEFORE_COMMITMENT: 'An instalment cannot be due before the commitment date',
  DUE_DATE_REQUIRED: 'Due date is required',
  NOTE_MAX: 'Note should be at most 2000 characters',
  REASON_REQUIRED: 'Reason is required',
  REASON_MAX: 'Reason should be at most 500 characters',
  // donation
  PAYING_DATE_REQUIRED: 'Payment date is required',
  PAID_AMOUNT_REQUIRED: 'Amount is required',
  PAYMENT_METHOD_REQUIRED: 'Payment method is required',
  PAYMENT_METHOD_INVALID: 'Payment method must be PayPal, Cash, Check, Card, Zelle or Venmo',
  CHECK_NUMBER_INVALID: 'Check number: up to 20 letters, digits or dashes',
  CONFIRM_INVALID: 'Confirmation must be true or false',
  REFUND_DATE_REQUIRED: 'Refund date is required',
  REFUND_AMOUNT_INVALID: 'Enter the amount to refund, more than $0',
  CYCLE_INVALID: 'Unknown election cycle',
  INTERMEDIARY_INVALID: 'Intermediary must be an object with a name, or null',
  INTERMEDIARY_NAME_REQUIRED: "The intermediary's name is required",
  INTERMEDIARY_NUMBER_INVALID: 'C-SMART intermediary number: 1 to 5 letters or digits',
  // tags and notes
  KIND_INVALID: 'Kind must be tag or note',
  VALUE_REQUIRED: 'Please enter a tag or a note',
  TAG_MAX: 'A tag should be at most 40 characters',
  TAG_ONE_LINE: 'A tag must fit on one line',
  // follow-up
  OUTCOME_REQUIRED: 'Call outcome is required',
  OUTCOME_INVALID: 'Unknown call outcome',
  CHANNEL_INVALID: 'Channel must be email or sms',
  MESSAGE_MAX: 'Message should be at most 500 characters',
  DUE_INVALID: 'Due must be overdue, this_week or all',
} as const;

const M = DONOR_VALIDATION_MESSAGES;

// ── limits and patterns ─────────────────────────────────────────────────────────────────────

export const DONOR_NAME_MAX_LENGTH = 100;
/** Letters (any alphabet), spaces and . ' - (O'Brien, Smith-Jones, J. R. Doe). */
export const DONOR_NAME_PATTERN = /^[\p{L} .'-]+$/u;
export const TAG_MAX_LENGTH = 40;
export const NOTE_MAX_LENGTH = 2000;
export const MAX_INSTALMENTS = 120;

export const donorIdField = uuidField(M.DONOR_ID_INVALID, M.DONOR_ID_REQUIRED);

// ── donors ──────────────────────────────────────────────────────────────────────────────────

/** A valid country code other than US (an invalid one is reported on `country`; the other fields use the US rules). */
const isInternational = (country: unknown) => typeof country === 'string' && COUNTRY_PATTERN.test(country) && country !== DEFAULT_COUNTRY;

export const donorNameField = string()
  .typeError(M.NAME_REQUIRED)
  .required(M.NAME_REQUIRED)
  .test('not-blank', M.NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(DONOR_NAME_MAX_LENGTH, M.NAME_MAX)
  .matches(DONOR_NAME_PATTERN, { message: M.NAME_FORMAT, excludeEmptyString: true });

export const donorEmailField = string()
  .typeError(M.EMAIL_INVALID)
  .nullable()
  .optional()
  .max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID)
  .matches(EMAIL_PATTERN, { message: M.EMAIL_INVALID, excludeEmptyString: true });

/**
 * What people type ('(718) 555-0102', '+44 20 7183 8750'; a national number in the donor's country),
 * checked by the one phone rule (domain/phone.ts, loaded on first use: validate asynchronously).
 */
export const donorPhoneField = phoneField();

export const contributorTypeField = string()
  .typeError(M.CONTRIBUTOR_TYPE_INVALID)
  .required(M.CONTRIBUTOR_TYPE_REQUIRED)
  .oneOf(CONTRIBUTOR_TYPES, M.CONTRIBUTOR_TYPE_INVALID)
  .test('international-individual', M.INTERNATIONAL_INDIVIDUAL_ONLY, function internationalIndividual(value) {
    return value === undefined || !isInternational((this.parent as { country?: unknown }).country) || value === 'individual';
  });

/** Default 'un' (Undetermined) when missing. */
export const eligibilityField = string().typeError(M.ELIGIBILITY_INVALID).optional().oneOf([...ELIGIBILITIES, undefined], M.ELIGIBILITY_INVALID);

/** Doing business with the City: true / false; absent = false for a new donor, unchanged on an update. */
export const doingBusinessField = boolean().typeError(M.BOOLEAN_INVALID).strict().optional();

/** Default 'US' when missing or ''. */
export const countryField = string()
  .typeError(M.COUNTRY_INVALID)
  .optional()
  .test('country', M.COUNTRY_INVALID, (value) => value === undefined || value === '' || COUNTRY_PATTERN.test(value));

const donorStateField = string()
  .typeError(M.STATE_INVALID)
  .nullable()
  .optional()
  .oneOf([...US_STATES, '', null, undefined], M.STATE_INVALID)
  .test('us-only', M.STATE_US_ONLY, function usOnly(value) {
    return isBlank(value) || !isInternational((this.parent as { country?: unknown }).country);
  });

const donorZipField = string()
  .typeError(M.ZIP_INVALID)
  .nullable()
  .optional()
  .test('zip', function zip(value) {
    if (isBlank(value)) return true;
    if (isInternational((this.parent as { country?: unknown }).country)) {
      return POSTAL_CODE_PATTERN.test(value as string) || this.createError({ message: M.POSTAL_CODE_INVALID });
    }
    return US_ZIP_PATTERN.test(value as string) || this.createError({ message: M.ZIP_INVALID });
  });

/** The fields of DonorFields. */
export const donorFieldsShape = {
  name: donorNameField,
  donor_phone: donorPhoneField,
  donor_email: donorEmailField,
  contributor_type: contributorTypeField,
  employer: optionalText(100),
  occupation: optionalText(100),
  address: optionalText(200),
  apt_unit: optionalText(50),
  city: optionalText(100),
  state: donorStateField,
  zip: donorZipField,
  district: optionalText(100),
  country: countryField,
  eligibility: eligibilityField,
  recipient: optionalText(100),
  doing_business: doingBusinessField,
};

/** The donor form. */
export const donorFieldsSchema = object(donorFieldsShape);
export const addDonorRequestSchema = object({ campaign_id: campaignIdField, ...donorFieldsShape });
export const updateDonorRequestSchema = object({ campaign_id: campaignIdField, donor_id: donorIdField, ...donorFieldsShape });
export const mergeDonorRequestSchema = object({
  campaign_id: campaignIdField,
  survivor_id: uuidField(M.DONOR_ID_INVALID, M.SURVIVOR_ID_REQUIRED),
  duplicate_id: uuidField(M.DONOR_ID_INVALID, M.DUPLICATE_ID_REQUIRED),
});

/** The largest Doing Business Database extract a review reads (characters of CSV text). */
export const DOING_BUSINESS_FILE_MAX_LENGTH = 8_000_000;
/** The most donors one apply_doing_business marks. */
export const DOING_BUSINESS_APPLY_MAX = 5_000;

export const doingBusinessReviewRequestSchema = object({
  campaign_id: campaignIdField,
  file_text: string()
    .typeError(M.DOING_BUSINESS_FILE_REQUIRED)
    .required(M.DOING_BUSINESS_FILE_REQUIRED)
    .test('not-blank', M.DOING_BUSINESS_FILE_REQUIRED, (value) => value === undefined || value.trim() !== '')
    .max(DOING_BUSINESS_FILE_MAX_LENGTH, M.DOING_BUSINESS_FILE_TOO_LARGE),
});

export const doingBusinessApplyRequestSchema = object({
  campaign_id: campaignIdField,
  donor_ids: array()
    .typeError(M.DOING_BUSINESS_DONORS_REQUIRED)
    .of(uuidField(M.DONOR_ID_INVALID))
    .required(M.DOING_BUSINESS_DONORS_REQUIRED)
    .min(1, M.DOING_BUSINESS_DONORS_REQUIRED)
    .max(DOING_BUSINESS_APPLY_MAX, M.DOING_BUSINESS_DONORS_TOO_MANY),
});

// ── pledges ─────────────────────────────────────────────────────────────────────────────────

export const instalmentSchema = object({
  due_date: isoDateField().required(M.DUE_DATE_REQUIRED),
  amount_cents: amountCentsField(),
});

const instalmentsField = array()
  .typeError(M.INSTALMENTS_INVALID)
  .of(instalmentSchema)
  .optional()
  .max(MAX_INSTALMENTS, M.INSTALMENTS_TOO_MANY)
  .test('adds-up', M.INSTALMENTS_TOTAL, function addsUp(value) {
    const commitment = (this.parent as { commitment_amount_cents?: unknown }).commitment_amount_cents;
    const cents = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n > 0;
    if (!Array.isArray(value) || !cents(commitment)) return true; // reported on the commitment
    if (!value.every((i) => cents((i as { amount_cents?: unknown })?.amount_cents))) return true; // reported per item
    return instalmentsMatchCommitment(value as { amount_cents: number }[], commitment as number);
  })
  .test('not-before-commitment', M.INSTALMENT_BEFORE_COMMITMENT, function notBefore(value) {
    const start = (this.parent as { commitment_date?: unknown }).commitment_date;
    if (!Array.isArray(value) || typeof start !== 'string' || !isIsoDate(start)) return true;
    return value.every((i) => {
      const due = (i as { due_date?: unknown })?.due_date;
      return typeof due !== 'string' || !isIsoDate(due) || due >= start;
    });
  });

/** The fields of PledgeFields (the commitment date may be in the future). */
export const pledgeFieldsShape = {
  commitment_date: isoDateField().required(M.COMMITMENT_DATE_REQUIRED),
  commitment_amount_cents: amountCentsField(M.COMMITMENT_AMOUNT_REQUIRED),
  recipient: optionalText(100),
  instalments: instalmentsField,
  note: optionalText(NOTE_MAX_LENGTH, M.NOTE_MAX),
};

export const pledgeFieldsSchema = object(pledgeFieldsShape);
export const addPledgeRequestSchema = object({
  campaign_id: campaignIdField,
  donor_id: donorIdField,
  ...pledgeFieldsShape,
  confirm_outside_cycle: boolean().typeError(M.CONFIRM_INVALID).optional(),
});
export const updatePledgeRequestSchema = object({
  campaign_id: campaignIdField,
  pledge_id: uuidField(M.PLEDGE_ID_INVALID),
  ...pledgeFieldsShape,
  confirm_outside_cycle: boolean().typeError(M.CONFIRM_INVALID).optional(),
});
const reasonField = string()
  .typeError(M.REASON_REQUIRED)
  .required(M.REASON_REQUIRED)
  .test('not-blank', M.REASON_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(500, M.REASON_MAX);
export const writeOffPledgeRequestSchema = object({ campaign_id: campaignIdField, pledge_id: uuidField(M.PLEDGE_ID_INVALID), reason: reasonField });

// ── donations ───────────────────────────────────────────────────────────────────────────────

/** The fields of DonationFields (the payment date is not in the future). */
/** C-SMART's Intermediary Number: what C-SMART gave the intermediary, at most 5 letters or digits (column M's documented length). */
export const CSMART_INTERMEDIARY_NUMBER_PATTERN = /^[A-Za-z0-9]{1,5}$/;

/** A contribution's intermediary (the person who bundled it): a name, and optionally where they live and work. */
export const intermediaryField = object({
  name: string()
    .typeError(M.INTERMEDIARY_NAME_REQUIRED)
    .required(M.INTERMEDIARY_NAME_REQUIRED)
    .test('not-blank', M.INTERMEDIARY_NAME_REQUIRED, (value) => value === undefined || value.trim() !== '')
    .max(DONOR_NAME_MAX_LENGTH, M.NAME_MAX),
  address: optionalText(200),
  city: optionalText(100),
  state: string().typeError(M.STATE_INVALID).nullable().optional().oneOf([...US_STATES, '', null, undefined], M.STATE_INVALID),
  zip: string()
    .typeError(M.ZIP_INVALID)
    .nullable()
    .optional()
    .test('zip', M.ZIP_INVALID, (value) => isBlank(value) || US_ZIP_PATTERN.test(value as string)),
  employer: optionalText(100),
  occupation: optionalText(100),
  csmart_number: string()
    .typeError(M.INTERMEDIARY_NUMBER_INVALID)
    .nullable()
    .optional()
    .test('csmart-number', M.INTERMEDIARY_NUMBER_INVALID, (value) => isBlank(value) || CSMART_INTERMEDIARY_NUMBER_PATTERN.test((value as string).trim())),
})
  .typeError(M.INTERMEDIARY_INVALID)
  .nullable()
  .optional()
  .default(undefined);

export const donationFieldsShape = {
  donor_id: donorIdField,
  paying_date: pastDateField(M.PAYING_DATE_REQUIRED),
  paid_amount_cents: amountCentsField(M.PAID_AMOUNT_REQUIRED),
  payment_method: string().typeError(M.PAYMENT_METHOD_INVALID).required(M.PAYMENT_METHOD_REQUIRED).oneOf(PAYMENT_METHODS, M.PAYMENT_METHOD_INVALID),
  reference_number: optionalText(100),
  check_number: string()
    .typeError(M.CHECK_NUMBER_INVALID)
    .nullable()
    .optional()
    .test('check-number', M.CHECK_NUMBER_INVALID, (value) => isBlank(value) || /^[A-Za-z0-9-]{1,20}$/.test((value as string).trim())),
  recipient: optionalText(100),
  pledge_id: string()
    .typeError(M.PLEDGE_ID_INVALID)
    .nullable()
    .optional()
    .test('uuid', M.PLEDGE_ID_INVALID, (value) => isBlank(value) || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value as string)),
  memo: optionalText(500),
  intermediary: intermediaryField,
};

/** OutsideCycleConfirmation: the caller saw the warning that the date is outside the campaign's cycle. */
const confirmOutsideCycleField = boolean().typeError(M.CONFIRM_INVALID).optional();

export const donationFieldsSchema = object(donationFieldsShape);
export const addDonationRequestSchema = object({ campaign_id: campaignIdField, ...donationFieldsShape, confirm_outside_cycle: confirmOutsideCycleField });
export const updateDonationRequestSchema = object({
  campaign_id: campaignIdField,
  donation_id: uuidField(M.DONATION_ID_INVALID),
  ...donationFieldsShape,
  confirm_outside_cycle: confirmOutsideCycleField,
});
export const refundDonationRequestSchema = object({
  campaign_id: campaignIdField,
  donation_id: uuidField(M.DONATION_ID_INVALID),
  refund_amount_cents: number()
    .typeError(M.REFUND_AMOUNT_INVALID)
    .optional()
    .integer(M.REFUND_AMOUNT_INVALID)
    .min(1, M.REFUND_AMOUNT_INVALID)
    .max(MAX_AMOUNT_CENTS, M.REFUND_AMOUNT_INVALID),
  refund_date: pastDateField(M.REFUND_DATE_REQUIRED),
  refund_reason: reasonField,
});

// ── tags and notes ──────────────────────────────────────────────────────────────────────────

const metadataValueField = string()
  .typeError(M.VALUE_REQUIRED)
  .required(M.VALUE_REQUIRED)
  .test('not-blank', M.VALUE_REQUIRED, (value) => value === undefined || value.trim() !== '')
  .max(NOTE_MAX_LENGTH, M.NOTE_MAX);

/** A tag: one line, at most 40 characters (checked beside `kind`). */
export function tagProblem(value: string): string | null {
  if (/[\r\n]/.test(value)) return M.TAG_ONE_LINE;
  if (value.trim().length > TAG_MAX_LENGTH) return M.TAG_MAX;
  return null;
}

export const addMetadataRequestSchema = object({
  campaign_id: campaignIdField,
  donor_id: donorIdField,
  kind: string().typeError(M.KIND_INVALID).required(M.KIND_INVALID).oneOf(METADATA_KINDS, M.KIND_INVALID),
  value: metadataValueField.test('tag', function tag(value) {
    if ((this.parent as { kind?: unknown }).kind !== 'tag' || typeof value !== 'string') return true;
    const problem = tagProblem(value);
    return problem === null || this.createError({ message: problem });
  }),
});
/** The kind of the row decides the length (a tag ≤ 40, a note ≤ 2000): the server checks it. */
export const updateMetadataRequestSchema = object({ campaign_id: campaignIdField, metadata_id: uuidField(M.METADATA_ID_INVALID), value: metadataValueField });

// ── follow-up ───────────────────────────────────────────────────────────────────────────────

export const addFollowUpCallRequestSchema = object({
  campaign_id: campaignIdField,
  donor_id: donorIdField,
  outcome: string().typeError(M.OUTCOME_INVALID).required(M.OUTCOME_REQUIRED).oneOf(CALL_OUTCOMES, M.OUTCOME_INVALID),
  note: optionalText(NOTE_MAX_LENGTH, M.NOTE_MAX),
  next_call_date: isoDateField(),
});

/** send_notification/:campaignId (the campaign id is in the path). */
export const sendNotificationRequestSchema = object({
  donor_id: donorIdField,
  channel: string().typeError(M.CHANNEL_INVALID).required(M.CHANNEL_INVALID).oneOf(NOTIFICATION_CHANNELS, M.CHANNEL_INVALID),
  message: optionalText(500, M.MESSAGE_MAX),
});

// ── route params ────────────────────────────────────────────────────────────────────────────

export const donorParamsSchema = object({ campaignId: campaignIdField, donorId: uuidField(M.DONOR_ID_INVALID) });
export const pledgeParamsSchema = object({ campaignId: campaignIdField, pledgeId: uuidField(M.PLEDGE_ID_INVALID) });
export const donationParamsSchema = object({ campaignId: campaignIdField, donationId: uuidField(M.DONATION_ID_INVALID) });
export const metadataParamsSchema = object({ campaignId: campaignIdField, metadataId: uuidField(M.METADATA_ID_INVALID) });

// ── list queries ────────────────────────────────────────────────────────────────────────────

export const DONOR_LIST_SORTS = ['name', 'created_at', 'paid_cents', 'outstanding_cents', 'last_donation_date', 'contributor_type', 'eligibility'] as const;
export const PLEDGE_LIST_SORTS = ['commitment_date', 'remaining_cents', 'donor_name', 'commitment_amount_cents'] as const;
export const DONATION_LIST_SORTS = ['paying_date', 'paid_amount_cents', 'donor_name'] as const;
export const FOLLOW_UP_LIST_SORTS = ['next_payment_date', 'remaining_cents', 'next_call_date', 'donor_name'] as const;
export const DONOR_LIMIT_LIST_SORTS = ['name', 'aggregate_cents', 'remaining_limit_cents'] as const;
export const DONOR_HISTORY_LIST_SORTS = ['date', 'amount_cents', 'donor_name'] as const;
export const DONOR_MATCH_LIST_SORTS = ['name', 'paid_cents', 'matchable_cents', 'public_funds_cents'] as const;
export const FOLLOW_UP_DUES = ['overdue', 'this_week', 'all'] as const;
export const DONOR_HISTORY_KINDS = ['pledge', 'donation', 'refund', 'write_off'] as const;

/** Query: an election cycle value ('2025'; '' = no filter). The server answers an unknown one with no rows. */
const cycleQueryField = string()
  .typeError(M.CYCLE_INVALID)
  .transform((value: unknown) => (value === '' ? undefined : value))
  .optional()
  .matches(/^\d{4}$/, M.CYCLE_INVALID);

export const donorListQuerySchema = object({
  ...listQueryFields(DONOR_LIST_SORTS, 'name'),
  contributor_type: optionalEnumQuery(CONTRIBUTOR_TYPES, M.CONTRIBUTOR_TYPE_INVALID),
  eligibility: optionalEnumQuery(ELIGIBILITIES, M.ELIGIBILITY_INVALID),
  tag: string().typeError(M.TAG_MAX).optional().trim().max(TAG_MAX_LENGTH, M.TAG_MAX),
  balance: optionalEnumQuery(BALANCE_FILTERS),
  cycle: cycleQueryField,
});

export const pledgeListQuerySchema = object({
  ...listQueryFields(PLEDGE_LIST_SORTS, '-commitment_date'),
  ...dateRangeFields,
  status: optionalEnumQuery(PLEDGE_STATUSES),
  donor_id: optionalUuidQuery(M.DONOR_ID_INVALID),
});

export const donationListQuerySchema = object({
  ...listQueryFields(DONATION_LIST_SORTS, '-paying_date'),
  ...dateRangeFields,
  donor_id: optionalUuidQuery(M.DONOR_ID_INVALID),
  payment_method: optionalEnumQuery(PAYMENT_METHODS, M.PAYMENT_METHOD_INVALID),
  source: optionalEnumQuery(DONATION_SOURCES),
  refunded: optionalBooleanQuery,
  cycle: cycleQueryField,
});

export const followUpListQuerySchema = object({
  ...listQueryFields(FOLLOW_UP_LIST_SORTS, 'next_payment_date'),
  due: optionalEnumQuery(FOLLOW_UP_DUES, M.DUE_INVALID).default('all'),
});

export const followUpCallListQuerySchema = object({
  page: pageField,
  limit: limitField,
  donor_id: optionalUuidQuery(M.DONOR_ID_INVALID),
});

export const metadataListQuerySchema = object({
  page: pageField,
  limit: limitField,
  search: searchField,
  donor_id: optionalUuidQuery(M.DONOR_ID_INVALID),
  kind: optionalEnumQuery(METADATA_KINDS, M.KIND_INVALID),
});

export const donorTagsQuerySchema = object({ search: searchField, limit: limitField.default(LIST_MAX_LIMIT) });

export const donorLimitListQuerySchema = object({
  ...listQueryFields(DONOR_LIMIT_LIST_SORTS, '-aggregate_cents'),
  contributor_type: optionalEnumQuery(CONTRIBUTOR_TYPES, M.CONTRIBUTOR_TYPE_INVALID),
  over_limit: optionalBooleanQuery,
});

export const donorHistoryListQuerySchema = object({
  ...listQueryFields(DONOR_HISTORY_LIST_SORTS, '-date'),
  ...dateRangeFields,
  donor_id: optionalUuidQuery(M.DONOR_ID_INVALID),
  kind: optionalEnumQuery(DONOR_HISTORY_KINDS),
});

export const donorMatchListQuerySchema = object({
  ...listQueryFields(DONOR_MATCH_LIST_SORTS, '-matchable_cents'),
  contributor_type: optionalEnumQuery(CONTRIBUTOR_TYPES, M.CONTRIBUTOR_TYPE_INVALID),
});
