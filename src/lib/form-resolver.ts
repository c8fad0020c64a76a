import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { AnyObjectSchema, ISchema } from 'yup';

/** Any domain object schema (the union of two ObjectSchemas is not assignable to AnyObjectSchema). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormSchema = ISchema<any>;
import { apiFieldErrors } from './api-error';
import { validationText } from './validation-text';

function translateErrors(errors: FieldErrors): FieldErrors {
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    const error = value as FieldError;
    if (typeof error.message === 'string') error.message = validationText(error.message);
    else translateErrors(value as FieldErrors);
  }
  return errors;
}

/** yupResolver over a domain schema, with messages shown as catalogue text. */
export function catalogueResolver<T extends FieldValues>(schema: FormSchema): Resolver<T> {
  const inner = yupResolver(schema as AnyObjectSchema) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await inner(values, context, options);
    translateErrors(result.errors);
    return result;
  };
}

/**
 * Puts `details.fields` of a 400 VALIDATION_ERROR under the form's fields. `aliases` maps request
 * field names to form field names (e.g. password → new_password). Returns whether any was shown.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  aliases: Record<string, Path<T>> = {},
): boolean {
  let applied = false;
  for (const [field, message] of Object.entries(apiFieldErrors(err))) {
    const target = aliases[field] ?? (formFields as readonly string[]).find((name) => name === field);
    if (!target) continue;
    setError(target as Path<T>, { type: 'server', message: validationText(message) });
    applied = true;
  }
  return applied;
}
