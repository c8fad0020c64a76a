/**
 * The City's Doing Business Database extract (issue 35.5), as a CSV with a header row: which columns hold
 * the person's name, street address and ZIP code, and how a row is matched to a donor of the book.
 *
 * The extract's exact column names could not be confirmed here (the City's Doing Business Search is not
 * readable from this machine), so the header is read by name, case and spacing ignored, with the usual
 * spellings: a name in one column ("Name", "Full Name", "Person Name", "Entity Name" …) or in two
 * ("First Name" + "Last Name", optionally "Middle Name"/"Middle Initial"); an address ("Address",
 * "Street Address", "Address 1", "Street"); a ZIP ("ZIP", "ZIP Code", "Postal Code", "Zipcode").
 *
 * Matching follows the donor import's rule for a row without e-mail or phone (a donor is the same
 * person when the name and the ZIP code are the same: `donorKeys` in server/modules/imports/row-checks.ts),
 * widened as the issue asks to "name + address or ZIP": the same name (case and runs of spaces ignored)
 * and either the same 5-digit ZIP or the same street address (case, punctuation and runs of spaces
 * ignored). A name alone never matches. Pure: no React, no Node.
 */

export interface ExtractColumns {
  name: number | null;
  first: number | null;
  middle: number | null;
  last: number | null;
  address: number | null;
  zip: number | null;
}

export interface ExtractRow {
  /** 1-based line of the file (the header is line 1). */
  row_number: number;
  name: string;
  address: string | null;
  zip: string | null;
}

const NAME_HEADERS = ['name', 'full name', 'person name', 'entity name', 'individual name', 'contributor name', 'owner name'];
const FIRST_HEADERS = ['first name', 'first', 'given name'];
const MIDDLE_HEADERS = ['middle name', 'middle initial', 'middle', 'mi'];
const LAST_HEADERS = ['last name', 'last', 'surname', 'family name'];
const ADDRESS_HEADERS = ['address', 'street address', 'address 1', 'address line 1', 'street', 'business address'];
const ZIP_HEADERS = ['zip', 'zip code', 'zipcode', 'postal code', 'zip5'];

const headerKey = (cell: string) => cell.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[_\s]+/g, ' ');

function find(header: readonly string[], names: readonly string[]): number | null {
  const keys = header.map(headerKey);
  for (const name of names) {
    const index = keys.indexOf(name);
    if (index >= 0) return index;
  }
  return null;
}

/** The columns of the header, or the reason the file cannot be read as an extract. */
export function extractColumnsOf(header: readonly string[]): { columns: ExtractColumns } | { problem: string } {
  const columns: ExtractColumns = {
    name: find(header, NAME_HEADERS),
    first: find(header, FIRST_HEADERS),
    middle: find(header, MIDDLE_HEADERS),
    last: find(header, LAST_HEADERS),
    address: find(header, ADDRESS_HEADERS),
    zip: find(header, ZIP_HEADERS),
  };
  if (columns.name === null && (columns.first === null || columns.last === null)) {
    return { problem: 'The first line must name the columns: a Name column (or First Name and Last Name) is missing.' };
  }
  if (columns.address === null && columns.zip === null) {
    return { problem: 'The first line must name the columns: an Address or a ZIP column is needed to match donors.' };
  }
  return { columns };
}

const cellOf = (record: readonly string[], index: number | null) => (index === null ? '' : (record[index] ?? '').trim());

/** The rows of the extract that carry a name (rows without one are skipped). `records` excludes the header. */
export function extractRowsOf(columns: ExtractColumns, records: readonly (readonly string[])[]): ExtractRow[] {
  const rows: ExtractRow[] = [];
  records.forEach((record, index) => {
    const name =
      columns.name !== null && cellOf(record, columns.name) !== ''
        ? cellOf(record, columns.name)
        : [cellOf(record, columns.first), cellOf(record, columns.middle), cellOf(record, columns.last)].filter(Boolean).join(' ');
    if (name.trim() === '') return;
    rows.push({ row_number: index + 2, name: name.replace(/\s+/g, ' ').trim(), address: cellOf(record, columns.address) || null, zip: cellOf(record, columns.zip) || null });
  });
  return rows;
}

/** A name as matching compares it: lowercased, runs of spaces as one, trimmed. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The 5-digit ZIP ('11201-1234' → '11201'), or null when there is none. */
export function zip5(zip: string | null | undefined): string | null {
  const match = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(zip ?? '');
  return match ? match[1] : null;
}

/** A street address as matching compares it: lowercased, punctuation dropped, runs of spaces as one ('1 Main St.' = '1 MAIN ST'). */
export function addressKey(address: string | null | undefined): string | null {
  const key = (address ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return key === '' ? null : key;
}

/** How a donor matches an extract row, or null: the same name and the same ZIP, else the same name and street address. */
export function extractMatch(row: ExtractRow, donor: { name: string; address: string | null; zip: string | null }): 'name_zip' | 'name_address' | null {
  if (nameKey(row.name) !== nameKey(donor.name)) return null;
  const zip = zip5(row.zip);
  if (zip !== null && zip === zip5(donor.zip)) return 'name_zip';
  const address = addressKey(row.address);
  if (address !== null && address === addressKey(donor.address)) return 'name_address';
  return null;
}
