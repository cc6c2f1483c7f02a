import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Headers on every gateway answer: nosniff, no referrer, frame denial, a strict CSP (pages set
 * their own, stricter or fitted to them), HSTS on https.
 */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

/** Answers carrying tokens or user data are never stored by browsers or proxies. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
