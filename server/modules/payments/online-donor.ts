/**
 * The donor of an online gift as the compliance engine and the donor book see them: found by e-mail
 * (or phone) in the campaign, or described by what they typed (a new individual, in the US or abroad).
 */
import type { DonorDetailsBody } from '../../../domain/payments/api-contract';
import { storedPhone } from '../../../domain/phone';
import { isAbroad } from '../../../domain/payments/requests';
import { DEFAULT_COUNTRY } from '../../../domain/validation/fields';
import type { DonorRules } from '../donors/donor-figures';
import type { DonorRecord } from '../donors/donor-repository';
import { cleanName, textOrNull, type DonorValues } from '../donors/normalize';

export function donorDetailsOf(value: unknown): DonorDetailsBody {
  return value as DonorDetailsBody;
}

/** The donor's country (ISO code; US when not given). */
export function countryOf(details: Pick<DonorDetailsBody, 'country'> | null): string {
  return details && isAbroad(details.country) ? (details.country as string) : DEFAULT_COUNTRY;
}

/**
 * The city as the donor book keeps it. The book's state is a US state; a donor abroad's
 * state/province/region goes with the city ("Toronto, Ontario") so nothing they typed is lost.
 */
function bookCity(details: DonorDetailsBody): string | null {
  const city = textOrNull(details.city);
  const region = isAbroad(details.country) ? textOrNull(details.state) : null;
  return region ? [city, region].filter(Boolean).join(', ') : city;
}

/** A new donor's stored values (an individual; eligibility undetermined). */
export function newDonorValues(details: DonorDetailsBody): DonorValues {
  const abroad = isAbroad(details.country);
  return {
    name: cleanName(details.name),
    donorPhone: storedPhone(details.phone, countryOf(details)),
    donorEmail: details.email.trim().toLowerCase(),
    contributorType: 'individual',
    employer: textOrNull(details.employer),
    occupation: textOrNull(details.occupation),
    address: textOrNull(details.address),
    aptUnit: textOrNull(details.apt_unit),
    city: bookCity(details),
    state: abroad ? null : textOrNull(details.state),
    zip: textOrNull(details.zip),
    district: null,
    country: countryOf(details),
    eligibility: 'un',
    recipient: null,
  };
}

/** A new individual donor (in the US unless told); where they live when known (residence can change a rule's figures). */
export function newDonorRules(details: Pick<DonorDetailsBody, 'state' | 'city' | 'zip' | 'country'> | null): DonorRules {
  return {
    contributorType: 'individual',
    eligibility: 'un',
    country: countryOf(details),
    state: details && isAbroad(details.country) ? null : textOrNull(details?.state),
    city: textOrNull(details?.city),
    zip: textOrNull(details?.zip),
    district: null,
    doingBusiness: false,
  };
}

/** What a pledge's donor typed as their contributor information (address, employer, occupation). */
const CONTRIBUTOR_FIELDS = ['address', 'aptUnit', 'city', 'state', 'zip', 'country', 'employer', 'occupation'] as const;

/** The contributor fields the donor changed in `details` (null: none): the stored values to write. */
export function contributorChanges(donor: DonorRecord, details: DonorDetailsBody): Partial<DonorValues> | null {
  const typed = newDonorValues(details);
  const changes: Partial<DonorValues> = {};
  for (const field of CONTRIBUTOR_FIELDS) {
    if (typed[field] !== donor[field]) Object.assign(changes, { [field]: typed[field] });
  }
  return Object.keys(changes).length > 0 ? changes : null;
}
