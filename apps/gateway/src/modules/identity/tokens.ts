import type { ClaimUnverifiedAccount, IsUsernameAvailable, SignInWithPassword, SignUpWithEmail, UpdateUser, UserEvents } from '@tend/identity';
import { token } from '../../di.js';

export const IDENTITY = {
  UserEvents: token<UserEvents>('UserEvents'),
  SignUpWithEmail: token<SignUpWithEmail>('SignUpWithEmail'),
  SignInWithPassword: token<SignInWithPassword>('SignInWithPassword'),
  UpdateUser: token<UpdateUser>('UpdateUser'),
  IsUsernameAvailable: token<IsUsernameAvailable>('IsUsernameAvailable'),
  /** Revokes what an unproven registrant set up, once someone proves the address (audited `account.claimed`). */
  ClaimUnverifiedAccount: token<ClaimUnverifiedAccount>('ClaimUnverifiedAccount'),
} as const;
