/**
 * A PDF table's column widths chosen from its content, and the page orientation that holds it.
 * What each column needs, measured in points (cell font and size) over the header and every value:
 * - `floor`: the least it may get: its header's longest word (a text column), or its widest value
 *   (figures and dates are never broken);
 * - `wanted`: its widest value up to a cap (texts) and never less than the floor;
 * - `natural`: its widest value and its whole header, uncapped (what it takes on one line).
 * Every column gets its wanted width when they all fit; what is left goes to the columns still short
 * of their natural width (in proportion to what they lack), the rest shared by all when the table
 * fills the line. When the wanted widths do not fit, each column keeps its floor (or, when they all
 * can, its longest word) and the room above is shared as evenly as it can be: every column is raised
 * to one level, those that want less than it getting what they want. So the short columns (names,
 * methods, employers) print on one line and the long ones (addresses, reasons) share the rest.
 */

export interface ColumnNeed {
  floor: number;
  /** The widest word of any value (capped like `wanted`); kept whole when the room allows. */
  word: number;
  wanted: number;
  natural: number;
}

export interface ColumnMeasure {
  /** Widest word of the header, and the whole header, in the header's font. */
  headerWord: number;
  header: number;
  /** Widest value, and widest word of any value, in the cell font. */
  value: number;
  valueWord: number;
  /** Figures and dates: never wrapped. */
  figure: boolean;
}

/** Gap between two columns' texts (half on each side of a cell), points. */
export const COLUMN_GAP = 6;

export function columnNeed(m: ColumnMeasure, cap: number): ColumnNeed {
  const pad = COLUMN_GAP;
  if (m.figure) {
    const floor = Math.max(m.headerWord, m.value) + pad;
    return { floor, word: floor, wanted: floor, natural: Math.max(m.header, m.value) + pad };
  }
  const floor = m.headerWord + pad;
  const word = Math.max(floor, Math.min(m.valueWord, cap) + pad);
  const wanted = Math.max(word, Math.min(m.value, cap) + pad);
  return { floor, word, wanted, natural: Math.max(wanted, m.header + pad, m.value + pad) };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Shares `room` over `base` in proportion to `weights` (evenly when they are all 0). */
function share(base: readonly number[], weights: readonly number[], room: number): number[] {
  const total = sum(weights);
  return base.map((b, i) => b + (total > 0 ? (room * weights[i]!) / total : room / base.length));
}

/** Widths (cell plus gap, points) of the columns in `usable` points; `fill`: the table spans the whole line. */
export function columnWidths(needs: readonly ColumnNeed[], usable: number, fill: boolean): number[] {
  if (needs.length === 0) return [];
  const wanted = needs.map((n) => n.wanted);
  if (sum(wanted) <= usable) {
    const natural = needs.map((n) => n.natural);
    const short = needs.map((n) => n.natural - n.wanted);
    const room = usable - sum(wanted);
    if (sum(natural) > usable) return share(wanted, short, room);
    if (!fill) return natural;
    return share(natural, natural, usable - sum(natural));
  }
  const words = needs.map((n) => n.word);
  const base = sum(words) <= usable ? words : needs.map((n) => n.floor);
  if (sum(base) > usable) return base.map((b) => (b * usable) / sum(base)); // a page too narrow even for the headers: figures drawn smaller
  // The level every column is raised to (never under its base, never over what it wants): found by halving.
  const at = (level: number) => needs.map((n, i) => Math.min(n.wanted, Math.max(base[i]!, level)));
  let low = 0;
  let high = Math.max(...wanted);
  for (let step = 0; step < 60; step++) {
    const mid = (low + high) / 2;
    if (sum(at(mid)) <= usable) low = mid;
    else high = mid;
  }
  return at(low);
}

/** The width the table takes on one line, each column at its wanted width. */
export const wantedWidth = (needs: readonly ColumnNeed[]): number => sum(needs.map((n) => n.wanted));
