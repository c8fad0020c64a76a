import fc from 'fast-check';
import { CONTRIBUTOR_TYPE_OPTIONS, ELIGIBILITY_OPTIONS, PAYMENT_METHOD_OPTIONS, US_STATE_OPTIONS } from '../donor-book/enums';
import { centsToInput, formatCents, MAX_AMOUNT_CENTS } from '../money';
import {
  AMOUNT_REASONS,
  COUNTRY_UNKNOWN,
  DATE_REASONS,
  dateOrderMatters,
  isAmbiguousSlashDate,
  joinName,
  matchOption,
  normalizeCountry,
  normalizeEmail,
  normalizeName,
  normalizeZip,
  parseAmountCents,
  parseImportDate,
  USPS_STATE_CODES,
} from './normalize';

const value = <T>(result: { ok: true; value: T } | { ok: false; reason: string }) => (result.ok ? result.value : `refused: ${result.reason}`);

describe('parseAmountCents', () => {
  it.each([
    ['$1,250.00', 125000],
    [' 300 ', 30000],
    ['1250', 125000],
    ['1250.5', 125050],
    ['USD 20', 2000],
    ['20.00 USD', 2000],
    ['usd20', 2000],
    ['$ 20', 2000],
    ['19.99', 1999],
    ['0.29', 29],
    ['0.01', 1],
    ['.50', 50],
    ['1,000,000', 100_000_000],
    ['250.000', 25000],
    ['0250', 25000],
    ['10000000', MAX_AMOUNT_CENTS],
    ['$10,000,000.00', MAX_AMOUNT_CENTS],
  ])('%j → %d cents', (text, cents) => {
    expect(parseAmountCents(text)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ['-20', AMOUNT_REASONS.negative],
    ['$-20', AMOUNT_REASONS.negative],
    ['-$20', AMOUNT_REASONS.negative],
    ['(20.00)', AMOUNT_REASONS.negative],
    ['($1,250.00)', AMOUNT_REASONS.negative],
    ['0', AMOUNT_REASONS.zero],
    ['$0.00', AMOUNT_REASONS.zero],
    ['12.345', AMOUNT_REASONS.decimals],
    ['10000000.01', AMOUNT_REASONS.tooLarge],
    ['99999999999999999999', AMOUNT_REASONS.tooLarge],
    ['twenty', AMOUNT_REASONS.invalid],
    ['20 dollars', AMOUNT_REASONS.invalid],
    ['1e3', AMOUNT_REASONS.invalid],
    ['12,50', AMOUNT_REASONS.invalid],
    ['1.250,00', AMOUNT_REASONS.invalid],
    ['$', AMOUNT_REASONS.invalid],
    ['', AMOUNT_REASONS.invalid],
    ['.', AMOUNT_REASONS.invalid],
    ['20.', AMOUNT_REASONS.invalid],
  ])('refuses %j', (text, reason) => {
    expect(parseAmountCents(text)).toEqual({ ok: false, reason });
  });

  it('reads back every formatted amount exactly (no float error)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (cents) => {
        expect(parseAmountCents(formatCents(cents))).toEqual({ ok: true, value: cents });
        expect(parseAmountCents(centsToInput(cents))).toEqual({ ok: true, value: cents });
        expect(parseAmountCents(` USD ${centsToInput(cents)} `)).toEqual({ ok: true, value: cents });
      }),
    );
  });

  it('names the maximum in its reason', () => {
    expect(AMOUNT_REASONS.tooLarge).toBe('Amount must be at most $10,000,000.00');
  });
});

