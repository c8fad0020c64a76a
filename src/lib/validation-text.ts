import { AUTH_VALIDATION_MESSAGES } from '../../domain/validation/auth';
import { USERS_VALIDATION_MESSAGES } from '../../domain/validation/users';
import enValidation from '../locales/en/validation.json';
import { addCatalogue, i18n } from './i18n';

addCatalogue('en', enValidation);

/** Domain schemas (shared with the server) carry English texts; the catalogue holds them by constant name. */
const KEY_BY_TEXT = new Map<string, string>(
  [...Object.entries(AUTH_VALIDATION_MESSAGES), ...Object.entries(USERS_VALIDATION_MESSAGES)].map(([key, text]) => [text, `validation.${key}`]),
);

/** A validation message from a domain schema or a server `details.fields` entry, as catalogue text. */
export function validationText(message: string): string {
  const key = KEY_BY_TEXT.get(message);
  return key && i18n.exists(key) ? i18n.t(key) : message;
}
