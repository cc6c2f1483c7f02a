// Where JSON enters the gateway: express.json, then one bound on its shape for every route, so no
// handler, schema, logger or database driver ever meets a body nested thousands of levels deep or
// holding tens of thousands of keys (the shared limits of @tend/contracts, JSON_LIMITS).
import express, { type RequestHandler } from 'express';
import { AuthError } from '@tend/kernel';
import { JSON_LIMITS, jsonLimitProblem } from '@tend/contracts';
import { GATEWAY_ERRORS } from './gateway-errors.js';

/** A path segment in an answer: the client's own key, bounded. */
const segment = (key: string | number) => (typeof key === 'string' && key.length > 100 ? `${key.slice(0, 100)}…` : String(key));

/**
 * The JSON body parser of the auth routes: `express.json` within `limit`, then 400
 * VALIDATION_ERROR "Invalid body parameters" (naming the path where the limit was crossed) for a
 * body deeper than JSON_LIMITS.depth levels or with more than JSON_LIMITS.bodyKeys keys. GET and
 * HEAD bodies are never parsed.
 */
export function jsonBody(limit: string, limits: { maxDepth?: number; maxKeys?: number } = { maxDepth: JSON_LIMITS.depth, maxKeys: JSON_LIMITS.bodyKeys }): RequestHandler {
  const json = express.json({ limit, type: ['application/json', 'application/*+json'] });
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    json(req, res, (error?: unknown) => {
      if (error) return next(error);
      const problem = jsonLimitProblem(req.body, limits);
      if (!problem) return next();
      const { code, message } = GATEWAY_ERRORS.VALIDATION_ERROR;
      next(new AuthError(400, message, code, { issues: [{ path: problem.path.map(segment).join('.'), message: problem.message }] }));
    });
  };
}
