/**
 * A report as PDF with pdfkit: US Letter landscape; on every page a header (campaign, report, filter,
 * generated at), the table's column headers and a footer "Page x of y"; the rows one line each
 * (truncated with '…' to their column), then the totals and the breakdown. DejaVu Sans is embedded
 * so accented names print right. Every line has the same height, so the page count is known before
 * drawing ("of y" without buffering pages): memory stays bounded whatever the row count.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import type { ReportColumn, ReportRow } from '../../../domain/reports/api-contract';
import { breakdownTotals, cellText, type ReportFileInput, type ReportWriter } from './report-file';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');
/** The table's cells: the condensed cut fits more of each column. */
const CELL = join(fontDir, 'DejaVuSansCondensed.ttf');
const CELL_BOLD = join(fontDir, 'DejaVuSansCondensed-Bold.ttf');

const PAGE = { width: 792, height: 612, margin: 36 };
const HEADER_HEIGHT = 46;
const LINE = 11;
const FONT_SIZE = 7.2;
const TABLE_TOP = PAGE.margin + HEADER_HEIGHT;
const FIRST_LINE = TABLE_TOP + LINE + 3;
const LAST_LINE = PAGE.height - PAGE.margin - LINE;
export const LINES_PER_PAGE = Math.floor((LAST_LINE - FIRST_LINE) / LINE) + 1;
const USABLE = PAGE.width - 2 * PAGE.margin;
const GAP = 4;

interface Layout {
  x: number;
  width: number;
  align: 'left' | 'right';
}

function layoutOf(columns: readonly ReportColumn[]): Layout[] {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  let x = PAGE.margin;
  return columns.map((c) => {
    const width = (c.width / total) * USABLE;
    const cell = { x: x + GAP / 2, width: width - GAP, align: c.kind === 'money' || c.kind === 'count' ? ('right' as const) : ('left' as const) };
    x += width;
    return cell;
  });
}

/** Lines after the rows: totals, then a blank line, the breakdown's title, header, rows and totals. */
function trailerLines(input: ReportFileInput): number {
  return 1 + (input.breakdown ? 4 + input.breakdown.rows.length : 0);
}

export function pageCount(input: ReportFileInput): number {
  return Math.max(1, Math.ceil((input.rowCount + trailerLines(input)) / LINES_PER_PAGE));
}

class PdfTable {
  private page = 0;
  private line = 0;
  private readonly layout: Layout[];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: ReportFileInput,
    private readonly pages: number,
  ) {
    this.layout = layoutOf(input.columns);
  }

  private fit(text: string, width: number): string {
    const doc = this.doc;
    // No glyph of the condensed cut is wider than 0.8 em: short texts fit without measuring.
    if (text.length * FONT_SIZE * 0.8 < width) return text;
    if (doc.widthOfString(text) <= width) return text;
    let low = 0;
    let high = text.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
      else high = mid - 1;
    }
    return `${text.slice(0, low)}…`;
  }

  private drawCells(texts: string[], layout: Layout[], y: number, font: string): void {
    this.doc.font(font).fontSize(FONT_SIZE);
    texts.forEach((text, i) => {
      const cell = layout[i];
      if (!cell || text === '') return;
      this.doc.text(this.fit(text, cell.width), cell.x, y, { width: cell.width, align: cell.align, lineBreak: false });
    });
  }

  private newPage(): void {
    const { doc, input } = this;
    // A small bottom margin: the footer lies below the table and must not make pdfkit start a page.
    doc.addPage({ size: 'LETTER', layout: 'landscape', margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 8 } });
    this.page += 1;
    this.line = 0;
    const { header } = input;
    doc.font(BOLD).fontSize(11).text(header.campaign, PAGE.margin, PAGE.margin, { width: USABLE, lineBreak: false });
    doc.font(BOLD).fontSize(9).text(header.report, PAGE.margin, PAGE.margin + 15, { width: USABLE / 2, lineBreak: false });
    doc.font(REGULAR).fontSize(7.5).text(`Generated ${header.generatedAt}`, PAGE.margin + USABLE / 2, PAGE.margin + 16, { width: USABLE / 2, align: 'right', lineBreak: false });
    doc.font(REGULAR).fontSize(7.5).text(this.fit(header.filter, USABLE), PAGE.margin, PAGE.margin + 28, { width: USABLE, lineBreak: false });
    this.drawCells(input.columns.map((c) => c.header), this.layout, TABLE_TOP, CELL_BOLD);
    doc.moveTo(PAGE.margin, TABLE_TOP + LINE).lineTo(PAGE.width - PAGE.margin, TABLE_TOP + LINE).lineWidth(0.5).stroke('#888888');
    doc.font(REGULAR).fontSize(7.5).fillColor('#000000');
    doc.text(`Page ${this.page} of ${this.pages}`, PAGE.margin, PAGE.height - PAGE.margin + 8, { width: USABLE, align: 'right', lineBreak: false });
  }

  /** The y of the next line, starting a page when the current one is full. */
  private nextLine(): number {
    if (this.page === 0 || this.line >= LINES_PER_PAGE) this.newPage();
    const y = FIRST_LINE + this.line * LINE;
    this.line += 1;
    return y;
  }

  row(columns: readonly ReportColumn[], row: ReportRow, layout = this.layout, font = CELL): void {
    this.drawCells(columns.map((c) => cellText(c, row[c.key])), layout, this.nextLine(), font);
  }

  totals(columns: readonly ReportColumn[], totals: Record<string, number>, layout = this.layout): void {
    const texts = columns.map((c, i) => (i === 0 ? 'Total' : c.total ? cellText(c, totals[c.key] ?? 0) : ''));
    const y = this.nextLine();
    this.doc.moveTo(PAGE.margin, y - 2).lineTo(PAGE.width - PAGE.margin, y - 2).lineWidth(0.5).stroke('#888888');
    this.drawCells(texts, layout, y, CELL_BOLD);
  }

  cells(texts: string[], layout: Layout[], font = CELL_BOLD): void {
    this.drawCells(texts, layout, this.nextLine(), font);
  }

  text(value: string, font = CELL_BOLD): void {
    this.drawCells([value], [{ x: PAGE.margin, width: USABLE, align: 'left' }], this.nextLine(), font);
  }

  blank(): void {
    this.nextLine();
  }

  get startedPage(): boolean {
    return this.page > 0;
  }
}

export const writePdf: ReportWriter = async (input, out) => {
  const doc = new PDFDocument({ autoFirstPage: false, bufferPages: false, margin: PAGE.margin, font: REGULAR, info: { Title: `${input.header.report} — ${input.header.campaign}` } });
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    doc.once('error', reject);
  });
  doc.pipe(out);
  const table = new PdfTable(doc, input, pageCount(input));
  let done = 0;
  for await (const batch of input.rows) {
    for (const row of batch) table.row(input.columns, row);
    done += batch.length;
    input.onProgress?.(done);
    await tick(); // let the file stream take what was drawn
  }
  table.totals(input.columns, input.totals);
  if (input.breakdown) {
    const b = input.breakdown;
    const layout = layoutOf(b.columns.concat({ key: '', header: '', kind: 'text', width: b.columns.reduce((s, c) => s + c.width, 0) * 2 }));
    table.blank();
    table.text(b.title);
    table.cells(b.columns.map((c) => c.header), layout);
    for (const row of b.rows) table.row(b.columns, row, layout);
    table.totals(b.columns, breakdownTotals(b), layout);
  }
  if (!table.startedPage) table.blank();
  doc.end();
  await finished;
};
