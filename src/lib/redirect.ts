import { paths } from '../config/paths';

/**
 * Where to land after sign-in: `redirect_to` when it is a same-origin relative path starting with
 * a single '/' (no scheme, no '//' or '/\' host tricks, no control characters); else the dashboard.
 */
export function safeRedirectPath(redirectTo: string | null | undefined, origin = window.location.origin): string {
  if (!redirectTo || !redirectTo.startsWith('/') || redirectTo.startsWith('//') || redirectTo.startsWith('/\\')) return paths.dashboard;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(redirectTo)) return paths.dashboard;
  try {
    const url = new URL(redirectTo, origin);
    if (url.origin !== origin) return paths.dashboard;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return target.startsWith(paths.login) ? paths.dashboard : target;
  } catch {
    return paths.dashboard;
  }
}
