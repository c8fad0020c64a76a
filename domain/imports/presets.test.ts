import { CONTRIBUTOR_TYPES } from '../donor-book/enums';
import { normalizeHeader } from './columns';
import { importFields } from './fields';
import { detectPreset, IMPORT_PRESETS, NYC_CFB_CONTRIBUTOR_CODES, presetById } from './presets';

const keys = (headers: string[]) => headers.map(normalizeHeader);

describe('import presets', () => {
  it('map only to fields of the type, with defaults for defaultable fields', () => {
    for (const preset of IMPORT_PRESETS) {
      for (const type of ['donor', 'payment'] as const) {
        const fields = importFields(type);
        const names = new Set(fields.map((f) => f.name));
        const targets = Object.values(preset.fields[type]);
        expect(targets.every((f) => names.has(f))).toBe(true);
        expect(new Set(targets).size).toBe(targets.length);
        for (const [field, value] of Object.entries(preset.defaults[type])) {
          expect(fields.find((f) => f.name === field)?.defaultable?.some((o) => o.value === value)).toBe(true);
        }
        // The signature and the mapped headers are written normalized.
        for (const header of [...preset.signature, ...Object.keys(preset.fields[type])]) expect(normalizeHeader(header)).toBe(header);
      }
      expect(preset.minimum).toBeGreaterThan(preset.signature.length / 2);
      expect(presetById(preset.id)).toBe(preset);
    }
    expect(presetById('nope')).toBeNull();
    expect(presetById(null)).toBeNull();
  });

  it('recognise a file by most of its distinctive headers', () => {
    const cfb = ['ELECTION', 'OFFICECD', 'RECIPID', 'CANCLASS', 'RECIPNAME', 'COMMITTEE', 'FILING', 'SCHEDULE', 'PAGENO', 'SEQUENCENO', 'REFNO', 'DATE', 'NAME', 'C_CODE', 'AMNT'];
    expect(detectPreset(keys(cfb))?.id).toBe('nyc_cfb');
    // An extract with a few CFB columns only is no CFB file.
    expect(detectPreset(keys(['NAME', 'C_CODE', 'AMNT', 'DATE', 'ZIP']))).toBeNull();

    const actblue = ['Receipt ID', 'Date', 'Amount', 'Recurring Total Months', 'Fundraising Page', 'Donor First Name', 'Donor Last Name', 'Donor Addr1', 'Donor ZIP', 'Donor Email'];
    expect(detectPreset(keys(actblue))?.id).toBe('actblue');
    expect(detectPreset(keys(['Receipt ID', 'Date', 'Amount', 'Donor Email']))).toBeNull();

    expect(detectPreset(keys(['name', 'donor_email', 'contributor_type']))).toBeNull();
    expect(detectPreset([])).toBeNull();
  });

  it('translate NYC CFB contributor codes to our types, and leave out those we do not record', () => {
    expect(Object.values(NYC_CFB_CONTRIBUTOR_CODES).every((t) => CONTRIBUTOR_TYPES.includes(t))).toBe(true);
    expect(NYC_CFB_CONTRIBUTOR_CODES.IND).toBe('individual');
    expect(NYC_CFB_CONTRIBUTOR_CODES.EMPO).toBe('labor_unions');
    for (const code of ['CORP', 'PART', 'OTHR', 'UNKN']) expect(Object.hasOwn(NYC_CFB_CONTRIBUTOR_CODES, code)).toBe(false);
  });
});
