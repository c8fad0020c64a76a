import { createInstance } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { detectLanguages, languageDetector } from './language-detector';

function at(search: string) {
  window.history.replaceState(null, '', `/auth/login${search}`);
}

afterEach(() => {
  at('');
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
});

/** The language whose text the app shows, as the app's i18n is set up (src/lib/i18n.ts). */
async function chosen(): Promise<string> {
  const i18n = createInstance();
  await i18n.use(languageDetector).init({
    resources: { en: { translation: { which: 'en' } }, bn: { translation: { which: 'bn' } } },
    fallbackLng: 'en',
    supportedLngs: ['en', 'bn'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
  });
  return i18n.t('which');
}

describe('language detection (SPEC §1 order: query string, cookie, localStorage, sessionStorage, navigator, html tag)', () => {
  it('takes each source in order, the first one that names a supported language winning', async () => {
    document.documentElement.setAttribute('lang', 'bn');
    sessionStorage.setItem('i18nextLng', 'fr');
    localStorage.setItem('i18nextLng', 'bn');
    document.cookie = 'i18next=en; path=/';
    at('?lng=bn');
    expect(detectLanguages().slice(0, 4)).toEqual(['bn', 'en', 'bn', 'fr']);
    expect(detectLanguages().at(-1)).toBe('bn'); // the html tag comes last
    expect(await chosen()).toBe('bn');

    at('');
    expect(await chosen()).toBe('en'); // the cookie, before localStorage's bn
  });

  it('skips a language it does not support, and falls back to English', async () => {
    at('?lng=xx');
    localStorage.setItem('i18nextLng', 'bn-BD');
    expect(await chosen()).toBe('bn');
    localStorage.clear();
    expect(await chosen()).toBe('en'); // jsdom's navigator says en-US
  });

  it('keeps a language chosen later in localStorage', async () => {
    const i18n = createInstance();
    await i18n.use(languageDetector).init({ resources: { en: { translation: {} }, bn: { translation: {} } }, fallbackLng: 'en', supportedLngs: ['en', 'bn'] });
    await i18n.changeLanguage('bn');
    expect(localStorage.getItem('i18nextLng')).toBe('bn');
  });
});
