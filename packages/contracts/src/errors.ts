// The error codes clients may receive, as one union: `switch (error.code)` narrows. The gateway
// proves in a test that every catalogued error of every package is listed here, and nothing else.
import { z } from 'zod';

export const ERROR_CODES = [
  // general (spec section 8) and the gateway's own
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'INTERNAL_SERVER_ERROR',
  'UNABLE_TO_CREATE_VERIFICATION',
  'INVALID_BODY_PARAMETERS',
  'INVALID_QUERY_PARAMETERS',
  'INVALID_ORIGIN',
  'INVALID_CALLBACKURL',
  'INVALID_REDIRECTTO',
  'INVALID_ERRORCALLBACKURL',
  'INVALID_NEWUSERCALLBACKURL',
  'SERVICE_UNAVAILABLE',
  // identity
  'USER_NOT_FOUND',
  'FAILED_TO_CREATE_USER',
  'FAILED_TO_UPDATE_USER',
  'INVALID_PASSWORD',
  'INVALID_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_COMPROMISED',
  'USER_ALREADY_EXISTS',
  'EMAIL_CAN_NOT_BE_UPDATED',
  'CREDENTIAL_ACCOUNT_NOT_FOUND',
  'NO_FIELDS_TO_UPDATE',
  'INVALID_TOKEN',
  'USER_ALREADY_HAS_A_PASSWORD',
  'CHANGE_EMAIL_IS_DISABLED',
  'EMAIL_IS_THE_SAME',
  'COULDN_T_UPDATE_YOUR_EMAIL',
  'USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT',
  'USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN',
  'BANNED_USER',
  'TOKEN_EXPIRED',
  // username
  'INVALID_USERNAME_OR_PASSWORD',
  'UNEXPECTED_ERROR',
  'USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER',
  'USERNAME_IS_TOO_SHORT',
  'USERNAME_IS_TOO_LONG',
  'USERNAME_IS_INVALID',
  // sessions
  'SESSION_NOT_FOUND',
  'FAILED_TO_CREATE_SESSION',
  'FAILED_TO_GET_SESSION',
  'SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION',
  'SESSION_IS_NOT_FRESH',
  'COOKIES_MAX_AGE_SHOULD_NOT_BE_GREATER_THAN_400_DAYS_34560000_SECONDS_IN_DURATION',
  'SESSION_DATA_EXCEEDS_COOKIE_SIZE_LIMIT_4093_CHARACTERS',
  // mail
  'MISSING_API_KEY',
  'INTERNAL_SERVER_ERROR_WE_ARE_UNABLE_TO_PROCESS_YOUR_REQUEST_RIGHT_NOW_PLEASE_TRY_AGAIN_LATER',
  'UNABLE_TO_FETCH_DATA_THE_REQUEST_COULD_NOT_BE_RESOLVED',
  'FAILED_TO_RENDER_EMAIL',
] as const;

/** Every code a client may receive. Templated ones (`{field} is required`) end in `_IS_REQUIRED`. */
export type ErrorCode = (typeof ERROR_CODES)[number] | `${string}_IS_REQUIRED`;

/** The body of every error answer. */
export const errorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'Error' });

export type ErrorBody = z.infer<typeof errorBody> & { code: ErrorCode };
