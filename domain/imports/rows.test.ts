import { DONOR_VALIDATION_MESSAGES as M } from '../validation/donors';
import { isoDay } from '../dates';
import { COUNTRY_UNKNOWN, DATE_REASONS } from './normalize';
import { EXTRA_CELLS, fieldOfReason, mappedRow, readDonorRow, readPaymentRow, ROW_REASONS, type MappedRow, type RowContext } from './rows';
import { DONOR_TEMPLATE_COLUMNS, PAYMENT_TEMPLATE_COLUMNS, TEMPLATE_EXAMPLE_MARK, templateExampleRow, type TemplateExampleFacts } from './templates';

const ctx: RowContext = { dateOrder: 'mdy', today: '2029-03-20', defaults: {} };
const reasonOf = (result: { ok: boolean; reason?: string }) => (result.ok ? 'ok' : result.reason);

/** The template's example row (its date for `facts`) as mapped by the template's own headers. */
const templateRow = (type: 'donor' | 'payment', facts: TemplateExampleFacts = { today: ctx.today }): MappedRow => {
  const headers = [...(type === 'donor' ? DONOR_TEMPLATE_COLUMNS : PAYMENT_TEMPLATE_COLUMNS)];
  return mappedRow(headers, Object.fromEntries(headers.map((h) => [h, h])), [...templateExampleRow(type, facts)]);
};

describe('mappedRow', () => {
  it("gives each mapped field its column's cell, raw", () => {
    const row = mappedRow(['Name', 'Email', 'Junk', 'Short'], { Name: 'name', Email: 'donor_email', Junk: '', Short: 'city' }, [' Mary ', 'm@x.org', 'j']);
    expect({ ...row }).toEqual({ name: ' Mary ', donor_email: 'm@x.org', city: '' });
  });

  it('ignores headers not mapped, mappings to unknown fields, and keeps the first non-blank cell of a field mapped twice', () => {
    const mapping = { a: 'name', b: 'name', c: 'no_such_field', d: '__proto__' };
    expect({ ...mappedRow(['a', 'b', 'c', 'd', 'constructor'], mapping, ['', 'Bob', 'x', 'y', 'z']) }).toEqual({ name: 'Bob' });
    expect({ ...mappedRow(['a', 'b'], mapping, ['Ann', 'Bob']) }).toEqual({ name: 'Ann' });
  });

  it('marks a row with a value past the last header, and the readers refuse it whatever its mapped cells say', () => {
    const headers = ['name', 'donor_email', 'contributor_type', 'paying_date', 'paid_amount', 'payment_method'];
    const mapping = Object.fromEntries(headers.map((h) => [h, h]));
    const cells = ['Ann Lee', 'ann@example.org', 'individual', '03/04/2029', '10', 'cash'];
    expect(mappedRow(headers, mapping, [...cells, '', ' '])[EXTRA_CELLS]).toBeUndefined();
    expect(readDonorRow(mappedRow(headers, mapping, [...cells, '', ' ']), ctx).ok).toBe(true);
    expect(readPaymentRow(mappedRow(headers, mapping, [...cells, '']), ctx).ok).toBe(true);
    const extra = mappedRow(headers, mapping, [...cells, '', 'Albany']);
    expect(extra[EXTRA_CELLS]).toBe(true);
    expect(readDonorRow(extra, ctx)).toEqual({ ok: false, reason: ROW_REASONS.extraCells, ambiguousDate: false });
    expect(readPaymentRow(extra, ctx)).toEqual({ ok: false, reason: ROW_REASONS.extraCells, ambiguousDate: false });
  });
});

