// A route's contract: method, path and the schemas of what it accepts and answers. The gateway's
// endpoint specs spread it (and add auth, errors, dependencies and the handler); the web app's
// `call()` reads it to build the request and type the answer. One value, so the two cannot drift.
import type { z } from 'zod';

/** Where every auth route lives on the gateway (and behind the web app's proxy). */
export const AUTH_BASE_PATH = '/api/auth';

/** `put`, `patch` and `delete` serve protocols that name them (SCIM 2.0); Tend's own routes are GET and POST. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a route answers: JSON of a schema, an HTML page, or a redirect. */
export type ReplySpec = z.ZodType | 'html' | 'redirect';

/** The shape every contract has; `route()` keeps each one's exact types. */
export interface RouteContract {
  readonly method: HttpMethod;
  /** Express path under the base path (`/reset-password/:token`). */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: ReplySpec;
  /** The status of a JSON success when it is not 200: 201 (created) or 204 (no content: the reply is `null`, sent as an empty body). */
  readonly status?: 201 | 204;
  /** Another base path than the auth routes' (the development outbox). */
  readonly base?: string;
}

/** The `:name` segments of an Express path, as a union of names. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path with `:name` segments needs a params schema answering exactly those names. */
type ParamsRule<P extends string> = [PathParamNames<P>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: z.ZodType<{ [K in PathParamNames<P>]: string }, { [K in PathParamNames<P>]: string }> };

/**
 * Declares a route's contract. The identity function keeps the literal method, path and the exact
 * schema types, so a spreading endpoint infers its handler's input and a caller its reply.
 */
export function route<const C extends RouteContract>(contract: C & ParamsRule<C['path']>): C {
  return contract;
}

type Schema<C, K extends 'params' | 'query' | 'body'> = C extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : unknown;

/**
 * What a client passes to call a route, as one object: the path parameters, plus the body for a
 * route that has one, else the query. (A route with both reads its query only from servers.)
 */
export type RouteInput<C extends RouteContract> = In<Schema<C, 'params'>> & (Schema<C, 'body'> extends z.ZodType ? In<Schema<C, 'body'>> : In<Schema<C, 'query'>>);

/** What a client receives: the JSON of the reply schema (dates as ISO strings). */
export type RouteReply<C extends RouteContract> = C['response'] extends z.ZodType ? z.output<C['response']> : null;
