/**
 * When the package modals and the countdown show (SPEC §4, §6). Pure; no React, no Node.
 * Expiry arithmetic is domain/package-expiry.ts.
 */
import { canPurchasePackages } from './permissions';
import { EXPIRY_POPUP_DAYS, EXPIRY_WARNING_DAYS, packageExpiry } from './package-expiry';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PackageCampaign {
  role?: string | null;
  package_status?: string | null;
  purchase_date?: string | Date | null;
  total_purchased_year?: number | null;
  is_popup_shown?: 0 | 1 | number | null;
}

/** Milliseconds left before the package expires (may be ≤ 0), or null without a purchase. */
export function msUntilExpiry(campaign: PackageCampaign, now: Date): number | null {
  const expiry = packageExpiry(campaign.purchase_date, campaign.total_purchased_year);
  return expiry ? expiry.getTime() - now.getTime() : null;
}

/** The countdown block shows only while 30 days or fewer (and more than zero) remain on an ACTIVE package. */
export function showCountdown(campaign: PackageCampaign, now: Date): boolean {
  if (campaign.package_status !== 'ACTIVE') return false;
  const left = msUntilExpiry(campaign, now);
  return left !== null && left > 0 && left <= EXPIRY_WARNING_DAYS * DAY_MS;
}

/** Expiry modal: owner or manager, package ACTIVE, popup not shown yet, 7 days or fewer (and more than zero) left. */
export function shouldShowExpiryModal(campaign: PackageCampaign, now: Date): boolean {
  if (!canPurchasePackages(campaign.role) || campaign.package_status !== 'ACTIVE' || campaign.is_popup_shown === 1) return false;
  const left = msUntilExpiry(campaign, now);
  return left !== null && left > 0 && left <= EXPIRY_POPUP_DAYS * DAY_MS;
}

/** Pages where the purchase reminder never shows (it would cover the purchase itself). */
export const PURCHASE_REMINDER_SUPPRESSED_PATHS: readonly string[] = ['/purchase-package', '/purchase-history'];

/** Purchase-reminder modal: package INACTIVE, not mid-payment, not on the purchase pages. */
export function shouldShowPurchaseReminder(campaign: PackageCampaign, options: { paymentFlag: boolean; pathname: string }): boolean {
  if (campaign.package_status !== 'INACTIVE' || options.paymentFlag) return false;
  const path = options.pathname.replace(/\/+$/, '') || '/';
  return !PURCHASE_REMINDER_SUPPRESSED_PATHS.includes(path);
}

/** On bulk history the reminder waits 800 ms (SPEC §9); elsewhere it opens at once. */
export function purchaseReminderDelayMs(pathname: string): number {
  return pathname.replace(/\/+$/, '') === '/bulk-history' ? 800 : 0;
}
