/**
 * Errors shaped like PayPal's: `{ name, message, debug_id, details: [{ issue, description }], links }`
 * for the REST calls and `{ error, error_description }` for OAuth. Every body also carries `code`
 * (= name or error) and `message`, so the app-wide rule "every 4xx is `{ code, message }`" (the route
 * fuzzer) holds for the stand-in too; a PayPal client ignores the extra field.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../plugins/errors';

export interface PaypalIssue {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
}

const STATUS_NAMES: Record<number, { name: string; message: string }> = {
  400: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  401: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' },
  403: { name: 'NOT_AUTHORIZED', message: 'Authorization failed due to insufficient permissions.' },
  404: { name: 'RESOURCE_NOT_FOUND', message: 'The specified resource does not exist.' },
  405: { name: 'METHOD_NOT_SUPPORTED', message: 'The server does not implement the requested HTTP method.' },
  406: { name: 'MEDIA_TYPE_NOT_ACCEPTABLE', message: 'The server does not implement the media type that would be acceptable to the client.' },
  409: { name: 'RESOURCE_CONFLICT', message: 'The server has detected a conflict while processing this request.' },
  413: { name: 'INVALID_REQUEST', message: 'Request is not well-formed, syntactically incorrect, or violates schema.' },
  415: { name: 'UNSUPPORTED_MEDIA_TYPE', message: "The server does not support the request payload's media type." },
  422: { name: 'UNPROCESSABLE_ENTITY', message: 'The requested action could not be performed, semantically incorrect, or failed business validation.' },
  429: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.' },
  500: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
  502: { name: 'BAD_GATEWAY', message: 'The server received an invalid response from an upstream server.' },
  503: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' },
  504: { name: 'GATEWAY_TIMEOUT', message: 'The server did not receive a timely response from an upstream server.' },
};

/** PayPal's debug ids: 13 lower-case hex characters. */
export function debugId(): string {
  return randomBytes(7).toString('hex').slice(0, 13);
}

/** A PayPal answer other than success; the stand-in's error handler sends `body` with `status`. */
export class StandinError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.error_description ?? body.error ?? status));
    this.name = 'StandinError';
  }
}

/** `{ name, message, debug_id, details, links }` for `status` (any 4xx/5xx; unknown ones fall back to 400/500). */
export function paypalError(status: number, details: PaypalIssue[] = [], extraLinks: { href: string; rel: string; method: string }[] = []): StandinError {
  const known = STATUS_NAMES[status] ?? STATUS_NAMES[status >= 500 ? 500 : 400];
  const first = details[0]?.issue;
  const body: Record<string, unknown> = {
    name: known.name,
    message: known.message,
    debug_id: debugId(),
    ...(details.length > 0 ? { details } : {}),
    links: [
      {
        href: `https://developer.paypal.com/docs/api/orders/v2/#error-${first ?? known.name}`,
        rel: 'information_link',
        method: 'GET',
      },
      ...extraLinks,
    ],
    code: known.name,
  };
  return new StandinError(status, body);
}

/** OAuth-style errors (the token call and a bad bearer token). */
export function oauthError(status: number, error: string, description: string): StandinError {
  return new StandinError(status, { error, error_description: description, code: error, message: description });
}

export const issues = {
  notFound: (field: string, value: string): PaypalIssue => ({
    field,
    value,
    location: 'path',
    issue: 'INVALID_RESOURCE_ID',
    description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
  }),
  missing: (field: string): PaypalIssue => ({
    field,
    location: 'body',
    issue: 'MISSING_REQUIRED_PARAMETER',
    description: 'A required field / parameter is missing.',
  }),
  syntax: (field: string, value?: unknown): PaypalIssue => ({
    field,
    ...(typeof value === 'string' ? { value: value.slice(0, 100) } : {}),
    location: 'body',
    issue: 'INVALID_PARAMETER_SYNTAX',
    description: 'The value of a field does not conform to the expected format.',
  }),
  tooLong: (field: string): PaypalIssue => ({
    field,
    location: 'body',
    issue: 'INVALID_STRING_MAX_LENGTH',
    description: 'The value of a field is too long.',
  }),
  badValue: (field: string, value?: string): PaypalIssue => ({
    field,
    ...(value !== undefined ? { value: value.slice(0, 100) } : {}),
    location: 'body',
    issue: 'INVALID_PARAMETER_VALUE',
    description: 'The value of a field is invalid.',
  }),
};

/**
 * The stand-in's error handler (its own encapsulated context): PayPal-shaped bodies for everything,
 * including the framework's refusals (bad JSON, unsupported media type) and the app's guards (NUL
 * characters, rate limit) that run before a stand-in handler.
 */
export function standinErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  let answer: StandinError;
  if (error instanceof StandinError) answer = error;
  else if (error instanceof AppError) {
    answer = paypalError(error.status, [{ issue: error.code, description: error.message }]);
  } else {
    const status = (error as Partial<FastifyError>).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const issue = status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'MALFORMED_REQUEST';
      answer = paypalError(status, [{ issue, description: error.message || 'The request is not well-formed.' }]);
    } else {
      request.log.error({ err: error }, 'paypal stand-in: unexpected error');
      answer = paypalError(500);
    }
  }
  if (typeof answer.body.debug_id === 'string') void reply.header('paypal-debug-id', answer.body.debug_id);
  return reply.code(answer.status).type('application/json').send(answer.body);
}
