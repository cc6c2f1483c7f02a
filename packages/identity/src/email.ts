import { z } from 'zod';
import { raise } from '@tend/kernel';
import { IDENTITY_ERRORS } from './error-codes.js';

const emailSchema = z.email();

/** The lowercase form of a valid email address; 400 Invalid email otherwise. */
export function normalizeEmail(email: string): string {
  const lowered = email.trim().toLowerCase();
  if (lowered.length > 254 || !emailSchema.safeParse(lowered).success) throw raise(IDENTITY_ERRORS.INVALID_EMAIL);
  return lowered;
}
