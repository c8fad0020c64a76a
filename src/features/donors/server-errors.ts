import { apiErrorCode } from '../../lib/api-error';

/** `details` of an API error body, if any. */
export function apiErrorDetails(err: unknown): Record<string, unknown> {
  const data = (err as { response?: { data?: { details?: unknown } } } | null)?.response?.data;
  const details = data && typeof data === 'object' ? data.details : undefined;
  return details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
}

/** The id of the donor a 409 DONOR_ALREADY_EXISTS points at (details.donor_id or details.existing_donor_id). */
export function existingDonorId(err: unknown): string | null {
  if (apiErrorCode(err) !== 'DONOR_ALREADY_EXISTS') return null;
  const details = apiErrorDetails(err);
  const id = details.donor_id ?? details.existing_donor_id;
  return typeof id === 'string' && id !== '' ? id : null;
}
