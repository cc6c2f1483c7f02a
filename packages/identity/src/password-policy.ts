import { raise } from '@tend/kernel';
import { IDENTITY_ERRORS } from './error-codes.js';

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, maxLength: 128 };

/** 400 Password too short / Password too long outside the policy's bounds. */
export function checkPasswordLength(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): void {
  if (password.length < policy.minLength) throw raise(IDENTITY_ERRORS.PASSWORD_TOO_SHORT);
  if (password.length > policy.maxLength) throw raise(IDENTITY_ERRORS.PASSWORD_TOO_LONG);
}
