import { GATEWAY_ERRORS } from '../../http/gateway-errors.js';

/** Issue 23 names the refusals of unsafe callbacks as better-auth's newer codes. */
export const CALLBACK_ERRORS = {
  callbackURL: GATEWAY_ERRORS.INVALID_CALLBACK_URL,
  newUserCallbackURL: GATEWAY_ERRORS.INVALID_NEW_USER_CALLBACK_URL,
  errorCallbackURL: GATEWAY_ERRORS.INVALID_ERROR_CALLBACK_URL,
} as const;

/** The same, as an endpoint's list of errors (for the OpenAPI document). */
export const CALLBACK_ERROR_LIST = Object.values(CALLBACK_ERRORS);
