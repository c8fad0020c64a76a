import { i18n } from './i18n';

export const FALLBACK_ERROR_KEY = 'errors.SOMETHING_WENT_WRONG';

/** The error code of an API error body `{ code, message }`, if any (no axios import: keeps login light). */
export function apiErrorCode(err: unknown): string | undefined {
  if (!err || typeof err !== 'object' || !('response' in err)) return undefined;
  const data = (err as { response?: { data?: unknown } }).response?.data;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** The HTTP status of an API error, if any. */
function apiStatus(err: unknown): number | undefined {
  if (!err || typeof err !== 'object' || !('response' in err)) return undefined;
  const status = (err as { response?: { status?: unknown } }).response?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * A 429 of the request budget (`RATE_LIMITED`, or a 429 without our body, e.g. from a proxy).
 * 429s with their own meaning (ATTEMPT_LIMIT_EXCEEDED, REQUEST_LIMIT_EXCEEDED) keep their texts.
 */
export function isRateLimitError(err: unknown): boolean {
  if (apiStatus(err) !== 429) return false;
  const code = apiErrorCode(err);
  return code === undefined || code === 'RATE_LIMITED';
}

/** "Too many requests — please wait N seconds" (or "a moment" when the wait is unknown). */
export function rateLimitMessage(seconds: number | undefined): string {
  return seconds ? i18n.t('app.tooManyRequests', { count: seconds }) : i18n.t('app.tooManyRequestsMoment');
}

/** Maps an API error body `{ code, message }` to the catalogue text (SPEC §8). */
export function apiErrorMessage(err: unknown): string {
  if (isRateLimitError(err)) return rateLimitMessage(apiRetryAfter(err));
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

/**
 * The wait (seconds) of a 429: `details.retry_after`, else the `Retry-After` header (seconds or an
 * HTTP date; a cross-origin API must expose it for the browser to let us read it).
 */
export function apiRetryAfter(err: unknown): number | undefined {
  const value = errorDetails(err)?.retry_after;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.ceil(value);
  return retryAfterHeader(err);
}

function retryAfterHeader(err: unknown): number | undefined {
  if (!err || typeof err !== 'object' || !('response' in err)) return undefined;
  const headers = (err as { response?: { headers?: unknown } }).response?.headers;
  if (!headers || typeof headers !== 'object') return undefined;
  const getter = (headers as { get?: unknown }).get;
  const raw = typeof getter === 'function' ? (getter as (name: string) => unknown).call(headers, 'retry-after') : (headers as Record<string, unknown>)['retry-after'];
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const text = String(raw).trim();
  if (/^\d+$/.test(text)) return Number(text) > 0 ? Number(text) : undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  const seconds = Math.ceil((at - Date.now()) / 1000);
  return seconds > 0 ? seconds : undefined;
}

/** The catalogue text of a success `message_code` (SPEC §8), or the fallback key's text. */
export function successMessage(messageCode: unknown, fallbackKey: string): string {
  if (typeof messageCode === 'string' && /^[A-Z0-9_]+$/.test(messageCode) && i18n.exists(`messages.${messageCode}`)) {
    return i18n.t(`messages.${messageCode}`);
  }
  return i18n.t(fallbackKey);
}
