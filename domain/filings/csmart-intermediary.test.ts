/**
 * Golden test of an intermediary in C-SMART's contribution import file (issue 35.6): column M holds the
 * Intermediary Number C-SMART gave the person who bundled the contribution (documented: "Intermediary
 * Number", at most 5 characters); column N (its description cut off in the copy read) stays empty. The
 * expected bytes are written by hand from the File Layout, not copied from our output.
 */
import { describe, expect, it } from 'vitest';
import type { Intermediary } from '../donor-book/donations-contract';
import { csmartFile, csmartOverlong, type FilingCampaign } from './csmart-file';
import { gift } from './test-fixtures';

const campaign: FilingCampaign = { cfb_candidate_id: '1623', cfb_committee_id: 'A', election_cycle: '2029' };

const bundler: Intermediary = {
  name: 'Rosa Diaz',
  address: '40 Broad St',
  city: 'New York',
  state: 'new_york',
  zip: '10004',
  employer: 'Diaz & Partners, LLP',
  occupation: 'Attorney',
  csmart_number: '00417',
};

describe('C-SMART file: intermediaries', () => {
  it('golden: a bundled check carries the intermediary number in column M; a gift without one leaves M empty', () => {
    const expected =
      '1,1623,2029,A,4/2/27,175.00,175.00,2,311,N,N,,00417,,IND,Ana Lopez,12 Court St,,Brooklyn,NY,11201,School,Teacher\r\n' +
      '2,1623,2029,A,4/3/27,50.00,0.00,1,,N,N,,,,IND,Ben Ortiz,,,,,,,\r\n';
    const file = csmartFile(campaign, [
      gift({
        date: '2027-04-02',
        amount_cents: 17_500,
        matchable_cents: 17_500,
        check_number: '311',
        intermediary: bundler,
        donor: { address: '12 Court St', city: 'Brooklyn', state: 'new_york', zip: '11201', employer: 'School', occupation: 'Teacher' },
      }),
      gift({ date: '2027-04-03', amount_cents: 5_000, payment_method: 'cash', intermediary: null, donor: { name: 'Ben Ortiz' } }),
    ]);
    expect(Buffer.from(file, 'utf8').equals(Buffer.from(expected, 'utf8'))).toBe(true);
  });

  it('an intermediary named without a C-SMART number leaves column M empty (the number is C-SMART\'s, never made up)', () => {
    const file = csmartFile(campaign, [gift({ date: '2027-04-02', intermediary: { ...bundler, csmart_number: null } })]);
    expect(file).toBe('1,1623,2029,A,4/2/27,100.00,0.00,2,,N,N,,,,IND,Ana Lopez,,,,,,,\r\n');
  });

  it('a number longer than the documented 5 characters is cut to 5 and listed as too long', () => {
    const long = gift({ date: '2027-04-02', intermediary: { ...bundler, csmart_number: '123456' } });
    expect(csmartFile(campaign, [long])).toBe('1,1623,2029,A,4/2/27,100.00,0.00,2,,N,N,,12345,,IND,Ana Lopez,,,,,,,\r\n');
    expect(csmartOverlong(campaign, long, 1).map((c) => c.letter)).toEqual(['M']);
  });
});
