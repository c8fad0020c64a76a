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
    return i18n.t(`errors.${code}`);
  }
  return i18n.t(FALLBACK_ERROR_KEY);
}
