import { defineErrors } from './errors.js';

/** Errors every package may answer with (spec section 8, "General"). */
export const GENERAL_ERRORS = defineErrors({
  INVALID_BODY_PARAMETERS: { status: 400, message: 'Invalid body parameters' },
  INVALID_QUERY_PARAMETERS: { status: 400, message: 'Invalid query parameters' },
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  NOT_FOUND: { status: 404, message: 'Not Found' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'Internal Server Error' },
  UNABLE_TO_CREATE_VERIFICATION: { status: 500, message: 'Unable to create verification' },
});