describe('parseImportDate', () => {
  it.each([
    ['2029-03-15', 'mdy', '2029-03-15'],
    ['2029-3-5', 'mdy', '2029-03-05'],
    ['2029/03/15', 'dmy', '2029-03-15'],
    ['2024-03-15T14:22:01Z', 'mdy', '2024-03-15'],
    ['2024-03-15T00:00:00.000', 'mdy', '2024-03-15'],
    ['2024-03-15 14:22:01', 'mdy', '2024-03-15'],
    ['15-03-2029', 'mdy', '2029-03-15'],
    ['03-04-2029', 'mdy', '2029-04-03'],
    ['03/04/2029', 'mdy', '2029-03-04'],
    ['03/04/2029', 'dmy', '2029-04-03'],
    ['3/4/29', 'mdy', '2029-03-04'],
    ['3/4/69', 'mdy', '2069-03-04'],
    ['3/4/70', 'mdy', '1970-03-04'],
    ['12/31/99', 'mdy', '1999-12-31'],
    ['3/15/2024 2:22 PM', 'mdy', '2024-03-15'],
    ['15.3.2029', 'mdy', '2029-03-15'],
    ['45292', 'mdy', '2024-01-01'],
    ['45292.0', 'mdy', '2024-01-01'],
    ['47193', 'mdy', '2029-03-16'],
    ['  2029-03-15  ', 'mdy', '2029-03-15'],
  ] as const)('%j (%s) → %s', (text, order, iso) => {
    expect(parseImportDate(text, order)).toEqual({ ok: true, value: iso });
  });

  it('reads slash dates month first by default', () => {
    expect(value(parseImportDate('03/04/2029'))).toBe('2029-03-04');
  });

  it.each(['2029-02-30', '31-04-2029', '02/30/2029', '30/02/2029', '13/13/2029', '29.2.2029', '1/1/1850'])('refuses %j: no such day', (text) => {
    const order = text === '30/02/2029' ? 'dmy' : 'mdy';
    expect(parseImportDate(text, order)).toEqual({ ok: false, reason: 'not a real date' });
  });

  it('refuses a slash date that is a day only in the other order, saying which order reads it', () => {
    expect(parseImportDate('13/04/2029', 'mdy')).toEqual({ ok: false, reason: 'not a real date as month/day/year; choose day/month/year in the review' });
    expect(parseImportDate('04/13/2029', 'dmy')).toEqual({ ok: false, reason: 'not a real date as day/month/year; choose month/day/year in the review' });
    expect(parseImportDate('13/4/29', 'mdy')).toEqual({ ok: false, reason: DATE_REASONS.otherOrder('mdy') });
    // Dashes and dots are day first whatever the order.
    expect(parseImportDate('13-04-2029', 'mdy')).toEqual({ ok: true, value: '2029-04-13' });
    expect(parseImportDate('04-13-2029', 'mdy')).toEqual({ ok: false, reason: DATE_REASONS.notReal });
  });

  it('leaves the cell out of its reasons, so that rows with different bad dates share one', () => {
    expect(new Set(['2029-02-30', '2029-02-31', '31-04-2029'].map((text) => (parseImportDate(text) as { reason: string }).reason))).toEqual(new Set([DATE_REASONS.notReal]));
    expect(new Set(['13/04/2029', '25/12/2029'].map((text) => (parseImportDate(text) as { reason: string }).reason))).toEqual(new Set([DATE_REASONS.otherOrder('mdy')]));
  });

  it.each(['', 'tomorrow', 'March 15, 2029', '2029-03', '15-03-29', '12345', '19999', '80001', '123456', '2029-03-15X', '3/4', '1.5.29'])(
    'refuses %j: not a date shape',
    (text) => {
      expect(parseImportDate(text, 'mdy')).toEqual({ ok: false, reason: DATE_REASONS.invalid });
    },
  );

  it('answers a real day for every real day written in every shape', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1950, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }), (date) => {
        const iso = date.toISOString().slice(0, 10);
        const [y, m, d] = iso.split('-');
        expect(value(parseImportDate(iso, 'dmy'))).toBe(iso);
        expect(value(parseImportDate(`${d}-${m}-${y}`, 'mdy'))).toBe(iso);
        expect(value(parseImportDate(`${m}/${d}/${y}`, 'mdy'))).toBe(iso);
        expect(value(parseImportDate(`${d}/${m}/${y}`, 'dmy'))).toBe(iso);
        expect(value(parseImportDate(`${Number(d)}.${Number(m)}.${y}`, 'mdy'))).toBe(iso);
      }),
    );
  });
});

