/**
 * A report as PDF with pdfkit, every value whole: cells wrap within their column and a row is as tall
 * as its tallest cell (it moves to the next page whole, and is split only when taller than a page);
 * the column widths come from the content (pdf-column-widths.ts); a table too wide for a portrait
 * US Letter page is printed landscape. On every page: the campaign, report, filter and generation
 * time, the header row of the table the page shows (the main table's, or the breakdown's own with its
 * title when the breakdown runs onto the page) and "Page x of y". DejaVu Sans is embedded so accented
 * names print right.
 *
 * Three passes over the rows: they are measured as they come from the database and kept deflated in
 * memory (row-spool.ts); the page breaks are then laid out without drawing (the page count); then
 * everything is drawn with the same layout code, so "of y" is right without buffering pages.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import PDFDocument from 'pdfkit';
import type { ReportColumn } from '../../../domain/reports/api-contract';
import { COLUMN_GAP, columnNeed, columnWidths, wantedWidth, type ColumnNeed } from './pdf-column-widths';
import { widestWord, wrapText, type Measure } from './pdf-text-wrap';
import { breakdownTotals, hasBreakdownTotals, guarded, waitForRoom, type ReportFileHeader, type ReportFileInput, type ReportWriter } from './report-file';
import { cellText } from '../../../domain/reports/cells';
import { RowSpool } from './row-spool';

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');
/** The table's cells: the condensed cut fits more of each column. */
const CELL = join(fontDir, 'DejaVuSansCondensed.ttf');
const CELL_BOLD = join(fontDir, 'DejaVuSansCondensed-Bold.ttf');

const MARGIN = 36;
const LETTER = { short: 612, long: 792 };
const FONT_SIZE = 7.2;
/** From one line of a cell to the next. */
const LINE = 9;
/** A row is its lines plus this (text starts TEXT_TOP below the row's top). */
const ROW_PAD = 2.5;
const TEXT_TOP = 1.2;
/** A text column wants its widest value up to this many points (about 38 characters). */
const CAP = 150;
/** Between the main table's totals and the breakdown. */
const TABLE_GAP = 12;
/** Rows between two looks at the document's unsent bytes (pdfkit draws whatever the pipe's pace)… */
const ROOM_EVERY = 200;
/** …and how many may wait (in small chunks, each holding a slab of Node's buffer pool). */
const MAX_UNSENT = 512 * 1024;
/** Rows between two looks at the size of pdfkit's word layout caches… */
const FORGET_EVERY = 1_000;
/** …and how many words a font's cache may hold. */
const FORGET_AT = 20_000;

interface PageGeometry {
  layout: 'portrait' | 'landscape';
  width: number;
  height: number;
  usable: number;
  /** Lowest y a row may reach. */
  bottom: number;
}

function geometry(layout: PageGeometry['layout']): PageGeometry {
  const [width, height] = layout === 'portrait' ? [LETTER.short, LETTER.long] : [LETTER.long, LETTER.short];
  return { layout, width, height, usable: width - 2 * MARGIN, bottom: height - MARGIN };
}

interface Cell {
  x: number;
  width: number;
  align: 'left' | 'right';
  /** Figures and dates are never wrapped: one too wide (a page too narrow) is drawn smaller. */
  figure: boolean;
}

interface Table {
  columns: readonly ReportColumn[];
  cells: Cell[];
  /** The header row: each header's lines. */
  head: string[][];
  /** Printed above the header row on every page the table spans (the breakdown's). */
  title: string[] | null;
  right: number;
}

const isFigure = (c: ReportColumn) => c.kind !== 'text';
const alignOf = (c: ReportColumn) => (c.kind === 'money' || c.kind === 'count' ? 'right' : 'left');
const linesOf = (cells: readonly (readonly string[])[]) => Math.max(1, ...cells.map((c) => c.length));
const rowHeight = (cells: readonly (readonly string[])[]) => linesOf(cells) * LINE + ROW_PAD;

interface PdfFont {
  widthOfString(text: string, size: number): number;
}

/** Measures strings in the report's fonts. */
class Fonts {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /**
   * Widths in `font` at `size`: measured by the font itself (what doc.widthOfString does), since
   * switching the document's font for every cell costs more than the measuring (pdfkit internals).
   */
  measure(font: string, size = FONT_SIZE): Measure {
    // Leaves `font` set: whatever draws sets its own font first.
    const face = (this.doc.font(font) as unknown as { _font: PdfFont })._font;
    return (text) => face.widthOfString(text, size);
  }

