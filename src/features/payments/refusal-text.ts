/**
 * What the giving form says when the server refuses to start a payment (POST /payment/pay-online),
 * other than field errors: the catalogue's text, with the room left for a gift over the limit.
 */
import type { TFunction } from 'i18next';
import { formatCents } from '../../../domain/money';
import { apiErrorCode, apiErrorMessage } from '../../lib/api-error';
import '../../lib/staff-catalogue';

/** Room left (before the donor's limit, or on the pledge) from a COMMITMENT_EXCEEDS_LIMIT / DONATION_EXCEEDS_PLEDGE answer's details. */
function remainingFromDetails(err: unknown): number | null {
  const details = (err as { response?: { data?: { details?: { remaining_cents?: unknown } } } } | null)?.response?.data?.details;
  const remaining = details?.remaining_cents;
  return typeof remaining === 'number' && Number.isFinite(remaining) && remaining >= 0 ? remaining : null;
}

export function refusalText(err: unknown, t: TFunction): string {
  const code = apiErrorCode(err);
  if (code === 'COMMITMENT_EXCEEDS_LIMIT') {
    const remaining = remainingFromDetails(err);
    const room = remaining === null ? '' : remaining > 0 ? t('payments.give.roomLeft', { amount: formatCents(remaining) }) : t('payments.give.noRoomLeft');
    return [apiErrorMessage(err), room].filter(Boolean).join('. ');
  }
  if (code === 'DONATION_EXCEEDS_PLEDGE') {
    // The catalogue's text speaks to staff ("record the rest as a separate gift"): the donor gets the figure.
    const remaining = remainingFromDetails(err);
    return remaining === null ? apiErrorMessage(err) : t('payments.pledge.overRemaining', { amount: formatCents(remaining) });
  }
  return apiErrorMessage(err);
}
