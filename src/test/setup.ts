import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
  setHardNavigate(null);
  document.title = '';
});

// No real socket in unit tests: a silent fake unless a test installs its own.
beforeEach(() => {
  setSocketFactory(() => ({ on: () => undefined, disconnect: () => undefined }));
});
