/**
 * Reading one row of an upload: the cells of the columns mapped to our fields, normalised
 * (normalize.ts) and then validated with the same yup schemas as manual entry, so that an imported
 * donor or payment is exactly what the forms would have accepted. A row either reads as values or
 * is refused with one reason a person can act on. Reasons name the field and leave the cell's text
 * out, so that the review's count per reason groups the rows (the error report has the cells).
 * Pure: no React, no Node.
 */
import { object, ValidationError, type AnyObject, type ValidateOptions } from 'yup';
import { CONTRIBUTOR_TYPE_OPTIONS, ELIGIBILITY_OPTIONS, PAYMENT_METHOD_OPTIONS, US_STATE_OPTIONS } from '../donor-book/enums';
import { DONOR_VALIDATION_MESSAGES as M, donationFieldsShape, donorEmailField, donorFieldsSchema, pledgeFieldsShape } from '../validation/donors';
import { DEFAULT_COUNTRY } from '../validation/fields';
import type { ColumnMapping, DateOrder } from './api-contract';
import type { Intermediary } from '../donor-book/donations-contract';
import { parsePhone, phoneCountry } from '../phone';
import { importFields } from './fields';
import {
  dateOrderMatters,
  joinName,
  matchOption,
  normalizeCountry,
  normalizeEmail,
  normalizeName,
  normalizeZip,
  parseAmountCents,
  parseImportDate,
} from './normalize';

export interface RowContext {
  /** How slash dates are read. */
  dateOrder: DateOrder;
  /** YYYY-MM-DD from the server clock (a payment date may not be later than the next day). */
  today: string;
  /** Values for fields no column gives (contributor_type, payment_method, eligibility, country). */
  defaults: Record<string, string>;
}

/** Set on a MappedRow whose cells go past the file's headers with a value (see mappedRow). */
export const EXTRA_CELLS: unique symbol = Symbol('extra cells');

/** field name → the raw cell text of the column mapped to it (fields not mapped are absent). */
export type MappedRow = Record<string, string> & { [EXTRA_CELLS]?: true };

export interface DonorImportValues {
  donor: {
    name: string;
    donor_phone: string | null;
    donor_email: string | null;
    contributor_type: string;
    employer: string | null;
    occupation: string | null;
    address: string | null;
    apt_unit: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    district: string | null;
    country: string;
    eligibility: string;
    recipient: string | null;
  };
  pledge: { commitment_date: string; commitment_amount_cents: number } | null;
}

export interface PaymentImportValues {
  donor_email: string | null;
  donor_phone: string | null;
  name: string | null;
  zip: string | null;
  paying_date: string;
  paid_amount_cents: number;
  payment_method: string;
  recipient: string | null;
  check_number: string | null;
  reference_number: string | null;
  memo: string | null;
  /** The intermediary the row names (its name and C-SMART number columns), else null. */
  intermediary: Intermediary | null;
}

/**
 * `ambiguousDate`: the upload's date order decides how the row's slash date reads (an ambiguous
 * date such as 03/04/2029, or one that is a real day only in the other order, such as 13/04/2029
 * month first); the review then offers the choice of order. Reported whether the row reads or not.
 */
export type RowResult<T> = { ok: true; values: T; ambiguousDate: boolean } | { ok: false; reason: string; ambiguousDate: boolean };

export const ROW_REASONS = {
  noDonorKey: 'Donor email: the row has no donor e-mail, phone or name to find the donor by',
  extraCells: 'The row has more cells than the header row has columns: put quotes around a value that contains the separator, or give the extra column a header',
  contributorType: "Contributor type: not one we record (use a type from the template's list)",
  eligibility: "Eligibility: not one we record (use one from the template's list)",
  paymentMethod: "Payment method: not one we record (use a method from the template's list)",
  state: 'State: not a US state (use its name or 2-letter code; for a donor abroad, give the country)',
} as const;

/** Every field either type reads (a mapping to anything else is ignored). */
const FIELD_LABELS = new Map([...importFields('donor'), ...importFields('payment')].map((f) => [f.name, f.label] as const));

const FIELD_OF_LABEL = new Map([...FIELD_LABELS].map(([field, label]) => [label.toLowerCase(), field] as const));

