import type { EmailSignInUseCases } from '@tend/email-sign-in';
import { token } from '../../di.js';

export const EMAIL_SIGN_IN = {
  UseCases: token<EmailSignInUseCases>('EmailSignInUseCases'),
} as const;
