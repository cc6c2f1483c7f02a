import express, { type Express } from 'express';
import type { Container } from 'inversify';
import type { GatewayConfig } from './config.js';
import { bindValue } from './di.js';
import type { AnyEndpoint } from './http/endpoint.js';
import { composed } from './http/compose.js';
import { errorHandler, notFound } from './http/errors.js';
import { healthRoutes, type Readiness } from './http/health.js';
import { jsonBody } from './http/json-body.js';
import { mount, type Authorizer } from './http/mount.js';
import { API_TITLE, openApiDocument } from './http/openapi.js';
import { originCheck, redirectCheck, redirectErrorsKey, type RedirectErrors } from './http/origins.js';
import { rateLimit } from './http/rate-limit.js';
import { referenceRoutes } from './http/reference.js';
import { requestLog } from './http/request-log.js';
import { RouteTable } from './http/route-table.js';
import { noStore, securityHeaders } from './http/security-headers.js';
import { META } from './modules/meta/tokens.js';
import type { GatewayModule } from './modules/index.js';
import { PLATFORM } from './platform.js';
import { devOutboxRoutes } from './dev-outbox.routes.js';
import { unredacted } from './logging.js';

const VERSION = '0.1.0';

/** The enabled endpoints of a list of modules, in mount order. */
export function endpointsOf(modules: readonly GatewayModule[], config: GatewayConfig): AnyEndpoint[] {
  return modules.flatMap((module) => module.endpoints).filter((spec) => !spec.enabled || spec.enabled(config));
}

/** The routes that name their own refusals of unsafe redirect fields. */
function redirectErrorsOf(endpoints: readonly AnyEndpoint[]): RedirectErrors {
  return new Map(endpoints.filter((spec) => spec.redirectErrors).map((spec) => [redirectErrorsKey(spec.method, spec.path), spec.redirectErrors!]));
}

/** The Express app of a composed container: security checks, every module's routes under the base path, health checks, one error mapper. */
export function createApp(c: Container, modules: readonly GatewayModule[], readiness: Readiness): Express {
  const config = c.get(PLATFORM.Config);
  const logger = c.get(PLATFORM.Logger);
  const origins = c.get(PLATFORM.TrustedOrigins);
  const endpoints = endpointsOf(modules, config);
  let document: Record<string, unknown> | undefined;
  const securitySchemes = Object.assign({}, ...modules.map((module) => module.securitySchemes ?? {}));
  const credentialErrors = modules.flatMap((module) => module.credentialErrors ?? []);
  bindValue(c, META.OpenApiDocument, () => (document ??= openApiDocument(endpoints, { basePath: config.basePath, serverURL: config.baseURL, version: VERSION, securitySchemes, credentialErrors })));
  const sessions = c.get(PLATFORM.SessionHttp);
  for (const module of modules) for (const authenticator of module.authenticators?.(c) ?? []) sessions.use(authenticator);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  // First: every request gets an id and one log line, whatever answers it.
  app.use(composed([requestLog(unredacted(logger)), securityHeaders()]));
  // Load balancers' probes: outside the base path, so never rate limited, parsed or authenticated.
  app.use('/health', healthRoutes(readiness));

  const auth = express.Router();
  // Limits first: a limited request costs no body parsing and no database work.
  // GET routes read only their query: their bodies are never parsed. Bodies deeper or larger than JSON_LIMITS answer 400.
  // The checks run in this order as one router layer (see composed).
  auth.use(
    composed([
      rateLimit(c.get(PLATFORM.RateLimiter), c.get(PLATFORM.ClientAddress)),
      noStore,
      jsonBody(config.bodyLimit),
      originCheck(origins),
      redirectCheck(origins, redirectErrorsOf(endpoints)),
    ]),
  );
  const authorizers: Partial<Record<'admin' | 'organization', Authorizer>> = Object.assign({}, ...modules.map((module) => module.authorizers?.(c) ?? {}));
  const audit = c.get(PLATFORM.AuditSink);
  const context = { container: c, sessions, authorizers, logger, checkReplies: config.checkReplies, audit, credentialErrors };
  const routes = new RouteTable();
  // Documents the protocols place at the site's root (RFC 8414 §3.1, RFC 9728): public, cacheable, GET only, no body, no session.
  const rootRoutes = new RouteTable();
  for (const spec of endpoints) mount(spec.base === undefined ? routes : rootRoutes, spec, context);
  auth.use(routes.handler());
  app.use(config.basePath, auth);
  app.use(rootRoutes.handler());

  if (config.apiReference.enabled) {
    app.use(config.apiReference.path, referenceRoutes(config.apiReference.path, `${config.basePath}/open-api/generate-schema`, API_TITLE));
  }
  // The development outbox: never mounted in production (its mails carry live tokens).
  const outbox = c.get(PLATFORM.DevOutbox);
  if (outbox && !config.production) app.use('/api/dev', devOutboxRoutes(outbox));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
