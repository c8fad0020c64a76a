/**
 * The XLSX template: the data sheet (SPEC §3's columns in order, one example row, dropdowns for the
 * enumerations from a hidden Lists sheet), and an Instructions sheet (each column, what it accepts,
 * and this campaign's limit). Small and fixed: built in memory with exceljs.
 */
import ExcelJS from 'exceljs';
import { templateColumns, templateExampleRow, type ImportType, type TemplateExampleFacts } from '../../../domain/imports/templates';

export interface TemplateCampaignFacts {
  campaignName: string;
  /** e.g. '$2,100.00 per contributor for the 2029 cycle (NYC CFB, participant, Mayor)'. */
  limitText: string;
  /** Today and the cycle: the example row's date passes as it is. */
  example?: TemplateExampleFacts;
}

const DATA_ROWS_WITH_DROPDOWNS = 5_000;

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export async function templateWorkbook(type: ImportType, facts: TemplateCampaignFacts): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Campaign Donation Tracker';
  const columns = templateColumns(type);
  const data = book.addWorksheet(type === 'donor' ? 'Donors' : 'Payments', { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = columns.map((c) => ({ header: c.name, key: c.name, width: Math.max(14, c.name.length + 4) }));
  data.getRow(1).font = { bold: true };
  // The example row (marked in its recipient cell, skipped by an upload) in grey italics.
  data.addRow([...templateExampleRow(type, facts.example)]).font = { italic: true, color: { argb: 'FF6B7280' } };
  // ZIP codes, phones and dates stay text: a spreadsheet must not turn 02134 into 2134.
  for (const c of columns) {
    if (['zip', 'donor_phone'].includes(c.name)) data.getColumn(c.name).numFmt = '@';
  }

  const lists = book.addWorksheet('Lists', { state: 'veryHidden' });
  columns.forEach((column, index) => {
    if (!column.options) return;
    const listColumn = columnLetter(lists.columnCount);
    lists.getColumn(lists.columnCount + 1).values = [column.name, ...column.options.map((o) => o.label)];
    const range = `Lists!$${listColumn}$2:$${listColumn}$${column.options.length + 1}`;
    const letter = columnLetter(index);
    for (let row = 2; row <= DATA_ROWS_WITH_DROPDOWNS; row++) {
      data.getCell(`${letter}${row}`).dataValidation = {
        type: 'list',
        allowBlank: !column.required,
        formulae: [range],
        showErrorMessage: false, // values (e.g. 'p-a') are accepted too: the list helps, it does not forbid
      };
    }
  });

  const help = book.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', key: 'name', width: 22 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'What it accepts', key: 'accepts', width: 90 },
  ];
  help.getRow(1).font = { bold: true };
  for (const c of columns) help.addRow({ name: c.name, required: c.required ? 'yes' : '', accepts: c.accepts });
  help.addRow([]);
  help.addRow(['Campaign', '', facts.campaignName]);
  help.addRow(['Contribution limit', '', facts.limitText]);
  help.addRow(['Rows', '', 'One row per ' + (type === 'donor' ? 'donor' : 'payment') + '; keep the header row as it is. Up to 100,000 rows, 20 MB.']);
  return Buffer.from(await book.xlsx.writeBuffer());
}
