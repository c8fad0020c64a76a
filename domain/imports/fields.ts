/**
 * The fields a file's column can be mapped to, per import type: SPEC §3's template columns in order,
 * then a few more that real exports carry (a donor's country; first and last name in separate
 * columns; a check number). Pure: no React, no Node.
 */
import { CONTRIBUTOR_TYPE_OPTIONS, PAYMENT_METHOD_OPTIONS, type Option } from '../donor-book/enums';
import { DONOR_TEMPLATE_COLUMNS, PAYMENT_TEMPLATE_COLUMNS, type ImportType } from './templates';

export interface ImportFieldSpec {
  name: string;
  /** A row cannot be read without it: a column must be mapped to it, or (`defaultable`) a value chosen for every row. */
  required: boolean;
  /** A label for the mapping step. */
  label: string;
  /** When no column maps to it, the user may choose one value for every row from these. */
  defaultable?: readonly Option[];
}

const LABELS: Record<string, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  donor_phone: 'Donor phone',
  donor_email: 'Donor email',
  contributor_type: 'Contributor type',
  employer: 'Employer',
  occupation: 'Occupation',
  state: 'State',
  zip: 'ZIP code',
  city: 'City',
  apt_unit: 'Apt/Unit',
  address: 'Address',
  district: 'District',
  country: 'Country',
  commitment_date: 'Commitment date',
  commitment_amount: 'Commitment amount',
  eligibility: 'Eligibility',
  recipient: 'Recipient',
  paying_date: 'Payment date',
  paid_amount: 'Paid amount',
  payment_method: 'Payment method',
  check_number: 'Check number',
  reference_number: 'Reference number',
  intermediary_name: 'Intermediary name',
  intermediary_number: 'Intermediary number',
  memo: 'Memo',
};

const spec = (name: string, required = false, defaultable?: readonly Option[]): ImportFieldSpec => ({
  name,
  required,
  label: LABELS[name] ?? name,
  ...(defaultable ? { defaultable } : {}),
});

/**
 * Donors: `name` is required unless first and last name columns are mapped (they are joined);
 * `contributor_type` may be one value for the whole file (ActBlue's export has none: individuals).
 */
const DONOR_FIELDS: ImportFieldSpec[] = [
  ...DONOR_TEMPLATE_COLUMNS.map((name) =>
    name === 'name' ? spec(name, true) : name === 'contributor_type' ? spec(name, true, CONTRIBUTOR_TYPE_OPTIONS) : spec(name),
  ),
  spec('first_name'),
  spec('last_name'),
  spec('country'),
];

/**
 * Payments: the donor is found by e-mail, else phone, else name and ZIP (when one donor alone has
 * them); `payment_method` may be one value for the whole file.
 */
const PAYMENT_FIELDS: ImportFieldSpec[] = [
  ...PAYMENT_TEMPLATE_COLUMNS.map((name) =>
    name === 'paying_date' || name === 'paid_amount' ? spec(name, true) : name === 'payment_method' ? spec(name, true, PAYMENT_METHOD_OPTIONS) : spec(name),
  ),
  spec('name'),
  spec('first_name'),
  spec('last_name'),
  spec('zip'),
  spec('check_number'),
  spec('reference_number'),
  spec('memo'),
  // The person who bundled the contribution (issue 35.6), and the Intermediary Number C-SMART gave them.
  spec('intermediary_name'),
  spec('intermediary_number'),
];

export function importFields(type: ImportType): ImportFieldSpec[] {
  return type === 'donor' ? DONOR_FIELDS : PAYMENT_FIELDS;
}

/**
 * Required fields that neither a column nor a default covers. `name` counts as covered by
 * first_name and last_name together.
 */
export function missingRequiredFields(type: ImportType, mapped: readonly string[], defaults: Record<string, string> = {}): string[] {
  const have = new Set(mapped.filter((f) => f !== ''));
  if (have.has('first_name') && have.has('last_name')) have.add('name');
  return importFields(type)
    .filter((f) => f.required && !have.has(f.name) && !(f.defaultable && defaults[f.name]))
    .map((f) => f.name);
}
