/**
 * The yup field of a donor's phone, shared by the donor form, the giving form and the server (the
 * import reads its cells with the same rule, domain/phone.ts, directly). It accepts what people type
 * ('(718) 555-0102', '+44 20 7183 8750'); the server stores the number's stored form (storedPhone).
 *
 * The rule's metadata is not loaded with this file: the test imports domain/phone.ts the first time
 * it checks a value (on the giving page: when the donor presses "Give"), so that the pages that load
 * the shared schemas (the giving page, sign-in) do not carry it in their first JavaScript. The test is
 * therefore asynchronous: validate with `validate`, not `validateSync`. Pure: no React, no Node.
 */
import { string } from 'yup';

/** Why a text is no phone number, without the field (the import puts its column's label in front). */
export const PHONE_REASON = 'not a valid number (a US number has 10 digits, e.g. 212 555 0123; a number abroad starts with + and its country code)';

export const PHONE_MESSAGES = {
  /** Every reason starts with its field (issue 33.11). */
  INVALID: `Phone number: ${PHONE_REASON}`,
  REQUIRED: 'Phone number is required',
} as const;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * An optional phone number: '' / null / missing is none. A national number is read in the country
 * of the object's `country` field (default US); '+' and the country code work anywhere.
 */
export function phoneField() {
  return string()
    .typeError(PHONE_MESSAGES.INVALID)
    .nullable()
    .optional()
    .test('phone', PHONE_MESSAGES.INVALID, async function phone(value) {
      if (blank(value)) return true;
      const { parsePhone } = await import('../phone');
      const country = (this.parent as { country?: unknown } | undefined)?.country;
      return parsePhone(value as string, typeof country === 'string' && country !== '' ? country : 'US').ok;
    });
}
