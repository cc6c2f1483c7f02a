import { defineErrors } from '@tend/kernel';

/** The errors of passkeys (better-auth's passkey plugin messages). */
export const PASSKEY_ERRORS = defineErrors({
  CHALLENGE_NOT_FOUND: { status: 400, message: 'Challenge not found' },
  FAILED_TO_VERIFY_REGISTRATION: { status: 400, message: 'Failed to verify registration' },
  /** An id that is not one of the caller's passkeys (someone else's included). */
  PASSKEY_NOT_FOUND: { status: 404, message: 'Passkey not found' },
});

/**
 * The errors of a sign-in with a passkey: a refused credential is 401, an unknown one too (the
 * same code as PASSKEY_NOT_FOUND of the management routes, with the status of a sign-in).
 */
export const PASSKEY_SIGN_IN_ERRORS = defineErrors({
  AUTHENTICATION_FAILED: { status: 401, message: 'Authentication failed' },
  PASSKEY_NOT_FOUND: { status: 401, message: 'Passkey not found' },
});
