/** Turning validated request bodies into stored values: trimmed text, '' → null, e-mail lowercased, phones in their stored form. */
import type { ContributorType, Eligibility } from '../../../domain/donor-book/enums';
import { storedPhone } from '../../../domain/phone';
import { DEFAULT_COUNTRY } from '../../../domain/validation/fields';
import type { donors } from '../../db/schema';

/** Trimmed text, or null for a missing / empty / blank value. */
export function textOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Trimmed text with inner runs of spaces collapsed. */
export function cleanName(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

export type DonorValues = Pick<
  typeof donors.$inferInsert,
  | 'name'
  | 'donorPhone'
  | 'donorEmail'
  | 'contributorType'
  | 'employer'
  | 'occupation'
  | 'address'
  | 'aptUnit'
  | 'city'
  | 'state'
  | 'zip'
  | 'district'
  | 'country'
  | 'eligibility'
  | 'recipient'
  | 'doingBusiness'
>;

/** The stored values of validated DonorFields (country 'US' and eligibility 'un' by default; the phone's stored form, domain/phone.ts). */
export function donorValuesOf(body: Record<string, unknown>): DonorValues {
  const country = textOrNull(body.country)?.toUpperCase() ?? DEFAULT_COUNTRY;
  const international = country !== DEFAULT_COUNTRY;
  return {
    name: cleanName(String(body.name)),
    donorPhone: storedPhone(body.donor_phone, country),
    donorEmail: textOrNull(body.donor_email)?.toLowerCase() ?? null,
    contributorType: body.contributor_type as ContributorType,
    employer: textOrNull(body.employer),
    occupation: textOrNull(body.occupation),
    address: textOrNull(body.address),
    aptUnit: textOrNull(body.apt_unit),
    city: textOrNull(body.city),
    state: international ? null : textOrNull(body.state),
    zip: textOrNull(body.zip),
    district: textOrNull(body.district),
    country,
    eligibility: (textOrNull(body.eligibility) as Eligibility | null) ?? 'un',
    recipient: textOrNull(body.recipient),
    // Absent: a new donor is not marked (the column's default), an update leaves the mark as it was.
    ...(typeof body.doing_business === 'boolean' ? { doingBusiness: body.doing_business } : {}),
  };
}

/** LIKE pattern text with %, _ and \ escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
