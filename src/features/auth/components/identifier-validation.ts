import { signinEmailFormSchema, signinMobileFormSchema } from '../../../../domain/validation/auth';
import { validationText } from '../../../lib/validation-text';
import type { DestinationMode } from '../destination';

/**
 * Validates the e-mail / mobile field with the domain schemas. The login page imports this
 * module on first interaction, so yup is not part of its first paint.
 */
export async function validateIdentifier(mode: DestinationMode, value: string): Promise<string> {
  try {
    if (mode === 'email') await signinEmailFormSchema.validate({ email: value.trim() });
    else await signinMobileFormSchema.validate({ phone: value.trim() });
    return '';
  } catch (err) {
    return validationText(err instanceof Error ? err.message : String(err));
  }
}
