import { AUTH_VALIDATION_MESSAGES } from '../../domain/validation/auth';
import { USERS_VALIDATION_MESSAGES } from '../../domain/validation/users';
import enValidation from '../locales/en/validation.json';
import { addCatalogue, i18n } from './i18n';

addCatalogue('en', enValidation);

/** Domain schemas (shared with the server) carry English texts; the catalogue holds them by constant name. */
const KEY_BY_TEXT = new Map<string, string>(
  [...Object.entries(AUTH_VALIDATION_MESSAGES), ...Object.entries(USERS_VALIDATION_MESSAGES)].map(([key, text]) => [text, `validation.${key}`]),
);

/**
 * Registers more domain messages as catalogue text (`section.NAME` for each): the module of a form
 * whose schema is not an accounts one calls it at load, so its messages stay out of /auth/login.
 * Where two schemas share a text, the later registration names it.
 */
export function addValidationTexts(section: string, messages: Readonly<Record<string, string>>): void {
  for (const [key, text] of Object.entries(messages)) KEY_BY_TEXT.set(text, `${section}.${key}`);
}

/** A validation message from a domain schema or a server `details.fields` entry, as catalogue text. */
export function validationText(message: string): string {
  const key = KEY_BY_TEXT.get(message);
  return key && i18n.exists(key) ? i18n.t(key) : message;
}
