/**
 * Presets: the layouts of two exports campaigns bring us, recognised from a file's headers, with the
 * mapping of their columns to our fields and the values a file of theirs implies (defaults).
 * Pure: no React, no Node.
 *
 * NYC Campaign Finance Board contributions (NYC Open Data, "Campaign Finance Board contributions";
 * the CFB's searchable data, https://www.nyc.gov/site/campaign-finance/index.page and the NYC
 * Transparency Project's description of the source, https://www.nyc.gov/nyctp/html/fullSources.html).
 * The column layout (ELECTION, OFFICECD, RECIPID, CANCLASS, RECIPNAME, COMMITTEE, FILING, SCHEDULE,
 * PAGENO, SEQUENCENO, REFNO, DATE, REFUNDDATE, NAME, C_CODE, STRNO, STRNAME, APARTMENT, BOROUGHCD,
 * CITY, STATE, ZIP, OCCUPATION, EMPNAME, EMPSTRNO, EMPSTRNAME, EMPCITY, EMPSTATE, AMNT, MATCHAMNT,
 * PREVAMNT, PAY_METHOD, INTERMNO, INTERMNAME, INTSTRNO, …, PURPOSECD, EXEMPTCD, ADJTYPECD, …) was
 * checked against public code that loads the file (a SQL CREATE TABLE, a readr column spec, a
 * schema table); NAME is "LAST, FIRST"; DATE is MM/DD/YYYY in the CSV download (ISO with a time
 * from the Socrata API); PAY_METHOD is a number whose code list we could not verify, so it is not
 * mapped (the user picks the method for the file). C_CODE codes: see NYC_CFB_CONTRIBUTOR_CODES.
 *
 * ActBlue "contributions" CSV (Dashboard → Downloads). Its header ("Receipt ID", "Date", "Amount",
 * "Recurring Total Months", "Recurrence Number", "Recipient", "Fundraising Page", "Fundraising
 * Partner", "Reference Code 2", "Reference Code", "Donor First Name", "Donor Last Name", "Donor
 * Addr1", "Donor Addr2", "Donor City", "Donor State", "Donor ZIP", "Donor Country", "Donor
 * Occupation", "Donor Employer", "Donor Email", "Donor Phone", "New Express Signup", "Comments",
 * "Check Number", "Check Date", "Employer Addr1", …, "Lineitem ID", …, "Disbursement ID", …, "Fee",
 * …, "Card Type", …, "Mobile" (a yes/no flag, not a phone), …) was checked against public importers
 * of the file (PowerShell, TypeScript and Python, e.g. the ActBlue-to-CRM scripts that read Date as
 * '%Y-%m-%d %H:%M:%S' and pad "Donor ZIP" back to 5 digits; "Donor Country" reads "United States").
 * Its rows are payments already made (by card), by individuals.
 */
import type { ContributorType } from '../donor-book/enums';
import type { ImportType } from './templates';

export type ImportPresetId = 'nyc_cfb' | 'actblue';

export interface ImportPreset {
  id: ImportPresetId;
  label: string;
  /** Headers that mark the export, normalized (columns.ts normalizeHeader). */
  signature: readonly string[];
  /** How many of `signature` a file must have to be recognised as this export. */
  minimum: number;
  /** Per import type: normalized header → our field (columns not listed are ignored). */
  fields: Record<ImportType, Readonly<Record<string, string>>>;
  /** Per import type: values for fields no column of the export carries. */
  defaults: Record<ImportType, Readonly<Record<string, string>>>;
}

/**
 * NYC CFB C_CODE (the contributor's type) → our contributor type. Codes as given by our brief
 * (IND, CAN, SPO, FAM, LLC, EMPO, PCOMC, PCOMZ, PCOMP, CORP, PART, OTHR, UNKN); we could not read the
 * CFB data dictionary itself, so the three political-committee codes all map to a PAC rather than
 * guessing which one is a candidate's or a party's committee. CORP (corporation), PART
 * (partnership), OTHR and UNKN have no type of ours: such rows are refused with a clear reason.
 */
