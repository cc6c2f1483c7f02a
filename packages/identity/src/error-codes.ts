import type { ErrorDefinition } from '@tend/kernel';

/** The identity errors of the spec (section 8), with their statuses. */
export const IDENTITY_ERRORS = {
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  FAILED_TO_CREATE_USER: { status: 500, message: 'Failed to create user' },
  FAILED_TO_UPDATE_USER: { status: 500, message: 'Failed to update user' },
  INVALID_PASSWORD: { status: 400, message: 'Invalid password' },
  INVALID_EMAIL: { status: 400, message: 'Invalid email' },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: 'Invalid email or password' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'Email not verified' },
  PASSWORD_TOO_SHORT: { status: 400, message: 'Password too short' },
  PASSWORD_TOO_LONG: { status: 400, message: 'Password too long' },
  USER_ALREADY_EXISTS: { status: 422, message: 'User already exists' },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: 'Email can not be updated' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: 'Credential account not found' },
  NO_FIELDS_TO_UPDATE: { status: 400, message: 'No fields to update' },
  BANNED_USER: {
    status: 403,
    message: 'You have been banned from this application. Please contact support if you believe this is an error.',
    code: 'BANNED_USER',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** `{field} is required`: a required additional user field missing on create. */
export function fieldRequired(field: string): ErrorDefinition {
  return { status: 400, message: `${field} is required` };
}
