import { object, string, ValidationError } from 'yup';
import { PAYMENT_VALIDATION_MESSAGES, donorDetailsSchema } from './payments/requests';
import { formatPhone, parsePhone, phoneCountry, phoneHref, storedPhone } from './phone';
import { donorFieldsSchema } from './validation/donors';
import { PHONE_MESSAGES, PHONE_REASON, phoneField } from './validation/phone-field';

describe('the phone rule (parsePhone)', () => {
  it.each([
    ['2125550142', '2125550142'],
    ['(212) 555-0142', '2125550142'],
    ['212.555.0142', '2125550142'],
    ['212 555 0142', '2125550142'],
    ['+1 212 555 0142', '2125550142'],
    ['12125550142', '2125550142'],
    ['1-212-555-0142', '2125550142'],
    ['2125550142.0', '2125550142'],
    ['+1 416 555 0123', '4165550123'],
    ['+442071838750', '+442071838750'],
    ['+44 20 7183 8750', '+442071838750'],
    ['0044 20 7183 8750', '+442071838750'],
    ['442071838750', '+442071838750'],
    ['+33 1 42 68 53 00', '+33142685300'],
    ['+49 1512 3456789', '+4915123456789'],
    ['+61 2 9374 4000', '+61293744000'],
  ])('%j → %s', (text, phone) => {
    expect(parsePhone(text)).toEqual({ ok: true, value: phone });
  });

  it("reads a national number in the donor's country, and a US number anywhere", () => {
    expect(parsePhone('020 7183 8750', 'GB')).toEqual({ ok: true, value: '+442071838750' });
    expect(parsePhone('01 42 68 53 00', 'FR')).toEqual({ ok: true, value: '+33142685300' });
    expect(parsePhone('(212) 555-0142', 'GB')).toEqual({ ok: true, value: '2125550142' });
    // The same national digits are no US number.
    expect(parsePhone('020 7183 8750')).toEqual({ ok: false, reason: PHONE_REASON });
  });

  it.each(['555-1234', '2125550', '1234567890', '0000000000', '911', 'call me', '+44 20', '+999 1234 5678', '212555014x', '+1 212 555 01420000'])('refuses %j', (text) => {
    expect(parsePhone(text)).toEqual({ ok: false, reason: PHONE_REASON });
  });

  it('stores blank as none', () => {
    expect(storedPhone('  ')).toBeNull();
    expect(storedPhone(null)).toBeNull();
    expect(storedPhone(' (718) 555-0102 ')).toBe('7185550102');
    expect(storedPhone('020 7183 8750', 'GB')).toBe('+442071838750');
  });

  it('tells the country of an international number', () => {
    expect(phoneCountry('+442071838750')).toBe('GB');
    expect(phoneCountry('+33142685300')).toBe('FR');
    expect(phoneCountry('2125550142')).toBeNull();
  });
});

describe('formatPhone: a stored number as people write it', () => {
  it.each([
    ['7185550102', '(718) 555-0102'],
    ['4165550123', '(416) 555-0123'],
    ['+442071838750', '+44 20 7183 8750'],
    ['+33142685300', '+33 1 42 68 53 00'],
    ['+4915123456789', '+49 1512 3456789'],
  ])('%s → %s', (stored, shown) => {
    expect(formatPhone(stored)).toBe(shown);
    // What is shown reads back as the same number.
    expect(parsePhone(shown)).toEqual({ ok: true, value: stored });
  });

  it('shows nothing for none and older stored text as it is', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('12')).toBe('12');
  });

  it('links to the number with its country code', () => {
    expect(phoneHref('7185550102')).toBe('tel:+17185550102');
    expect(phoneHref('+442071838750')).toBe('tel:+442071838750');
    expect(phoneHref(null)).toBe('');
  });
});

/** The first message of `schema` for `value`, by path ({} when valid). */
async function errors(schema: { validate(value: unknown, options: object): Promise<unknown> }, value: unknown, context?: object): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false, strict: true, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message]));
  }
}

describe('one rule in every form and on the server', () => {
  const donor = { name: 'Ann Lee', contributor_type: 'individual', country: 'US' };
  const giving = { name: 'Ann Lee', email: 'ann@example.org', address: '1 Main St', city: 'Albany', state: 'new_york', zip: '12210', employer: 'Acme', occupation: 'Clerk', country: 'US' };

  it('the message names its field and says what a number looks like', () => {
    expect(PHONE_MESSAGES.INVALID).toBe('Phone number: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)');
    expect(PAYMENT_VALIDATION_MESSAGES.PHONE_INVALID).toBe(PHONE_MESSAGES.INVALID);
  });

  it.each([
    ['(718) 555-0102', 'US', true],
    ['+44 20 7183 8750', 'US', true],
    ['020 7183 8750', 'GB', true],
    ['0000000000', 'US', false],
    ['555-1234', 'US', false],
    ['+9999999', 'FR', false],
  ])('%j (country %s) valid: %s — the donor form and the giving form agree', async (phone, country, ok) => {
    const expected = ok ? {} : { donor_phone: PHONE_MESSAGES.INVALID };
    expect(await errors(donorFieldsSchema, { ...donor, country, donor_phone: phone })).toEqual(expected);
    const givingExpected = ok ? {} : { phone: PHONE_MESSAGES.INVALID };
    expect(await errors(donorDetailsSchema, { ...giving, country, ...(country === 'US' ? {} : { state: null, zip: null }), phone })).toEqual(givingExpected);
  });

  it('the giving form asks for a phone only when the campaign requires one', async () => {
    expect(await errors(donorDetailsSchema, { ...giving, phone: '' })).toEqual({});
    expect(await errors(donorDetailsSchema, { ...giving, phone: '' }, { requirePhone: true })).toEqual({ phone: PAYMENT_VALIDATION_MESSAGES.PHONE_REQUIRED });
  });

  it('a field without a country reads US numbers', async () => {
    const schema = object({ phone: phoneField(), note: string() });
    expect(await errors(schema, { phone: '718-555-0102' })).toEqual({});
    expect(await errors(schema, { phone: '020 7183 8750' })).toEqual({ phone: PHONE_MESSAGES.INVALID });
  });
});
