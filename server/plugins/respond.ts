import type { FastifyReply } from 'fastify';
import { SUCCESS_MESSAGES, type SuccessMessageCode } from '../../domain/messages';
import type { ApiSuccess } from '../../domain/auth/api-contract';

/** The §4 success body: `{ data }`, or `{ data, message, message_code }` when there is a message to show. */
export function success<T>(data: T, code?: SuccessMessageCode): ApiSuccess<T> {
  return code ? { data, message: SUCCESS_MESSAGES[code], message_code: code } : { data };
}

const serialized = new WeakMap<object, string>();

/**
 * Sends `{ data }` (the same bytes as `success(data)`), serializing each data object once: list
 * pages answered from a cache are the same, never mutated, object on every hit.
 */
export function sendSuccess(reply: FastifyReply, data: object): FastifyReply {
  let body = serialized.get(data);
  if (body === undefined) {
    body = JSON.stringify({ data });
    serialized.set(data, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * `data` whose body is already known: rows kept as JSON are spliced into `body` instead of parsed and
 * serialized again on every request. `body` must be what JSON.stringify({ data }) gives.
 */
export function withBody<T extends object>(data: T, body: string): T {
  serialized.set(data, body);
  return data;
}
