/**
 * The product's one phone rule (issue 33.14), read with libphonenumber-js and its `min` metadata
 * (every country's lengths, leading digits and formats; no per-type patterns): what a person may type
 * as a donor's phone in the donor form, the giving form and an import, what the server stores, and
 * how a stored number is shown.
 *
 * Stored form (unchanged since the first migration): a North American (+1) number as its 10 national
 * digits ('7185550102'), any other as E.164 ('+442071838750'). Shown: '(718) 555-0102' for +1
 * numbers, the international format for the others ('+44 20 7183 8750').
 *
 * This module carries the metadata (~40 KB gzipped): pages that must stay light (the giving page,
 * sign-in) never import it statically; the yup field (validation/phone-field.ts) loads it when it
 * first validates a value. Pure: no React, no Node.
 */
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';
import { PHONE_REASON } from './validation/phone-field';

export type PhoneResult = { ok: true; value: string } | { ok: false; reason: string };

/** A 2-letter country code libphonenumber knows; else undefined (the number then needs its + and country code). */
function countryCode(country: string | null | undefined): CountryCode | undefined {
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) return undefined;
  return country as CountryCode;
}

/** A parsed number when it is valid (isValid() matches the metadata each time: asked once). */
function valid(phone: PhoneNumber | undefined): PhoneNumber | null {
  return phone && phone.isValid() ? phone : null;
}

/**
 * What a person typed → the stored form, or why it is no phone number.
 * - '+' or '00' starts an international number: '+44 20 7183 8750', '0044 20 7183 8750'.
 * - Otherwise the number is read as a national number of `country` (the donor's country; default
 *   US): '(718) 555-0102', '718.555.0102', '+1 718 555 0102', '1-718-555-0102'; a donor in GB may
 *   type '020 7183 8750'. A donor abroad's 10-digit US number reads as one too.
 * - Digits that are no number of `country` but read as one with a '+' in front are taken as such
 *   ('442071838750': a spreadsheet dropped the '+').
 * - A spreadsheet number ('7185550102.0') is read as its digits.
 * Separators (spaces, dots, dashes, brackets) do not matter; letters, too few or too many digits,
 * or a number no country's plan has ('0000000000', '555-1234') do.
 */
export function parsePhone(text: string, country: string | null = 'US'): PhoneResult {
  let s = text.trim().replace(/^(\d+)\.0+$/, '$1');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  const national = countryCode(country) ?? 'US';
  let phone = s.startsWith('+') ? valid(parsePhoneNumberFromString(s)) : valid(parsePhoneNumberFromString(s, national));
  // A donor abroad may still give a US number without its +1.
  if (!phone && !s.startsWith('+') && national !== 'US') phone = valid(parsePhoneNumberFromString(s, 'US'));
  if (!phone && !s.startsWith('+')) {
    const digits = s.replace(/[\s().-]/g, '');
    if (/^\d{11,15}$/.test(digits)) phone = valid(parsePhoneNumberFromString(`+${digits}`));
  }
  if (!phone) return { ok: false, reason: PHONE_REASON };
  return { ok: true, value: phone.countryCallingCode === '1' ? String(phone.nationalNumber) : String(phone.number) };
}

/** The stored form of `text`, or null when it is blank or no valid number (the caller validated it first). */
export function storedPhone(text: unknown, country: string | null = 'US'): string | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const phone = parsePhone(text, country);
  return phone.ok ? phone.value : null;
}

/** A stored number read back (10 digits: a +1 number). */
function parseStored(stored: string): PhoneNumber | undefined {
  return stored.startsWith('+') ? parsePhoneNumberFromString(stored) : parsePhoneNumberFromString(stored, 'US');
}

/**
 * A stored number as people write it: '(718) 555-0102' for a +1 number, '+44 20 7183 8750' for
 * another country's. '' for none; a stored value that is no number (older data) is shown as stored.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const phone = parseStored(stored);
  if (!phone || !phone.isPossible()) return stored;
  return phone.countryCallingCode === '1' ? phone.formatNational() : phone.formatInternational();
}

/** A stored number as a `tel:` link ('tel:+17185550102'); '' for none. */
export function phoneHref(stored: string | null | undefined): string {
  if (!stored) return '';
  return `tel:${parseStored(stored)?.number ?? stored}`;
}

/** The country (ISO 3166 alpha-2) of a stored international number, or null (a +1 number, or unknown). */
export function phoneCountry(stored: string): string | null {
  if (!stored.startsWith('+')) return null;
  return parsePhoneNumberFromString(stored)?.country ?? null;
}
