import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import type { Logger } from '@tend/kernel';

/** A request id a client or proxy may choose: a plain token, at most 128 characters. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request's `X-Request-Id` when it is a sane token, else a fresh one. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** The id `requestLog` gave this request (for other log lines of the same request). */
export function requestIdOfResponse(res: Response): string | undefined {
  return res.locals.requestId as string | undefined;
}

const MAX_LOGGED_PATH = 256;

/**
 * The path as logged: no query string, and no secret in the path itself (the reset-password
 * token, or any segment that looks like a random token: 16+ characters with a digit or
 * upper-case letter, so route names such as `list-user-invitations` stay readable).
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0]!.split('#')[0]!;
  const masked = path
    .split('/')
    .map((segment, index, segments) =>
      segments[index - 1] === 'reset-password' || (segment.length >= 16 && /[0-9A-Z%]/.test(segment) && /^[A-Za-z0-9._~%-]+$/.test(segment)) ? ':redacted' : segment,
    )
    .join('/');
  return masked.length > MAX_LOGGED_PATH ? `${masked.slice(0, MAX_LOGGED_PATH)}…` : masked;
}

/**
 * First middleware: gives the request an id (echoed in `X-Request-Id`) and writes one line when
 * it ends: id, method, path, status and duration. Nothing else of the request is logged: no
 * headers, cookies, bodies or query strings.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers['x-request-id']);
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      const fields: Record<string, unknown> = {
        requestId,
        method: req.method,
        path: loggedPath(req.originalUrl),
        status: res.statusCode,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
      };
      // The client went away before the answer was complete.
      if (!res.writableFinished) fields.aborted = true;
      if (res.statusCode >= 500) logger.error('request', fields);
      else logger.info('request', fields);
    };
    res.once('finish', done);
    res.once('close', done);
    next();
  };
}