  /**
   * pdfkit keeps the layout of every word it has measured or drawn, for the document's life: cheap
   * for names that repeat, unbounded for amounts and dates. A font's cache is started afresh when it
   * holds more than FORGET_AT words: that keeps most of the speed (the passes measure and draw the
   * same words) and bounds the memory (pdfkit internals).
   */
  forgetSome(): void {
    const fonts = (this.doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies ?? {};
    for (const font of Object.values(fonts)) if (font.layoutCache && Object.keys(font.layoutCache).length > FORGET_AT) font.layoutCache = Object.create(null);
  }
}

/** The widest value and widest word of each column, over every row measured. */
class ColumnStats {
  private readonly value: number[];
  private readonly word: number[];

  constructor(private readonly columns: readonly ReportColumn[]) {
    this.value = columns.map(() => 0);
    this.word = columns.map(() => 0);
  }

  /** Measures a row's texts; returns their widths. */
  add(texts: readonly string[], measure: Measure): number[] {
    const widths = texts.map((text, i) => {
      if (text === '') return 0;
      const width = measure(text);
      if (width > this.value[i]!) this.value[i] = width;
      // A word is never wider than its text: only a text wider than the widest word yet may hold a wider one.
      if (width > this.word[i]! && !isFigure(this.columns[i]!)) this.word[i] = Math.max(this.word[i]!, widestWord(text, measure));
      return width;
    });
    return widths;
  }

  needs(headerMeasure: Measure): ColumnNeed[] {
    return this.columns.map((c, i) =>
      columnNeed(
        {
          headerWord: widestWord(c.header, headerMeasure),
          header: headerMeasure(c.header),
          value: this.value[i]!,
          valueWord: this.word[i]!,
          figure: isFigure(c),
        },
        CAP,
      ),
    );
  }
}

function tableOf(columns: readonly ReportColumn[], widths: readonly number[], title: string | null, fonts: Fonts, usable: number): Table {
  let x = MARGIN;
  const cells = columns.map((c, i) => {
    const cell: Cell = { x: x + COLUMN_GAP / 2, width: widths[i]! - COLUMN_GAP, align: alignOf(c), figure: isFigure(c) };
    x += widths[i]!;
    return cell;
  });
  const bold = fonts.measure(CELL_BOLD);
  return {
    columns,
    cells,
    head: columns.map((c, i) => wrapText(c.header, cells[i]!.width, bold)),
    title: title === null ? null : wrapText(title, usable, bold),
    right: x,
  };
}

/** The cells of a row as lines within their columns (figures stay on one line). */
function cellLines(table: Table, texts: readonly string[], widths: readonly number[] | null, measure: Measure): string[][] {
  return table.cells.map((cell, i) => {
    const text = texts[i] ?? '';
    if (text === '') return [];
    return cell.figure ? [text] : wrapText(text, cell.width, measure, widths?.[i] ?? measure(text));
  });
}

/** The lines at the top of every page: campaign, report and generation time, filter. */
interface Banner {
  campaign: string[];
  report: string[];
  filter: string[];
  generatedAt: string;
  height: number;
}

function bannerOf(header: ReportFileHeader, fonts: Fonts, usable: number): Banner {
  const generatedAt = `Generated ${header.generatedAt}`;
  const campaign = wrapText(header.campaign, usable, fonts.measure(BOLD, 11));
  const report = wrapText(header.report, usable - fonts.measure(REGULAR, 7.5)(generatedAt) - 12, fonts.measure(BOLD, 9));
  const filter = wrapText(header.filter, usable, fonts.measure(REGULAR, 7.5));
  return { campaign, report, filter, generatedAt, height: campaign.length * 13 + report.length * 11 + 2 + Math.max(1, filter.length) * 9.5 + 6 };
}

/**
 * Places the tables' rows on pages: the same code lays them out without drawing (the page count)
 * and then draws them (`doc` given), so both agree on every page break.
 */
class PdfFlow {
  page = 0;
  private y = 0;
  private table: Table | null = null;

  constructor(
    private readonly draw: PDFKit.PDFDocument | null,
    private readonly fonts: Fonts,
    private readonly geometry: PageGeometry,
    private readonly banner: Banner,
    private readonly pages: number,
  ) {}

  private headHeight(table: Table): number {
    return (table.title ? table.title.length * LINE + ROW_PAD : 0) + rowHeight(table.head) + 1;
  }

  /** The height a table's rows have on a page of their own (below the banner and the table's header). */
  private pageRoom(table: Table): number {
    return this.geometry.bottom - MARGIN - this.banner.height - this.headHeight(table);
  }

  /** Starts `table` (its title and header row) where the last one ended, or on a new page when its header and first row do not fit. */
  startTable(table: Table, firstRow: string[][], gap: number): void {
    this.table = table;
    const room = this.geometry.bottom - this.y;
    if (this.page === 0 || gap + this.headHeight(table) + Math.min(rowHeight(firstRow), this.pageRoom(table)) > room) {
      this.newPage();
      return;
    }
    this.y += gap;
    this.drawHead(table);
  }

