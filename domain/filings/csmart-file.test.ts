/**
 * Golden test of C-SMART's contribution import file: a small book → the exact bytes, written by hand from
 * the documented File Layout (C-SMART Help: Monetary Contributions, 3/4/2019), not copied from our output.
 */
import { describe, expect, it } from 'vitest';
import { CONTRIBUTOR_TYPES, PAYMENT_METHODS } from '../donor-book/enums';
import { csmartAmount, csmartDate, csmartFile, csmartOverlong, type FilingCampaign, type FilingContribution } from './csmart-file';
import { gift } from './test-fixtures';
import { CSMART_COLUMNS, CSMART_CONTRIBUTOR_CODES, CSMART_PAYMENT_CODES } from './csmart-layout';

const campaign: FilingCampaign = { cfb_candidate_id: '1623', cfb_committee_id: 'A', election_cycle: '2029' };

const book: FilingContribution[] = [
  gift({
    date: '2027-03-05',
    amount_cents: 25_000,
    matchable_cents: 25_000,
    payment_method: 'check',
    check_number: '1042',
    memo: 'Spring "kickoff" event',
    donor: { name: 'Ana Lopez', address: '12 Court St', apt_unit: '4B', city: 'Brooklyn', state: 'new_york', zip: '11201', employer: 'Acme, Inc.', occupation: 'Teacher' },
  }),
  gift({
    date: '2027-12-31',
    amount_cents: 100_000,
    payment_method: 'card',
    donor: { name: 'Metro Builders LLC', contributor_type: 'limited_liability_company', address: '5 Main St', city: 'Albany', state: 'new_york', zip: '12207' },
  }),
  gift({
    date: '2027-01-12',
    amount_cents: 2_550,
    matchable_cents: 2_550,
    payment_method: 'paypal',
    check_number: '999',
    memo: 'line1\nline2',
    donor: { name: 'Jean Dupont', country: 'FR', address: '1 Rue de Rivoli', city: 'Paris', zip: '75001', employer: 'Self', occupation: 'Writer' },
  }),
];

describe('C-SMART contribution import file', () => {
  it('golden: a small book gives exactly the documented lines (no header, M/D/YY, xxx.xx, Y/N, quoted cells, CRLF)', () => {
    const expected =
      '1,1623,2029,A,3/5/27,250.00,250.00,2,1042,N,N,"Spring ""kickoff"" event",,,IND,Ana Lopez,12 Court St,4B,Brooklyn,NY,11201,"Acme, Inc.",Teacher\r\n' +
      '2,1623,2029,A,12/31/27,1000.00,0.00,4,,N,N,,,,LLC,Metro Builders LLC,5 Main St,,Albany,NY,12207,,\r\n' +
      '3,1623,2029,A,1/12/27,25.50,25.50,4,,N,N,line1 line2,,,IND,Jean Dupont,1 Rue de Rivoli,,Paris,,75001,Self,Writer\r\n';
    const file = csmartFile(campaign, book);
    expect(Buffer.from(file, 'utf8').equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect(file).toBe(expected);
    // No byte-order mark, no header row.
    expect(file.charCodeAt(0)).toBe('1'.charCodeAt(0));
  });

  it('an empty period is an empty file', () => {
    expect(csmartFile(campaign, [])).toBe('');
  });

  it('has 23 columns per line, the documented first 14 in their order and lengths', () => {
    expect(CSMART_COLUMNS.map((c) => [c.letter, c.max_length]).slice(0, 14)).toEqual([
      ['A', 4],
      ['B', 4],
      ['C', 5],
      ['D', 1],
      ['E', 10],
      ['F', 11],
      ['G', 11],
      ['H', 1],
      ['I', 15],
      ['J', 1],
      ['K', 1],
      ['L', 2000],
      ['M', 5],
      ['N', 1],
    ]);
    expect(CSMART_COLUMNS.slice(0, 14).every((c) => c.confirmed)).toBe(true);
    // What could not be read is marked so, never given a guessed length.
    expect(CSMART_COLUMNS.slice(14).every((c) => !c.confirmed && c.max_length === null && c.note)).toBe(true);
  });

  it('dates are M/D/YY and amounts xxx.xx', () => {
    expect(csmartDate('2029-01-02')).toBe('1/2/29');
    expect(csmartDate('2030-11-30')).toBe('11/30/30');
    expect(csmartAmount(5)).toBe('0.05');
    expect(csmartAmount(123_456_789)).toBe('1234567.89');
  });

  it('cuts a value at its documented maximum and tells the check which columns were cut', () => {
    const long = gift({ check_number: '1234567890123456', memo: 'x'.repeat(2001) });
    const line = csmartFile(campaign, [long]).split(',');
    expect(line[8]).toBe('123456789012345');
    expect(line[11]).toBe('x'.repeat(2000));
    expect(csmartOverlong(campaign, long, 1).map((c) => c.key)).toEqual(['check_number', 'notes']);
    // A Source ID over 4 digits (line 10,000) is reported too.
    expect(csmartOverlong(campaign, gift({}), 10_000).map((c) => c.key)).toEqual(['source_id']);
    // Unconfirmed columns are never cut.
    const name = 'N'.repeat(300);
    expect(csmartFile(campaign, [gift({ donor: { name } })])).toContain(`,${name},`);
  });
});

describe('the C-SMART code table (one table for payment methods and contributor types)', () => {
  it('maps every payment method to a one-character Contribution Type code (column H is 1 character)', () => {
    for (const method of PAYMENT_METHODS) {
      expect(CSMART_PAYMENT_CODES[method].code, method).toMatch(/^.$/);
    }
    expect(CSMART_PAYMENT_CODES.paypal.code).toBe(CSMART_PAYMENT_CODES.card.code);
    expect(CSMART_PAYMENT_CODES.cash.code).not.toBe(CSMART_PAYMENT_CODES.check.code);
  });

  it('maps every contributor type, and says which codes were only seen in the CFB data and none confirmed', () => {
    for (const type of CONTRIBUTOR_TYPES) expect(CSMART_CONTRIBUTOR_CODES[type].code, type).toMatch(/^[A-Z]{3,5}$/);
    expect(CSMART_CONTRIBUTOR_CODES.individual.code).toBe('IND');
    expect(CSMART_CONTRIBUTOR_CODES.limited_liability_company.code).toBe('LLC');
    expect(Object.values(CSMART_CONTRIBUTOR_CODES).filter((c) => c.seen_in).map((c) => c.code)).toEqual(['IND', 'PCOMP', 'LLC']);
    expect([...Object.values(CSMART_CONTRIBUTOR_CODES), ...Object.values(CSMART_PAYMENT_CODES)].some((c) => c.confirmed)).toBe(false);
  });
});
