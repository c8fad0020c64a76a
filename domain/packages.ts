/**
 * Campaign package prices: a package buys whole years of service (SPEC §1 "yearly plans").
 * OUR OWN pricing (the spec shows none), in integer cents: 1 year $300, 2 years $550, 3 years $780.
 * Package expiry is domain/package-expiry.ts. Purchase type key for payments: PACKAGE.
 * Pure TypeScript: no React, no Node.
 */
import type { PackagePriceItem } from './campaign';

export const PACKAGE_PURCHASE_TYPE = 'PACKAGE';

export const PACKAGE_PRICES: readonly PackagePriceItem[] = [
  { package_id: '1-year', years: 1, label: '1 year', price_cents: 30_000, currency: 'USD' },
  { package_id: '2-years', years: 2, label: '2 years', price_cents: 55_000, currency: 'USD' },
  { package_id: '3-years', years: 3, label: '3 years', price_cents: 78_000, currency: 'USD' },
];

export const PACKAGE_MAX_YEARS = PACKAGE_PRICES[PACKAGE_PRICES.length - 1].years;

/** The price of `years` years, or null when no package has that length. */
export function packagePrice(years: number): PackagePriceItem | null {
  return PACKAGE_PRICES.find((p) => p.years === years) ?? null;
}
