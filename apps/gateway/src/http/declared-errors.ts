// Which catalogued errors a route may answer: those its spec lists, and those mount() and the
// HTTP edge add to every route of its kind. The OpenAPI document lists exactly these, and while
// tests run (`checkReplies: 'throw'`) a handler raising any other code fails the request, so the
// documented error lists stay true.
import { isDatabaseUnavailable } from '@tend/database';
import { GENERAL_ERRORS, type AuthError, type ErrorDefinition } from '@tend/kernel';
import { RATE_LIMIT_ERRORS } from '@tend/rate-limit';
import { SESSION_ERRORS } from '@tend/sessions';
import type { AnyEndpoint } from './endpoint.js';
import { GATEWAY_ERRORS } from './gateway-errors.js';
import { INVALID_REDIRECT_FIELD, isCrossSitePost, REDIRECT_FIELDS } from './origins.js';

/** The field names of an object schema (through optional, default and pipe wrappers), or none. */
export function fieldsOf(schema: unknown): string[] {
  type Unwrappable = { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown; in?: unknown } } };
  let current = schema as Unwrappable | undefined;
  for (let depth = 0; current && !current.shape && depth < 10; depth++) current = (current._zod?.def?.innerType ?? current._zod?.def?.in) as Unwrappable | undefined;
  return Object.keys(current?.shape ?? {});
}

/**
 * The errors mount() and the HTTP edge may answer for a spec, besides those the spec lists:
 * the body parser's on every route that reads a body (malformed JSON, too large, an unreadable
 * encoding, JSON past the shape limits), an undecodable path, the refusal of each redirect field
 * the route takes (403 `Invalid {field}`, under the route's own code if it names one), the
 * origin check; `credentialErrors` are those of the credentials modules accept besides sessions
 * (a bad API key), on every route that reads the caller.
 */
export function implicitErrors(spec: AnyEndpoint, credentialErrors: readonly ErrorDefinition[] = []): ErrorDefinition[] {
  const errors: ErrorDefinition[] = [RATE_LIMIT_ERRORS.TOO_MANY_REQUESTS, GENERAL_ERRORS.INTERNAL_SERVER_ERROR];
  const readsBody = spec.method !== 'get';
  if (spec.body || spec.query || spec.params || readsBody) errors.push(GATEWAY_ERRORS.VALIDATION_ERROR);
  if (readsBody) errors.push(GATEWAY_ERRORS.INVALID_JSON, GATEWAY_ERRORS.BAD_REQUEST, GATEWAY_ERRORS.PAYLOAD_TOO_LARGE, GATEWAY_ERRORS.UNSUPPORTED_MEDIA_TYPE);
  if (spec.params) errors.push(GATEWAY_ERRORS.BAD_REQUEST);
  const fields = new Set([...fieldsOf(spec.body), ...fieldsOf(spec.query)]);
  for (const field of REDIRECT_FIELDS) if (fields.has(field)) errors.push(spec.redirectErrors?.[field] ?? INVALID_REDIRECT_FIELD[field]);
  if (spec.auth !== 'public') errors.push(SESSION_ERRORS.UNAUTHORIZED);
  if (spec.auth !== 'public' || spec.readsCaller) errors.push(...credentialErrors);
  if (spec.method !== 'get' && !isCrossSitePost(spec.path)) errors.push(GATEWAY_ERRORS.INVALID_ORIGIN);
  return errors;
}

/** Every code a spec may answer. */
export function declaredCodes(spec: AnyEndpoint, credentialErrors: readonly ErrorDefinition[] = []): ReadonlySet<string> {
  return new Set([...(spec.errors ?? []), ...implicitErrors(spec, credentialErrors)].map((error) => error.code));
}

/** `{field} is required` of a user field the deployment made required: its code is the field's. */
const CONFIGURED_FIELD = /^[A-Z0-9_]+_IS_REQUIRED$/;

/**
 * The failure of a test whose handler raised a code its spec does not declare, or null when the
 * spec declares it (a failure caused by a database outage answers 503 whatever its code; the
 * configured required fields' codes are the deployment's, not the spec's).
 */
export function undeclaredError(spec: AnyEndpoint, declared: ReadonlySet<string>, error: AuthError): Error | null {
  if (declared.has(error.code) || isDatabaseUnavailable(error.cause) || CONFIGURED_FIELD.test(error.code)) return null;
  return new Error(
    `${spec.method.toUpperCase()} ${spec.path} raised ${error.status} ${error.code} ("${error.message}"), which its spec does not declare: add it to the spec's errors`,
  );
}
