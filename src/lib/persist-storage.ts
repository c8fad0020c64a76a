import type { Storage } from 'redux-persist';

/**
 * redux-persist storage over window.localStorage. (Importing 'redux-persist/lib/storage'
 * yields its CommonJS module object in the production build, not the storage.)
 */
export const localStorageEngine: Storage = {
  getItem: (key: string) => Promise.resolve(window.localStorage.getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(window.localStorage.setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(window.localStorage.removeItem(key)),
};
