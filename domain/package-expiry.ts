/** Package expiry (SPEC §4): purchase date + 12 hours + purchased years. Pure; no React, no Node. */

export const EXPIRY_WARNING_DAYS = 30;
export const EXPIRY_POPUP_DAYS = 7;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface PackageInfo {
  package_status?: 'ACTIVE' | 'INACTIVE' | string | null;
  purchase_date?: string | Date | null;
  total_purchased_year?: number | null;
}

export type ExpiryState = 'inactive' | 'expiring-soon' | 'active';

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

/** Expiry instant, or null when the purchase date is missing or invalid. */
export function packageExpiry(purchaseDate: string | Date | null | undefined, years: number | null | undefined): Date | null {
  if (purchaseDate == null || purchaseDate === '') return null;
  const start = purchaseDate instanceof Date ? new Date(purchaseDate.getTime()) : new Date(purchaseDate);
  if (Number.isNaN(start.getTime())) return null;
  const expiry = new Date(start.getTime() + 12 * HOUR_MS);
  expiry.setUTCFullYear(expiry.getUTCFullYear() + Math.max(0, Math.trunc(years ?? 0)));
  return expiry;
}

/**
 * The service period one package added: a package bought while none was active starts on its
 * purchase date; one that extended an active package starts where the earlier years ended.
 * Both ends as YYYY-MM-DD (UTC), the end being the package's expiry day.
 */
export function packagePeriod(pkg: { years: number; purchaseDate: Date; expiresAt: Date; createdAt: Date }): { from: string; to: string } {
  const extended = pkg.purchaseDate.getTime() < pkg.createdAt.getTime();
  const from = new Date(pkg.expiresAt.getTime());
  from.setUTCFullYear(from.getUTCFullYear() - pkg.years);
  return { from: (extended ? from : pkg.purchaseDate).toISOString().slice(0, 10), to: pkg.expiresAt.toISOString().slice(0, 10) };
}

/** Time left until `expiry`, clamped at zero. */
export function remainingUntil(expiry: Date, now: Date): Remaining {
  const totalMs = Math.max(0, expiry.getTime() - now.getTime());
  const totalSeconds = Math.floor(totalMs / 1000);
  return {
    days: Math.floor(totalSeconds / 86400),
    hours: Math.floor((totalSeconds % 86400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    totalMs,
  };
}

/** Sidebar expiry card state: inactive, expiring soon (≤ 30 days left), or active. */
export function expiryState(pkg: PackageInfo, now: Date): { state: ExpiryState; expiry: Date | null } {
  const expiry = packageExpiry(pkg.purchase_date, pkg.total_purchased_year);
  if (pkg.package_status !== 'ACTIVE' || !expiry || expiry.getTime() <= now.getTime()) {
    return { state: 'inactive', expiry };
  }
  const soon = expiry.getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * DAY_MS;
  return { state: soon ? 'expiring-soon' : 'active', expiry };
}

/** Formats a date as DD-MM-YYYY (UTC). */
export function formatDisplayDate(date: Date): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${date.getUTCFullYear()}`;
}
