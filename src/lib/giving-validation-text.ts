import { PAYMENT_VALIDATION_MESSAGES } from '../../domain/payments/requests';
import { DONOR_VALIDATION_MESSAGES } from '../../domain/validation/donors';
import { addCatalogue } from './i18n';
import { addValidationTexts } from './validation-text';

/**
 * The giving form's messages (the payment schemas and the donor's name) as catalogue text, imported
 * for its effect by the giving form. English is the domain's own text (no copy to keep in step, no
 * bytes twice); other languages translate it under the same keys (src/locales/bn/giving-validation.json).
 */
export const GIVING_VALIDATION_MESSAGES = {
  ...PAYMENT_VALIDATION_MESSAGES,
  DONOR_NAME_MAX: DONOR_VALIDATION_MESSAGES.NAME_MAX,
  DONOR_NAME_FORMAT: DONOR_VALIDATION_MESSAGES.NAME_FORMAT,
} as const;

addCatalogue('en', { givingValidation: GIVING_VALIDATION_MESSAGES });
addValidationTexts('givingValidation', GIVING_VALIDATION_MESSAGES);
