import { defineErrors } from './errors.js';

/** Errors every package may answer with (spec section 8, "General"). */
export const GENERAL_ERRORS = defineErrors({
  // Spec section 5: input the schema let through but a use case refuses is a validation error
  // too (the query's message: INVALID_QUERY_PARAMETERS below).
  VALIDATION_ERROR: { status: 400, message: 'Invalid body parameters' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal Server Error' },
  UNABLE_TO_CREATE_VERIFICATION: { status: 500, message: 'Unable to create verification' },
});

/** 400 VALIDATION_ERROR 'Invalid query parameters' (spec section 5): the validation code with the query's message. */
export const INVALID_QUERY_PARAMETERS = Object.freeze({ ...GENERAL_ERRORS.VALIDATION_ERROR, message: 'Invalid query parameters' });
