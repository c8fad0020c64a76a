import { apiErrorMessage } from './api-error';

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

function show(kind: Kind, message: string): void {
  if (!hostRequested) {
    hostRequested = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-toastify').then(({ toast }) => {
    toast[kind](message);
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /** Shows the catalogue text for an API error. */
  apiError: (err: unknown) => show('error', apiErrorMessage(err)),
};
