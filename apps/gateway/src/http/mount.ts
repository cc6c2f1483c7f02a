import type { Request, Response } from 'express';
import type { Container } from 'inversify';
import type { z } from 'zod';
import { isAuthError, raise, type ErrorDefinition, type Logger } from '@tend/kernel';
import { SESSION_ERRORS } from '@tend/sessions';
import { withQuery } from '@tend/identity';
import type { AnyEndpoint, AuditEntry, AuditOutcome, RequiredPermission } from './endpoint.js';
import { clientInfo } from './client.js';
import { declaredCodes, undeclaredError } from './declared-errors.js';
import { HtmlPage, Redirect } from './endpoint.js';
import { validationError } from './gateway-errors.js';
import type { RouteTable } from './route-table.js';
import type { Auth, SessionHttp } from './session.js';

/** Checks a permission of one scope for the caller (throws the spec's 403 when it is missing). */
export interface Authorizer {
  authorize(auth: Auth, permission: RequiredPermission, input: { body: unknown; query: unknown }): Promise<void>;
}

/** Where mount hands audit events (the admin module binds the audit log); never awaited. */
export interface AuditSink {
  record(entry: AuditEntry & { ipAddress: string | null; userAgent: string | null }): void;
}

export interface MountContext {
  container: Container;
  sessions: SessionHttp;
  authorizers: Partial<Record<RequiredPermission['scope'], Authorizer>>;
  logger: Logger;
  /** `throw`: a reply that breaks its schema is a 500 (tests); `warn`: logged (development); `off`: production. */
  checkReplies: 'throw' | 'warn' | 'off';
  audit?: AuditSink | null;
  /** The errors of the credentials modules accept besides sessions (GatewayModule.credentialErrors). */
  credentialErrors?: readonly ErrorDefinition[];
}

/**
 * Mounts one endpoint spec: parse input (400 VALIDATION_ERROR), authenticate and authorize,
 * run the handler with its dependencies, check the reply against its schema, and leave errors
 * to the one error mapper (or, for browser-facing routes, redirect with `?error=`).
 */
export function mount(routes: RouteTable, spec: AnyEndpoint, context: MountContext): void {
  if (spec.auth === 'server-only') return;
  const deps = Object.fromEntries(Object.entries(spec.deps as Record<string, symbol>).map(([name, id]) => [name, context.container.get(id)]));
  const needsSession = spec.auth !== 'public';
  const permission: RequiredPermission | null = typeof spec.auth === 'object' ? spec.auth.permission : null;
  const authorizer = permission ? context.authorizers[permission.scope] : null;
  if (permission && !authorizer) throw new Error(`No authorizer for the ${permission.scope} scope (${spec.method.toUpperCase()} ${spec.path})`);
  const responseSchema = typeof spec.response === 'object' ? (spec.response as z.ZodType) : null;
  // Tests: the authorizer and the handler raise only the codes the spec declares.
  const declared = context.checkReplies === 'throw' ? declaredCodes(spec, context.credentialErrors) : null;

  routes.add(spec.method, spec.path, async (req: Request, res: Response) => {
    let input: { body: unknown; query: unknown } = { body: undefined, query: undefined };
    let auth: Auth | null = null;
    let checking = false;
    try {
      auth = needsSession ? await context.sessions.resolve(req, res, { disableCookieCache: spec.method !== 'get' }) : null;
      if (needsSession && !auth) throw raise(SESSION_ERRORS.UNAUTHORIZED);
      const params = parse(spec.params, req.params, 'params');
      const query = parse(spec.query, req.query, 'query');
      const body = parse(spec.body, req.body ?? {}, 'body');
      input = { body, query };
      checking = declared !== null;
      if (permission && authorizer) await authorizer.authorize(auth!, permission, input);
      const reply = await spec.handler({ deps, body, query, params, auth, req, res });
      audit(spec, context, req, { ok: true, result: reply }, { auth, ...input });
      send(res, reply, responseSchema, spec, context);
    } catch (error) {
      const undeclared = checking && declared && isAuthError(error) ? undeclaredError(spec, declared, error) : null;
      if (undeclared) throw undeclared;
      if (isAuthError(error)) audit(spec, context, req, { ok: false, error }, { auth, ...input });
      const target = spec.errorRedirect && isAuthError(error) && error.status < 500 ? spec.errorRedirect(input as never) : undefined;
      if (!target || !isAuthError(error)) throw error;
      res.redirect(withQuery(target, { error: spec.errorCode ? spec.errorCode(error) : error.code }));
    }
  });
}

/** Records the spec's audit event, if it has one; an audit failure never fails the request. */
function audit(spec: AnyEndpoint, context: MountContext, req: Request, outcome: AuditOutcome, call: { auth: Auth | null; body: unknown; query: unknown }): void {
  if (!spec.audit || !context.audit) return;
  // A public route that found its caller itself (sign-out) leaves it in res.locals.auth.
  call = { ...call, auth: call.auth ?? (req.res?.locals.auth as Auth | undefined) ?? null };
  try {
    const entry: AuditEntry | null = spec.audit(outcome, call as never);
    if (entry) context.audit.record({ ...entry, ...clientInfo(req) });
  } catch (error) {
    context.logger.warn('audit event not recorded', { route: spec.path, error: String(error) });
  }
}

function parse(schema: z.ZodType | undefined, value: unknown, where: 'body' | 'query' | 'params'): unknown {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(where, parsed.error);
  return parsed.data;
}

function send(res: Response, reply: unknown, schema: z.ZodType | null, spec: AnyEndpoint, context: MountContext): void {
  if (res.headersSent) return;
  if (reply instanceof Redirect) return res.redirect(reply.location);
  if (reply instanceof HtmlPage) {
    res.status(200).type('html').set('Content-Security-Policy', reply.csp).send(reply.html);
    return;
  }
  if (schema && context.checkReplies !== 'off') checkReply(reply, schema, spec, context);
  if (spec.status === 204) {
    res.status(204).end();
    return;
  }
  sendJson(res, spec.status ?? 200, reply ?? null);
}

/**
 * What `res.status(status).json(value)` answers (the app sets no JSON replacer, spacing or
 * ETags, so no answer is ever "fresh"), written directly: Express's `json` and `send` look up
 * settings, parse the Content-Type and check freshness again on every answer.
 */
function sendJson(res: Response, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  if (!res.hasHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  if (res.req.method === 'HEAD') res.end();
  else res.end(body, 'utf8');
}

/** Development and tests: the reply, as the client will read it, must match its declared schema. */
function checkReply(reply: unknown, schema: z.ZodType, spec: AnyEndpoint, context: MountContext): void {
  const wire: unknown = reply === undefined ? null : JSON.parse(JSON.stringify(reply));
  const checked = schema.safeParse(wire);
  if (checked.success) return;
  const detail = { route: `${spec.method.toUpperCase()} ${spec.path}`, issues: checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  if (context.checkReplies === 'throw') throw new Error(`Reply does not match its schema: ${JSON.stringify(detail)}`);
  context.logger.warn('reply does not match its schema', detail);
}
