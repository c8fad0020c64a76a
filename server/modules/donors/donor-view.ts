/** Stored rows → the API shapes of domain/donor-book/api-contract.ts. */
import type { DonorFields, DonorFigures, DonorRow } from '../../../domain/donor-book/donors-contract';
import type { ContributorType, Eligibility } from '../../../domain/donor-book/enums';
import { DEFAULT_COUNTRY } from '../../../domain/validation/fields';
import type { DonorRecord } from './donor-repository';

export function donorFieldsOf(row: DonorRecord): DonorFields {
  return {
    name: row.name,
    donor_phone: row.donorPhone,
    donor_email: row.donorEmail,
    contributor_type: row.contributorType as ContributorType,
    employer: row.employer,
    occupation: row.occupation,
    address: row.address,
    apt_unit: row.aptUnit,
    city: row.city,
    state: row.state,
    zip: row.zip,
    district: row.district,
    country: row.country,
    eligibility: row.eligibility as Eligibility,
    recipient: row.recipient,
    doing_business: row.doingBusiness,
  };
}

/** What the audit log keeps of a donor. */
export function donorSnapshot(row: DonorRecord): Record<string, unknown> {
  return { donor_id: row.id, ...donorFieldsOf(row) };
}

export function toDonorRow(row: DonorRecord, figures: DonorFigures, tags: string[]): DonorRow {
  return {
    donor_id: row.id,
    ...donorFieldsOf(row),
    ...figures,
    is_international: row.country !== DEFAULT_COUNTRY,
    tags,
    last_donation_date: row.lastDonationDate,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
