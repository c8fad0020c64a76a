/**
 * Wrapping a cell's text (pdf-text-wrap.ts) with a measure of one point per character: lines break
 * between words, a word wider than the column after a soft break ('@', '.', '-'…) or between letters,
 * newlines are kept, and the lines hold every character of the value.
 */
import { describe, expect, it } from 'vitest';
import { widestWord, wrapText } from './pdf-text-wrap';

const measure = (text: string) => Array.from(text).length;

describe('wrapText', () => {
  it('keeps a text that fits on one line, and gives no lines for an empty one', () => {
    expect(wrapText('Acme Corp', 9, measure)).toEqual(['Acme Corp']);
    expect(wrapText('', 9, measure)).toEqual([]);
  });

  it('breaks between words, each line within the width', () => {
    const lines = wrapText('2300 Adam Clayton Powell Jr Boulevard, New York', 16, measure);
    expect(lines).toEqual(['2300 Adam', 'Clayton Powell', 'Jr Boulevard,', 'New York']);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(16);
  });

  it('breaks a word wider than the column after a soft break, else between letters, dropping nothing', () => {
    const email = 'treasurer@friendsofmarialopez.example.org';
    const lines = wrapText(email, 20, measure);
    expect(lines[0]).toBe('treasurer@');
    expect(lines.join('')).toBe(email);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(20);
    expect(wrapText('Supercalifragilistic', 6, measure)).toEqual(['Superc', 'alifra', 'gilist', 'ic']);
  });

  it('keeps the value’s own line breaks', () => {
    expect(wrapText('Paid by check\nsee memo', 40, measure)).toEqual(['Paid by check', 'see memo']);
  });

  it('measures the widest word', () => {
    expect(widestWord('Not matchable because', measure)).toBe(9);
  });
});
