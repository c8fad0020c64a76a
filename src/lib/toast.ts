import { apiErrorMessage, isRateLimitError } from './api-error';

/**
 * Toasts (react-toastify) load on first use so the first paint does not download them. A toast
 * raised before the container has mounted waits for it (toastContainerMounted).
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

let markContainerReady: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => {
  markContainerReady = resolve;
});

/** The container has mounted (toast-host.tsx): toasts raised until now are shown. */
export function toastContainerMounted(): void {
  markContainerReady();
}

function show(kind: Kind, message: string, toastId?: string): void {
  if (!hostRequested) {
    hostRequested = true;
    listeners.forEach((listener) => listener());
  }
  // Raised only once the container is there: react-toastify's own queue for toasts raised before
  // it lost the first toast of a page in Chromium (e.g. 'Donor added successfully').
  void Promise.all([import('react-toastify'), containerReady]).then(([{ toast }]) => {
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
