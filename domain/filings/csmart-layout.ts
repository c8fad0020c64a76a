/**
 * The layout of C-SMART's contribution import file (NYC Campaign Finance Board) and the ONE table that
 * maps our payment methods and contributor types to C-SMART's codes. Kept as data: the file writer
 * (csmart-file.ts), the pre-filing check and the companion sheet read it, and its tests check it.
 *
 * What the layout is based on: "C-SMART Help: Monetary Contributions", dated 3/4/2019, section IMPORT
 * CONTRIBUTIONS — File Layout (read in the transcription at https://zbook.org/read/1f7eb1_c-smart-help.html;
 * the CFB lists its C-SMART Help documents at https://www.nyccfb.info/candidate-services/guidance/). It says:
 * a CSV file, "Do not include column headers in the CSV file", the Source ID "might be provided to you by the
 * credit card processor. If not, any number can suffice", and the Candidate ID (column B) and Committee ID
 * (column D) are in the Campaign Profile of C-Access. The copy read gives columns A to M with their
 * maximum lengths and column N's length; it stops in the middle of column N's description. So:
 * - columns 1-13 (A-M) are `confirmed` with the documented maximum length and format;
 * - column 14 (N) has its documented length (1) but its description was cut off ("Intermedi…"): left empty;
 * - the contributor columns after it (type code, name, address, employer, occupation) follow the order the
 *   CFB's help page names them in, but their positions, lengths and codes could NOT be confirmed: they are
 *   marked `confirmed: false`, never cut to a guessed length, and the companion sheet of every file says so.
 * - the code lists (contribution type, contributor type) were not in the copy read: every code below is
 *   marked `confirmed: false`, except the contributor type codes seen in the CFB's own data (IND, LLC,
 *   PCOMP: the C_CODE column of the CFB Data Library, https://www.nyccfb.info/datalibrary/), which are
 *   marked `seen_in` with that source. Check them against the C-SMART Help code list before the first import.
 *
 * Pure: no React, no Node.
 */
import type { ContributorType, PaymentMethod } from '../donor-book/enums';

export const CSMART_HELP_SOURCE =
  'NYC Campaign Finance Board, "C-SMART Help: Monetary Contributions" (3/4/2019), Import Contributions: File Layout, ' +
  'read in the transcription https://zbook.org/read/1f7eb1_c-smart-help.html (CFB guidance index: https://www.nyccfb.info/candidate-services/guidance/)';
export const CFB_DATA_LIBRARY_SOURCE =
  'NYC Campaign Finance Board Data Library, contributions file, column C_CODE ("Contributor type code (IND, CORP, LLC, PCOMP, etc.)"), ' +
  'https://www.nyccfb.info/datalibrary/ (field list read in a third-party data dictionary, not the CFB page itself)';

export type CsmartColumnKey =
  | 'source_id'
  | 'candidate_id'
  | 'election_cycle'
  | 'committee_id'
  | 'date_received'
  | 'amount'
  | 'matchable_amount'
  | 'contribution_type'
  | 'check_number'
  | 'runoff_rerun'
  | 'segregated'
  | 'notes'
  | 'intermediary_number'
  | 'column_n'
  | 'contributor_type'
  | 'contributor_name'
  | 'street_address'
  | 'apartment'
  | 'city'
  | 'state'
  | 'zip'
  | 'employer'
  | 'occupation';

export interface CsmartColumn {
  /** 1-based position (C-SMART's "column number"). */
  number: number;
  /** Spreadsheet letter (A, B, …). */
  letter: string;
  key: CsmartColumnKey;
  description: string;
  /** Maximum number of characters, as documented; null when not confirmed (never cut then). */
  max_length: number | null;
  /** The column's position, length and meaning were read in the source. */
  confirmed: boolean;
  note?: string;
}

const letterOf = (n: number) => String.fromCharCode(64 + n);

const col = (number: number, key: CsmartColumnKey, description: string, max_length: number | null, confirmed: boolean, note?: string): CsmartColumn => ({
  number,
  letter: letterOf(number),
  key,
  description,
  max_length,
  confirmed,
  ...(note ? { note } : {}),
});

const UNCONFIRMED = 'Position, length and format not confirmed: the copy of the File Layout read stops at column N.';

