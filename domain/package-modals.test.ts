import { purchaseReminderDelayMs, shouldShowExpiryModal, shouldShowPurchaseReminder, showCountdown } from './package-modals';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// purchase 2024-01-01T00:00Z, 1 year → expires 2025-01-01T12:00Z
const purchase = '2024-01-01T00:00:00.000Z';
const expiry = Date.parse('2025-01-01T12:00:00.000Z');
const at = (msBefore: number) => new Date(expiry - msBefore);
const active = { package_status: 'ACTIVE', purchase_date: purchase, total_purchased_year: 1, is_popup_shown: 0 as const, role: 'owner' };

describe('showCountdown (30 days)', () => {
  it('shows at exactly 30 days left and not a millisecond before', () => {
    expect(showCountdown(active, at(30 * DAY))).toBe(true);
    expect(showCountdown(active, at(30 * DAY + 1))).toBe(false);
  });
  it('stops at zero', () => {
    expect(showCountdown(active, at(1))).toBe(true);
    expect(showCountdown(active, at(0))).toBe(false);
    expect(showCountdown(active, at(-DAY))).toBe(false);
  });
  it('never for an inactive package or without a purchase', () => {
    expect(showCountdown({ ...active, package_status: 'INACTIVE' }, at(DAY))).toBe(false);
    expect(showCountdown({ ...active, purchase_date: null }, at(DAY))).toBe(false);
  });
});

describe('shouldShowExpiryModal (7 days)', () => {
  it('opens at exactly 7 days left for owner and manager', () => {
    expect(shouldShowExpiryModal(active, at(7 * DAY))).toBe(true);
    expect(shouldShowExpiryModal({ ...active, role: 'manager' }, at(7 * DAY))).toBe(true);
    expect(shouldShowExpiryModal(active, at(7 * DAY + 1))).toBe(false);
  });
  it('not at zero, not once shown, not for staff, not when INACTIVE', () => {
    expect(shouldShowExpiryModal(active, at(0))).toBe(false);
    expect(shouldShowExpiryModal({ ...active, is_popup_shown: 1 }, at(DAY))).toBe(false);
    expect(shouldShowExpiryModal({ ...active, role: 'staff' }, at(DAY))).toBe(false);
    expect(shouldShowExpiryModal({ ...active, package_status: 'INACTIVE' }, at(DAY))).toBe(false);
  });
});

describe('shouldShowPurchaseReminder', () => {
  const inactive = { package_status: 'INACTIVE' };
  it('opens for an INACTIVE package when not mid-payment', () => {
    expect(shouldShowPurchaseReminder(inactive, { paymentFlag: false, pathname: '/dashboard' })).toBe(true);
    expect(shouldShowPurchaseReminder(inactive, { paymentFlag: true, pathname: '/dashboard' })).toBe(false);
    expect(shouldShowPurchaseReminder(active, { paymentFlag: false, pathname: '/dashboard' })).toBe(false);
  });
  it('is suppressed on purchase package and purchase history', () => {
    expect(shouldShowPurchaseReminder(inactive, { paymentFlag: false, pathname: '/purchase-package' })).toBe(false);
    expect(shouldShowPurchaseReminder(inactive, { paymentFlag: false, pathname: '/purchase-history/' })).toBe(false);
  });
  it('waits 800 ms on bulk history only', () => {
    expect(purchaseReminderDelayMs('/bulk-history')).toBe(800);
    expect(purchaseReminderDelayMs('/dashboard')).toBe(0);
  });
});
