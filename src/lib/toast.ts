import { apiErrorMessage, isRateLimitError } from './api-error';

/**
 * Toasts (react-toastify) load on first use so the first paint does not download them.
 * react-toastify queues toasts raised before its container mounts, then shows them.
 */
type Kind = 'success' | 'error' | 'info';

let hostRequested = false;
const listeners = new Set<() => void>();

export function subscribeToastHost(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastHostRequested(): boolean {
  return hostRequested;
}

/** One toast for "too many requests": the api client and the page that got the error both raise it. */
export const RATE_LIMIT_TOAST_ID = 'rate-limited';

function show(kind: Kind, message: string, toastId?: string): void {
  if (!hostRequested) {
    hostRequested = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-toastify').then(({ toast }) => {
    if (toastId && toast.isActive(toastId)) toast.update(toastId, { render: message });
    else toast[kind](message, toastId ? { toastId } : undefined);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** A calm "please wait" (not an error): at most one on screen, updated with the latest wait. */
  rateLimited: (message: string) => show('info', message, RATE_LIMIT_TOAST_ID),
  /** Shows the catalogue text for an API error (a 429 as the one "please wait N seconds" toast). */
  apiError: (err: unknown) => (isRateLimitError(err) ? show('info', apiErrorMessage(err), RATE_LIMIT_TOAST_ID) : show('error', apiErrorMessage(err))),
};
