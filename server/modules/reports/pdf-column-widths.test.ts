/**
 * Column widths from the content (pdf-column-widths.ts): every column its wanted width when they fit
 * (the rest to those still short), and when they do not: figures keep their widest value, text
 * columns at least their header's longest word, short columns whole, long ones sharing the rest.
 */
import { describe, expect, it } from 'vitest';
import { COLUMN_GAP, columnNeed, columnWidths, type ColumnMeasure } from './pdf-column-widths';

const text = (headerWord: number, value: number, valueWord = Math.min(value, 40)): ColumnMeasure => ({ headerWord, header: headerWord, value, valueWord, figure: false });
const figure = (value: number): ColumnMeasure => ({ headerWord: 20, header: 20, value, valueWord: value, figure: true });
const CAP = 150;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('columnWidths', () => {
  it('gives each column its whole value when the table fits, and shares the rest when it fills the line', () => {
    const needs = [figure(40), text(20, 60), text(30, 100)].map((m) => columnNeed(m, CAP));
    expect(columnWidths(needs, 400, false)).toEqual([40 + COLUMN_GAP, 60 + COLUMN_GAP, 100 + COLUMN_GAP]);
    const filled = columnWidths(needs, 400, true);
    expect(sum(filled)).toBeCloseTo(400, 6);
    filled.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(needs[i]!.natural));
  });

  it('caps a long text column, then gives it what is left before the others', () => {
    const needs = [text(20, 60), text(30, 400)].map((m) => columnNeed(m, CAP));
    expect(needs[1]!.wanted).toBe(CAP + COLUMN_GAP);
    const widths = columnWidths(needs, 300, true);
    expect(widths[0]).toBeCloseTo(60 + COLUMN_GAP, 6);
    expect(widths[1]).toBeCloseTo(300 - 60 - COLUMN_GAP, 6);
  });

  it('when the columns do not fit: figures keep their widest value, short texts stay whole, long ones share the rest', () => {
    const measures = [figure(45), figure(45), text(25, 50), text(30, 300), text(40, 300), text(20, 30)];
    const needs = measures.map((m) => columnNeed(m, CAP));
    const widths = columnWidths(needs, 420, true);
    expect(sum(widths)).toBeCloseTo(420, 6);
    expect(widths[0]).toBe(45 + COLUMN_GAP);
    expect(widths[1]).toBe(45 + COLUMN_GAP);
    expect(widths[2]).toBeCloseTo(50 + COLUMN_GAP, 6);
    expect(widths[5]).toBeCloseTo(30 + COLUMN_GAP, 6);
    expect(widths[3]).toBeCloseTo(widths[4]!, 6);
    widths.forEach((w, i) => expect(w).toBeGreaterThanOrEqual(needs[i]!.floor - 1e-9));
  });
});
