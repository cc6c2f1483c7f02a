import express, { type Express } from 'express';
import type { Container } from 'inversify';
import { TOKENS } from './tokens.js';
import { errorHandler, notFound } from './http/errors.js';
import { originCheck, redirectCheck } from './http/origins.js';
import { rateLimit } from './http/rate-limit.js';
import { miscRoutes } from './routes/misc.routes.js';
import { sessionRoutes } from './routes/session.routes.js';
import { signInRoutes } from './routes/sign-in.routes.js';
import { signUpRoutes } from './routes/sign-up.routes.js';
import { userRoutes } from './routes/user.routes.js';
import { verificationRoutes } from './routes/verification.routes.js';
import { passwordRoutes } from './routes/password.routes.js';
import { accountRoutes } from './routes/account.routes.js';
import { devOutboxRoutes } from './routes/dev-outbox.routes.js';

/** The Express app of a composed container: security checks, routes under the base path, one error mapper. */
export function createApp(c: Container): Express {
  const config = c.get(TOKENS.Config);
  const origins = c.get(TOKENS.TrustedOrigins);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  const auth = express.Router();
  // Limits first: a limited request costs no body parsing and no database work.
  auth.use(rateLimit(c.get(TOKENS.RateLimiter), c.get(TOKENS.ClientAddress)));
  auth.use(express.json({ limit: config.bodyLimit, type: ['application/json', 'application/*+json'] }));
  auth.use(originCheck(origins));
  auth.use(redirectCheck(origins));
  for (const routes of [signUpRoutes, signInRoutes, sessionRoutes, userRoutes, miscRoutes]) auth.use(routes(c));
  for (const routes of [verificationRoutes, passwordRoutes, accountRoutes]) auth.use(routes(c));

  app.use(config.basePath, auth);
  // The development outbox: never mounted in production (its mails carry live tokens).
  const outbox = c.get(TOKENS.DevOutbox);
  if (outbox && !config.production) app.use('/api/dev', devOutboxRoutes(outbox));
  app.use(notFound);
  app.use(errorHandler(c.get(TOKENS.Logger)));
  return app;
}
