import { describe, expect, it } from 'vitest';
import { formatCents } from '../money';
import type { ReportColumn } from './api-contract';
import { cellText, dayText, moneyText } from './cells';

const column = (kind: ReportColumn['kind']): ReportColumn => ({ key: 'k', header: 'K', kind, width: 8 });

describe('cell texts', () => {
  it('shows money, days and counts as people read them', () => {
    expect(moneyText(123_456)).toBe('$1,234.56');
    expect(moneyText(-1_200)).toBe('-$12.00');
    expect(moneyText(5)).toBe('$0.05');
    expect(dayText('2025-01-02')).toBe('02-01-2025');
    expect(cellText(column('money'), 1_234_567)).toBe('$12,345.67');
    expect(cellText(column('date'), '2029-12-31')).toBe('31-12-2029');
    expect(cellText(column('count'), 1234)).toBe('1,234');
    expect(cellText(column('text'), null)).toBe('');
  });

  it('shows phones as people write them, texts as they are, and nothing for an empty cell', () => {
    expect(cellText(column('phone'), '7185550102')).toBe('(718) 555-0102');
    expect(cellText(column('phone'), '+442071838750')).toBe('+44 20 7183 8750');
    expect(cellText(column('text'), '12 Main St')).toBe('12 Main St');
    for (const kind of ['text', 'date', 'money', 'count', 'phone'] as const) {
      expect(cellText(column(kind), ''), kind).toBe('');
      expect(cellText(column(kind), undefined), kind).toBe('');
    }
  });

  it('a money cell reads as the rest of the app writes amounts (formatCents), zero included', () => {
    for (const cents of [0, 1, 99, 100, 123_456, 99_999_999, 1_000_000_000, -1, -1_200, -123_456_789]) {
      expect(cellText(column('money'), cents), String(cents)).toBe(formatCents(cents));
    }
    // Amounts come as strings from some sources (a bigint sum); a negative zero is no '-$0.00'.
    expect(cellText(column('money'), '250000')).toBe('$2,500.00');
    expect(cellText(column('money'), -0)).toBe('$0.00');
  });
});