/**
 * The field a row's reason is about (every reason starts with its field's label: "Donor email: …",
 * or the label itself: "Contributor type is required"), or null for a reason about the whole row.
 * The review shows that field's cell beside the reason.
 */
export function fieldOfReason(reason: string): string | null {
  const lower = reason.toLowerCase();
  const colon = lower.indexOf(':');
  if (colon > 0 && FIELD_OF_LABEL.has(lower.slice(0, colon))) return FIELD_OF_LABEL.get(lower.slice(0, colon))!;
  let best: string | null = null;
  for (const [label, field] of FIELD_OF_LABEL) if (lower.startsWith(`${label} `) && (best === null || label.length > FIELD_LABELS.get(best)!.length)) best = field;
  return best;
}

/** A normaliser's reason, naming the field: "Commitment amount: Amount must be …". */
const labelled = (field: string, reason: string) => {
  const label = FIELD_LABELS.get(field) ?? field;
  return reason.toLowerCase().startsWith(label.toLowerCase()) ? reason : `${label}: ${reason}`;
};

/**
 * Header i's cell → its field; a field mapped twice keeps its first non-blank cell. A row with a
 * value in a cell past the last header (an unquoted separator shifted its values, a stray quote ran
 * into the next lines, or a value was typed beside the table) is marked EXTRA_CELLS, and the row
 * readers refuse it: its values are not where the headers say.
 */
export function mappedRow(headers: string[], mapping: ColumnMapping, cells: string[]): MappedRow {
  const row: MappedRow = Object.create(null) as MappedRow;
  if (cells.slice(headers.length).some((c) => c.trim() !== '')) row[EXTRA_CELLS] = true;
  headers.forEach((header, i) => {
    const field = Object.hasOwn(mapping, header) ? mapping[header] : '';
    if (!field || !FIELD_LABELS.has(field)) return;
    const value = cells[i] ?? '';
    if (!Object.hasOwn(row, field) || row[field]!.trim() === '') row[field] = value;
  });
  return row;
}

/** The trimmed cell of `field`, or undefined when it is not mapped or blank. */
function cell(row: MappedRow, field: string): string | undefined {
  const value = Object.hasOwn(row, field) ? row[field]!.trim() : '';
  return value === '' ? undefined : value;
}

/** The cell of `field`, else the value chosen for the whole file. */
function cellOrDefault(row: MappedRow, ctx: RowContext, field: string): string | undefined {
  return cell(row, field) ?? (Object.hasOwn(ctx.defaults, field) ? ctx.defaults[field]!.trim() || undefined : undefined);
}

/**
 * The first message of `schema` for `value` (strict, as the server validates bodies), or null. The
 * forms' bare "Too long" (shown under its input there) names the field and its limit here:
 * "Employer: at most 100 characters".
 */
function schemaProblem(schema: { validateSync(value: unknown, options?: ValidateOptions<AnyObject>): unknown }, value: unknown, context?: AnyObject): string | null {
  try {
    schema.validateSync(value, { strict: true, abortEarly: true, context });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const message = error.errors[0] ?? error.message;
    const max = error.params?.max;
    if (message === M.TEXT_MAX && error.type === 'max' && error.path && typeof max === 'number') return labelled(error.path, `at most ${max} characters`);
    // Every reason starts with its field (issue 33.11): "Donor email: Please enter a valid email".
    return error.path && FIELD_LABELS.has(error.path) ? labelled(error.path, message) : message;
  }
}

/**
 * The row's intermediary: the name (runs of spaces as one) and the C-SMART number (uppercased), as the
 * donation API stores them; null when both cells are blank. A number without a name is kept so the
 * shared schema refuses it ("The intermediary's name is required").
 */
function intermediaryOf(row: MappedRow): Intermediary | null {
  const name = cell(row, 'intermediary_name')?.replace(/\s+/g, ' ') ?? null;
  const csmartNumber = cell(row, 'intermediary_number')?.toUpperCase() ?? null;
  if (name === null && csmartNumber === null) return null;
  return { name: name ?? '', address: null, city: null, state: null, zip: null, employer: null, occupation: null, csmart_number: csmartNumber };
}

/** The row's name: `name`, else first and last name joined; normalised. */
const rowName = (row: MappedRow) => normalizeName(cell(row, 'name') ?? joinName(cell(row, 'first_name'), cell(row, 'last_name')));

