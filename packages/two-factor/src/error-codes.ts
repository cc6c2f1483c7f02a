import { defineErrors } from '@tend/kernel';

/** The errors of the second factor (better-auth's two-factor codes and messages). */
export const TWO_FACTOR_ERRORS = defineErrors({
  TOTP_ALREADY_ENABLED: { status: 400, message: 'TOTP is already enabled' },
  INVALID_CODE: { status: 401, message: 'Invalid code' },
  INVALID_BACKUP_CODE: { status: 401, message: 'Invalid backup code' },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two factor isn't enabled" },
  INVALID_TWO_FACTOR_COOKIE: { status: 401, message: 'Invalid two factor cookie' },
});