describe('dateOrderMatters', () => {
  it.each([
    ['03/04/2029', 'mdy', true],
    ['03/04/2029', 'dmy', true],
    ['13/04/2029', 'mdy', true],
    ['13/04/2029', 'dmy', false],
    ['04/13/2029', 'mdy', false],
    ['04/13/2029', 'dmy', true],
    ['13/4/29 10:00', 'mdy', true],
    ['03/03/2029', 'mdy', false],
    ['13/13/2029', 'mdy', false],
    ['02/30/2029', 'mdy', false],
    ['2029-04-13', 'mdy', false],
    ['13-04-2029', 'mdy', false],
    ['47193', 'mdy', false],
  ] as const)('%j (%s) → %s', (text, order, matters) => {
    expect(dateOrderMatters(text, order)).toBe(matters);
  });
});

describe('isAmbiguousSlashDate', () => {
  it.each([
    ['03/04/2029', true],
    ['3/4/29', true],
    ['12/11/2029 10:00', true],
    ['03/03/2029', false],
    ['13/04/2029', false],
    ['04/13/2029', false],
    ['02/30/2029', false],
    ['2029-03-04', false],
    ['03-04-2029', false],
    ['nonsense', false],
  ])('%j → %s', (text, ambiguous) => {
    expect(isAmbiguousSlashDate(text)).toBe(ambiguous);
  });
});

describe('matchOption', () => {
  it('matches a value or a label, case, spaces, _ - . and apostrophes aside', () => {
    for (const text of ['Participant-Option A', 'participant option a', 'PARTICIPANT_OPTION_A', 'p-a', 'P.A', 'pa']) {
      expect(matchOption(ELIGIBILITY_OPTIONS, text)).toBe('p-a');
    }
    expect(matchOption(ELIGIBILITY_OPTIONS, 'Non Participant')).toBe('np');
    expect(matchOption(ELIGIBILITY_OPTIONS, 'undetermined')).toBe('un');
    for (const text of ['Individual', 'individual contributor', 'Individual Contributor', 'INDIVIDUAL_CONTRIBUTOR', 'individual']) {
      expect(matchOption(CONTRIBUTOR_TYPE_OPTIONS, text)).toBe('individual');
    }
    expect(matchOption(CONTRIBUTOR_TYPE_OPTIONS, 'Candidate’s Spouse')).toBe('candidates_spouse');
    expect(matchOption(CONTRIBUTOR_TYPE_OPTIONS, "candidate's family")).toBe('candidates_family');
  });

  it('matches states by name, value or USPS code', () => {
    for (const text of ['New York', 'new_york', 'NY', 'ny', 'N.Y.', 'NEW YORK']) expect(matchOption(US_STATE_OPTIONS, text)).toBe('new_york');
    expect(matchOption(US_STATE_OPTIONS, 'DC')).toBe('district_of_columbia');
    expect(matchOption(US_STATE_OPTIONS, 'Washington, D.C.')).toBe('district_of_columbia');
    expect(matchOption(US_STATE_OPTIONS, 'WA')).toBe('washington');
    expect(matchOption(US_STATE_OPTIONS, 'Washington')).toBe('washington');
    expect(matchOption(US_STATE_OPTIONS, 'PR')).toBeNull();
    expect(matchOption(US_STATE_OPTIONS, 'Ontario')).toBeNull();
  });

  it('has a USPS code for every state we list, and no other', () => {
    expect(Object.keys(USPS_STATE_CODES)).toHaveLength(US_STATE_OPTIONS.length);
    expect(new Set(Object.values(USPS_STATE_CODES))).toEqual(new Set(US_STATE_OPTIONS.map((o) => o.value)));
  });

  it('knows NYC CFB contributor codes and plain words for contributor types', () => {
    const cases: [string, string | null][] = [
      ['IND', 'individual'],
      ['CAN', 'candidate'],
      ['SPO', 'candidates_spouse'],
      ['Spouse', 'candidates_spouse'],
      ['FAM', 'candidates_family'],
      ['Family', 'candidates_family'],
      ['LLC', 'limited_liability_company'],
      ['EMPO', 'labor_unions'],
      ['Union', 'labor_unions'],
      ['PAC', 'political_action_committee'],
      ['PCOMC', 'political_action_committee'],
      ['Party Committee', 'party_committee'],
      ['Candidate Committee', 'candidate_committee'],
      ['CORP', null],
      ['PART', null],
      ['OTHR', null],
      ['UNKN', null],
      ['Corporation', null],
    ];
    for (const [text, expected] of cases) expect([text, matchOption(CONTRIBUTOR_TYPE_OPTIONS, text)]).toEqual([text, expected]);
  });

  it('knows the usual words for payment methods', () => {
    const cases: [string, string | null][] = [
      ['Credit Card', 'card'],
      ['debit card', 'card'],
      ['VISA', 'card'],
      ['card', 'card'],
      ['check', 'check'],
      ['Cheque', 'check'],
      ['CASH', 'cash'],
      ['Pay Pal', 'paypal'],
      ['zelle', 'zelle'],
      ['Venmo', 'venmo'],
      ['money order', null],
      ['wire', null],
    ];
    for (const [text, expected] of cases) expect([text, matchOption(PAYMENT_METHOD_OPTIONS, text)]).toEqual([text, expected]);
  });

  it('answers null for blank or unknown text', () => {
    expect(matchOption(CONTRIBUTOR_TYPE_OPTIONS, '')).toBeNull();
    expect(matchOption(CONTRIBUTOR_TYPE_OPTIONS, ' - ')).toBeNull();
    expect(matchOption(ELIGIBILITY_OPTIONS, 'maybe')).toBeNull();
  });
});

