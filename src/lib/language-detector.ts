/**
 * The SPA's language detector (an i18next `languageDetector` module), in the order SPEC §1 names:
 * query string `lng`, cookie `i18next`, localStorage, sessionStorage (`i18nextLng`), the browser's
 * languages, the html tag. The chosen language is kept in localStorage. It does what
 * i18next-browser-languagedetector does for these six sources, in ~1 KB instead of 6 KB gzipped on
 * the sign-in page's first paint (the speed issue's budget).
 */
import type { LanguageDetectorModule } from 'i18next';

export const DETECTION = {
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: 'i18next',
  lookupLocalStorage: 'i18nextLng',
  lookupSessionStorage: 'i18nextLng',
  caches: ['localStorage'],
} as const;

type Source = (typeof DETECTION.order)[number];

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage refused (privacy settings): skip it
  }
}

function cookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

const lookups: Record<Source, () => string | readonly string[] | undefined> = {
  querystring: () => (typeof window === 'undefined' ? undefined : new URLSearchParams(window.location.search).get(DETECTION.lookupQuerystring) ?? undefined),
  cookie: () => cookie(DETECTION.lookupCookie),
  localStorage: () => storage('localStorage')?.getItem(DETECTION.lookupLocalStorage) ?? undefined,
  sessionStorage: () => storage('sessionStorage')?.getItem(DETECTION.lookupSessionStorage) ?? undefined,
  navigator: () => (typeof navigator === 'undefined' ? undefined : navigator.languages?.length ? navigator.languages : navigator.language),
  htmlTag: () => (typeof document === 'undefined' ? undefined : document.documentElement.getAttribute('lang') ?? undefined),
};

/** Every candidate the sources give, in order (i18next picks the first it supports). */
export function detectLanguages(): string[] {
  const found: string[] = [];
  for (const source of DETECTION.order) {
    const value = lookups[source]();
    if (typeof value === 'string' && value) found.push(value);
    else if (Array.isArray(value)) found.push(...(value as string[]).filter(Boolean));
  }
  return found;
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectLanguages(),
  cacheUserLanguage(language: string) {
    try {
      storage('localStorage')?.setItem(DETECTION.lookupLocalStorage, language);
    } catch {
      // full or refused storage: the choice is not kept
    }
  },
};
