import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode } from '../../domain/error-codes';

/** The §4 error body. */
export interface ErrorBody {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Thrown by services and routes; becomes `{ code, message, details? }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** An AppError whose code and message come from the catalogue (domain/error-codes.ts). */
export function fail(status: number, code: ErrorCode, details?: Record<string, unknown>): AppError {
  return new AppError(status, code, ERROR_MESSAGES[code], details);
}

export const NOT_FOUND_BODY: ErrorBody = Object.freeze({ code: 'NOT_FOUND', message: 'Not found' });
const INTERNAL_ERROR_BODY: ErrorBody = Object.freeze({ code: 'SOMETHING_WENT_WRONG', message: ERROR_MESSAGES.SOMETHING_WENT_WRONG });

const CLIENT_ERROR_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'PAYLOAD_TOO_LARGE',
};

type ValidationItem = NonNullable<FastifyError['validation']>[number];

/** `/address/zip` + missing `city` → `address.zip` / `address.city`; the whole object → `_`. */
function fieldName(item: ValidationItem): string {
  const base = item.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (item.params as { missingProperty?: unknown }).missingProperty;
  const name = typeof missing === 'string' ? [base, missing].filter(Boolean).join('.') : base;
  return name || '_';
}

function validationDetails(error: FastifyError): Record<string, unknown> {
  const fields: Record<string, string> = {};
  for (const item of error.validation ?? []) {
    const name = fieldName(item);
    fields[name] ??= item.message ?? 'is invalid';
  }
  return { in: error.validationContext ?? 'request', fields };
}

/** Maps any thrown value to a status and a body that is safe to show a client. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody; internal: boolean } {
  if (error instanceof AppError) {
    const body: ErrorBody = { code: error.code, message: error.message };
    if (error.details) body.details = error.details;
    return { status: error.status, body, internal: false };
  }
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError?.validation) {
    return {
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: ERROR_MESSAGES.VALIDATION_ERROR, details: validationDetails(fastifyError as FastifyError) },
      internal: false,
    };
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, wrong content type …) carry safe messages.
    const code = CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
    return { status, body: { code, message: fastifyError?.message || code }, internal: false };
  }
  return { status: 500, body: INTERNAL_ERROR_BODY, internal: true };
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** The §4 body of a client error raised by the framework or by Node: a catalogue code and its message. */
function clientErrorBody(status: number): ErrorBody {
  const code = CLIENT_ERROR_CODES[status] ?? 'BAD_REQUEST';
  return { code, message: ERROR_MESSAGES[code] };
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook runs (a malformed
 * %-escape in the path → 400, a path parameter over maxParamLength → 414) answer the §4 body.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { status, internal } = toErrorResponse(error);
  if (internal) request.log.error({ err: error }, 'unexpected framework error');
  else request.log.debug({ code: error.code }, 'request refused while routing'); // the response is logged as usual
  void reply.code(status).type(JSON_TYPE).send(internal ? INTERNAL_ERROR_BODY : clientErrorBody(status));
}

/** Node's parser errors (llhttp codes) that are not a plain 400. */
const NODE_CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431, // request line + headers over --max-http-header-size (16 KB)
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Fastify's `clientErrorHandler` option (the server's 'clientError' event): requests Node refuses
 * before Fastify sees them (oversized URL or headers → 431, bad chunked encoding, a malformed request
 * line → 400) answer the same §4 JSON body, then the connection closes.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = NODE_CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify(clientErrorBody(status));
  this.log.info({ code: error.code, status }, 'client error'); // no request is logged for these
  // Like Node's own handler: never write into a response that has already started on this socket.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export interface ErrorPluginOptions {
  /** Tried first for unmatched requests (the SPA history fallback); returns true when it answered. */
  notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/** Every error and every unmatched request answers with the §4 error body and a real status. */
export function registerErrorHandlers(app: FastifyInstance, options: ErrorPluginOptions = {}): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, internal } = toErrorResponse(error);
    if (internal) request.log.error({ err: error }, 'unexpected error');
    else if (status >= 500) request.log.warn({ code: body.code }, body.message);
    return reply.code(status).type(JSON_TYPE).send(body);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.notFoundFallback && (await options.notFoundFallback(request, reply))) return reply;
    return reply.code(404).type(JSON_TYPE).send(NOT_FOUND_BODY);
  });
}
