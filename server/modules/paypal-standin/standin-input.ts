/** Reading request input the way PayPal checks it (400 INVALID_REQUEST with a JSON-pointer field). */
import type { FastifyRequest } from 'fastify';
import { issues, paypalError } from './standin-errors';

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body as an object (an empty body counts as `{}`). */
export function bodyObject(request: FastifyRequest): Json {
  const body = request.body;
  if (body === undefined || body === null) return {};
  if (!isObject(body)) throw paypalError(400, [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
  return body;
}

/** An optional string field of at most `max` characters. */
export function optionalText(source: Json, key: string, field: string, max: number): string | undefined {
  const value = source[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw paypalError(400, [issues.syntax(field, value)]);
  if (value.length > max) throw paypalError(400, [issues.tooLong(field)]);
  return value;
}

/** An optional absolute http(s) URL (return_url, cancel_url). */
export function optionalUrl(source: Json, key: string, field: string): string | undefined {
  const value = optionalText(source, key, field, 4000);
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // not a URL
  }
  throw paypalError(400, [issues.syntax(field, value)]);
}

/** The `PayPal-Request-Id` header (idempotency), or null. */
export function requestIdOf(request: FastifyRequest): string | null {
  const raw = request.headers['paypal-request-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') return null;
  if (value.length > 108) {
    throw paypalError(400, [{ field: 'PayPal-Request-Id', location: 'header', issue: 'INVALID_STRING_MAX_LENGTH', description: 'The value of a field is too long.' }]);
  }
  return value;
}

/** `Prefer: return=minimal` asked for (the stand-in answers the full representation otherwise). */
export function wantsMinimal(request: FastifyRequest): boolean {
  const prefer = request.headers.prefer;
  return typeof prefer === 'string' && /return=minimal/i.test(prefer);
}
