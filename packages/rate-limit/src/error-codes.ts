import { defineErrors } from '@tend/kernel';

/**
 * The errors of this package, literally from the spec's section 8 ("General"). Throw
 * `tooManyRequests(decision)`: it carries the retry-after and the code TOO_MANY_REQUESTS (the
 * entry's key, not `codeOf` its message).
 */
export const RATE_LIMIT_ERRORS = defineErrors({
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again later.' },
});
