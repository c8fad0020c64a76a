import { expiryState, formatDisplayDate, packageExpiry, remainingUntil } from './package-expiry';

describe('packageExpiry', () => {
  it('adds 12 hours and the purchased years', () => {
    expect(packageExpiry('2024-03-10T00:00:00Z', 1)?.toISOString()).toBe('2025-03-10T12:00:00.000Z');
    expect(packageExpiry('2024-03-10T18:30:00Z', 2)?.toISOString()).toBe('2026-03-11T06:30:00.000Z');
  });

  it('returns null for a missing or invalid date', () => {
    expect(packageExpiry(null, 1)).toBeNull();
    expect(packageExpiry('not a date', 1)).toBeNull();
  });
});

describe('expiryState', () => {
  const purchase = '2024-01-01T00:00:00Z'; // expires 2025-01-01T12:00Z with 1 year

  it('is inactive when the package is INACTIVE', () => {
    expect(expiryState({ package_status: 'INACTIVE', purchase_date: purchase, total_purchased_year: 1 }, new Date('2024-06-01')).state).toBe('inactive');
  });

  it('is inactive once the expiry has passed', () => {
    expect(expiryState({ package_status: 'ACTIVE', purchase_date: purchase, total_purchased_year: 1 }, new Date('2025-01-02')).state).toBe('inactive');
  });

  it('is expiring soon at 30 days or fewer, active before that', () => {
    const pkg = { package_status: 'ACTIVE', purchase_date: purchase, total_purchased_year: 1 };
    expect(expiryState(pkg, new Date('2024-12-02T12:00:00Z')).state).toBe('expiring-soon'); // exactly 30 days
    expect(expiryState(pkg, new Date('2024-12-02T11:59:59Z')).state).toBe('active');
    expect(expiryState(pkg, new Date('2024-06-01')).state).toBe('active');
  });
});

describe('remainingUntil and formatDisplayDate', () => {
  it('splits the remaining time and stops at zero', () => {
    const expiry = new Date('2025-01-02T01:02:03Z');
    expect(remainingUntil(expiry, new Date('2025-01-01T00:00:00Z'))).toMatchObject({ days: 1, hours: 1, minutes: 2, seconds: 3 });
    expect(remainingUntil(expiry, new Date('2026-01-01')).totalMs).toBe(0);
  });

  it('formats DD-MM-YYYY', () => {
    expect(formatDisplayDate(new Date('2025-03-07T12:00:00Z'))).toBe('07-03-2025');
  });
});
