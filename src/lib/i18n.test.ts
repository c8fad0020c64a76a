import bnErrors from '../locales/bn/errors.json';
import { chooseLanguage, currentLanguage, i18n, resources } from './i18n';

function flatten(obj: object, prefix = ''): Record<string, string> {
  return Object.entries(obj).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') Object.assign(acc, flatten(value, path));
    else acc[path] = String(value);
    return acc;
  }, {});
}

describe('i18n', () => {
  it('uses en by default and as fallback, with the SPEC detection order', () => {
    expect(i18n.language).toBe('en');
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
    });
  });

  it('loads the Bengali catalogue only when bn is chosen, then shows it, keeps the choice and marks <html lang>', async () => {
    // English is in the entry; no Bengali string is, until someone chooses বাংলা.
    expect(Object.keys(resources)).toEqual(['en']);
    expect(i18n.getFixedT('en')('auth.signIn')).toBe('Sign in');
    expect(document.documentElement.lang).toBe('en');

    await chooseLanguage('bn');
    expect(currentLanguage()).toBe('bn');
    expect(i18n.t('auth.signIn')).toBe('সাইন ইন');
    expect(i18n.t('nav.dashboard')).toBe('ড্যাশবোর্ড');
    expect(i18n.t('payments.give.formLabel')).toBe('আপনার অনুদান');
    // staff.json and errors.json both have `errors`: the Bengali catalogue keeps both parts.
    expect(i18n.t('errors.PAYMENT_LINK_INVALID')).toBe(flatten(bnErrors)['errors.PAYMENT_LINK_INVALID']);
    // A key without a Bengali text falls back to English.
    expect(i18n.t('nav.campaign')).toBe('Campaign');
    expect(localStorage.getItem('i18nextLng')).toBe('bn');
    expect(document.documentElement.lang).toBe('bn');

    await chooseLanguage('en');
    expect(i18n.t('auth.signIn')).toBe('Sign in');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('maps server error codes to the SPEC §8 texts', () => {
    expect(i18n.t('errors.DONOR_ALREADY_EXISTS')).toBe('Donor already exist');
    expect(i18n.t('errors.SOMETHING_WENT_WRONG')).toBe('Something went wrong, please try again');
    expect(i18n.t('pages.notFound.heading')).toBe('The page you are attempting to reach is currently not available...');
  });
});