/** Every column of the file, in order. No header row is written. */
export const CSMART_COLUMNS: readonly CsmartColumn[] = [
  col(1, 'source_id', 'Source ID (any number; ours: the line number in this file)', 4, true),
  col(2, 'candidate_id', 'Candidate ID (campaign details: CFB Candidate ID)', 4, true),
  col(3, 'election_cycle', 'Election Cycle', 5, true),
  col(4, 'committee_id', 'Committee ID (campaign details: CFB Committee ID)', 1, true),
  col(5, 'date_received', 'Date Contribution Received: (M/D/YY) or (MM/DD/YY)', 10, true),
  col(6, 'amount', 'Contribution Amount: (xxxx) or (xxx.xx)', 11, true),
  col(7, 'matchable_amount', 'Matchable Amount: (xxxx) or (xxx.xx)', 11, true),
  col(8, 'contribution_type', 'Contribution Type (code required)', 1, true, 'The code list was not in the copy read: see CSMART_PAYMENT_CODES.'),
  col(9, 'check_number', 'Check Number', 15, true),
  col(10, 'runoff_rerun', 'Runoff/Rerun Indicator: Y/N', 1, true),
  col(11, 'segregated', 'Segregated Indicator: Y/N', 1, true),
  col(12, 'notes', 'Contribution Notes', 2000, true),
  col(13, 'intermediary_number', 'Intermediary Number', 5, true, "The C-SMART Intermediary Number recorded with the contribution's intermediary; empty when none (or no number recorded)."),
  col(14, 'column_n', 'Intermedi… (description cut off in the copy read; 1 character)', 1, true, 'Left empty: its meaning could not be read.'),
  col(15, 'contributor_type', 'Contributor type code', null, false, UNCONFIRMED),
  col(16, 'contributor_name', 'Contributor name (the book keeps one name field: written as entered)', null, false, UNCONFIRMED),
  col(17, 'street_address', 'Street address', null, false, UNCONFIRMED),
  col(18, 'apartment', 'Apartment', null, false, UNCONFIRMED),
  col(19, 'city', 'City', null, false, UNCONFIRMED),
  col(20, 'state', 'State (USPS code)', null, false, UNCONFIRMED),
  col(21, 'zip', 'ZIP code', null, false, UNCONFIRMED),
  col(22, 'employer', 'Employer name', null, false, UNCONFIRMED),
  col(23, 'occupation', 'Occupation', null, false, UNCONFIRMED),
];

export interface CsmartCode {
  code: string;
  label: string;
  /** The code was read in C-SMART's own code list. */
  confirmed: boolean;
  /** Where the code was seen when not in the code list itself. */
  seen_in?: string;
}

/**
 * THE mapping table: our payment methods (column H, Contribution Type) and contributor types (column O)
 * to C-SMART's codes. Online payments (PayPal, card) are credit-card contributions for the CFB.
 */
export const CSMART_PAYMENT_CODES: Record<PaymentMethod, CsmartCode> = {
  cash: { code: '1', label: 'Cash', confirmed: false },
  check: { code: '2', label: 'Check', confirmed: false },
  card: { code: '4', label: 'Credit card', confirmed: false },
  paypal: { code: '4', label: 'Credit card (online, PayPal)', confirmed: false },
  zelle: { code: '6', label: 'Other (electronic transfer: Zelle)', confirmed: false },
  venmo: { code: '6', label: 'Other (electronic transfer: Venmo)', confirmed: false },
};

export const CSMART_CONTRIBUTOR_CODES: Record<ContributorType, CsmartCode> = {
  individual: { code: 'IND', label: 'Individual', confirmed: false, seen_in: CFB_DATA_LIBRARY_SOURCE },
  candidate: { code: 'CAN', label: 'Candidate', confirmed: false },
  candidates_spouse: { code: 'SPO', label: "Candidate's spouse", confirmed: false },
  candidates_family: { code: 'FAM', label: "Candidate's family", confirmed: false },
  candidate_committee: { code: 'PCOMC', label: 'Political committee (candidate)', confirmed: false },
  party_committee: { code: 'PCOMP', label: 'Political committee (party)', confirmed: false, seen_in: CFB_DATA_LIBRARY_SOURCE },
  political_action_committee: { code: 'PCOMZ', label: 'Political committee (other)', confirmed: false },
  labor_unions: { code: 'EMPO', label: 'Employee organization (union)', confirmed: false },
  limited_liability_company: { code: 'LLC', label: 'Limited liability company', confirmed: false, seen_in: CFB_DATA_LIBRARY_SOURCE },
};

/** 'Y' / 'N' of the indicator columns. */
export const CSMART_NO = 'N';
