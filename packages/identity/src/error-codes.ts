import { codeOf, defineErrors, type ErrorDefinition } from '@tend/kernel';

/** The identity errors of the spec (section 8), with their statuses. */
export const IDENTITY_ERRORS = defineErrors({
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  FAILED_TO_CREATE_USER: { status: 500, message: 'Failed to create user' },
  FAILED_TO_UPDATE_USER: { status: 500, message: 'Failed to update user' },
  INVALID_PASSWORD: { status: 400, message: 'Invalid password' },
  INVALID_EMAIL: { status: 400, message: 'Invalid email' },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: 'Invalid email or password' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Email not verified' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password too short' },
  PASSWORD_TOO_LONG: { status: 400, message: 'Password too long' },
  /** Not in the spec's list: NIST SP 800-63B screening; the code names the reason, not the message. */
  PASSWORD_COMPROMISED: { status: 400, message: 'Password is too common. Choose a different password.' },
  USER_ALREADY_EXISTS: { status: 422, message: 'User already exists' },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: 'Email can not be updated' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: 'Credential account not found' },
  NO_FIELDS_TO_UPDATE: { status: 400, message: 'No fields to update' },
  // account lifecycle: reset, change password and email, deletion
  INVALID_TOKEN: { status: 400, message: 'invalid token' },
  USER_ALREADY_HAS_A_PASSWORD: { status: 400, message: 'user already has a password' },
  CHANGE_EMAIL_IS_DISABLED: { status: 400, message: 'Change email is disabled' },
  EMAIL_IS_THE_SAME: { status: 400, message: 'Email is the same' },
  COULDN_T_UPDATE_YOUR_EMAIL: { status: 400, message: "Couldn't update your email" },
  USER_ALREADY_HAS_A_PASSWORD_PROVIDE_THAT_TO_DELETE_THE_ACCOUNT: { status: 400, message: 'User already has a password. Provide that to delete the account.' },
  USER_CANNOT_BE_DELETED_PLEASE_PROVIDE_A_PASSWORD_OR_TOKEN: { status: 400, message: 'User cannot be deleted. please provide a password or token' },
  BANNED_USER: {
    status: 403,
    message: 'You have been banned from this application. Please contact support if you believe this is an error.',
  },
});

/** `{field} is required`: a required additional user field missing on create. */
export function fieldRequired(field: string): ErrorDefinition<`${string}_IS_REQUIRED`> {
  const message = `${field} is required`;
  return { status: 400, message, code: codeOf(message) as `${string}_IS_REQUIRED` };
}

/**
 * GET /verify-email failures. The messages are the spec's redirect codes (`?error=token_expired`);
 * without a callbackURL they answer as JSON with the upper-case code (TOKEN_EXPIRED).
 */
export const VERIFY_EMAIL_ERRORS = defineErrors({
  TOKEN_EXPIRED: { status: 400, message: 'token_expired' },
  INVALID_TOKEN: { status: 400, message: 'invalid_token' },
  USER_NOT_FOUND: { status: 400, message: 'user_not_found' },
  UNAUTHORIZED: { status: 401, message: 'unauthorized' },
});
