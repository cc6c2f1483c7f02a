import type { RequestHandler } from 'express';
import { tooManyRequests, type RateLimiter } from '@tend/rate-limit';
import type { ClientAddress } from './client.js';

/**
 * Resolves the client address once per request (sessions record it too) and applies the
 * per-IP-and-path limit: 429 with Retry-After / X-Retry-After when it is exceeded.
 */
export function rateLimit(limiter: RateLimiter, clients: ClientAddress): RequestHandler {
  // Not an async function: with the limiter off (the usual benchmark, and deployments limiting at
  // their proxy) a request costs no promise here.
  return (req, res, next) => {
    const ip = clients.of(req);
    res.locals.clientIp = ip;
    if (!limiter.enabled) return next();
    return limiter.check({ ip, path: req.originalUrl }).then((decision) => {
      if (!decision.allowed) throw tooManyRequests(decision);
      next();
    });
  };
}
