import { detectImportType, headerSignature, normalizeHeader, suggestMapping } from './columns';
import { importFields, missingRequiredFields } from './fields';
import { DONOR_TEMPLATE_COLUMNS, PAYMENT_TEMPLATE_COLUMNS } from './templates';

/** The header → field pairs of a mapping, without the ignored ones. */
const mapped = (mapping: Record<string, string>) => Object.fromEntries(Object.entries(mapping).filter(([, field]) => field !== ''));

/** No field is used twice, and every header is a key. */
function expectWellFormed(headers: string[], mapping: Record<string, string>) {
  expect(Object.keys(mapping).sort()).toEqual([...new Set(headers)].sort());
  const fields = Object.values(mapping).filter((f) => f !== '');
  expect(new Set(fields).size).toBe(fields.length);
}

const CFB_HEADERS = [
  'ELECTION', 'OFFICECD', 'RECIPID', 'CANCLASS', 'RECIPNAME', 'COMMITTEE', 'FILING', 'SCHEDULE', 'PAGENO', 'SEQUENCENO', 'REFNO', 'DATE',
  'REFUNDDATE', 'NAME', 'C_CODE', 'STRNO', 'STRNAME', 'APARTMENT', 'BOROUGHCD', 'CITY', 'STATE', 'ZIP', 'OCCUPATION', 'EMPNAME',
  'EMPSTRNO', 'EMPSTRNAME', 'EMPCITY', 'EMPSTATE', 'AMNT', 'MATCHAMNT', 'PREVAMNT', 'PAY_METHOD', 'INTERMNO', 'INTERMNAME',
];

const ACTBLUE_HEADERS = [
  'Receipt ID', 'Date', 'Amount', 'Recurring Total Months', 'Recurrence Number', 'Recipient', 'Fundraising Page', 'Fundraising Partner',
  'Reference Code 2', 'Reference Code', 'Donor First Name', 'Donor Last Name', 'Donor Addr1', 'Donor Addr2', 'Donor City', 'Donor State',
  'Donor ZIP', 'Donor Country', 'Donor Occupation', 'Donor Employer', 'Donor Email', 'Donor Phone', 'New Express Signup', 'Comments',
  'Check Number', 'Check Date', 'Lineitem ID', 'Mobile',
];

describe('normalizeHeader and headerSignature', () => {
  it.each([
    ['\uFEFFname', 'name'],
    ['  Donor Email ', 'donor_email'],
    ['DONOR_EMAIL', 'donor_email'],
    ['Apt/Unit', 'apt_unit'],
    ['E-mail', 'e_mail'],
    ['Zip  -  Code', 'zip_code'],
    ['Amount ($)', 'amount'],
    ["Donor's Phone #", 'donors_phone'],
    ['Addr.1', 'addr_1'],
    ['Année', 'année'],
  ])('%j → %j', (header, key) => {
    expect(normalizeHeader(header)).toBe(key);
  });

  it('joins the normalized headers in file order', () => {
    expect(headerSignature(['\uFEFFName', 'Donor Email', 'Apt/Unit'])).toBe('name|donor_email|apt_unit');
    expect(headerSignature(['a', 'b'])).not.toBe(headerSignature(['b', 'a']));
  });
});

