import type { Storage } from 'redux-persist';

/** The page's localStorage, or null once there is none (a torn-down test environment, a worker). */
function local(): globalThis.Storage | null {
  return typeof window === 'undefined' || !window.localStorage ? null : window.localStorage;
}

/**
 * redux-persist storage over window.localStorage. (Importing 'redux-persist/lib/storage'
 * yields its CommonJS module object in the production build, not the storage.) A write that
 * arrives after the page is gone is dropped instead of throwing from a timer.
 */
export const localStorageEngine: Storage = {
  getItem: (key: string) => Promise.resolve(local()?.getItem(key) ?? null),
  setItem: (key: string, value: string) => Promise.resolve(local()?.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(local()?.removeItem(key)),
};
