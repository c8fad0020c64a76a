import i18next, { type BackendModule, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import { DETECTION, languageDetector } from './language-detector';

/** The languages a person can choose (profile menu, auth pages, giving page), each named in itself. */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'bn', name: 'বাংলা' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** English is in the entry (the fallback of every key); the other languages are loaded when chosen. */
export const resources = {
  en: { translation: { ...enCommon, ...enAuth, ...enErrors } },
} as const;

/**
 * An i18next backend for the lazily loaded catalogues: Bengali is its own chunk, which the English
 * pages never download (English is bundled: nothing to read).
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (language !== 'bn') return callback(null, {});
    import('./bn-catalogue').then(
      (module) => callback(null, module.default as ResourceKey),
      (err: Error) => callback(err, false),
    );
  },
};

export const i18n = i18next.createInstance();

/** `<html lang>` names the language shown (screen readers, hyphenation, the `:lang(bn)` font). */
function markDocumentLanguage(language = 'en'): void {
  document.documentElement.lang = language.startsWith('bn') ? 'bn' : 'en';
}
i18n.on('languageChanged', markDocumentLanguage);

void i18n
  .use(languageDetector)
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    // A deep copy: i18next adds later bundles (bn, the staff parts) into the objects it is given,
    // which would otherwise change the imported JSON modules themselves.
    resources: structuredClone(resources) as Resource,
    partialBundledLanguages: true,
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
markDocumentLanguage(i18n.language);

/** The language shown now, as one of LANGUAGES ('en' for anything else). */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
}

/**
 * Shows the app in `language`: loads its catalogue first (so nothing flashes in English), then
 * switches; the detector keeps the choice in localStorage `i18nextLng` and `<html lang>` follows.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}

/**
 * Adds a part of the catalogue that only lazily loaded pages use (form validation, staff pages),
 * keeping it out of the /auth/login first paint. Call it at module load of the code that needs it.
 * (Other languages carry these parts in their lazily loaded catalogue: see bn-catalogue.ts.)
 */
export function addCatalogue(language: 'en', strings: Record<string, unknown>): void {
  i18n.addResourceBundle(language, 'translation', strings, true, false);
}
