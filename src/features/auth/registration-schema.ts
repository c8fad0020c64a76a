import { object, string } from 'yup';
import { confirmPasswordField, emailField, lastNameField, mobileField, nameField, passwordField } from '../../../domain/validation/auth';
import type { DestinationMode } from './destination';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * Sign-up form: name, last name, e-mail or mobile number, and an optional password (with its
 * confirmation once one is typed). Built from the domain field schemas the server uses too.
 */
export function registrationFormSchema(mode: DestinationMode) {
  return object({
    name: nameField,
    last_name: lastNameField,
    ...(mode === 'email' ? { email: emailField } : { phone: mobileField }),
    password: passwordField.notRequired().transform(emptyToUndefined),
    confirm_password: string().when('password', ([password], schema) =>
      typeof password === 'string' && password !== '' ? confirmPasswordField('password') : schema.notRequired(),
    ),
  });
}
