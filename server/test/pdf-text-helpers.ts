/**
 * Reading report PDFs as a person does, through `pdftotext -layout` (poppler): a page's text, the
 * page count, and whether a value of a table row is printed whole in its cell, wrapped or not.
 */
import { execFileSync } from 'node:child_process';

/** The PDF's text laid out as on paper (one page, or all). */
export function pdfText(path: string, page?: number): string {
  const range = page ? ['-f', String(page), '-l', String(page)] : [];
  return execFileSync('pdftotext', ['-layout', ...range, path, '-']).toString('utf8');
}

export function pdfPages(path: string): number {
  return Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path]).toString('utf8'))![1]);
}

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each printing of the table row whose first line matches `first` (on any page of `text`): that line
 * and the ones under it that continue its cells (a wrapped cell's next lines), up to the next line
 * that starts a row of its own (text where the row's first cell starts), a blank line or the page's end.
 */
export function rowBlocks(text: string, first: RegExp): string[][] {
  const lines = text.split('\n');
  const blocks: string[][] = [];
  lines.forEach((line, at) => {
    if (!first.test(line)) return;
    const start = line.search(/\S/);
    const block = [line];
    for (const next of lines.slice(at + 1)) {
      if (next.trim() === '' || /\S/.test(next.slice(0, start + 1))) break;
      block.push(next);
    }
    blocks.push(block);
  });
  return blocks;
}

/**
 * Whether `value` is printed whole in the row: its first word starts a cell on one of the row's lines
 * and every next word follows it on that line (one space) or starts the next line at the cell's left
 * edge (a cell wrapped between words). A value cut with '…' or run into the next cell is not whole.
 */
export function wholeInRow(row: readonly string[], value: string): boolean {
  const words = value.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return true;
  for (let l = 0; l < row.length; l++) {
    const starts = [...row[l]!.matchAll(new RegExp(`(?<=^|\\s)${escapeRegExp(words[0]!)}`, 'g'))].map((m) => m.index);
    for (const column of starts) {
      let line = l;
      let pos = column + words[0]!.length;
      let whole = true;
      for (const word of words.slice(1)) {
        if (row[line]!.startsWith(` ${word}`, pos)) {
          pos += word.length + 1;
          continue;
        }
        // The next line, at the cell's left edge: pdftotext puts text on a grid of characters, so an edge
        // may land a few characters off where the cell beside it is full.
        const next = row[line + 1];
        const edge = [0, -1, 1, -2, 2, -3, 3, -4, 4, -5, 5, -6, 6].map((d) => column + d).find((p) => p >= 0 && next?.startsWith(word, p) && (p === 0 || next[p - 1] === ' '));
        if (edge !== undefined) {
          line += 1;
          pos = edge + word.length;
          continue;
        }
        whole = false;
        break;
      }
      // The cell ends with the value: what follows on its last line is a gap (or the line's end).
      if (whole && /^(\s|$)/.test(row[line]!.slice(pos))) return true;
    }
  }
  return false;
}
