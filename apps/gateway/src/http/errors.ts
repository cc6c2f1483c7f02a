import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isDatabaseUnavailable } from '@tend/database';
import { AuthError, GENERAL_ERRORS, raise, type Logger } from '@tend/kernel';
import { GATEWAY_ERRORS } from './gateway-errors.js';
import { requestIdOfResponse } from './request-log.js';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one error mapper: every failure leaves as `{ code, message }` with the spec's status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const requestId = requestIdOfResponse(res);
    if (isDatabaseUnavailable(error instanceof AuthError ? error.cause : error)) {
      // An outage, not a bug: the client is told to retry, the log says why in one line.
      logger.warn('database unavailable', { requestId, method: req.method, path: req.path, reason: reasonOf(error) });
    }
    const known = toAuthError(error);
    if (!known) {
      // Unknown failures are logged with their stack; the client sees no stack and no SQL.
      logger.error('unhandled error', { requestId, method: req.method, path: req.path, error: describe(error) });
    }
    const reply = known ?? raise(GENERAL_ERRORS.INTERNAL_SERVER_ERROR);
    if (res.headersSent) return;
    // Errors that tell the client when to come back (429, 503) carry their headers.
    const headers = (reply as { headers?: () => Record<string, string> }).headers?.();
    if (headers) res.set(headers);
    res.status(reply.status).json(reply.toJSON());
  };
}

function toAuthError(error: unknown): AuthError | null {
  // A use case's own failure ("Failed to create session") caused by an outage is the outage.
  if (error instanceof AuthError) return error.status >= 500 && isDatabaseUnavailable(error.cause) ? serviceUnavailable() : error;
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return raise(GATEWAY_ERRORS.INVALID_JSON);
    case 'entity.too.large':
      return raise(GATEWAY_ERRORS.PAYLOAD_TOO_LARGE);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return raise(GATEWAY_ERRORS.UNSUPPORTED_MEDIA_TYPE);
  }
  if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) return raise(GATEWAY_ERRORS.BAD_REQUEST);
  if (isDatabaseUnavailable(error)) return serviceUnavailable();
  return databaseInputError(error);
}

/**
 * 503 Service unavailable with `Retry-After: 1`: the database is away (refused or dropped
 * connections, an admin shutdown, a full pool). The pool reconnects by itself, so the client
 * may simply try again.
 */
export function serviceUnavailable(): AuthError {
  return Object.assign(raise(GATEWAY_ERRORS.SERVICE_UNAVAILABLE), { headers: () => ({ 'Retry-After': '1' }) });
}

/** The driver's code or first line, for the log only: never sent to the client. */
function reasonOf(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message.split('\n').find((line) => line.trim()) ?? '' : String(error);
  return [typeof code === 'string' ? code : null, text.trim().slice(0, 200)].filter(Boolean).join(': ');
}

/**
 * The last line of defence behind the request schemas: input PostgreSQL refuses as data (a NUL
 * byte 22021, an untranslatable character 22P05, a value too long 22001; Prisma's P2000) is the
 * client's fault, so it answers 400, never 500.
 */
const INPUT_CODES = new Set(['22021', '22P05', '22001', 'P2000']);

function databaseInputError(error: unknown): AuthError | null {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (!value || typeof value !== 'object' || depth > 5 || seen.has(value)) return false;
    seen.add(value);
    for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
      if ((key === 'code' || key === 'originalCode') && typeof field === 'string' && INPUT_CODES.has(field)) return true;
      if (typeof field === 'object' && visit(field, depth + 1)) return true;
    }
    return visit((value as { cause?: unknown }).cause, depth + 1);
  };
  return visit(error, 0) ? raise(GATEWAY_ERRORS.BAD_REQUEST) : null;
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Unknown routes: a JSON 404. */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).json(raise(GENERAL_ERRORS.NOT_FOUND).toJSON());
};