describe('normalizeZip', () => {
  it.each([
    ['02134', '02134'],
    ['2134', '02134'],
    ['501', '00501'],
    ['2134.0', '02134'],
    ['021341234', '02134-1234'],
    ['02134-1234', '02134-1234'],
    [' 10023 ', '10023'],
    ['SW1A 1AA', 'SW1A 1AA'],
    ['12', '12'],
  ])('%j → %s', (text, zip) => {
    expect(normalizeZip(text)).toEqual({ ok: true, value: zip });
  });

  it('only trims a postal code abroad', () => {
    expect(normalizeZip(' 1010 ', 'AT')).toEqual({ ok: true, value: '1010' });
  });
});

describe('normalizeCountry', () => {
  it.each([
    ['US', 'US'],
    ['us', 'US'],
    ['USA', 'US'],
    ['U.S.A.', 'US'],
    ['United States', 'US'],
    ['united states of america', 'US'],
    ['gb', 'GB'],
    ['UK', 'GB'],
    ['United Kingdom', 'GB'],
    ['Canada', 'CA'],
    ['France', 'FR'],
  ])('%j → %s', (text, code) => {
    expect(normalizeCountry(text)).toEqual({ ok: true, value: code });
  });

  it('refuses what is no country', () => {
    expect(normalizeCountry('Atlantis')).toEqual({ ok: false, reason: 'Unknown country: use a 2-letter code such as US' });
    expect(normalizeCountry('Narnia')).toEqual({ ok: false, reason: COUNTRY_UNKNOWN });
    expect(normalizeCountry('XYZ').ok).toBe(false);
  });
});

describe('normalizeEmail, normalizeName, joinName', () => {
  it('trims and lowercases e-mails; blank is null', () => {
    expect(normalizeEmail('  Mary.Jane@Example.ORG ')).toBe('mary.jane@example.org');
    expect(normalizeEmail('mailto:a@b.org')).toBe('a@b.org');
    expect(normalizeEmail('   ')).toBeNull();
    expect(normalizeEmail('')).toBeNull();
  });

  it.each([
    ['  Mary   Jane  ', 'Mary Jane'],
    ['Mary-Jane O’Brien', "Mary-Jane O'Brien"],
    ['SMITH, JOHN', 'JOHN SMITH'],
    ['Smith,John', 'John Smith'],
    ["O'BRIEN, MARY J", "MARY J O'BRIEN"],
    ['SMITH, JOHN JR', 'JOHN SMITH JR'],
    ['John Smith, Jr.', 'John Smith Jr.'],
    ['Smith,', 'Smith'],
    ['a, b, c', 'a, b, c'],
    ['', ''],
  ])('name %j → %j', (text, name) => {
    expect(normalizeName(text)).toBe(name);
  });

  it('joins first and last names, skipping blanks', () => {
    expect(joinName(' Mary ', ' Smith ')).toBe('Mary Smith');
    expect(joinName('Mary', '')).toBe('Mary');
    expect(joinName(null, 'Smith')).toBe('Smith');
    expect(joinName(undefined, undefined)).toBe('');
  });
});
