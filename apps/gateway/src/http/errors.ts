import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AuthError, GENERAL_ERRORS, raise, type Logger } from '@tend/kernel';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** The one error mapper: every failure leaves as `{ code, message }` with the spec's status. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const known = toAuthError(error);
    if (!known) {
      // Unknown failures are logged with their stack; the client sees no stack and no SQL.
      logger.error('unhandled error', { method: req.method, path: req.path, error: describe(error) });
    }
    const reply = known ?? raise(GENERAL_ERRORS.INTERNAL_SERVER_ERROR);
    if (res.headersSent) return;
    // Errors that tell the client when to come back (429) carry their headers.
    const headers = (reply as { headers?: () => Record<string, string> }).headers?.();
    if (headers) res.set(headers);
    res.status(reply.status).json(reply.toJSON());
  };
}

function toAuthError(error: unknown): AuthError | null {
  if (error instanceof AuthError) return error;
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new AuthError(400, 'Malformed JSON body', 'INVALID_JSON');
    case 'entity.too.large':
      return new AuthError(413, 'Request body is too large', 'PAYLOAD_TOO_LARGE');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new AuthError(415, 'Unsupported body encoding', 'UNSUPPORTED_MEDIA_TYPE');
    default:
      if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
        return new AuthError(400, 'Bad request', 'BAD_REQUEST');
      }
      return null;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** Unknown routes: a JSON 404. */
export const notFound: RequestHandler = (_req, res) => {
  const error = raise(GENERAL_ERRORS.NOT_FOUND);
  res.status(404).json(error.toJSON());
};
