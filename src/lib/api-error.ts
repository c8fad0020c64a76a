import { i18n } from './i18n';

export const FALLBACK_ERROR_KEY = 'errors.SOMETHING_WENT_WRONG';

/** The error code of an API error body `{ code, message }`, if any (no axios import: keeps login light). */
export function apiErrorCode(err: unknown): string | undefined {
  if (!err || typeof err !== 'object' || !('response' in err)) return undefined;
  const data = (err as { response?: { data?: unknown } }).response?.data;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** Maps an API error body `{ code, message }` to the catalogue text (SPEC §8). */
export function apiErrorMessage(err: unknown): string {
  const code = apiErrorCode(err);
  if (code && /^[A-Z0-9_]+$/.test(code) && i18n.exists(`errors.${code}`)) {
    // `details` fill placeholders such as IMAGE_TOO_SMALL's {{width}}X{{height}}.
    return i18n.t(`errors.${code}`, errorDetails(err) ?? {});
  }
  return i18n.t(FALLBACK_ERROR_KEY);
}

function errorDetails(err: unknown): Record<string, unknown> | undefined {
  if (!err || typeof err !== 'object' || !('response' in err)) return undefined;
  const data = (err as { response?: { data?: unknown } }).response?.data;
  const details = data && typeof data === 'object' ? (data as { details?: unknown }).details : undefined;
  return details && typeof details === 'object' ? (details as Record<string, unknown>) : undefined;
}

/** `details.fields` of a 400 VALIDATION_ERROR: `{ field: message }`. */
export function apiFieldErrors(err: unknown): Record<string, string> {
  const fields = errorDetails(err)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** `details.retry_after` (seconds) of a 429. */
export function apiRetryAfter(err: unknown): number | undefined {
  const value = errorDetails(err)?.retry_after;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/** The catalogue text of a success `message_code` (SPEC §8), or the fallback key's text. */
export function successMessage(messageCode: unknown, fallbackKey: string): string {
  if (typeof messageCode === 'string' && /^[A-Z0-9_]+$/.test(messageCode) && i18n.exists(`messages.${messageCode}`)) {
    return i18n.t(`messages.${messageCode}`);
  }
  return i18n.t(fallbackKey);
}
