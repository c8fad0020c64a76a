/** USD amounts as PayPal writes them (`{ currency_code: 'USD', value: '25.00' }`), kept as integer cents. */
import { issues, paypalError, type StandinError } from './standin-errors';

export interface Money {
  currency_code: 'USD';
  value: string;
}

/** At most 9 digits before the point (PayPal's own limit for USD is of that order). */
const VALUE_PATTERN = /^(\d{1,9})(?:\.(\d+))?$/;

export function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

export function money(cents: number): Money {
  return { currency_code: 'USD', value: formatCents(cents) };
}

/**
 * The cents of a PayPal amount object at `field` (e.g. `/purchase_units/0/amount`), or the PayPal
 * error a client would get: 400 for a missing or malformed value, 422 for a zero or negative value,
 * more than two decimals (DECIMAL_PRECISION) or a currency other than USD.
 */
export function parseAmount(amount: unknown, field: string): number | StandinError {
  if (typeof amount !== 'object' || amount === null || Array.isArray(amount)) return paypalError(400, [issues.missing(field)]);
  const { currency_code: currency, value } = amount as Record<string, unknown>;
  if (currency === undefined) return paypalError(400, [issues.missing(`${field}/currency_code`)]);
  if (value === undefined) return paypalError(400, [issues.missing(`${field}/value`)]);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return paypalError(400, [issues.syntax(`${field}/currency_code`, currency)]);
  if (currency !== 'USD') {
    return paypalError(422, [
      { field: `${field}/currency_code`, value: currency, location: 'body', issue: 'CURRENCY_NOT_SUPPORTED', description: 'Currency code not supported by this test stand-in (USD only).' },
    ]);
  }
  if (typeof value !== 'string') return paypalError(400, [issues.syntax(`${field}/value`, value)]);
  if (/^-\d/.test(value)) return paypalError(422, [issues.badValue(`${field}/value`, value)]);
  const match = VALUE_PATTERN.exec(value);
  if (!match) return paypalError(400, [issues.syntax(`${field}/value`, value)]);
  const fraction = match[2] ?? '';
  if (fraction.length > 2) {
    return paypalError(422, [
      { field: `${field}/value`, value, location: 'body', issue: 'DECIMAL_PRECISION', description: 'If the currency supports decimals, only two decimal place precision is supported.' },
    ]);
  }
  const cents = Number(match[1]) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents <= 0) return paypalError(422, [issues.badValue(`${field}/value`, value)]);
  return cents;
}

/** PayPal's US fee for a domestic payment (3.49 % + $0.49), never more than the amount. */
export function paypalFeeCents(cents: number): number {
  return Math.min(cents, Math.round(cents * 0.0349) + 49);
}
