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
import { isCrossSitePost } from './origins.js';

/**
 * The errors mount() itself may answer for a spec, besides those the spec lists; `credentialErrors`
 * are those of the credentials modules accept besides sessions (a bad API key), on every route
 * that reads the caller.
 */
export function implicitErrors(spec: AnyEndpoint, credentialErrors: readonly ErrorDefinition[] = []): ErrorDefinition[] {
  const errors: ErrorDefinition[] = [RATE_LIMIT_ERRORS.TOO_MANY_REQUESTS, GENERAL_ERRORS.INTERNAL_SERVER_ERROR];
  if (spec.body || spec.query || spec.params) errors.push(GATEWAY_ERRORS.VALIDATION_ERROR);
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
