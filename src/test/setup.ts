import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { stopPersisting } from '../app/store';
import { setLazyPageDelay } from '../lib/lazy-page';
import { i18n } from '../lib/i18n';
import { setHardNavigate } from '../lib/navigation';
import { setSocketFactory } from '../lib/permission-socket';
import { clearCookies } from '../lib/session';

setLazyPageDelay(0);
// Lazy page and layout chunks compile on first import under vitest; allow for a cold start.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(async () => {
  cleanup();
  // No store may write to localStorage after its test (nor after the page environment is gone).
  await stopPersisting();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  setHardNavigate(null);
  document.title = '';
});

// The client project runs its files one after another in one process (vite.config.ts, isolate:
// false): what a file leaves behind must not reach the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  document.body.innerHTML = '';
});

// No real socket in unit tests: a silent fake unless a test installs its own.
beforeEach(() => {
  setSocketFactory(() => ({ on: () => undefined, disconnect: () => undefined }));
});
