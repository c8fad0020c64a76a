import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import { fail } from './errors';

const NOT_AN_OBJECT = 'Request body must be a JSON object';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toFields(error: ValidationError): Record<string, string> {
  const fields: Record<string, string> = {};
  const items = error.inner.length > 0 ? error.inner : [error];
  for (const item of items) fields[item.path || '_'] ??= item.message;
  return fields;
}

async function run<S extends ObjectSchema<AnyObject>>(
  schema: S,
  input: unknown,
  where: 'body' | 'query' | 'params',
  strict: boolean,
  context?: Record<string, unknown>,
): Promise<InferType<S>> {
  if (input !== undefined && input !== null && !isPlainObject(input)) throw fail(400, 'VALIDATION_ERROR', { in: where, fields: { _: NOT_AN_OBJECT } });
  try {
    return (await schema.validate(input ?? {}, { strict, abortEarly: false, context })) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) throw fail(400, 'VALIDATION_ERROR', { in: where, fields: toFields(error) });
    throw error;
  }
}

/**
 * Validates a JSON body with a shared yup schema in strict mode (no casting: `123` is not a
 * string). Any failure is 400 VALIDATION_ERROR with `details.fields = { field: message }`.
 * Unknown keys are kept in the result: read the fields you need. `context` reaches the schema's
 * tests (e.g. `{ today: 'YYYY-MM-DD' }` from the app clock).
 */
export function validateBody<S extends ObjectSchema<AnyObject>>(schema: S, body: unknown, context?: Record<string, unknown>): Promise<InferType<S>> {
  return run(schema, body, 'body', true, context);
}

/** Query strings and route params are text: validated with casting ('2' → 2, defaults applied). */
export function validateQuery<S extends ObjectSchema<AnyObject>>(schema: S, query: unknown): Promise<InferType<S>> {
  return run(schema, query, 'query', false);
}

export function validateParams<S extends ObjectSchema<AnyObject>>(schema: S, params: unknown): Promise<InferType<S>> {
  return run(schema, params, 'params', false);
}
