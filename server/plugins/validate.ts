import type { FastifyInstance } from 'fastify';
import { ValidationError, type AnyObject, type InferType, type ObjectSchema } from 'yup';
import { fail, type AppError } from './errors';

const NOT_AN_OBJECT = 'Request body must be a JSON object';
/** PostgreSQL text cannot hold U+0000: such input is refused before it can reach a query. */
export const NUL_MESSAGE = 'Text must not contain a NUL character';
const NUL = '\u0000';
const REPORTED_NAME_MAX = 100;
const INPUT_PARTS = ['params', 'query', 'body'] as const;
type InputPart = (typeof INPUT_PARTS)[number];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field name that is safe to echo back: NUL shown as \0, at most 100 characters. */
function printable(name: string): string {
  const shown = name.replaceAll(NUL, '\\0');
  return shown.length > REPORTED_NAME_MAX ? `${shown.slice(0, REPORTED_NAME_MAX)}…` : shown;
}

interface Visit {
  value: unknown;
  key: string | number | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: Array<string | number> = [];
  for (let at: Visit | null = visit; at && at.key !== null; at = at.parent) keys.push(at.key);
  let path = '';
  for (const key of keys.reverse()) path += typeof key === 'number' ? `[${key}]` : `${path ? '.' : ''}${key}`;
  return printable(path) || '_';
}

/** A plain object, a null-prototype one, or one made by a null-prototype class (router params, parsed queries). */
function isParsedObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * Where the first NUL character of `value` is (a string value or an object key; path like
 * `donor.tags[2]`, `_` for the value itself), or null when there is none. Walks parsed input only
 * (arrays and plain objects), with its own stack: a deeply nested body cannot overflow the call stack.
 */
export function findNul(value: unknown): string | null {
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) stack.push({ value: current[index], key: index, parent: visit });
    } else if (typeof current === 'object' && current !== null) {
      if (!isParsedObject(current)) continue; // a Buffer or a stream: not parsed text
      for (const key of Object.keys(current)) {
        const child: Visit = { value: (current as Record<string, unknown>)[key], key, parent: visit };
        if (key.includes(NUL)) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return null;
}

function nulError(where: InputPart, path: string): AppError {
  return fail(400, 'VALIDATION_ERROR', { in: where, fields: { [path]: NUL_MESSAGE } });
}

/**
 * Refuses, for every route (present and future), any request whose params, query or parsed body holds
 * a NUL character anywhere: 400 VALIDATION_ERROR naming the field, logged at warn. Runs as the first
 * preValidation hook, before access and before any schema, so no such text reaches PostgreSQL.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const where of INPUT_PARTS) {
      const path = findNul(request[where]);
      if (path === null) continue;
      request.log.warn({ in: where, field: path }, 'input with a NUL character refused');
      throw nulError(where, path);
    }
  });
}

/**
 * The query or params as yup may read them (it casts them, and in that mode it looks each key up in
 * its plain-object field map, so `constructor` or `toString` would crash it):
 *   - keys named after Object.prototype members that the schema does not declare are dropped, like
 *     any unknown key that nobody reads;
 *   - a query key given more than once (`page=1&page=2`) is refused unless its field is an array.
 */
function textInput(schema: ObjectSchema<AnyObject>, input: Record<string, unknown>, where: InputPart): Record<string, unknown> {
  const fields = schema.fields as Record<string, { type?: string } | undefined>;
  const prepared: Record<string, unknown> = {};
  const repeated: Record<string, string> = Object.create(null);
  for (const key of Object.keys(input)) {
    const declared = Object.prototype.hasOwnProperty.call(fields, key);
    if (!declared && key in Object.prototype) continue;
    const value = input[key];
    if (where === 'query' && Array.isArray(value) && !(declared && fields[key]?.type === 'array')) {
      repeated[printable(key)] = `${printable(key)} must be given only once`;
      continue;
    }
    Object.defineProperty(prepared, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (Object.keys(repeated).length > 0) throw fail(400, 'VALIDATION_ERROR', { in: where, fields: repeated });
  return prepared;
}

function toFields(error: ValidationError): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
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
  // NUL characters were refused before any handler ran (registerInputGuards walks params, query and body).
  const value = input ?? {};
  try {
    return (await schema.validate(strict ? value : textInput(schema, value, where), { strict, abortEarly: false, context })) as InferType<S>;
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

/**
 * Query strings and route params are text: validated with casting ('2' → 2, defaults applied).
 * A repeated query key is refused (400 naming it); keys such as `constructor` are ignored.
 */
export function validateQuery<S extends ObjectSchema<AnyObject>>(schema: S, query: unknown): Promise<InferType<S>> {
  return run(schema, query, 'query', false);
}

export function validateParams<S extends ObjectSchema<AnyObject>>(schema: S, params: unknown): Promise<InferType<S>> {
  return run(schema, params, 'params', false);
}
