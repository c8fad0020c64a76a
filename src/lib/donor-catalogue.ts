/**
 * The strings of the staff catalogue (src/locales/<language>/staff.json) that the donors' pages use
 * (/{slug}, /pay-your-donation): a subset by key prefix made at build time (vite.config.ts,
 * `donorCatalogue`), so a donor's phone does not download the whole staff catalogue. Imported for its
 * effect by the giving page's components, in both entries. English is in the page's script; another
 * language's subset is loaded when that language is chosen (detected at start, or changed later).
 */
import en from 'virtual:donor-catalogue/en';
import { addCatalogue, i18n } from './i18n';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

addCatalogue('en', en);

const loaders: Record<string, Loader> = {
  bn: () => import('virtual:donor-catalogue/bn'),
};
const loaded = new WeakMap<Loader, Promise<void>>();

/** 'bn' of 'bn-BD' (the catalogues are by language only). */
function languageOnly(language: string | undefined): string {
  return (language ?? '').split('-')[0]!;
}

/**
 * Adds `language`'s donor strings once (nothing for English, in the script already, nor for a
 * language without them). When it is the language shown, the page is drawn again with them.
 */
export function loadDonorCatalogue(language: string | undefined, load: Loader | undefined = loaders[languageOnly(language)]): Promise<void> {
  const lng = languageOnly(language);
  if (!lng || !load) return Promise.resolve();
  let done = loaded.get(load);
  if (!done) {
    done = load().then(
      ({ default: strings }) => {
        i18n.addResourceBundle(lng, 'translation', strings, true, false);
        // react-i18next draws again on a language change: say it once more, now with the strings.
        if (languageOnly(i18n.language) === lng) void i18n.changeLanguage(i18n.language);
      },
      () => void loaded.delete(load), // offline: asked again at the next change
    );
    loaded.set(load, done);
  }
  return done;
}

i18n.on('languageChanged', (language: string) => void loadDonorCatalogue(language));

/** The donor strings of the language shown when this module loaded (the donors' entry draws once they are in). */
const detected = loadDonorCatalogue(i18n.language);
export function loadDetectedDonorCatalogue(): Promise<void> {
  return detected;
}
