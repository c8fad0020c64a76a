import { describe, expect, it } from 'vitest';
import { addDays, isIsoDate } from './dates';

describe('dates', () => {
  it('date helpers', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-2-1')).toBe(false);
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});
