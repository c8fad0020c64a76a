import { formatDate } from './format';

describe('formatDate', () => {
  it('shows a calendar date as DD-MM-YYYY without a time-zone shift', () => {
    expect(formatDate('2025-03-04')).toBe('04-03-2025');
    expect(formatDate('2024-12-31')).toBe('31-12-2024');
  });

  it('shows a timestamp as its local day', () => {
    expect(formatDate('2025-03-04T12:00:00')).toBe('04-03-2025');
  });

  it('shows nothing for empty or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
