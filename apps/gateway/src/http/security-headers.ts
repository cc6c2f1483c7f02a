import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Headers on every gateway answer: nosniff, no referrer, frame denial, a strict CSP (pages set
 * their own, stricter or fitted to them), HSTS on https. helmet decides them; they are the same
 * for every request, so helmet runs once at start and each request gets the list it produced
 * (one middleware setting them, instead of helmet's twelve deciding them again).
 */
export function securityHeaders(): RequestHandler {
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      crossOriginResourcePolicy: { policy: 'same-site' },
    }),
  );
  return (_req, res, next) => {
    for (const [name, value] of headers) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
}

/**
 * The headers a middleware sets (a value) or removes (undefined) when it runs, captured from one
 * run against a recording response.
 */
export function headersOf(middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): Array<[string, string | undefined]> {
  const headers = new Map<string, string | undefined>();
  let done = false;
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.set(name, undefined),
  };
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // helmet is synchronous: a middleware that is not cannot be captured this way.
  if (!done) throw new Error('The security header middleware did not finish synchronously');
  return [...headers];
}

/** Answers carrying tokens or user data are never stored by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
