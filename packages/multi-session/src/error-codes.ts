import { defineErrors } from '@tend/kernel';

/** The errors of the multi-session routes (better-auth's multiSession messages). */
export const MULTI_SESSION_ERRORS = defineErrors({
  INVALID_SESSION_TOKEN: { status: 401, message: 'Invalid session token' },
});
