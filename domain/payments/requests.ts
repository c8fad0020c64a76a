/**
 * Yup schemas of the payment requests (domain/payments/api-contract.ts), shared by the public giving
 * form, the gateway and package pages, and the server. Pure: no React, no Node.
 */
import { array, boolean, number, object, string } from 'yup';
import { US_STATES } from '../donor-book/enums';
import { donorNameField } from '../validation/donors';
import { campaignIdField, COUNTRY_PATTERN, DEFAULT_COUNTRY, optionalText, POSTAL_CODE_PATTERN, US_ZIP_PATTERN } from '../validation/fields';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../validation/auth';
import { PHONE_MESSAGES, phoneField } from '../validation/phone-field';
import { DONOR_ATTESTATIONS, GATEWAY_MODES, ONLINE_GIFT_MAX_CENTS, ONLINE_GIFT_MIN_CENTS, type AttestationKey } from './api-contract';

export const PAYMENT_VALIDATION_MESSAGES = {
  AMOUNT: 'Please enter an amount between $1.00 and $100,000.00',
  EMAIL_REQUIRED: 'E-mail is required',
  EMAIL_INVALID: 'Please enter a valid email',
  PHONE_REQUIRED: PHONE_MESSAGES.REQUIRED,
  PHONE_INVALID: PHONE_MESSAGES.INVALID,
  COUNTRY_INVALID: 'Please choose a country',
  REGION_INVALID: 'State, province or region: at most 100 characters',
  POSTAL_CODE_INVALID: 'Postal code may use letters, digits, spaces and - (at most 12)',
  ADDRESS_REQUIRED: 'Street address is required',
  CITY_REQUIRED: 'City is required',
  STATE_REQUIRED: 'State is required',
  STATE_INVALID: 'Unknown state',
  ZIP_REQUIRED: 'ZIP code is required',
  ZIP_INVALID: 'ZIP code must be 5 digits (or ZIP+4)',
  EMPLOYER_REQUIRED: 'Employer is required (write "Self-employed", "Retired" or "Not employed" if that applies)',
  OCCUPATION_REQUIRED: 'Occupation is required (write "Retired" or "Not employed" if that applies)',
  ATTESTATION_REQUIRED: 'Please confirm each statement before giving',
  KEY_INVALID: 'Request key is not valid',
  SLUG_REQUIRED: 'Campaign address is required',
  PAYMENT_ID_INVALID: 'Payment id is not valid',
  ORDER_ID_INVALID: 'Order id is not valid',
  YEARS_INVALID: 'Choose 1, 2 or 3 years',
  MODE_INVALID: 'Mode must be local, sandbox or live',
  CLIENT_ID_REQUIRED: 'Client id is required',
  SECRET_REQUIRED: 'Client secret is required',
  APPEAL_REQUIRED: 'Appeal text is required',
  AMOUNTS_INVALID: 'Give 1 to 6 suggested amounts between $1.00 and $100,000.00',
  REASON_REQUIRED: 'Reason is required',
  PROVIDER_INVALID: 'Provider must be paypal',
  PAID_FOR_BY_REQUIRED: 'The "Paid for by" line is required (up to 200 characters)',
  TAX_NOTICE_REQUIRED: 'The tax notice is required (up to 300 characters)',
  PRIVACY_URL_INVALID: 'Privacy policy link must be a web address starting with https:// or http://',
  RULES_NOTICE_INVALID: 'The contribution rules line may be up to 500 characters',
  REQUIRE_PHONE_INVALID: 'Require phone must be true or false',
} as const;

const M = PAYMENT_VALIDATION_MESSAGES;

const required = (max: number, message: string) =>
  string()
    .typeError(message)
    .required(message)
    .trim()
    .test('not-blank', message, (value) => value === undefined || value.trim() !== '')
    .max(max, message);

export const onlineAmountField = number()
  .typeError(M.AMOUNT)
  .required(M.AMOUNT)
  .integer(M.AMOUNT)
  .min(ONLINE_GIFT_MIN_CENTS, M.AMOUNT)
  .max(ONLINE_GIFT_MAX_CENTS, M.AMOUNT);

/** A donor abroad: a valid country code other than US (state and ZIP rules then follow the country). */
export const isAbroad = (country: unknown): boolean => typeof country === 'string' && COUNTRY_PATTERN.test(country) && country !== DEFAULT_COUNTRY;

