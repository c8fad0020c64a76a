/**
 * What the giving form says when the server refuses to start a payment (POST /payment/pay-online),
 * other than field errors, in the donor's words: the staff routes' catalogue texts (SPEC §8, e.g.
 * "Commitment amount will exceed donation limit") are for campaign staff and never shown here.
 * The payment codes' catalogue texts (PAYMENT_*, GIVING_UNAVAILABLE, PLEDGE_ALREADY_PAID) already
 * speak to the donor; every other code a donor can meet has its own text (payments.give.donorErrors).
 */
import type { TFunction } from 'i18next';
import { formatCents } from '../../../domain/money';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-error';
import '../../lib/donor-catalogue';

/** A whole number of cents ≥ 0 from an answer's details (COMMITMENT_EXCEEDS_LIMIT, DONATION_EXCEEDS_PLEDGE). */
function centsFromDetails(err: unknown, name: 'remaining_cents' | 'limit_cents'): number | null {
  const details = (err as { response?: { data?: { details?: Record<string, unknown> } } } | null)?.response?.data?.details;
  const value = details?.[name];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function refusalText(err: unknown, t: TFunction): string {
  const code = apiErrorCode(err);
  if (code === 'COMMITMENT_EXCEEDS_LIMIT') {
    const limit = centsFromDetails(err, 'limit_cents');
    const remaining = centsFromDetails(err, 'remaining_cents');
    const shown = limit === null ? t('payments.give.yourLimit') : formatCents(limit);
    if (remaining === null) return t('payments.give.overLimit', { limit: shown });
    if (remaining === 0) return t('payments.give.overLimitNoRoom', { limit: shown });
    return t('payments.give.overLimitRoom', { limit: shown, amount: formatCents(remaining) });
  }
  if (code === 'DONATION_EXCEEDS_PLEDGE') {
    // The catalogue's text speaks to staff ("record the rest as a separate gift"): the donor gets the figure.
    const remaining = centsFromDetails(err, 'remaining_cents');
    return remaining === null ? t('payments.pledge.overRemainingUnknown') : t('payments.pledge.overRemaining', { amount: formatCents(remaining) });
  }
  const key = `payments.give.donorErrors.${code}`;
  if (code && t(key, { defaultValue: '' })) return t(key);
  return apiErrorMessage(err);
}