  /** A row of the current table: moved whole to the next page when it does not fit, split only when taller than a page. */
  row(cells: string[][], font = CELL, totals = false): void {
    const { bottom } = this.geometry;
    const lines = linesOf(cells);
    const whole = lines * LINE + ROW_PAD;
    // A row taller than a page starts where it is (when a line of it fits) and goes on over the next pages.
    if (this.y + whole > bottom && (whole <= this.pageRoom(this.table!) || this.y + LINE + ROW_PAD > bottom)) this.newPage();
    let from = 0;
    for (;;) {
      const room = Math.max(1, Math.floor((bottom - this.y - ROW_PAD) / LINE));
      const take = Math.min(lines - from, room);
      this.drawRow(cells, from, take, font, totals && from === 0);
      this.y += take * LINE + ROW_PAD;
      from += take;
      if (from >= lines) return;
      this.newPage();
    }
  }

  private newPage(): void {
    this.page += 1;
    const { geometry: g, banner } = this;
    this.y = MARGIN + banner.height;
    const doc = this.draw;
    if (doc) {
      // A small bottom margin: the footer lies below the table and must not make pdfkit start a page.
      doc.addPage({ size: 'LETTER', layout: g.layout, margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 8 } });
      let y = MARGIN;
      doc.font(BOLD).fontSize(11).fillColor('#000000');
      for (const line of banner.campaign) {
        doc.text(line, MARGIN, y, { lineBreak: false });
        y += 13;
      }
      doc.font(REGULAR).fontSize(7.5).text(banner.generatedAt, MARGIN, y + 1, { width: g.usable, align: 'right', lineBreak: false });
      doc.font(BOLD).fontSize(9);
      for (const line of banner.report) {
        doc.text(line, MARGIN, y, { lineBreak: false });
        y += 11;
      }
      y += 2;
      doc.font(REGULAR).fontSize(7.5);
      for (const line of banner.filter) {
        doc.text(line, MARGIN, y, { lineBreak: false });
        y += 9.5;
      }
      doc.text(`Page ${this.page} of ${this.pages}`, MARGIN, g.height - MARGIN + 8, { width: g.usable, align: 'right', lineBreak: false });
    }
    if (this.table) this.drawHead(this.table);
  }

  private drawHead(table: Table): void {
    const doc = this.draw;
    if (table.title) {
      if (doc) {
        const y = this.y + TEXT_TOP;
        doc.font(CELL_BOLD).fontSize(FONT_SIZE);
        table.title.forEach((line, i) => doc.text(line, MARGIN, y + i * LINE, { lineBreak: false }));
      }
      this.y += table.title.length * LINE + ROW_PAD;
    }
    this.drawCells(table, table.head, 0, linesOf(table.head), CELL_BOLD);
    this.y += rowHeight(table.head);
    if (doc) doc.moveTo(MARGIN, this.y).lineTo(table.right, this.y).lineWidth(0.5).stroke('#888888');
    this.y += 1;
  }

  private drawRow(cells: string[][], from: number, take: number, font: string, totals: boolean): void {
    const doc = this.draw;
    const table = this.table;
    if (!doc || !table) return;
    if (totals) doc.moveTo(MARGIN, this.y).lineTo(table.right, this.y).lineWidth(0.5).stroke('#888888');
    this.drawCells(table, cells, from, take, font);
    const y = this.y + take * LINE + ROW_PAD;
    doc.moveTo(MARGIN, y).lineTo(table.right, y).lineWidth(0.25).stroke('#d0d0d0');
  }

  /** Lines `from` to `from + take` of each cell, at the current y. */
  private drawCells(table: Table, cells: string[][], from: number, take: number, font: string): void {
    const doc = this.draw;
    if (!doc) return;
    doc.font(font).fontSize(FONT_SIZE).fillColor('#000000');
    const measure = this.fonts.measure(font);
    cells.forEach((lines, i) => {
      const cell = table.cells[i];
      if (!cell) return;
      for (let l = from; l < Math.min(lines.length, from + take); l++) {
        const text = lines[l]!;
        const y = this.y + TEXT_TOP + (l - from) * LINE;
        const width = cell.figure || cell.align === 'right' ? measure(text) : 0;
        if (cell.figure && width > cell.width) {
          // Only on a page too narrow for the headers: a figure is drawn smaller, never cut.
          const size = (FONT_SIZE * cell.width) / width;
          doc.fontSize(size).text(text, cell.x, y + (FONT_SIZE - size) * 0.93, { lineBreak: false });
          doc.fontSize(FONT_SIZE);
          continue;
        }
        doc.text(text, cell.align === 'right' ? cell.x + cell.width - width : cell.x, y, { lineBreak: false });
      }
    });
  }
}