describe('readDonorRow', () => {
  it("reads the template's example row", () => {
    expect(readDonorRow(templateRow('donor'), ctx)).toEqual({
      ok: true,
      ambiguousDate: false,
      values: {
        donor: {
          name: "Mary-Jane O'Brien",
          donor_phone: '2125550142',
          donor_email: 'maryjane@example.org',
          contributor_type: 'individual',
          employer: 'Acme Corp',
          occupation: 'Engineer',
          address: '245 West 72nd Street',
          apt_unit: '4B',
          city: 'New York',
          state: 'new_york',
          zip: '10023',
          district: 'Council District 6',
          country: 'US',
          eligibility: 'un',
          // The mark of an example row (an upload skips the row before reading it: templates.ts).
          recipient: TEMPLATE_EXAMPLE_MARK,
        },
        pledge: { commitment_date: ctx.today, commitment_amount_cents: 50000 },
      },
    });
  });

  it('reads an NYC CFB row: LAST, FIRST names, C_CODE codes, USPS states, slash dates', () => {
    const row = { name: 'SMITH, JOHN', contributor_type: 'IND', state: 'NY', zip: '2134', commitment_amount: '250', commitment_date: '01/15/2029', address: 'BROADWAY' };
    const result = readDonorRow(row, ctx);
    expect(result.ok && result.values.donor).toMatchObject({ name: 'JOHN SMITH', contributor_type: 'individual', state: 'new_york', zip: '02134', country: 'US' });
    expect(result.ok && result.values.pledge).toEqual({ commitment_date: '2029-01-15', commitment_amount_cents: 25000 });
    expect(result.ambiguousDate).toBe(false);
    expect(reasonOf(readDonorRow({ ...row, contributor_type: 'CORP' }, ctx))).toBe("Contributor type: not one we record (use a type from the template's list)");
  });

  it('reports an ambiguous slash date, read in the upload’s order, even when the row is refused', () => {
    const row = { name: 'Ann Lee', contributor_type: 'individual', commitment_amount: '100', commitment_date: '03/04/2029' };
    const mdy = readDonorRow(row, ctx);
    const dmy = readDonorRow(row, { ...ctx, dateOrder: 'dmy' });
    expect(mdy.ok && mdy.values.pledge?.commitment_date).toBe('2029-03-04');
    expect(dmy.ok && dmy.values.pledge?.commitment_date).toBe('2029-04-03');
    expect(mdy.ambiguousDate && dmy.ambiguousDate).toBe(true);
    expect(readDonorRow({ ...row, name: '' }, ctx)).toEqual({ ok: false, reason: M.NAME_REQUIRED, ambiguousDate: true });
  });

  it('refuses a day-first date read month first with what to do, and reports that the order matters; day first reads it', () => {
    const row = { name: 'Ann Lee', contributor_type: 'individual', commitment_amount: '100', commitment_date: '13/04/2029' };
    expect(readDonorRow(row, ctx)).toEqual({
      ok: false,
      reason: 'Commitment date: not a real date as month/day/year; choose day/month/year in the review',
      ambiguousDate: true,
    });
    const dmy = readDonorRow(row, { ...ctx, dateOrder: 'dmy' });
    expect(dmy.ok && dmy.values.pledge?.commitment_date).toBe('2029-04-13');
    expect(dmy.ambiguousDate).toBe(false);
    // Month first dates that read one way only, ISO, DD-MM-YYYY and Excel serials: nothing to choose.
    for (const commitment_date of ['04/13/2029', '2029-04-13', '13-04-2029', '47221']) {
      const result = readDonorRow({ ...row, commitment_date }, ctx);
      expect([result.ok, result.ambiguousDate]).toEqual([true, false]);
    }
    expect(readDonorRow({ ...row, commitment_date: '04/13/2029' }, { ...ctx, dateOrder: 'dmy' })).toMatchObject({
      reason: 'Commitment date: not a real date as day/month/year; choose month/day/year in the review',
      ambiguousDate: true,
    });
  });

  it('gives rows with different bad values the same reason (the review counts them as one)', () => {
    const base = { name: 'Ann Lee', contributor_type: 'individual' };
    const reasons = (rows: MappedRow[]) => new Set(rows.map((row) => reasonOf(readDonorRow({ ...base, ...row }, ctx))));
    expect(reasons([{ contributor_type: 'CORP' }, { contributor_type: 'PART' }, { contributor_type: 'UNKN' }]).size).toBe(1);
    expect(reasons([{ eligibility: 'maybe' }, { eligibility: 'yes' }]).size).toBe(1);
    expect(reasons([{ state: 'Ontario' }, { state: 'Xx' }]).size).toBe(1);
    expect(reasons([{ country: 'Atlantis' }, { country: 'Narnia' }]).size).toBe(1);
    expect(reasons([{ commitment_amount: '1', commitment_date: '2029-02-30' }, { commitment_amount: '1', commitment_date: '2029-02-31' }]).size).toBe(1);
    expect(reasons([{ commitment_amount: '1', commitment_date: '13/04/2029' }, { commitment_amount: '1', commitment_date: '25/12/2029' }]).size).toBe(1);
    expect(reasons([{ employer: 'x'.repeat(101) }, { employer: 'y'.repeat(150) }])).toEqual(new Set(['Employer: at most 100 characters']));
    const methods = ['Bitcoin', 'Gold'].map((payment_method) => reasonOf(readPaymentRow({ donor_email: 'a@x.org', paying_date: '2029-03-01', paid_amount: '10', payment_method }, ctx)));
    expect(new Set(methods).size).toBe(1);
  });

  it('joins first and last names when there is no name', () => {
    const result = readDonorRow({ first_name: ' Ann ', last_name: 'Lee', contributor_type: 'Individual' }, ctx);
    expect(result.ok && result.values.donor.name).toBe('Ann Lee');
    expect(result.ok && result.values.pledge).toBeNull();
  });

  it('uses the file’s defaults for fields no cell gives, and Undetermined eligibility', () => {
    const result = readDonorRow({ name: 'Ann Lee', contributor_type: '  ' }, { ...ctx, defaults: { contributor_type: 'individual' } });
    expect(result.ok && result.values.donor).toMatchObject({ contributor_type: 'individual', eligibility: 'un', country: 'US', state: null, zip: null });
    expect(reasonOf(readDonorRow({ name: 'Ann Lee' }, ctx))).toBe(M.CONTRIBUTOR_TYPE_REQUIRED);
  });

  it('reads eligibility by label or value', () => {
    const result = readDonorRow({ name: 'Ann Lee', contributor_type: 'individual', eligibility: 'participant option a' }, ctx);
    expect(result.ok && result.values.donor.eligibility).toBe('p-a');
    expect(reasonOf(readDonorRow({ name: 'Ann Lee', contributor_type: 'individual', eligibility: 'maybe' }, ctx))).toBe("Eligibility: not one we record (use one from the template's list)");
  });

  it('takes the country from an international phone when no country is given, and drops the state abroad', () => {
    const row = { name: 'Ann Lee', contributor_type: 'individual', donor_phone: '+44 20 7183 8750', state: 'London', zip: 'SW1A 1AA' };
    const result = readDonorRow(row, ctx);
    expect(result.ok && result.values.donor).toMatchObject({ donor_phone: '+442071838750', country: 'GB', state: null, zip: 'SW1A 1AA' });
    expect(reasonOf(readDonorRow({ ...row, contributor_type: 'LLC' }, ctx))).toBe(`Contributor type: ${M.INTERNATIONAL_INDIVIDUAL_ONLY}`);
    // A country column wins over the phone's country.
    const here = readDonorRow({ ...row, country: 'United States', state: 'NY', zip: '10023' }, ctx);
    expect(here.ok && here.values.donor).toMatchObject({ country: 'US', state: 'new_york', donor_phone: '+442071838750' });
  });

  it('reads countries by code or name', () => {
    const result = readDonorRow({ name: 'Ann Lee', contributor_type: 'individual', country: 'Canada', state: 'Ontario', zip: '1010' }, ctx);
    expect(result.ok && result.values.donor).toMatchObject({ country: 'CA', state: null, zip: '1010' });
    expect(reasonOf(readDonorRow({ name: 'Ann Lee', contributor_type: 'individual', country: 'Atlantis' }, ctx))).toBe(COUNTRY_UNKNOWN);
  });

  it.each<[string, MappedRow, string]>([
    ['an unknown state', { state: 'Xx' }, 'State: not a US state (use its name or 2-letter code; for a donor abroad, give the country)'],
    ['a bad phone', { donor_phone: '555-1234' }, 'Donor phone: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)'],
    ['a bad e-mail', { donor_email: 'ann@' }, `Donor email: ${M.EMAIL_INVALID}`],
    ['a bad ZIP', { zip: 'ABCDE' }, M.ZIP_INVALID],
    ['a name with digits', { name: 'Ann #2' }, M.NAME_FORMAT],
    ['a long employer', { employer: 'x'.repeat(101) }, 'Employer: at most 100 characters'],
    ['a long address', { address: 'x'.repeat(201) }, 'Address: at most 200 characters'],
    ['a long apartment', { apt_unit: 'x'.repeat(51) }, 'Apt/Unit: at most 50 characters'],
    ['a date without amount', { commitment_date: '2029-03-01' }, M.COMMITMENT_AMOUNT_REQUIRED],
    ['an amount without date', { commitment_amount: '500' }, M.COMMITMENT_DATE_REQUIRED],
    ['a bad amount', { commitment_date: '2029-03-01', commitment_amount: 'lots' }, 'Commitment amount: Amount must be a number such as 250 or $1,250.00'],
    ['a zero amount', { commitment_date: '2029-03-01', commitment_amount: '$0' }, 'Commitment amount: Amount must be more than $0'],
    ['a bad date', { commitment_date: 'soon', commitment_amount: '500' }, `Commitment date: ${DATE_REASONS.invalid}`],
    ['no such day', { commitment_date: '2029-02-30', commitment_amount: '500' }, 'Commitment date: not a real date'],
  ])('refuses %s', (_what, cells, reason) => {
    expect(readDonorRow({ name: 'Ann Lee', contributor_type: 'individual', ...cells }, ctx)).toEqual({ ok: false, reason, ambiguousDate: false });
  });

  it('trims cells and treats blank ones as absent', () => {
    const result = readDonorRow({ name: '  Ann   Lee ', contributor_type: ' individual ', donor_email: ' ANN@X.ORG ', city: '   ', commitment_date: ' ', commitment_amount: '' }, ctx);
    expect(result.ok && result.values).toEqual({
      donor: expect.objectContaining({ name: 'Ann Lee', donor_email: 'ann@x.org', city: null, donor_phone: null }),
      pledge: null,
    });
  });
});

