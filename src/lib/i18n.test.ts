import bn from '../locales/bn/common.json';
import { i18n, resources } from './i18n';

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

  it('holds only Dashboard in the bn catalogue', () => {
    const entries = flatten(bn);
    expect(Object.keys(entries)).toEqual(['nav.dashboard']);
    expect(flatten(resources.en.translation)['nav.dashboard']).toBe('Dashboard');
    expect(i18n.getFixedT('bn')('nav.dashboard')).toBe('ড্যাশবোর্ড');
    expect(i18n.getFixedT('bn')('nav.campaign')).toBe('Campaign');
  });

  it('maps server error codes to the SPEC §8 texts', () => {
    expect(i18n.t('errors.DONOR_ALREADY_EXISTS')).toBe('Donor already exist');
    expect(i18n.t('errors.SOMETHING_WENT_WRONG')).toBe('Something went wrong, please try again');
    expect(i18n.t('pages.notFound.heading')).toBe('The page you are attempting to reach is currently not available...');
  });
});