/** The breakdown's rows and totals as cell texts. */
function breakdownTexts(input: ReportFileInput): string[][] {
  const b = input.breakdown;
  if (!b) return [];
  const rows = b.rows.map((row) => b.columns.map((c) => cellText(c, row[c.key])));
  if (hasBreakdownTotals(b)) rows.push(totalsTexts(b.columns, breakdownTotals(b)));
  return rows;
}

function totalsTexts(columns: readonly ReportColumn[], totals: Record<string, number>): string[] {
  return columns.map((c, i) => (i === 0 ? 'Total' : c.total ? cellText(c, totals[c.key] ?? 0) : ''));
}

export const writePdf: ReportWriter = (input, out) =>
  guarded(out, async () => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: MARGIN,
      bufferPages: false,
      autoFirstPage: false,
      font: REGULAR,
      info: { Title: `${input.header.report} — ${input.header.campaign}` },
    });
    doc.on('error', (error) => out.destroy(error)); // the file fails with it
    doc.pipe(out);
    const fonts = new Fonts(doc);
    const cell = fonts.measure(CELL);
    const bold = fonts.measure(CELL_BOLD);

    // 1. Measure every row as it comes, and keep it.
    const stats = new ColumnStats(input.columns);
    const spool = new RowSpool();
    for await (const batch of input.rows) {
      for (const row of batch) {
        const texts = input.columns.map((c) => cellText(c, row[c.key]));
        spool.add({ texts, widths: stats.add(texts, cell) });
        if (spool.rows % FORGET_EVERY === 0) fonts.forgetSome();
      }
    }
    const totals = totalsTexts(input.columns, input.totals);
    stats.add(totals, bold);
    const mainNeeds = stats.needs(bold);
    const b = input.breakdown;
    const extra = breakdownTexts(input);
    const breakdownStats = b ? new ColumnStats(b.columns) : null;
    extra.forEach((texts, i) => breakdownStats?.add(texts, i === b!.rows.length ? bold : cell));
    const breakdownNeeds = breakdownStats?.needs(bold) ?? [];

    // 2. The page: portrait when the tables fit it at their wanted widths; the columns' widths.
    const portrait = geometry('portrait');
    const page = Math.max(wantedWidth(mainNeeds), wantedWidth(breakdownNeeds)) <= portrait.usable ? portrait : geometry('landscape');
    const main = tableOf(input.columns, columnWidths(mainNeeds, page.usable, true), null, fonts, page.usable);
    const side = b && breakdownStats ? tableOf(b.columns, columnWidths(breakdownNeeds, page.usable, false), b.title, fonts, page.usable) : null;
    const banner = bannerOf(input.header, fonts, page.usable);
    const sideRows = side ? extra.map((texts, i) => ({ cells: cellLines(side, texts, null, i === b!.rows.length ? bold : cell), totals: i === b!.rows.length })) : [];
    const totalsCells = cellLines(main, totals, null, bold);

    // 3. Lay the pages out (count them), then draw them the same way.
    const lay = async (flow: PdfFlow, drawn: boolean) => {
      let done = 0;
      let first = true;
      for (const batch of spool.batches()) {
        for (const row of batch) {
          const cells = cellLines(main, row.texts, row.widths, cell);
          if (first) flow.startTable(main, cells, 0);
          first = false;
          flow.row(cells);
          done += 1;
          if (drawn && done % ROOM_EVERY === 0) await waitForRoom(() => doc.readableLength, out, MAX_UNSENT);
          if (done % FORGET_EVERY === 0) fonts.forgetSome();
        }
        if (drawn) input.onProgress?.(done);
        else await nextTurn(); // a long layout leaves the event loop a turn now and then
      }
      if (first) flow.startTable(main, totalsCells, 0);
      flow.row(totalsCells, CELL_BOLD, true);
      if (side && sideRows.length > 0) {
        flow.startTable(side, sideRows[0]!.cells, TABLE_GAP);
        for (const row of sideRows) flow.row(row.cells, row.totals ? CELL_BOLD : CELL, row.totals);
      }
    };
    const counting = new PdfFlow(null, fonts, page, banner, 0);
    await lay(counting, false);
    const drawing = new PdfFlow(doc, fonts, page, banner, counting.page);
    await lay(drawing, true);
    if (drawing.page !== counting.page) throw new Error(`PDF layout drew ${drawing.page} pages, counted ${counting.page}.`);
    doc.end();
    await finished(out, { readable: false });
  });
