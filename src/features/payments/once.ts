/**
 * Once-per-payment requests of the return pages (capture on /payment-success, cancel on /payment-error).
 * React StrictMode runs effects twice and a page may mount again in the same tab: the first call's
 * promise is kept per payment and handed to every later caller, so the POST goes out once.
 */
const started = new Map<string, Promise<unknown>>();

export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run();
    started.set(key, promise);
  }
  return promise;
}

/** Lets `key` run again (a "Confirm again" after a network failure). */
export function forget(key: string): void {
  started.delete(key);
}

/** Tests: every payment may run again. */
export function forgetAll(): void {
  started.clear();
}
