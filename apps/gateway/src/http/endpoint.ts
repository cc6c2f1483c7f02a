// A route as data: what it accepts, who may call it, what it answers and which catalogued errors
// it may raise. `mount()` turns a spec into an Express handler; `openApiDocument()` turns the list
// of specs into the OpenAPI document; the bad-input test walks the same list. Method, path and
// schemas come from the route's contract in @tend/contracts, which the spec spreads.
import type { Request, Response } from 'express';
import type { HttpMethod, ReplySpec } from '@tend/contracts';
import type { Token } from '../di.js';
import type { z } from 'zod';
import type { ErrorDefinition } from '@tend/kernel';
import type { GatewayConfig } from '../config.js';
import type { RedirectField } from './origins.js';
import type { Auth } from './session.js';

/** A permission a route needs, checked by the authorizer of its scope before the handler runs. */
export interface RequiredPermission {
  /** `admin`: site roles (spec section 6); `organization`: the caller's role in the organization the request names. */
  scope: 'admin' | 'organization';
  resource: string;
  action: string;
}

/**
 * Who may call a route: anyone (`public`), a signed-in user (`session`), only code in this process
 * (`server-only`: never mounted over HTTP), or a signed-in user holding a permission.
 */
export type EndpointAuth = 'public' | 'session' | 'server-only' | { permission: RequiredPermission };

export type { HttpMethod } from '@tend/contracts';

type Deps = Record<string, Token<unknown>>;
type Resolved<D extends Deps> = { [K in keyof D]: D[K] extends Token<infer T> ? T : never };
type Schema = z.ZodType | undefined;
type Output<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler may answer besides JSON. */
export class Redirect {
  constructor(readonly location: string) {}
}
export class HtmlPage {
  constructor(
    readonly html: string,
    readonly csp: string,
  ) {}
}
export const redirect = (location: string) => new Redirect(location);

/**
 * A mailed link fetched with HEAD — a mail scanner's prefetch, before the person clicks — is
 * answered 200 with nothing read, spent or set (the route table serves HEAD with the GET handler).
 * True when it was: the handler then returns at once, and its audit sees no result.
 */
export function answeredPrefetch(req: Request, res: Response): boolean {
  if (req.method !== 'HEAD') return false;
  res.status(200).end();
  return true;
}

export interface HandlerContext<D extends Deps, B extends Schema, Q extends Schema, P extends Schema, A extends EndpointAuth> {
  deps: Resolved<D>;
  body: Output<B>;
  query: Output<Q>;
  params: Output<P>;
  /** The caller's session: always there unless the route is public. */
  auth: A extends 'public' ? Auth | null : Auth;
  req: Request;
  res: Response;
}

/** What an endpoint tells the audit log about one call (mount adds the time, IP and user agent). */
export interface AuditEntry {
  action: string;
  actorId?: string | null;
  targetUserId?: string | null;
  organizationId?: string | null;
  /** A small JSON record; never passwords, tokens or secrets. */
  detail?: Record<string, unknown> | null;
}

export type AuditOutcome = { ok: true; result: unknown } | { ok: false; error: { status: number; code: string; message: string; cause?: unknown } };

/** Reply kinds a spec declares: a JSON schema, an HTML page, or a redirect. */
export type ResponseSpec = ReplySpec;
/** A value before JSON serialisation: Dates stand where the wire has ISO strings. */
type Serializable<T> = T extends string ? string | Date : T extends (infer E)[] ? Serializable<E>[] : T extends object ? { [K in keyof T]: Serializable<T[K]> } : T;
type Reply<R extends ResponseSpec> = R extends z.ZodType ? Serializable<z.input<R>> | Redirect : R extends 'html' ? HtmlPage : Redirect;

/** A route's contract (`...routes.changePassword`) plus who may call it, its errors, dependencies and handler. */
export interface EndpointSpec<
  D extends Deps = Deps,
  B extends Schema = Schema,
  Q extends Schema = Schema,
  P extends Schema = Schema,
  R extends ResponseSpec = ResponseSpec,
  A extends EndpointAuth = EndpointAuth,
> {
  method: HttpMethod;
  /** Express path under the auth base path (`/reset-password/:token`). */
  path: string;
  /** Another base than the auth routes' (`''`: the site's root, for `/.well-known/…` documents): mounted outside the auth router, GET only. */
  base?: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** The status of a JSON success when not 200 (from the contract): 201, or 204 with an empty body. */
  status?: 201 | 204;
  /** The media type of an `html` reply the handler writes itself instead (the SAML metadata's XML). */
  pageType?: string;
  /** The body may come form-encoded too (browser posts from identity providers): documented as both. */
  formBody?: boolean;
  /** The catalogued errors the handler may raise (validation, 401, 403 origin, 429, 500 are added by mount). */
  errors?: readonly ErrorDefinition[];
  /**
   * Browser-facing routes: where a failure (4xx) sends the browser instead of a JSON error, with
   * `?error=<code>` (null: answer JSON). `errorCode` picks the code the spec names for the redirect.
   */
  errorRedirect?: (input: { body: Output<B>; query: Output<Q> }) => string | undefined;
  errorCode?: (error: { code: string; message: string }) => string;
  /**
   * The codes this route answers for an unsafe redirect field instead of the gateway's
   * (`INVALID_CALLBACK_URL` rather than `INVALID_CALLBACKURL`, where the route's issue names them so).
   */
  redirectErrors?: Partial<Record<RedirectField, ErrorDefinition>>;
  /**
   * The audit event of a call, if any: called after the handler answered or failed (with a
   * catalogued error); recorded without making the request wait or fail.
   */
  audit?: (outcome: AuditOutcome, call: { auth: Auth | null; body: Output<B>; query: Output<Q> }) => AuditEntry | null;
  /** Off by configuration: the route is not mounted (404), nor documented. */
  enabled?: (config: GatewayConfig) => boolean;
  /** A public route that still reads the caller's credentials (get-session): it may answer their errors. */
  readsCaller?: boolean;
  /** The services the handler uses, resolved once when the route is mounted. */
  deps: D;
  handler(ctx: HandlerContext<D, B, Q, P, A>): Promise<Reply<R>> | Reply<R>;
}

/** The type-erased spec that lists, `mount()` and the OpenAPI generator work on. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = EndpointSpec<any, any, any, any, any, any>;

/** Declares an endpoint; the identity function that lets TypeScript infer the handler's types. */
export function endpoint<D extends Deps, B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined, R extends ResponseSpec = z.ZodType, A extends EndpointAuth = EndpointAuth>(
  spec: EndpointSpec<D, B, Q, P, R, A>,
): AnyEndpoint {
  return spec as AnyEndpoint;
}