/** The address rules abroad apply to any country other than US (an unchosen or invalid one is reported on `country`). */
const abroadRules = (country: unknown): boolean => typeof country === 'string' && country !== DEFAULT_COUNTRY;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * What the donor types: everything a compliant contribution record needs (name, address, employer,
 * occupation). The country (default US) sets the address rules: a US state and a 5- or 9-digit ZIP,
 * or abroad a free state/province/region and a postal code (either may be empty: not every country has
 * them). The phone (a national number of the chosen country, or + and the country code) is optional
 * unless the campaign requires it: validate with the context
 * `{ requirePhone: true }` (the giving page's setting; the server passes it, the form too).
 */
export const donorDetailsShape = {
  name: donorNameField,
  email: string().typeError(M.EMAIL_INVALID).required(M.EMAIL_REQUIRED).trim().max(EMAIL_MAX_LENGTH, M.EMAIL_INVALID).matches(EMAIL_PATTERN, M.EMAIL_INVALID),
  // The one phone rule (domain/phone.ts, loaded when the donor first submits: not in the page's first JavaScript).
  phone: phoneField().test('required-by-campaign', M.PHONE_REQUIRED, function requiredByCampaign(value) {
    return !blank(value) || (this.options.context as { requirePhone?: boolean } | undefined)?.requirePhone !== true;
  }),
  address: required(200, M.ADDRESS_REQUIRED),
  apt_unit: optionalText(50),
  city: required(100, M.CITY_REQUIRED),
  country: string()
    .typeError(M.COUNTRY_INVALID)
    .optional()
    .test('country', M.COUNTRY_INVALID, (value) => value === undefined || COUNTRY_PATTERN.test(value)),
  state: string()
    .typeError(M.STATE_INVALID)
    .when('country', ([country], field) =>
      abroadRules(country) ? field.nullable().optional().max(100, M.REGION_INVALID) : field.required(M.STATE_REQUIRED).oneOf(US_STATES, M.STATE_INVALID),
    ),
  zip: string()
    .typeError(M.ZIP_INVALID)
    .when('country', ([country], field) =>
      abroadRules(country)
        ? field.nullable().optional().matches(POSTAL_CODE_PATTERN, { message: M.POSTAL_CODE_INVALID, excludeEmptyString: true })
        : field.required(M.ZIP_REQUIRED).trim().matches(US_ZIP_PATTERN, M.ZIP_INVALID),
    ),
  employer: required(100, M.EMPLOYER_REQUIRED),
  occupation: required(100, M.OCCUPATION_REQUIRED),
};

export const donorDetailsSchema = object(donorDetailsShape).noUnknown();

export const attestationsSchema = object(
  Object.fromEntries(DONOR_ATTESTATIONS.map((a) => [a.key, boolean().typeError(M.ATTESTATION_REQUIRED).required(M.ATTESTATION_REQUIRED).oneOf([true], M.ATTESTATION_REQUIRED)])) as Record<
    AttestationKey,
    ReturnType<typeof boolean>
  >,
).noUnknown();

const idempotencyKeyField = string().typeError(M.KEY_INVALID).required(M.KEY_INVALID).uuid(M.KEY_INVALID);

export const payOnlineRequestSchema = object({
  slug: string().typeError(M.SLUG_REQUIRED).required(M.SLUG_REQUIRED).max(100, M.SLUG_REQUIRED),
  amount_cents: onlineAmountField,
  donor: donorDetailsSchema.required(),
  attestations: attestationsSchema.required(M.ATTESTATION_REQUIRED),
  idempotency_key: idempotencyKeyField,
  pledge_token: string().typeError(M.KEY_INVALID).nullable().optional().max(2000, M.KEY_INVALID),
}).noUnknown();

/** The public form (the SPA adds the slug and the key). */
export const givingFormSchema = object({ amount_cents: onlineAmountField, donor: donorDetailsSchema.required(), attestations: attestationsSchema.required() });

/** PayPal order ids: 17 upper-case letters and digits (a little room either way). */
export const orderIdField = string().typeError(M.ORDER_ID_INVALID).required(M.ORDER_ID_INVALID).matches(/^[A-Z0-9-]{8,40}$/, M.ORDER_ID_INVALID);
export const paymentIdField = string().typeError(M.PAYMENT_ID_INVALID).required(M.PAYMENT_ID_INVALID).uuid(M.PAYMENT_ID_INVALID);

export const captureRequestSchema = object({ payment_id: paymentIdField, order_id: orderIdField }).noUnknown();

export const configureGatewayRequestSchema = object({
  campaign_id: campaignIdField,
  provider: string().typeError(M.PROVIDER_INVALID).required(M.PROVIDER_INVALID).oneOf(['paypal'], M.PROVIDER_INVALID),
  mode: string().typeError(M.MODE_INVALID).required(M.MODE_INVALID).oneOf(GATEWAY_MODES, M.MODE_INVALID),
  client_id: required(200, M.CLIENT_ID_REQUIRED),
  client_secret: string().typeError(M.SECRET_REQUIRED).nullable().optional().max(300, M.SECRET_REQUIRED),
  webhook_id: string().typeError(M.CLIENT_ID_REQUIRED).nullable().optional().max(100, M.CLIENT_ID_REQUIRED),
}).noUnknown();

export const testGatewayRequestSchema = object({
  campaign_id: campaignIdField,
  provider: string().typeError(M.PROVIDER_INVALID).required(M.PROVIDER_INVALID).oneOf(['paypal'], M.PROVIDER_INVALID),
}).noUnknown();

export const addProviderRequestSchema = object({
  provider: string().typeError(M.PROVIDER_INVALID).required(M.PROVIDER_INVALID).oneOf(['paypal'], M.PROVIDER_INVALID),
  name: required(100, M.PROVIDER_INVALID),
  is_active: boolean().typeError(M.PROVIDER_INVALID).required(M.PROVIDER_INVALID),
}).noUnknown();

/** An http(s) address with a dotted host (no javascript:, data: or relative links). */
const WEB_ADDRESS = /^https?:\/\/[^\s/?#]+\.[^\s]+$/i;

/** Text that must not be blank (spaces around it are allowed: the server trims it). */
const notBlank = (max: number, message: string) =>
  string()
    .typeError(message)
    .required(message)
    .test('not-blank', message, (value) => value === undefined || value.trim() !== '')
    .test('max-trimmed', message, (value) => value === undefined || value.trim().length <= max);

/** The legal notices of the giving page and the receipt (domain/payments/giving-notices.ts). */
export const givingNoticesSchema = object({
  paid_for_by: notBlank(200, M.PAID_FOR_BY_REQUIRED),
  tax_notice: notBlank(300, M.TAX_NOTICE_REQUIRED),
  privacy_url: string()
    .typeError(M.PRIVACY_URL_INVALID)
    .nullable()
    .defined(M.PRIVACY_URL_INVALID)
    .test('web-address', M.PRIVACY_URL_INVALID, (value) => value === null || value === undefined || value.trim() === '' || (value.length <= 500 && WEB_ADDRESS.test(value.trim()))),
  rules_notice: string()
    .typeError(M.RULES_NOTICE_INVALID)
    .defined(M.RULES_NOTICE_INVALID)
    .test('max-trimmed', M.RULES_NOTICE_INVALID, (value) => value === undefined || value.trim().length <= 500),
}).noUnknown();

export const givingSettingsRequestSchema = object({
  campaign_id: campaignIdField,
  appeal: required(1000, M.APPEAL_REQUIRED),
  suggested_amounts_cents: array(onlineAmountField).typeError(M.AMOUNTS_INVALID).required(M.AMOUNTS_INVALID).min(1, M.AMOUNTS_INVALID).max(6, M.AMOUNTS_INVALID),
  /** Left out: the stored notices are kept. */
  notices: givingNoticesSchema.default(undefined).optional(),
  /** Donors must give a phone number (default false; left out: unchanged). */
  require_phone: boolean().typeError(M.REQUIRE_PHONE_INVALID).optional(),
}).noUnknown();

export const refundOnlineRequestSchema = object({
  campaign_id: campaignIdField,
  donation_id: paymentIdField,
  amount_cents: onlineAmountField.nullable().optional().min(1, M.AMOUNT),
  reason: required(500, M.REASON_REQUIRED),
}).noUnknown();

export const purchasePackageRequestSchema = object({
  campaign_id: campaignIdField,
  years: number().typeError(M.YEARS_INVALID).required(M.YEARS_INVALID).integer(M.YEARS_INVALID).oneOf([1, 2, 3], M.YEARS_INVALID),
  idempotency_key: idempotencyKeyField,
}).noUnknown();
