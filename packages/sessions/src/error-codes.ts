import type { ErrorDefinition } from '@tend/kernel';

/** The session errors of the spec (section 8). */
export const SESSION_ERRORS = {
  UNAUTHORIZED: { status: 401, message: 'Unauthorized' },
  SESSION_NOT_FOUND: { status: 400, message: 'Session not found' },
  FAILED_TO_CREATE_SESSION: { status: 500, message: 'Failed to create session' },
  FAILED_TO_GET_SESSION: { status: 500, message: 'Failed to get session' },
  SESSION_EXPIRED: { status: 403, message: 'Session expired. Re-authenticate to perform this action.' },
  SESSION_NOT_FRESH: { status: 403, message: 'Session is not fresh' },
  COOKIE_MAX_AGE_TOO_LONG: { status: 500, message: 'Cookies Max-Age SHOULD NOT be greater than 400 days (34560000 seconds) in duration.' },
  SESSION_DATA_TOO_LARGE: { status: 500, message: 'Session data exceeds cookie size limit (4093 characters)' },
} as const satisfies Record<string, ErrorDefinition>;
