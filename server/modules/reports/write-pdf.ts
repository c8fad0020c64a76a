/**
 * A report as PDF with pdfkit: US Letter landscape; on every page a header (campaign, report, filter,
 * generated at), the table's column headers and a footer "Page x of y"; the rows one line each
 * (texts cut with '…' to their column, figures drawn smaller rather than cut), then the totals and
 * the breakdown. DejaVu Sans is embedded so accented names print right. Every line has the same
 * height, so the page count is known before drawing ("of y" without buffering pages): memory stays
 * bounded whatever the row count.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import type { ReportColumn, ReportRow } from '../../../domain/reports/api-contract';
import { breakdownTotals, hasBreakdownTotals, cellText, guarded, waitForRoom, type ReportFileInput, type ReportWriter } from './report-file';

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
/** Rows between two looks at the document's unsent bytes (pdfkit draws whatever the pipe's pace)… */
const ROOM_EVERY = 200;
/** …and how many may wait (in small chunks, each holding a slab of Node's buffer pool). */
const MAX_UNSENT = 512 * 1024;
/** Rows between two clearings of pdfkit's word layout cache. */
const FORGET_EVERY = 1_000;

interface Layout {
  x: number;
  width: number;
  align: 'left' | 'right';
  /** Figures and dates are never cut: one too wide is drawn smaller. */
  whole: boolean;
}

function layoutOf(columns: readonly ReportColumn[]): Layout[] {
  const total = columns.reduce((sum, c) => sum + c.width, 0);
  let x = PAGE.margin;
  return columns.map((c) => {
    const width = (c.width / total) * USABLE;
    const cell = {
      x: x + GAP / 2,
      width: width - GAP,
      align: c.kind === 'money' || c.kind === 'count' ? ('right' as const) : ('left' as const),
      whole: c.kind !== 'text',
    };
    x += width;
    return cell;
  });
}

/** Lines after the rows: totals, then a blank line, the breakdown's title, header, rows and totals (when it has any). */
function trailerLines(input: ReportFileInput): number {
  return 1 + (input.breakdown ? (hasBreakdownTotals(input.breakdown) ? 4 : 3) + input.breakdown.rows.length : 0);
}

export function pageCount(input: ReportFileInput): number {
  return Math.max(1, Math.ceil((input.rowCount + trailerLines(input)) / LINES_PER_PAGE));
}

/**
 * pdfkit keeps the layout of every word it has drawn, for the document's life: cheap for names that
 * repeat, unbounded for amounts and dates. Starting the caches afresh now and then keeps most of the
 * speed (without a cache drawing is about 8 times slower) and bounds the memory (pdfkit internals).
 */
function forgetLayouts(doc: PDFKit.PDFDocument): void {
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies ?? {};
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null);
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

  /** `text` cut with '…' to `width` in the current font. */
  private fit(text: string, width: number): string {
    const doc = this.doc;
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

  /** Texts are cut to their column; figures and dates never are: one too wide is drawn smaller. */
  private drawCells(texts: string[], layout: Layout[], y: number, font: string): void {
    const doc = this.doc.font(font).fontSize(FONT_SIZE);
    texts.forEach((text, i) => {
      const cell = layout[i];
      if (!cell || text === '') return;
      // Drawn without a width: pdfkit's line wrapper would still break a cell at a hyphen or space
      // (it measures word by word), and the rest would print over the next row. Aligned by hand.
      const options = { lineBreak: false } as const;
      const width = cell.whole ? doc.widthOfString(text) : 0;
      if (width <= cell.width) {
        const shown = cell.whole ? text : this.fit(text, cell.width);
        const x = cell.align === 'right' ? cell.x + cell.width - doc.widthOfString(shown) : cell.x;
        doc.text(shown, x, y, options);
        return;
      }
      const size = (FONT_SIZE * cell.width) / width;
      // Same baseline as the line's other cells (DejaVu's ascent is about 0.93 em).
      doc.fontSize(size).text(text, cell.x, y + (FONT_SIZE - size) * 0.93, options);
      doc.fontSize(FONT_SIZE);
    });
  }

  private newPage(): void {
    const { doc, input } = this;
    // A small bottom margin: the footer lies below the table and must not make pdfkit start a page.
    doc.addPage({ size: 'LETTER', layout: 'landscape', margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 8 } });
    this.page += 1;
    this.line = 0;
    const { header } = input;
    doc.font(BOLD).fontSize(11).text(this.fit(header.campaign, USABLE), PAGE.margin, PAGE.margin, { lineBreak: false });
    doc.font(BOLD).fontSize(9).text(this.fit(header.report, USABLE / 2), PAGE.margin, PAGE.margin + 15, { lineBreak: false });
    doc.font(REGULAR).fontSize(7.5).text(`Generated ${header.generatedAt}`, PAGE.margin + USABLE / 2, PAGE.margin + 16, { width: USABLE / 2, align: 'right', lineBreak: false });
    doc.font(REGULAR).fontSize(7.5).text(this.fit(header.filter, USABLE), PAGE.margin, PAGE.margin + 28, { lineBreak: false });
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
    this.drawCells([value], [{ x: PAGE.margin, width: USABLE, align: 'left', whole: false }], this.nextLine(), font);
  }

  blank(): void {
    this.nextLine();
  }

  get startedPage(): boolean {
    return this.page > 0;
  }
}

export const writePdf: ReportWriter = (input, out) =>
  guarded(out, async () => {
    const doc = new PDFDocument({
      size: 'LETTER',
      layout: 'landscape',
      margin: PAGE.margin,
      bufferPages: false,
      autoFirstPage: false,
      font: REGULAR,
      info: { Title: `${input.header.report} — ${input.header.campaign}` },
    });
    doc.on('error', (error) => out.destroy(error)); // the file fails with it
    doc.pipe(out);
    const table = new PdfTable(doc, input, pageCount(input));
    let done = 0;
    for await (const batch of input.rows) {
      for (const row of batch) {
        table.row(input.columns, row);
        if (++done % ROOM_EVERY === 0) await waitForRoom(() => doc.readableLength, out, MAX_UNSENT);
        if (done % FORGET_EVERY === 0) forgetLayouts(doc);
      }
      input.onProgress?.(done);
    }
    table.totals(input.columns, input.totals);
    if (input.breakdown) {
      const b = input.breakdown;
      const layout = layoutOf(b.columns.concat({ key: '', header: '', kind: 'text', width: b.columns.reduce((s, c) => s + c.width, 0) * 2 }));
      table.blank();
      table.text(b.title);
      table.cells(b.columns.map((c) => c.header), layout);
      for (const row of b.rows) table.row(b.columns, row, layout);
      if (hasBreakdownTotals(b)) table.totals(b.columns, breakdownTotals(b), layout);
    }
    if (!table.startedPage) table.blank();
    doc.end();
    await finished(out, { readable: false });
  });
