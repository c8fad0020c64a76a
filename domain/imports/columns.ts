/**
 * Header matching of the bulk import: which of our fields each column of a file holds. A mapping
 * the user saved for the same headers wins, then a recognised export (presets.ts), then our template's
 * column names and labels, then common synonyms. Pure: no React, no Node.
 */
import type { ColumnMapping, MappingSource } from './api-contract';
import { importFields, missingRequiredFields } from './fields';
import { detectPreset } from './presets';
import type { ImportType } from './templates';

/** A header as compared: no BOM, trimmed, lowercase, runs of spaces - / . → '_', other punctuation dropped. */
export function normalizeHeader(header: string): string {
  return header
    .replace(/\uFEFF/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-/.]+/g, '_')
    .replace(/[^\p{L}\p{N}_]/gu, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}

/** The key a saved mapping is stored under: the normalized headers in file order, joined with '|'. */
export function headerSignature(headers: readonly string[]): string {
  return headers.map(normalizeHeader).join('|');
}

export interface SuggestedMapping {
  mapping: ColumnMapping;
  source: MappingSource;
  /** The export recognised ('nyc_cfb' | 'actblue'), or null. */
  preset: string | null;
  /** Values for fields no column maps to (the preset's). */
  defaults: Record<string, string>;
}

/**
 * Synonyms (normalized) per field, tried after the template's names and labels. A field only
 * counts for the type that has it (amount → commitment_amount for donors, paid_amount for payments).
 */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  name: ['full_name', 'donor_name', 'contributor_name', 'donor', 'contributor', 'name_of_contributor'],
  first_name: ['first', 'firstname', 'given_name', 'forename', 'fname', 'first_nm'],
  last_name: ['last', 'lastname', 'surname', 'family_name', 'lname', 'last_nm'],
  donor_email: ['email', 'e_mail', 'email_address', 'e_mail_address', 'mail', 'primary_email', 'email_1'],
  donor_phone: ['phone', 'mobile', 'phone_number', 'mobile_number', 'mobile_phone', 'cell', 'cell_phone', 'telephone', 'tel', 'primary_phone', 'home_phone', 'phone_1'],
  contributor_type: ['type', 'donor_type', 'contributor_type_code', 'entity_type', 'contributor_category'],
  employer: ['employer_name', 'company', 'company_name', 'empname', 'current_employer', 'name_of_employer'],
  occupation: ['job', 'job_title', 'profession', 'occupation_title'],
  address: ['street_address', 'street', 'address_1', 'address1', 'addr1', 'address_line_1', 'address_line1', 'street_1', 'addr', 'mailing_address'],
  apt_unit: ['apt', 'unit', 'apartment', 'apt_no', 'suite', 'address_2', 'address2', 'addr2', 'address_line_2', 'address_line2', 'street_2', 'apartment_number', 'unit_number', 'apt_suite'],
  city: ['town', 'city_town'],
  state: ['state_code', 'st', 'state_province'],
  zip: ['zip_code', 'zipcode', 'postal_code', 'postcode', 'zip_postal_code', 'zip5', 'post_code', 'postal'],
  country: ['country_code', 'nation'],
  commitment_amount: ['amount', 'pledge_amount', 'commitment', 'pledge', 'pledged_amount', 'amount_pledged', 'pledged', 'amnt'],
  commitment_date: ['date', 'pledge_date', 'date_pledged', 'pledged_date'],
  paid_amount: ['amount', 'payment_amount', 'donation_amount', 'contribution_amount', 'paid', 'amount_paid', 'amount_received', 'gift_amount', 'payment', 'amnt'],
  paying_date: ['date', 'paid_date', 'donation_date', 'contribution_date', 'payment_date', 'date_paid', 'date_received', 'received_date', 'gift_date', 'date_of_payment', 'date_of_contribution'],
  payment_method: ['method', 'pay_method', 'payment_type', 'how_paid', 'paid_by', 'payment_mode', 'method_of_payment', 'payment_form', 'tender'],
  check_number: ['check_no', 'check', 'cheque_number', 'cheque_no', 'check_num', 'chk_no', 'chk_num'],
  reference_number: ['reference', 'ref', 'reference_no', 'transaction_id', 'receipt_id', 'transaction_number', 'confirmation_number', 'lineitem_id'],
  memo: ['note', 'notes', 'comment', 'comments', 'description', 'memo_text'],
  intermediary_name: ['intermediary', 'bundler', 'bundler_name', 'bundled_by', 'intermediary_full_name', 'name_of_intermediary'],
  intermediary_number: ['intermediary_no', 'intermediary_num', 'intermediary_id', 'c_smart_intermediary_number', 'csmart_intermediary_number', 'intermediary_c_smart_number', 'bundler_number', 'bundler_id'],
};

/** Prefixes a header may carry around a field's name ('Donor ZIP', 'Contributor City'). */
const PREFIXES = ['donor_', 'contributor_'];

/** normalized header → field, from the type's field names and labels. */
function templateIndex(type: ImportType): Map<string, string> {
  const index = new Map<string, string>();
  for (const field of importFields(type)) {
    index.set(normalizeHeader(field.name), field.name);
    if (!index.has(normalizeHeader(field.label))) index.set(normalizeHeader(field.label), field.name);
  }
  return index;
}