/** The donor form's schema but the phone, which phoneOf reads with the one phone rule (synchronously, row by row). */
const donorRowSchema = donorFieldsSchema.omit(['donor_phone']);

const pledgeSchema = object({ commitment_date: pledgeFieldsShape.commitment_date, commitment_amount_cents: pledgeFieldsShape.commitment_amount_cents });

const paymentSchema = object({
  donor_email: donorEmailField,
  paying_date: donationFieldsShape.paying_date,
  paid_amount_cents: donationFieldsShape.paid_amount_cents,
  payment_method: donationFieldsShape.payment_method,
  reference_number: donationFieldsShape.reference_number,
  check_number: donationFieldsShape.check_number,
  recipient: donationFieldsShape.recipient,
  memo: donationFieldsShape.memo,
  intermediary: donationFieldsShape.intermediary,
});

/** The row's phone, normalised (null when the cell is blank or not mapped), or why it is not one. */
function phoneOf(row: MappedRow): { ok: true; value: string | null } | { ok: false; reason: string } {
  const phoneCell = cell(row, 'donor_phone');
  if (phoneCell === undefined) return { ok: true, value: null };
  const phone = parsePhone(phoneCell);
  return phone.ok ? phone : { ok: false, reason: labelled('donor_phone', phone.reason) };
}

/**
 * A donor row → the donor (validated with donorFieldsSchema) and, when both its commitment date and
 * amount are given, a pledge. Blank cells are absent; contributor type, eligibility and country use
 * the file's default when their cell is blank or not mapped (eligibility else 'un', country else the
 * country of an international phone, else 'US'). A donor abroad has no state.
 */
export function readDonorRow(row: MappedRow, ctx: RowContext): RowResult<DonorImportValues> {
  if (row[EXTRA_CELLS]) return { ok: false, reason: ROW_REASONS.extraCells, ambiguousDate: false };
  const dateCell = cell(row, 'commitment_date');
  const ambiguousDate = dateCell !== undefined && dateOrderMatters(dateCell, ctx.dateOrder);
  const refuse = (reason: string): RowResult<DonorImportValues> => ({ ok: false, reason, ambiguousDate });

  const phone = phoneOf(row);
  if (!phone.ok) return refuse(phone.reason);
  const donorPhone = phone.value;

  const typeText = cellOrDefault(row, ctx, 'contributor_type');
  const contributorType = typeText === undefined ? '' : matchOption(CONTRIBUTOR_TYPE_OPTIONS, typeText);
  if (contributorType === null) return refuse(ROW_REASONS.contributorType);

  const eligibilityText = cellOrDefault(row, ctx, 'eligibility');
  const eligibility = eligibilityText === undefined ? 'un' : matchOption(ELIGIBILITY_OPTIONS, eligibilityText);
  if (eligibility === null) return refuse(ROW_REASONS.eligibility);

  let country = DEFAULT_COUNTRY;
  const countryText = cellOrDefault(row, ctx, 'country');
  if (countryText !== undefined) {
    const read = normalizeCountry(countryText);
    if (!read.ok) return refuse(read.reason);
    country = read.value;
  } else if (donorPhone !== null) {
    country = phoneCountry(donorPhone) ?? DEFAULT_COUNTRY;
  }

  let state: string | null = null;
  const stateCell = cell(row, 'state');
  if (stateCell !== undefined && country === DEFAULT_COUNTRY) {
    state = matchOption(US_STATE_OPTIONS, stateCell);
    if (state === null) return refuse(ROW_REASONS.state);
  }

  const zipCell = cell(row, 'zip');
  const text = (field: string) => cell(row, field) ?? null;
  const donor: DonorImportValues['donor'] = {
    name: rowName(row),
    donor_phone: donorPhone,
    donor_email: normalizeEmail(cell(row, 'donor_email') ?? ''),
    contributor_type: contributorType,
    employer: text('employer'),
    occupation: text('occupation'),
    address: text('address'),
    apt_unit: text('apt_unit'),
    city: text('city'),
    state,
    zip: zipCell === undefined ? null : normalizeZip(zipCell, country).value,
    district: text('district'),
    country,
    eligibility,
    recipient: text('recipient'),
  };
  // No type at all is the schema's 'required' (undefined), as in the form. The phone was read by the
  // same rule as the form's (phoneOf): the schema without its (asynchronous) phone test.
  const donorProblem = schemaProblem(donorRowSchema, { ...donor, contributor_type: contributorType || undefined });
  if (donorProblem) return refuse(donorProblem);

  const amountCell = cell(row, 'commitment_amount');
  if (dateCell === undefined && amountCell === undefined) return { ok: true, values: { donor, pledge: null }, ambiguousDate };
  if (dateCell === undefined) return refuse(labelled('commitment_date', M.COMMITMENT_DATE_REQUIRED));
  if (amountCell === undefined) return refuse(labelled('commitment_amount', M.COMMITMENT_AMOUNT_REQUIRED));
  const date = parseImportDate(dateCell, ctx.dateOrder);
  if (!date.ok) return refuse(labelled('commitment_date', date.reason));
  const amount = parseAmountCents(amountCell);
  if (!amount.ok) return refuse(labelled('commitment_amount', amount.reason));
  const pledge = { commitment_date: date.value, commitment_amount_cents: amount.value };
  const pledgeProblem = schemaProblem(pledgeSchema, pledge);
  if (pledgeProblem) return refuse(pledgeProblem);
  return { ok: true, values: { donor, pledge }, ambiguousDate };
}

