import { readFileSync } from 'node:fs';
import bnCatalogue from './bn-catalogue';
import { GIVING_VALIDATION_MESSAGES } from './giving-validation-text';
import { chooseLanguage } from './i18n';
import { validationText } from './validation-text';
import bnAuth from '../locales/bn/auth.json';
import bnCommon from '../locales/bn/common.json';
import bnErrors from '../locales/bn/errors.json';
import bnGivingValidation from '../locales/bn/giving-validation.json';
import bnStaff from '../locales/bn/staff.json';
import bnValidation from '../locales/bn/validation.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enStaff from '../locales/en/staff.json';
import enValidation from '../locales/en/validation.json';

function flatten(obj: object, prefix = ''): Record<string, string> {
  return Object.entries(obj).reduce<Record<string, string>>((acc, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') Object.assign(acc, flatten(value, path));
    else acc[path] = String(value);
    return acc;
  }, {});
}

/**
 * What the auth pages and the donors' pages (/{slug}, /pay-your-donation, the payment results) show,
 * by file and key prefix ('' = the whole file). The staff pages are not translated yet.
 */
const TRANSLATED: { file: string; en: object; bn: object; prefixes: string[] }[] = [
  { file: 'auth.json', en: enAuth, bn: bnAuth, prefixes: [''] },
  { file: 'errors.json', en: enErrors, bn: bnErrors, prefixes: [''] },
  { file: 'validation.json', en: enValidation, bn: bnValidation, prefixes: [''] },
  // The giving form's messages: their English is the domain's text (src/lib/giving-validation-text.ts).
  { file: 'giving-validation.json', en: { givingValidation: GIVING_VALIDATION_MESSAGES }, bn: bnGivingValidation, prefixes: [''] },
  {
    file: 'common.json',
    en: enCommon,
    bn: bnCommon,
    prefixes: ['app.', 'header.', 'form.', 'language.', 'pages.payYourDonation.', 'pages.publicDonation.', 'pages.paymentSuccess.', 'pages.paymentError.', 'pages.notFound.', 'pages.maintenance.'],
  },
  {
    file: 'staff.json',
    en: enStaff,
    bn: bnStaff,
    prefixes: ['payments.give.', 'payments.pledge.', 'payments.success.', 'payments.error.', 'payments.result.', 'payments.paypal.', 'payments.notices.'],
  },
];

/** Texts that read the same in both languages (no words in them). */
const SAME_IN_BOTH = new Set(['auth.illustrationAlt', 'app.copyright']);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the Bengali catalogue', () => {
  it.each(TRANSLATED)('has a Bengali text for every key of the auth and giving strings in $file', ({ en, bn, prefixes }) => {
    const enKeys = flatten(en);
    const bnKeys = flatten(bn);
    const wanted = Object.keys(enKeys).filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.filter((key) => !bnKeys[key]?.trim() && !SAME_IN_BOTH.has(key))).toEqual([]);
    // Translated, not copied: no Latin-only sentence left where Bengali belongs.
    expect(wanted.filter((key) => !SAME_IN_BOTH.has(key) && !/[\u0980-\u09FF]/.test(bnKeys[key] ?? ''))).toEqual([]);
    // The same {{placeholders}} as the English text.
    expect(wanted.filter((key) => placeholders(enKeys[key] ?? '').join() !== placeholders(bnKeys[key] ?? '').join())).toEqual([]);
  });

  it.each(TRANSLATED)('has the key structure of the English $file (no key that English lacks)', ({ en, bn }) => {
    const enKeys = flatten(en);
    expect(Object.keys(flatten(bn)).filter((key) => !(key in enKeys))).toEqual([]);
  });

  it('translates every literal key the auth and giving pages ask for', () => {
    const files = [
      'src/layouts/auth/auth-layout.tsx',
      'src/components/language-picker.tsx',
      'src/components/loading-overlay.tsx',
      'src/components/not-found-page.tsx',
      'src/components/route-error-page.tsx',
      'src/components/text-input.tsx',
      'src/components/money-input.tsx',
      ...['login-page', 'registration-page', 'recover-password-page', 'forget-password-email-page', 'forget-password-mobile-page', 'reset-password-page', 'set-password-page', 'confirm-signup-page', 'verify-registration-email-page', 'verify-registration-mobile-page', 'social-login-int-page'].map((name) => `src/features/auth/pages/${name}.tsx`),
      ...['address-form', 'confirmed-message', 'forgot-password', 'login-code-step', 'password-code-form', 'password-page', 'password-signin-form', 'social-buttons', 'verify-registration'].map((name) => `src/features/auth/components/${name}.tsx`),
      ...['public-donation-page', 'pay-your-donation-page', 'payment-success-page', 'payment-error-page'].map((name) => `src/features/payments/pages/${name}.tsx`),
      ...['giving-form', 'giving-notices', 'giving-parts', 'payment-not-found', 'paypal-buttons'].map((name) => `src/features/payments/components/${name}.tsx`),
      'src/features/payments/refusal-text.ts',
    ];
    const bn = flatten(bnCatalogue);
    const asked = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z]+\.[\w.]+)'/g)) asked.add(match[1] ?? '');
    }
    expect(asked.size).toBeGreaterThan(100);
    expect([...asked].filter((key) => !bn[key] && !SAME_IN_BOTH.has(key)).sort()).toEqual([]);
  });

  it("shows the giving form's validation messages in the chosen language", async () => {
    expect(validationText('State is required')).toBe('State is required');
    await chooseLanguage('bn');
    // The address's state, not the sign-in 'state' parameter that has the same English words.
    expect(validationText('State is required')).toBe('অঙ্গরাজ্য বেছে নিতে হবে');
    expect(validationText(GIVING_VALIDATION_MESSAGES.EMPLOYER_REQUIRED)).toBe(bnGivingValidation.givingValidation.EMPLOYER_REQUIRED);
    expect(validationText(GIVING_VALIDATION_MESSAGES.DONOR_NAME_FORMAT)).toBe(bnGivingValidation.givingValidation.DONOR_NAME_FORMAT);
    expect(validationText('Name is required')).toBe('নাম দিতে হবে');
  });
});