/** normalized synonym → field, for the fields of `type`. */
function synonymIndex(type: ImportType): Map<string, string> {
  const index = new Map<string, string>();
  for (const field of importFields(type)) {
    for (const synonym of SYNONYMS[field.name] ?? []) if (!index.has(synonym)) index.set(synonym, field.name);
  }
  return index;
}

/** Gives each header not yet mapped the field `lookup` finds for it, when that field is still free. */
function assign(headers: readonly string[], mapping: ColumnMapping, used: Set<string>, lookup: (key: string) => string | undefined): void {
  for (const header of headers) {
    if (mapping[header]) continue;
    const field = lookup(normalizeHeader(header));
    if (field && !used.has(field)) {
      mapping[header] = field;
      used.add(field);
    }
  }
}

/** Every header → '' to start with (no prototype while we fill it: a header may be called '__proto__'). */
function emptyMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = Object.create(null) as ColumnMapping;
  for (const header of headers) mapping[header] = '';
  return mapping;
}

/** The saved mapping when its headers are this file's (compared normalized), kept to fields that exist. */
function fromSaved(type: ImportType, headers: readonly string[], saved: ColumnMapping): ColumnMapping | null {
  const savedKeys = new Map(Object.keys(saved).map((k) => [normalizeHeader(k), k] as const));
  const fileKeys = new Set(headers.map(normalizeHeader));
  if (savedKeys.size !== fileKeys.size || [...fileKeys].some((k) => !savedKeys.has(k))) return null;
  const fields = new Set(importFields(type).map((f) => f.name));
  const mapping = emptyMapping(headers);
  const used = new Set<string>();
  assign(headers, mapping, used, (key) => {
    const field = saved[savedKeys.get(key)!];
    return field && fields.has(field) ? field : undefined;
  });
  return mapping;
}

/**
 * The suggested mapping of a file's headers to the fields of `type`: every header gets a field or
 * '', no field twice. A `saved` mapping of the same headers wins ('saved'); else a recognised export
 * ('preset'); else the template's column names and labels, case, spaces and punctuation aside, then
 * common synonyms for the headers left: 'template' when the names alone covered every header mapped
 * and every required field, else 'guess'.
 * A recognised export's defaults come along whatever the source.
 */
export function suggestMapping(type: ImportType, headers: readonly string[], saved: ColumnMapping | null): SuggestedMapping {
  const preset = detectPreset(headers.map(normalizeHeader));
  const defaults = preset ? { ...preset.defaults[type] } : {};
  const presetId = preset?.id ?? null;

  const fromFile = saved ? fromSaved(type, headers, saved) : null;
  if (fromFile) return { mapping: { ...fromFile }, source: 'saved', preset: presetId, defaults };

  const mapping = emptyMapping(headers);
  const used = new Set<string>();
  if (preset) {
    const fields = preset.fields[type];
    assign(headers, mapping, used, (key) => (Object.hasOwn(fields, key) ? fields[key] : undefined));
    return { mapping: { ...mapping }, source: 'preset', preset: presetId, defaults };
  }

  const template = templateIndex(type);
  assign(headers, mapping, used, (key) => template.get(key));
  const fromTemplate = used.size;

  // Synonyms fill the headers the template's names left, whether or not those covered the required
  // fields ('Zip Code', 'Employer Name' beside our own 'Name' and 'Contributor Type').
  const synonyms = synonymIndex(type);
  const unprefixed = (key: string) => PREFIXES.filter((p) => key.startsWith(p)).map((p) => key.slice(p.length));
  assign(headers, mapping, used, (key) => synonyms.get(key));
  assign(headers, mapping, used, (key) => unprefixed(key).map((k) => template.get(k) ?? synonyms.get(k)).find(Boolean));
  const complete = missingRequiredFields(type, Object.values(mapping)).length === 0;
  return { mapping: { ...mapping }, source: complete && used.size === fromTemplate ? 'template' : 'guess', preset: null, defaults };
}

/** Fields only one type has: a header that maps to one of them says which file this is. */
const TYPE_MARKS: Readonly<Record<ImportType, readonly string[]>> = {
  donor: ['contributor_type', 'commitment_amount', 'commitment_date', 'eligibility', 'employer', 'occupation', 'address', 'district'],
  payment: ['paid_amount', 'paying_date', 'payment_method', 'check_number', 'reference_number'],
};

/**
 * The type a file's headers say it is (issue 33.7: a payments file is not read as donors): the type
 * whose required fields the headers cover while the other's are not, else the one more of whose own
 * fields the headers map; null when the headers do not tell.
 */
export function detectImportType(headers: readonly string[]): ImportType | null {
  const seen = (['donor', 'payment'] as const).map((type) => {
    const mapped = Object.values(suggestMapping(type, headers, null).mapping);
    return { type, complete: missingRequiredFields(type, mapped).length === 0, marks: mapped.filter((field) => TYPE_MARKS[type].includes(field)).length };
  });
  const [donor, payment] = seen as [(typeof seen)[number], (typeof seen)[number]];
  if (donor.complete !== payment.complete) return donor.complete ? 'donor' : 'payment';
  if (donor.marks === payment.marks) return null;
  return donor.marks > payment.marks ? 'donor' : 'payment';
}

