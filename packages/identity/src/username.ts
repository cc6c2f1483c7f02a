import { defineErrors, raise } from '@tend/kernel';

export interface UsernamePolicy {
  minLength: number;
  maxLength: number;
  /** Allowed characters; default letters, digits, underscore and dot. */
  pattern: RegExp;
}

export const DEFAULT_USERNAME_POLICY: UsernamePolicy = { minLength: 3, maxLength: 30, pattern: /^[a-zA-Z0-9_.]+$/ };

/** The username errors of the spec (section 8). */
export const USERNAME_ERRORS = defineErrors({
  INVALID_USERNAME_OR_PASSWORD: { status: 401, message: 'invalid username or password' },
  EMAIL_NOT_VERIFIED: { status: 403, message: 'email not verified' },
  UNEXPECTED_ERROR: { status: 500, message: 'unexpected error' },
  USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER: { status: 422, message: 'username is already taken. please try another.' },
  USERNAME_IS_TOO_SHORT: { status: 422, message: 'username is too short' },
  USERNAME_IS_TOO_LONG: { status: 422, message: 'username is too long' },
  USERNAME_IS_INVALID: { status: 422, message: 'username is invalid' },
});

/** Checks a username against the policy (422 with the spec's messages); returns it lowercased. */
export function normalizeUsername(username: string, policy: UsernamePolicy = DEFAULT_USERNAME_POLICY): string {
  if (username.length < policy.minLength) throw raise(USERNAME_ERRORS.USERNAME_IS_TOO_SHORT);
  if (username.length > policy.maxLength) throw raise(USERNAME_ERRORS.USERNAME_IS_TOO_LONG);
  if (!policy.pattern.test(username)) throw raise(USERNAME_ERRORS.USERNAME_IS_INVALID);
  return username.toLowerCase();
}
