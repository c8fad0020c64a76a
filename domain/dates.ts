/**
 * Calendar days as the product carries them: 'YYYY-MM-DD' strings (compared as text, which orders
 * ISO dates correctly), computed in UTC so that no time zone shifts a day. Pure: no React, no Node.
 */

export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** True for 'YYYY-MM-DD' naming a real calendar day ('2025-02-30' is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** 'YYYY-MM-DD' of `date` in UTC. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` ± `days` ('YYYY-MM-DD'). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDay(new Date(Date.UTC(y, m - 1, d + days)));
}
