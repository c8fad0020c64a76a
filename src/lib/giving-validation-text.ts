import { PAYMENT_VALIDATION_MESSAGES } from '../../domain/payments/requests';
import { DONOR_VALIDATION_MESSAGES } from '../../domain/validation/donors';
import { addValidationTexts } from './validation-text';

/**
 * The giving form's messages (the payment schemas and the donor's name), by the constant names of
 * `givingValidation` in src/locales/{en,bn}/validation.json: imported for its effect by the giving form.
 */
export const GIVING_VALIDATION_MESSAGES = {
  ...PAYMENT_VALIDATION_MESSAGES,
  DONOR_NAME_MAX: DONOR_VALIDATION_MESSAGES.NAME_MAX,
  DONOR_NAME_FORMAT: DONOR_VALIDATION_MESSAGES.NAME_FORMAT,
} as const;

addValidationTexts('givingValidation', GIVING_VALIDATION_MESSAGES);
