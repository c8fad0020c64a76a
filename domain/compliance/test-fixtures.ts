/** Fixtures shared by the compliance engine's tests. */
import type { ComplianceDonor } from './types';

/** A New York City resident individual (Brooklyn), eligibility p-a unless told. */
export const donor = (over: Partial<ComplianceDonor> = {}): ComplianceDonor => ({
  contributor_type: 'individual',
  eligibility: 'p-a',
  is_international: false,
  state: 'new_york',
  city: 'Brooklyn',
  zip: '11201',
  district: null,
  ...over,
});