describe('readPaymentRow', () => {
  it("reads the template's example row", () => {
    expect(readPaymentRow(templateRow('payment'), ctx)).toEqual({
      ok: true,
      ambiguousDate: false,
      values: {
        donor_email: 'maryjane@example.org',
        donor_phone: '2125550142',
        name: null,
        zip: null,
        paying_date: ctx.today,
        paid_amount_cents: 25000,
        payment_method: 'check',
        recipient: TEMPLATE_EXAMPLE_MARK,
        check_number: null,
        reference_number: null,
        memo: null,
        intermediary: null,
      },
    });
  });

  it("reads the template's example row as downloaded today: its date is not in the future", () => {
    const today = isoDay(new Date());
    expect(readPaymentRow(templateRow('payment', {}), { ...ctx, today })).toMatchObject({ ok: true, values: { paying_date: today } });
    // A campaign whose cycle is over: the cycle's last day.
    expect(readPaymentRow(templateRow('payment', { today, cycle: { start: '2020-01-01', end: '2021-12-31' } }), { ...ctx, today })).toMatchObject({
      ok: true,
      values: { paying_date: '2021-12-31' },
    });
  });

  it('reads an ActBlue row: a date with a time, card by default, the receipt as reference', () => {
    const row = { paying_date: '2024-03-15 14:22:01', paid_amount: '25.00', reference_number: 'AB12345', first_name: 'Ann', last_name: 'Lee', zip: '2134', check_number: '', recipient: 'Lee for Council' };
    expect(readPaymentRow(row, { ...ctx, defaults: { payment_method: 'card' } })).toEqual({
      ok: true,
      ambiguousDate: false,
      values: {
        donor_email: null,
        donor_phone: null,
        name: 'Ann Lee',
        zip: '02134',
        paying_date: '2024-03-15',
        paid_amount_cents: 2500,
        payment_method: 'card',
        recipient: 'Lee for Council',
        check_number: null,
        reference_number: 'AB12345',
        memo: null,
        intermediary: null,
      },
    });
  });

  it("reads the intermediary's name and C-SMART number columns as the donation API stores them; a number alone is refused", () => {
    const base = { donor_email: 'a@example.org', paying_date: '2025-03-01', paid_amount: '25', payment_method: 'card' };
    const named = readPaymentRow({ ...base, intermediary_name: '  Rosa   Diaz ', intermediary_number: ' ab12 ' }, ctx);
    expect(named.ok && named.values.intermediary).toEqual({ name: 'Rosa Diaz', address: null, city: null, state: null, zip: null, employer: null, occupation: null, csmart_number: 'AB12' });
    const none = readPaymentRow({ ...base, intermediary_name: ' ', intermediary_number: '' }, ctx);
    expect(none.ok && none.values.intermediary).toBeNull();
    expect(readPaymentRow({ ...base, intermediary_number: '00417' }, ctx)).toMatchObject({ ok: false, reason: "The intermediary's name is required" });
    expect(readPaymentRow({ ...base, intermediary_name: 'Rosa Diaz', intermediary_number: '123456' }, ctx)).toMatchObject({ ok: false });
  });

  it('keeps a check number for checks only', () => {
    const row = { donor_email: 'a@x.org', paying_date: '2029-03-01', paid_amount: '10', check_number: '1042' };
    const check = readPaymentRow({ ...row, payment_method: 'cheque' }, ctx);
    const card = readPaymentRow({ ...row, payment_method: 'Visa' }, ctx);
    expect(check.ok && [check.values.payment_method, check.values.check_number]).toEqual(['check', '1042']);
    expect(card.ok && [card.values.payment_method, card.values.check_number]).toEqual(['card', null]);
    expect(reasonOf(readPaymentRow({ ...row, payment_method: 'check', check_number: 'No. 1042!' }, ctx))).toBe(M.CHECK_NUMBER_INVALID);
  });

  it('accepts today and the next day (time zones), not later', () => {
    const row = { donor_email: 'a@x.org', paid_amount: '10', payment_method: 'cash' };
    expect(reasonOf(readPaymentRow({ ...row, paying_date: '2029-03-20' }, ctx))).toBe('ok');
    expect(reasonOf(readPaymentRow({ ...row, paying_date: '2029-03-21' }, ctx))).toBe('ok');
    expect(reasonOf(readPaymentRow({ ...row, paying_date: '2029-03-22' }, ctx))).toBe(`Payment date: ${M.DATE_IN_FUTURE}`);
  });

  it('reports an ambiguous slash date', () => {
    const result = readPaymentRow({ donor_email: 'a@x.org', paying_date: '03/04/2029', paid_amount: '10', payment_method: 'cash' }, ctx);
    expect(result.ambiguousDate).toBe(true);
    expect(result.ok && result.values.paying_date).toBe('2029-03-04');
    expect(readPaymentRow({ paying_date: '03/04/2029' }, ctx)).toEqual({ ok: false, reason: ROW_REASONS.noDonorKey, ambiguousDate: true });
  });

  it('refuses a day-first date read month first, and reports that the order matters', () => {
    const row = { donor_email: 'a@x.org', paying_date: '15/03/2029', paid_amount: '10', payment_method: 'cash' };
    expect(readPaymentRow(row, ctx)).toEqual({
      ok: false,
      reason: 'Payment date: not a real date as month/day/year; choose day/month/year in the review',
      ambiguousDate: true,
    });
    expect(readPaymentRow(row, { ...ctx, dateOrder: 'dmy' })).toMatchObject({ ok: true, ambiguousDate: false, values: { paying_date: '2029-03-15' } });
  });

  it.each<[string, MappedRow, string]>([
    ['a row without e-mail, phone or name', { donor_email: ' ', name: '' }, ROW_REASONS.noDonorKey],
    ['a bad phone', { donor_phone: '12' }, 'Donor phone: not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)'],
    ['a bad e-mail', { donor_email: 'not-an-email' }, `Donor email: ${M.EMAIL_INVALID}`],
    ['an unknown method', { payment_method: 'Bitcoin' }, "Payment method: not one we record (use a method from the template's list)"],
    ['no method', { payment_method: '' }, M.PAYMENT_METHOD_REQUIRED],
    ['no amount', { paid_amount: '' }, M.PAID_AMOUNT_REQUIRED],
    ['a negative amount', { paid_amount: '(25.00)' }, 'Paid amount: Amount cannot be negative'],
    ['no date', { paying_date: '' }, M.PAYING_DATE_REQUIRED],
    ['a bad date', { paying_date: '2029-13-01' }, `Payment date: ${DATE_REASONS.notReal}`],
    ['a long memo', { memo: 'm'.repeat(501) }, 'Memo: at most 500 characters'],
    ['a long reference', { reference_number: 'r'.repeat(101) }, 'Reference number: at most 100 characters'],
  ])('refuses %s', (_what, cells, reason) => {
    const row = { donor_email: 'a@x.org', paying_date: '2029-03-01', paid_amount: '10', payment_method: 'cash', ...cells };
    expect(readPaymentRow(row, ctx)).toEqual({ ok: false, reason, ambiguousDate: false });
  });

  it('finds the donor by phone or name alone', () => {
    const base = { paying_date: '2029-03-01', paid_amount: '10', payment_method: 'cash' };
    const byPhone = readPaymentRow({ ...base, donor_phone: '(212) 555-0142' }, ctx);
    expect(byPhone.ok && byPhone.values).toMatchObject({ donor_email: null, donor_phone: '2125550142', name: null });
    const byName = readPaymentRow({ ...base, name: 'LEE, ANN' }, ctx);
    expect(byName.ok && byName.values).toMatchObject({ name: 'ANN LEE' });
  });
});

describe('fieldOfReason (issue 33.8: the review shows the cell a reason is about)', () => {
  it.each([
    ['Donor email: Please enter a valid email', 'donor_email'],
    ['ZIP code: 55501 is not a ZIP code', 'zip'],
    ['Contributor type is required', 'contributor_type'],
    ["Payment method: not one we record (use a method from the template's list)", 'payment_method'],
    ['Paid amount: this payment would take the donor over the donation limit', 'paid_amount'],
    ['The row has more cells than the header row has columns', null],
  ])('%j → %j', (reason, field) => {
    expect(fieldOfReason(reason)).toBe(field);
  });
});
