import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import bnCommon from '../locales/bn/common.json';
import { DETECTION, languageDetector } from './language-detector';

export const resources = {
  en: { translation: { ...enCommon, ...enAuth, ...enErrors } },
  bn: { translation: { ...bnCommon } },
} as const;

export const i18n = i18next.createInstance();

void i18n
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    resources,
    lng: undefined,
    fallbackLng: 'en',
    supportedLngs: ['en', 'bn'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: DETECTION,
  });

/**
 * Adds a part of the catalogue that only lazily loaded pages use (form validation, staff pages),
 * keeping it out of the /auth/login first paint. Call it at module load of the code that needs it.
 */
export function addCatalogue(language: 'en', strings: Record<string, unknown>): void {
  i18n.addResourceBundle(language, 'translation', strings, true, false);
}