describe('suggestMapping', () => {
  it("maps our own templates' headers ('template')", () => {
    for (const [type, columns] of [
      ['donor', DONOR_TEMPLATE_COLUMNS],
      ['payment', PAYMENT_TEMPLATE_COLUMNS],
    ] as const) {
      const headers = [...columns];
      const suggestion = suggestMapping(type, headers, null);
      expect(suggestion.source).toBe('template');
      expect(suggestion.preset).toBeNull();
      expect(suggestion.defaults).toEqual({});
      expect(mapped(suggestion.mapping)).toEqual(Object.fromEntries(headers.map((h) => [h, h])));
    }
  });

  it('matches SPEC-style labels whatever the case, spaces or underscores', () => {
    const headers = ['Donor Email', 'Paying Date', 'PAID AMOUNT', 'payment method', 'Recipient', 'donor phone', 'Check Number'];
    const suggestion = suggestMapping('payment', headers, null);
    expect(suggestion.source).toBe('template');
    expect(mapped(suggestion.mapping)).toEqual({
      'Donor Email': 'donor_email',
      'Paying Date': 'paying_date',
      'PAID AMOUNT': 'paid_amount',
      'payment method': 'payment_method',
      Recipient: 'recipient',
      'donor phone': 'donor_phone',
      'Check Number': 'check_number',
    });
    const donor = suggestMapping('donor', ['NAME', 'DONOR_EMAIL', 'Contributor Type', 'Apt/Unit', 'Commitment Amount', 'Commitment Date', 'ZIP code'], null);
    expect(donor.source).toBe('template');
    expect(mapped(donor.mapping)).toEqual({
      NAME: 'name',
      DONOR_EMAIL: 'donor_email',
      'Contributor Type': 'contributor_type',
      'Apt/Unit': 'apt_unit',
      'Commitment Amount': 'commitment_amount',
      'Commitment Date': 'commitment_date',
      'ZIP code': 'zip',
    });
  });

  it("guesses from common synonyms when the template's names do not cover the required fields ('guess')", () => {
    const headers = ['First Name', 'Last Name', 'E-mail', 'Phone Number', 'Street Address', 'Apt', 'City', 'State', 'Zip Code', 'Country', 'Employer Name', 'Amount', 'Date', 'Notes'];
    const suggestion = suggestMapping('donor', headers, null);
    expect(suggestion.source).toBe('guess');
    expect(mapped(suggestion.mapping)).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'E-mail': 'donor_email',
      'Phone Number': 'donor_phone',
      'Street Address': 'address',
      Apt: 'apt_unit',
      City: 'city',
      State: 'state',
      'Zip Code': 'zip',
      Country: 'country',
      'Employer Name': 'employer',
      Amount: 'commitment_amount',
      Date: 'commitment_date',
    });
    expect(missingRequiredFields('donor', Object.values(suggestion.mapping))).toEqual(['contributor_type']);

    const payment = suggestMapping('payment', ['Email Address', 'Mobile', 'Postal Code', 'Amount', 'Date', 'Address 1', 'Unit'], null);
    expect(payment.source).toBe('guess');
    expect(mapped(payment.mapping)).toEqual({ 'Email Address': 'donor_email', Mobile: 'donor_phone', 'Postal Code': 'zip', Amount: 'paid_amount', Date: 'paying_date' });
  });

  it('reads donor- and contributor-prefixed headers of unknown exports', () => {
    const suggestion = suggestMapping('payment', ['Donor First Name', 'Donor Last Name', 'Donor ZIP', 'Contribution Amount', 'Contribution Date', 'Method'], null);
    expect(mapped(suggestion.mapping)).toEqual({
      'Donor First Name': 'first_name',
      'Donor Last Name': 'last_name',
      'Donor ZIP': 'zip',
      'Contribution Amount': 'paid_amount',
      'Contribution Date': 'paying_date',
      Method: 'payment_method',
    });
  });

  it('fills the headers our names leave with synonyms, even when our names cover the required fields (issue 33.10)', () => {
    const donor = suggestMapping('donor', ['Name', 'Contributor Type', 'Zip Code', 'Employer Name', 'Occupation'], null);
    expect(donor.source).toBe('guess');
    expect(mapped(donor.mapping)).toEqual({ Name: 'name', 'Contributor Type': 'contributor_type', 'Zip Code': 'zip', 'Employer Name': 'employer', Occupation: 'occupation' });

    const payment = suggestMapping('payment', ['Name', 'Donor Email', 'Date Paid', 'How Paid', 'Amount Paid', 'Check #'], null);
    expect(mapped(payment.mapping)).toEqual({ Name: 'name', 'Donor Email': 'donor_email', 'Date Paid': 'paying_date', 'How Paid': 'payment_method', 'Amount Paid': 'paid_amount', 'Check #': 'check_number' });
    expect(missingRequiredFields('payment', Object.values(payment.mapping))).toEqual([]);
  });

  it("maps an ActBlue export cut down below the preset's signature, and NYC CFB columns, by synonyms (issue 33.10)", () => {
    // Five of the export's marks: too few for the preset, so the synonyms and prefixes do the work.
    const actblue = ['Date', 'Amount', 'Donor Name', 'Donor Addr1', 'Donor Addr2', 'Donor City', 'Donor State', 'Donor Country', 'Donor Occupation', 'Donor Employer', 'Donor Email', 'Donor Phone'];
    const donor = suggestMapping('donor', actblue, null);
    expect(donor.preset).toBeNull();
    expect(mapped(donor.mapping)).toEqual({
      Date: 'commitment_date',
      Amount: 'commitment_amount',
      'Donor Name': 'name',
      'Donor Addr1': 'address',
      'Donor Addr2': 'apt_unit',
      'Donor City': 'city',
      'Donor State': 'state',
      'Donor Country': 'country',
      'Donor Occupation': 'occupation',
      'Donor Employer': 'employer',
      'Donor Email': 'donor_email',
      'Donor Phone': 'donor_phone',
    });
    const cfb = suggestMapping('donor', ['NAME', 'DATE', 'AMNT', 'EMPNAME', 'OCCUPATION', 'APARTMENT', 'ZIP'], null);
    expect(cfb.preset).toBeNull();
    expect(mapped(cfb.mapping)).toEqual({ NAME: 'name', DATE: 'commitment_date', AMNT: 'commitment_amount', EMPNAME: 'employer', OCCUPATION: 'occupation', APARTMENT: 'apt_unit', ZIP: 'zip' });
  });

  it('never uses a field twice: the first column wins', () => {
    const headers = ['Email', 'E-mail', 'Name', 'name ', 'Phone', 'Mobile'];
    const suggestion = suggestMapping('donor', headers, null);
    expectWellFormed(headers, suggestion.mapping);
    expect(mapped(suggestion.mapping)).toEqual({ Email: 'donor_email', Name: 'name', Phone: 'donor_phone' });
  });

  it('gives every header a field or nothing, and ignores what it does not know', () => {
    const headers = ['Name', 'Favourite colour', '', 'constructor', '__proto__'];
    const suggestion = suggestMapping('donor', headers, null);
    expectWellFormed(headers, suggestion.mapping);
    expect(mapped(suggestion.mapping)).toEqual({ Name: 'name' });
  });

  it("uses a saved mapping of the same headers ('saved'), kept to fields that exist, no field twice", () => {
    const headers = ['Full name', 'Mail', 'Kind', 'Junk'];
    const saved = { 'Full name': 'name', Mail: 'donor_email', Kind: 'contributor_type', Junk: 'no_such_field' };
    const suggestion = suggestMapping('donor', headers, saved);
    expect(suggestion.source).toBe('saved');
    expect(suggestion.mapping).toEqual({ 'Full name': 'name', Mail: 'donor_email', Kind: 'contributor_type', Junk: '' });

    // The same headers spelt a little differently (a BOM, spaces) still count as the same.
    expect(suggestMapping('donor', ['\uFEFFFull name', 'Mail ', 'Kind', 'Junk'], saved).source).toBe('saved');
    // A payment file cannot take a donor field.
    expect(mapped(suggestMapping('payment', headers, saved).mapping)).toEqual({ 'Full name': 'name', Mail: 'donor_email' });
    // Twice the same field: the first keeps it.
    expect(mapped(suggestMapping('donor', ['A', 'B'], { A: 'name', B: 'name' }).mapping)).toEqual({ A: 'name' });
  });

  it('ignores a saved mapping of other headers', () => {
    const headers = ['name', 'contributor_type'];
    expect(suggestMapping('donor', headers, { name: 'name' }).source).toBe('template');
    expect(suggestMapping('donor', headers, { name: 'name', contributor_type: 'contributor_type', extra: 'city' }).source).toBe('template');
  });

  it("recognises the NYC CFB contributions layout ('preset')", () => {
    const donor = suggestMapping('donor', CFB_HEADERS, null);
    expect(donor).toMatchObject({ source: 'preset', preset: 'nyc_cfb', defaults: {} });
    expectWellFormed(CFB_HEADERS, donor.mapping);
    expect(mapped(donor.mapping)).toEqual({
      NAME: 'name',
      C_CODE: 'contributor_type',
      OCCUPATION: 'occupation',
      EMPNAME: 'employer',
      STRNAME: 'address',
      APARTMENT: 'apt_unit',
      CITY: 'city',
      STATE: 'state',
      ZIP: 'zip',
      AMNT: 'commitment_amount',
      DATE: 'commitment_date',
    });
    expect(missingRequiredFields('donor', Object.values(donor.mapping), donor.defaults)).toEqual([]);

    const payment = suggestMapping('payment', CFB_HEADERS, null);
    expect(payment).toMatchObject({ source: 'preset', preset: 'nyc_cfb', defaults: {} });
    expect(mapped(payment.mapping)).toEqual({ NAME: 'name', ZIP: 'zip', AMNT: 'paid_amount', DATE: 'paying_date' });
    // PAY_METHOD's codes are not known: the user chooses the method for the file.
    expect(missingRequiredFields('payment', Object.values(payment.mapping), payment.defaults)).toEqual(['payment_method']);
  });

  it("recognises ActBlue's contributions export ('preset'), with its defaults", () => {
    const donor = suggestMapping('donor', ACTBLUE_HEADERS, null);
    expect(donor).toMatchObject({ source: 'preset', preset: 'actblue', defaults: { contributor_type: 'individual' } });
    expectWellFormed(ACTBLUE_HEADERS, donor.mapping);
    expect(mapped(donor.mapping)).toEqual({
      'Donor First Name': 'first_name',
      'Donor Last Name': 'last_name',
      'Donor Addr1': 'address',
      'Donor Addr2': 'apt_unit',
      'Donor City': 'city',
      'Donor State': 'state',
      'Donor ZIP': 'zip',
      'Donor Country': 'country',
      'Donor Occupation': 'occupation',
      'Donor Employer': 'employer',
      'Donor Email': 'donor_email',
      'Donor Phone': 'donor_phone',
      Recipient: 'recipient',
    });
    expect(missingRequiredFields('donor', Object.values(donor.mapping), donor.defaults)).toEqual([]);

    const payment = suggestMapping('payment', ACTBLUE_HEADERS, null);
    expect(payment).toMatchObject({ source: 'preset', preset: 'actblue', defaults: { payment_method: 'card' } });
    expect(mapped(payment.mapping)).toEqual({
      'Donor Email': 'donor_email',
      'Donor Phone': 'donor_phone',
      'Donor First Name': 'first_name',
      'Donor Last Name': 'last_name',
      'Donor ZIP': 'zip',
      Date: 'paying_date',
      Amount: 'paid_amount',
      'Receipt ID': 'reference_number',
      'Check Number': 'check_number',
      Recipient: 'recipient',
    });
    expect(missingRequiredFields('payment', Object.values(payment.mapping), payment.defaults)).toEqual([]);
  });

  it("keeps a recognised export's defaults with a saved mapping", () => {
    const saved = Object.fromEntries(ACTBLUE_HEADERS.map((h) => [h, h === 'Donor Email' ? 'donor_email' : '']));
    const suggestion = suggestMapping('payment', ACTBLUE_HEADERS, saved);
    expect(suggestion).toMatchObject({ source: 'saved', preset: 'actblue', defaults: { payment_method: 'card' } });
    expect(mapped(suggestion.mapping)).toEqual({ 'Donor Email': 'donor_email' });
  });

  it('only suggests fields of the type', () => {
    for (const type of ['donor', 'payment'] as const) {
      const names = new Set(importFields(type).map((f) => f.name));
      for (const headers of [CFB_HEADERS, ACTBLUE_HEADERS, [...DONOR_TEMPLATE_COLUMNS, ...PAYMENT_TEMPLATE_COLUMNS, 'amount', 'date', 'email']]) {
        for (const field of Object.values(suggestMapping(type, headers, null).mapping)) expect(field === '' || names.has(field)).toBe(true);
      }
    }
  });
});

describe('detectImportType (issue 33.7: the file type from its headers)', () => {
  it.each([
    ['our payment template', [...PAYMENT_TEMPLATE_COLUMNS], 'payment'],
    ['our donor template', [...DONOR_TEMPLATE_COLUMNS], 'donor'],
    ['a payments sheet of its own', ['Email', 'Date Paid', 'Amount Paid', 'How Paid'], 'payment'],
    ['a donor list', ['Full Name', 'Email', 'Employer', 'Occupation', 'Contributor Type'], 'donor'],
    ['headers that do not tell', ['Email', 'Phone'], null],
  ] as const)('%s → %j', (_, headers, type) => {
    expect(detectImportType(headers)).toBe(type);
  });
});
