import { AuthError, defineErrors } from '@tend/kernel';
import type { z } from 'zod';

/**
 * The gateway's own errors: request-level failures no core package raises. VALIDATION_ERROR,
 * INVALID_JSON, PAYLOAD_TOO_LARGE and UNSUPPORTED_MEDIA_TYPE are codes the spec (or HTTP) names
 * directly; the rest follow the spec's derivation from the message.
 */
export const GATEWAY_ERRORS = defineErrors({
  VALIDATION_ERROR: { status: 400, message: 'Invalid body parameters' },
  INVALID_JSON: { status: 400, message: 'Malformed JSON body' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported body encoding' },
  BAD_REQUEST: { status: 400, message: 'Bad request' },
  INVALID_ORIGIN: { status: 403, message: 'Invalid origin' },
  INVALID_CALLBACKURL: { status: 403, message: 'Invalid callbackURL' },
  INVALID_REDIRECTTO: { status: 403, message: 'Invalid redirectTo' },
  INVALID_ERRORCALLBACKURL: { status: 403, message: 'Invalid errorCallbackURL' },
  INVALID_NEWUSERCALLBACKURL: { status: 403, message: 'Invalid newUserCallbackURL' },
  // The same refusals as newer routes name them (better-auth's later codes), for routes that declare them.
  INVALID_CALLBACK_URL: { status: 403, message: 'Invalid callbackURL' },
  INVALID_NEW_USER_CALLBACK_URL: { status: 403, message: 'Invalid newUserCallbackURL' },
  INVALID_ERROR_CALLBACK_URL: { status: 403, message: 'Invalid errorCallbackURL' },
  FORBIDDEN: { status: 403, message: 'Forbidden' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service unavailable' },
});

/** The codes whose key is not the derivation of their message, each for a reason given above. */
export const NAMED_CODES = new Set([
  'PASSWORD_COMPROMISED',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BANNED_USER',
  'TOO_MANY_REQUESTS',
  'INVALID_CALLBACK_URL',
  'INVALID_NEW_USER_CALLBACK_URL',
  'INVALID_ERROR_CALLBACK_URL',
  'TOTP_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  // better-auth's SSO domain verification codes.
  'DOMAIN_VERIFIED',
  'DOMAIN_VERIFICATION_FAILED',
  'NO_PENDING_VERIFICATION',
  // better-auth's dynamic access control codes (runtime roles, issue 32).
  'INVALID_RESOURCE',
  'ROLE_NAME_IS_ALREADY_TAKEN',
  'ROLE_IS_ASSIGNED_TO_MEMBERS',
  // The require-two-factor policy's codes (issue 32: the issue names them; their words are sentences).
  'TWO_FACTOR_REQUIRED',
  'ENABLE_TWO_FACTOR_FIRST',
]);

/** 400 VALIDATION_ERROR naming every bad field (`issues: [{ path, message }]`). */
export function validationError(where: 'body' | 'query' | 'params', error: z.ZodError): AuthError {
  const message = where === 'query' ? 'Invalid query parameters' : where === 'params' ? 'Invalid path parameters' : 'Invalid body parameters';
  const issues = error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  return new AuthError(400, message, GATEWAY_ERRORS.VALIDATION_ERROR.code, { issues });
}