/**
 * A payment row → the payment (validated with the donation schema's fields; the date may not be
 * later than ctx.today + 1 day) and what finds its donor: e-mail, phone, name (and ZIP). The payment
 * method uses the file's default when its cell is blank or not mapped; a check number is kept for
 * checks only.
 */
export function readPaymentRow(row: MappedRow, ctx: RowContext): RowResult<PaymentImportValues> {
  if (row[EXTRA_CELLS]) return { ok: false, reason: ROW_REASONS.extraCells, ambiguousDate: false };
  const dateCell = cell(row, 'paying_date');
  const ambiguousDate = dateCell !== undefined && dateOrderMatters(dateCell, ctx.dateOrder);
  const refuse = (reason: string): RowResult<PaymentImportValues> => ({ ok: false, reason, ambiguousDate });

  const phone = phoneOf(row);
  if (!phone.ok) return refuse(phone.reason);
  const donorPhone = phone.value;
  const donorEmail = normalizeEmail(cell(row, 'donor_email') ?? '');
  const name = rowName(row) || null;
  if (donorEmail === null && donorPhone === null && name === null) return refuse(ROW_REASONS.noDonorKey);
  const zipCell = cell(row, 'zip');

  let payingDate: string | undefined;
  if (dateCell !== undefined) {
    const date = parseImportDate(dateCell, ctx.dateOrder);
    if (!date.ok) return refuse(labelled('paying_date', date.reason));
    payingDate = date.value;
  }

  let paidCents: number | undefined;
  const amountCell = cell(row, 'paid_amount');
  if (amountCell !== undefined) {
    const amount = parseAmountCents(amountCell);
    if (!amount.ok) return refuse(labelled('paid_amount', amount.reason));
    paidCents = amount.value;
  }

  const methodText = cellOrDefault(row, ctx, 'payment_method');
  const method = methodText === undefined ? undefined : matchOption(PAYMENT_METHOD_OPTIONS, methodText);
  if (method === null) return refuse(ROW_REASONS.paymentMethod);

  const payment = {
    donor_email: donorEmail,
    paying_date: payingDate,
    paid_amount_cents: paidCents,
    payment_method: method,
    reference_number: cell(row, 'reference_number') ?? null,
    check_number: method === 'check' ? (cell(row, 'check_number') ?? null) : null,
    recipient: cell(row, 'recipient') ?? null,
    memo: cell(row, 'memo') ?? null,
    intermediary: intermediaryOf(row),
  };
  const problem = schemaProblem(paymentSchema, payment, { today: ctx.today });
  if (problem) return refuse(problem);

  return {
    ok: true,
    values: {
      ...payment,
      donor_phone: donorPhone,
      name,
      zip: zipCell === undefined ? null : normalizeZip(zipCell).value,
      paying_date: payingDate!,
      paid_amount_cents: paidCents!,
      payment_method: method!,
    },
    ambiguousDate,
  };
}
