/**
 * Money is integer cents end to end (ARCHITECTURE §4). These helpers turn what a person types into
 * cents and cents into text; nothing else in the product does arithmetic on dollars.
 * Pure: no React, no Node.
 */

/** Largest single amount accepted anywhere: $10,000,000.00 (fits an int4 cents column; sums are bigint). */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

const AMOUNT_PATTERN = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** '1,234.5' → 123450; '$20' → 2000; null for anything that is not a plain non-negative amount. */
export function parseAmountToCents(text: string): number | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const dollars = Number(match[1]!.replace(/,/g, ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0') || '0');
  const total = dollars * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 123450 → '$1,234.50'; negative amounts → '-$12.00'. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** 123450 → '1234.50' (a form input's value). */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
