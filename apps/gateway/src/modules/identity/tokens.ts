import type { IsUsernameAvailable, SignInWithPassword, SignUpWithEmail, UpdateUser, UserEvents } from '@tend/identity';
import { token } from '../../di.js';

export const IDENTITY = {
  UserEvents: token<UserEvents>('UserEvents'),
  SignUpWithEmail: token<SignUpWithEmail>('SignUpWithEmail'),
  SignInWithPassword: token<SignInWithPassword>('SignInWithPassword'),
  UpdateUser: token<UpdateUser>('UpdateUser'),
  IsUsernameAvailable: token<IsUsernameAvailable>('IsUsernameAvailable'),
} as const;
