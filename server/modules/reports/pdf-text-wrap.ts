/**
 * A cell's text as the lines it takes in a column of a given width (the PDF writer draws each line
 * itself, so the row's height is known before anything is drawn). Lines break between words; a word
 * wider than the column breaks after a hyphen, slash, '@', '.' or ',' when one fits, else between
 * letters. Nothing is ever dropped: the lines joined again hold every character of the value.
 */

/** The width, in points, of a string in the cell's font and size. */
export type Measure = (text: string) => number;

/** Characters after which a word too wide for its column may break. */
const SOFT_BREAK = /[-/@.,_]/;

/** The longest start of `word` that fits `width` (at least one character), preferring a soft break. */
function fittingPart(word: string, width: number, measure: Measure): string {
  const chars = Array.from(word);
  let low = 1;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(chars.slice(0, mid).join('')) <= width) low = mid;
    else high = mid - 1;
  }
  for (let i = low; i > 1; i--) if (SOFT_BREAK.test(chars[i - 1]!)) return chars.slice(0, i).join('');
  return chars.slice(0, low).join('');
}

function wrapParagraph(paragraph: string, width: number, measure: Measure, lines: string[]): void {
  const words = paragraph.split(/[ \t]+/).filter((w) => w !== '');
  const space = measure(' ');
  let current = '';
  let used = 0;
  for (let word of words) {
    // pdfkit measures a line word by word too (its layout cache is per word): the sum is the line's width.
    const wide = measure(word);
    if (current !== '' && used + space + wide <= width) {
      current = `${current} ${word}`;
      used += space + wide;
      continue;
    }
    if (current !== '') lines.push(current);
    let rest = wide;
    while (rest > width) {
      const part = fittingPart(word, width, measure);
      lines.push(part);
      word = word.slice(part.length);
      rest = measure(word);
    }
    current = word;
    used = rest;
  }
  lines.push(current);
}

/** Widths are sums of fractions: a text this much wider than its room still fits it. */
const SLACK = 0.01;

/** `text` as lines no wider than `width` (one line when it fits; '' gives no lines). */
export function wrapText(text: string, room: number, measure: Measure, naturalWidth = measure(text)): string[] {
  if (text === '') return [];
  const width = room + SLACK;
  if (naturalWidth <= width && !/[\r\n]/.test(text)) return [text];
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) wrapParagraph(paragraph, width, measure, lines);
  return lines;
}

/** The widest word of `text` (what a column must give it for no word to break). */
export function widestWord(text: string, measure: Measure): number {
  let widest = 0;
  for (const word of text.split(/\s+/)) if (word !== '') widest = Math.max(widest, measure(word));
  return widest;
}
