import { DEFAULT_USER_FIELDS, IsUsernameAvailable, SignInWithPassword, SignUpWithEmail, UpdateUser, VerificationMailEvents } from '@tend/identity';
import { bindFactory } from '../../di.js';
import { PLATFORM } from '../../platform.js';
import { ACCOUNT } from '../account/tokens.js';
import type { GatewayModule } from '../module.js';
import { isUsernameAvailable, signInEmail, signInUsername, signUpEmail, updateUser } from './endpoints.js';
import { IDENTITY } from './tokens.js';

/** Sign-up, password sign-in (email and username) and the profile. */
export const identityModule: GatewayModule = {
  name: 'identity',
  bind(c, { config }) {
    const userFields = config.userFields ?? DEFAULT_USER_FIELDS;
    const { requireEmailVerification } = config;
    bindFactory(
      c,
      IDENTITY.UserEvents,
      [ACCOUNT.SendVerificationEmail],
      (send) => new VerificationMailEvents(send, { sendOnSignUp: config.emailVerification.sendOnSignUp, requireEmailVerification }),
    );
    bindFactory(
      c,
      IDENTITY.SignUpWithEmail,
      [PLATFORM.UserRepository, PLATFORM.PasswordHasher, PLATFORM.SessionManager, PLATFORM.Clock, PLATFORM.PasswordPolicy, IDENTITY.UserEvents],
      (users, hasher, sessions, clock, passwordPolicy, events) => new SignUpWithEmail(users, hasher, sessions, clock, { userFields, requireEmailVerification, passwordPolicy }, events),
    );
    bindFactory(
      c,
      IDENTITY.SignInWithPassword,
      [PLATFORM.UserRepository, PLATFORM.AccountRepository, PLATFORM.PasswordHasher, PLATFORM.SessionManager, PLATFORM.Clock, IDENTITY.UserEvents],
      (users, accounts, hasher, sessions, clock, events) => new SignInWithPassword(users, accounts, hasher, sessions, clock, { requireEmailVerification }, events),
    );
    bindFactory(c, IDENTITY.UpdateUser, [PLATFORM.UserRepository, PLATFORM.Clock], (users, clock) => new UpdateUser(users, clock, userFields));
    bindFactory(c, IDENTITY.IsUsernameAvailable, [PLATFORM.UserRepository], (users) => new IsUsernameAvailable(users));
  },
  endpoints: [signUpEmail, signInEmail, signInUsername, updateUser, isUsernameAvailable],
};
