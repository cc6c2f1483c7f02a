import { AuthError, defineErrors, type ErrorDefinition } from '@tend/kernel';

/**
 * The API key errors: the spec's section 8 messages first, then the validation messages of
 * better-auth's api-key plugin that the create and update calls answer with. Every key is
 * `codeOf(message)`.
 */
export const API_KEY_ERRORS = defineErrors({
  API_KEY_NOT_FOUND: { status: 404, message: 'API Key not found' },
  API_KEY_IS_DISABLED: { status: 401, message: 'API Key is disabled' },
  API_KEY_HAS_EXPIRED: { status: 401, message: 'API Key has expired' },
  API_KEY_HAS_REACHED_ITS_USAGE_LIMIT: { status: 429, message: 'API Key has reached its usage limit' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Rate limit exceeded.' },
  INVALID_API_KEY: { status: 401, message: 'Invalid API key.' },
  FAILED_TO_UPDATE_API_KEY: { status: 500, message: 'Failed to update API key.' },
  // create and update validation
  THE_EXPIRESIN_IS_SMALLER_THAN_THE_PREDEFINED_MINIMUM_VALUE: { status: 400, message: 'The expiresIn is smaller than the predefined minimum value.' },
  THE_EXPIRESIN_IS_LARGER_THAN_THE_PREDEFINED_MAXIMUM_VALUE: { status: 400, message: 'The expiresIn is larger than the predefined maximum value.' },
  THE_REMAINING_COUNT_IS_EITHER_TOO_LARGE_OR_TOO_SMALL: { status: 400, message: 'The remaining count is either too large or too small.' },
  THE_PREFIX_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL: { status: 400, message: 'The prefix length is either too large or too small.' },
  THE_NAME_LENGTH_IS_EITHER_TOO_LARGE_OR_TOO_SMALL: { status: 400, message: 'The name length is either too large or too small.' },
  API_KEY_NAME_IS_REQUIRED: { status: 400, message: 'API Key name is required.' },
  METADATA_IS_DISABLED: { status: 400, message: 'Metadata is disabled.' },
  METADATA_MUST_BE_AN_OBJECT_OR_UNDEFINED: { status: 400, message: 'metadata must be an object or undefined' },
  REFILLAMOUNT_IS_REQUIRED_WHEN_REFILLINTERVAL_IS_PROVIDED: { status: 400, message: 'refillAmount is required when refillInterval is provided' },
  REFILLINTERVAL_IS_REQUIRED_WHEN_REFILLAMOUNT_IS_PROVIDED: { status: 400, message: 'refillInterval is required when refillAmount is provided' },
  NO_VALUES_TO_UPDATE: { status: 400, message: 'No values to update.' },
});

/** Message of the spec's general validation failure (section 5). */
const INVALID_BODY = 'Invalid body parameters';

/**
 * 400 VALIDATION_ERROR "Invalid body parameters" naming one bad field, the same shape the
 * gateway's request parsing answers with, for values a schema lets through (a fractional
 * expiresIn, a window beyond the column's range) or callers that skip the gateway.
 */
export function invalidField(path: string, message: string): AuthError<'VALIDATION_ERROR'> {
  return new AuthError(400, INVALID_BODY, 'VALIDATION_ERROR', { issues: [{ path, message }] });
}

/**
 * 429 RATE_LIMIT_EXCEEDED with the seconds until the key's window ends: in the body as
 * `retryAfter`, and as `Retry-After` headers through `headers()`, which the gateway's error
 * mapper sets on the response.
 */
export class ApiKeyRateLimitError extends AuthError<'RATE_LIMIT_EXCEEDED'> {
  constructor(readonly retryAfterSeconds: number) {
    const definition: ErrorDefinition<'RATE_LIMIT_EXCEEDED'> = API_KEY_ERRORS.RATE_LIMIT_EXCEEDED;
    super(definition.status, definition.message, definition.code, { retryAfter: retryAfterSeconds });
  }

  /** `Retry-After` and `X-Retry-After`, in whole seconds (at least 1). */
  headers(): Record<string, string> {
    const seconds = String(this.retryAfterSeconds);
    return { 'Retry-After': seconds, 'X-Retry-After': seconds };
  }
}

/** The rate-limit error for a refusal `retryAfterMs` milliseconds before the window ends. */
export function rateLimitExceeded(retryAfterMs: number): ApiKeyRateLimitError {
  return new ApiKeyRateLimitError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
}