export const NYC_CFB_CONTRIBUTOR_CODES: Readonly<Record<string, ContributorType>> = {
  IND: 'individual',
  CAN: 'candidate',
  SPO: 'candidates_spouse',
  FAM: 'candidates_family',
  LLC: 'limited_liability_company',
  EMPO: 'labor_unions',
  PCOMC: 'political_action_committee',
  PCOMZ: 'political_action_committee',
  PCOMP: 'political_action_committee',
};

const NYC_CFB: ImportPreset = {
  id: 'nyc_cfb',
  label: 'NYC Campaign Finance Board contributions',
  signature: [
    'election',
    'officecd',
    'recipid',
    'canclass',
    'recipname',
    'committee',
    'filing',
    'schedule',
    'pageno',
    'sequenceno',
    'refno',
    'c_code',
    'strno',
    'strname',
    'boroughcd',
    'empname',
    'amnt',
    'matchamnt',
    'prevamnt',
    'pay_method',
    'intermno',
  ],
  minimum: 12,
  fields: {
    donor: {
      name: 'name',
      c_code: 'contributor_type',
      occupation: 'occupation',
      empname: 'employer',
      strname: 'address',
      apartment: 'apt_unit',
      city: 'city',
      state: 'state',
      zip: 'zip',
      amnt: 'commitment_amount',
      date: 'commitment_date',
    },
    payment: { name: 'name', zip: 'zip', amnt: 'paid_amount', date: 'paying_date' },
  },
  defaults: { donor: {}, payment: {} },
};

const ACTBLUE: ImportPreset = {
  id: 'actblue',
  label: 'ActBlue contributions',
  signature: [
    'receipt_id',
    'recurring_total_months',
    'recurrence_number',
    'fundraising_page',
    'reference_code',
    'donor_first_name',
    'donor_last_name',
    'donor_addr1',
    'donor_addr2',
    'donor_zip',
    'donor_occupation',
    'donor_employer',
    'donor_email',
    'lineitem_id',
  ],
  minimum: 8,
  fields: {
    // The amount and date are a payment already made, not a commitment: not read as a pledge.
    donor: {
      donor_first_name: 'first_name',
      donor_last_name: 'last_name',
      donor_addr1: 'address',
      donor_addr2: 'apt_unit',
      donor_city: 'city',
      donor_state: 'state',
      donor_zip: 'zip',
      donor_country: 'country',
      donor_occupation: 'occupation',
      donor_employer: 'employer',
      donor_email: 'donor_email',
      donor_phone: 'donor_phone',
      recipient: 'recipient',
    },
    payment: {
      donor_email: 'donor_email',
      donor_phone: 'donor_phone',
      donor_first_name: 'first_name',
      donor_last_name: 'last_name',
      donor_zip: 'zip',
      date: 'paying_date',
      amount: 'paid_amount',
      receipt_id: 'reference_number',
      check_number: 'check_number',
      recipient: 'recipient',
    },
  },
  defaults: { donor: { contributor_type: 'individual' }, payment: { payment_method: 'card' } },
};

export const IMPORT_PRESETS: readonly ImportPreset[] = [NYC_CFB, ACTBLUE];

/** The export whose distinctive headers `normalizedHeaders` mostly has (the best match), or null. */
export function detectPreset(normalizedHeaders: readonly string[]): ImportPreset | null {
  const have = new Set(normalizedHeaders);
  let best: { preset: ImportPreset; share: number } | null = null;
  for (const preset of IMPORT_PRESETS) {
    const found = preset.signature.filter((h) => have.has(h)).length;
    const share = found / preset.signature.length;
    if (found >= preset.minimum && (!best || share > best.share)) best = { preset, share };
  }
  return best?.preset ?? null;
}

export function presetById(id: string | null | undefined): ImportPreset | null {
  return IMPORT_PRESETS.find((p) => p.id === id) ?? null;
}
