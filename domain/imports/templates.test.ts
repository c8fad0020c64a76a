import { isoDay } from '../dates';
import { mappedRow, readDonorRow } from './rows';
import {
  csvCell,
  DONOR_TEMPLATE_COLUMNS,
  PAYMENT_TEMPLATE_COLUMNS,
  templateColumns,
  templateCsv,
  templateExampleDate,
  templateExampleRow,
} from './templates';

describe('import templates', () => {
  it("have SPEC §3's columns, in order, with one example row each", () => {
    expect(DONOR_TEMPLATE_COLUMNS.join(',')).toBe(
      'name,donor_phone,donor_email,contributor_type,employer,occupation,state,zip,city,apt_unit,address,district,commitment_date,commitment_amount,eligibility,recipient',
    );
    expect(PAYMENT_TEMPLATE_COLUMNS.join(',')).toBe('donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone');
    for (const type of ['donor', 'payment'] as const) {
      expect(templateExampleRow(type)).toHaveLength(templateColumns(type).length);
      expect(templateColumns(type).every((c) => c.accepts.length > 0)).toBe(true);
    }
  });

  it('the CSV starts with a BOM, uses CRLF, and quotes what needs quoting', () => {
    const csv = templateCsv('donor');
    expect(csv.startsWith('\uFEFFname,donor_phone,')).toBe(true);
    const [header, example, end] = csv.slice(1).split('\r\n');
    expect(header!.split(',')).toHaveLength(16);
    expect(example).toContain("Mary-Jane O'Brien");
    expect(example).toContain('Individual Contributor');
    expect(end).toBe('');
    expect(templateCsv('payment').slice(1).split('\r\n')[0]).toBe('donor_email,paying_date,recipient,paid_amount,payment_method,donor_phone');
  });

  it("the payment example's date is not in the future: today, in the campaign's cycle when it can be", () => {
    const payingDate = (row: readonly string[]) => row[PAYMENT_TEMPLATE_COLUMNS.indexOf('paying_date')];
    expect(payingDate(templateExampleRow('payment'))! <= isoDay(new Date())).toBe(true);
    expect(payingDate(templateExampleRow('payment', { today: '2026-11-28' }))).toBe('2026-11-28');
    expect(templateCsv('payment', { today: '2026-11-28' }).split('\r\n')[1]).toBe('maryjane@example.org,2026-11-28,"EXAMPLE – delete or keep, it is skipped",$250.00,Check,(212) 555-0142');
    const cycle = { start: '2026-01-01', end: '2029-12-31' };
    expect(templateExampleDate('payment', { today: '2026-11-28', cycle })).toBe('2026-11-28');
    // The cycle is over: its last day.
    expect(templateExampleDate('payment', { today: '2030-02-01', cycle })).toBe('2029-12-31');
    // Not started yet: a commitment may be dated on its first day, a payment not (it would be in the future).
    expect(templateExampleDate('donor', { today: '2025-06-01', cycle })).toBe('2026-01-01');
    expect(templateExampleDate('payment', { today: '2025-06-01', cycle })).toBe('2025-06-01');
    const commitmentDate = templateExampleRow('donor', { today: '2030-02-01', cycle })[DONOR_TEMPLATE_COLUMNS.indexOf('commitment_date')];
    expect(commitmentDate).toBe('2029-12-31');
  });

  it("the e-mail column's instructions say what a donor without e-mail or phone is, and such a donor reads", () => {
    const email = templateColumns('donor').find((c) => c.name === 'donor_email')!;
    expect(email.accepts).not.toMatch(/needs an e-mail or a phone/);
    expect(email.accepts).toMatch(/neither .* is recognised by name and ZIP/);
    const headers = [...DONOR_TEMPLATE_COLUMNS];
    const cells = [...templateExampleRow('donor', { today: '2029-03-01' })];
    cells[headers.indexOf('donor_email')] = '';
    cells[headers.indexOf('donor_phone')] = '';
    const row = readDonorRow(mappedRow(headers, Object.fromEntries(headers.map((h) => [h, h])), cells), { dateOrder: 'mdy', today: '2029-03-01', defaults: {} });
    expect(row).toMatchObject({ ok: true, values: { donor: { donor_email: null, donor_phone: null, zip: '10023' } } });
  });

  it('neutralises formula-like cells and escapes quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1 212')).toBe("'+1 212");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
  });
});
