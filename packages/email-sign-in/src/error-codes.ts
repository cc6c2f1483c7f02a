import { defineErrors } from '@tend/kernel';

/** The errors of sign-in by mailed link or code (better-auth's email-OTP messages). */
export const EMAIL_SIGN_IN_ERRORS = defineErrors({
  INVALID_OTP: { status: 400, message: 'Invalid OTP' },
  TOO_MANY_ATTEMPTS: { status: 403, message: 'Too many attempts' },
});
