import { defineErrors } from '@tend/kernel';

/** The errors of the second factor (better-auth's two-factor codes and messages). */
export const TWO_FACTOR_ERRORS = defineErrors({
  TOTP_ALREADY_ENABLED: { status: 400, message: 'TOTP is already enabled' },
  INVALID_CODE: { status: 401, message: 'Invalid code' },
  INVALID_BACKUP_CODE: { status: 401, message: 'Invalid backup code' },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two factor isn't enabled" },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, message: 'Invalid two factor cookie' },
  // A way of answering the pending sign-in was not offered (better-auth's OTP_NOT_ENABLED, TOTP_NOT_ENABLED):
  // after a mailed link or code, a mailed second-factor code would prove the same mailbox again.
  OTP_NOT_ENABLED: { status: 400, message: 'OTP not enabled' },
  TOTP_NOT_ENABLED: { status: 400, message: 'TOTP not enabled' },
  BACKUP_CODES_NOT_ENABLED: { status: 400, message: 'Backup codes not enabled' },
  // The per-account limit on wrong answers (better-auth's code for its account lockout), with Retry-After.
  ACCOUNT_TEMPORARILY_LOCKED: { status: 429, message: 'Account temporarily locked' },
});
