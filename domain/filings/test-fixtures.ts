/** Fixtures shared by the filing tests. */
import type { FilingContribution } from './csmart-file';

/** A $100 check from Ana Lopez (an individual in the US, eligibility p-a) on 2027-03-05, unless told. */
export type GiftOverrides = Omit<Partial<FilingContribution>, 'donor'> & { donor?: Partial<FilingContribution['donor']> };

export const gift = (over: GiftOverrides): FilingContribution => {
  const { donor, ...rest } = over;
  return {
    donation_id: 'd',
    date: '2027-03-05',
    amount_cents: 10_000,
    refunded_cents: 0,
    matchable_cents: 0,
    payment_method: 'check',
    check_number: null,
    reference_number: null,
    memo: null,
    ...rest,
    donor: {
      donor_id: 'p',
      name: 'Ana Lopez',
      contributor_type: 'individual',
      employer: null,
      occupation: null,
      address: null,
      apt_unit: null,
      city: null,
      state: null,
      zip: null,
      country: 'US',
      eligibility: 'p-a',
      district: null,
      ...donor,
    },
  };
};
