import { defineErrors } from '@tend/kernel';

/** The session errors of the spec (section 8). */
export const SESSION_ERRORS = defineErrors({
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  SESSION_NOT_FOUND: { status: 400, message: 'Session not found' },
  FAILED_TO_CREATE_SESSION: { status: 500, message: 'Failed to create session' },
  FAILED_TO_GET_SESSION: { status: 500, message: 'Failed to get session' },
  SESSION_EXPIRED_RE_AUTHENTICATE_TO_PERFORM_THIS_ACTION: { status: 403, message: 'Session expired. Re-authenticate to perform this action.' },
  SESSION_IS_NOT_FRESH: { status: 403, message: 'Session is not fresh' },
  COOKIES_MAX_AGE_SHOULD_NOT_BE_GREATER_THAN_400_DAYS_34560000_SECONDS_IN_DURATION: { status: 500, message: 'Cookies Max-Age SHOULD NOT be greater than 400 days (34560000 seconds) in duration.' },
  SESSION_DATA_EXCEEDS_COOKIE_SIZE_LIMIT_4093_CHARACTERS: { status: 500, message: 'Session data exceeds cookie size limit (4093 characters)' },
});
