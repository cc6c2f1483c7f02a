// The one-time values of the account lifecycle (spec sections 3 and 9): what the identifiers
// of the Verification table look like and how long each token lives.

/** Identifier prefix of a password reset token: `reset-password:<token>`. */
export const RESET_PASSWORD_PREFIX = 'reset-password:';
/** Identifier prefix of an account deletion token: `delete-account-<token>`. */
export const DELETE_ACCOUNT_PREFIX = 'delete-account-';

/** Password reset: 24 random characters, valid one hour. */
export const RESET_PASSWORD_TOKEN_LENGTH = 24;
export const RESET_PASSWORD_EXPIRES_IN = 3600;

/** Account deletion: 32 digits and lowercase letters, valid one day. */
export const DELETE_ACCOUNT_TOKEN_LENGTH = 32;
export const DELETE_ACCOUNT_EXPIRES_IN = 86_400;

/** Email verification: a signed HS256 token, valid one hour. */
export const EMAIL_VERIFICATION_EXPIRES_IN = 3600;

export const resetPasswordIdentifier = (token: string): string => `${RESET_PASSWORD_PREFIX}${token}`;
export const deleteAccountIdentifier = (token: string): string => `${DELETE_ACCOUNT_PREFIX}${token}`;

/** A reset token as we mint them; anything else is refused without a lookup. */
export const isResetPasswordToken = (token: string): boolean => /^[A-Za-z0-9]{24}$/.test(token);
/** A deletion token as we mint them. */
export const isDeleteAccountToken = (token: string): boolean => /^[a-z0-9]{32}$/.test(token);
