import { csvCell, DONOR_TEMPLATE_COLUMNS, PAYMENT_TEMPLATE_COLUMNS, templateColumns, templateCsv, templateExampleRow } from './templates';

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

  it('neutralises formula-like cells and escapes quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1 212')).toBe("'+1 212");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tTab')).toBe("'\tTab");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('plain')).toBe('plain');
  });
});
